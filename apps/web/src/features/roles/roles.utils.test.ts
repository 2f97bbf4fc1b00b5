import { describe, expect, it } from 'vitest';
import { mergeStationOptions, stationMatches } from './roles.utils.ts';

describe('mergeStationOptions', () => {
  it('adds the current sites to the options once each, sorted by code, with string keys', () => {
    const merged = mergeStationOptions(
      [
        { id: 2, stationCode: '000002', projectName: '北山' },
        { id: 1, stationCode: '000001', projectName: '南岭' },
      ],
      [
        { id: 9, stationCode: '000009', projectName: 'Far site' },
        { id: 1, stationCode: '000001', projectName: '南岭' },
      ],
    );
    expect(merged.map((s) => s.key)).toEqual(['1', '2', '9']);
    expect(merged[2]).toEqual({ id: 9, stationCode: '000009', projectName: 'Far site', key: '9' });
  });
});

describe('stationMatches', () => {
  const station = { stationCode: '000123', projectName: 'Coastal Wind 北山' };
  it('matches code or project name, ignoring case and blanks', () => {
    expect(stationMatches(station, '0123')).toBe(true);
    expect(stationMatches(station, 'coastal')).toBe(true);
    expect(stationMatches(station, '北山')).toBe(true);
    expect(stationMatches(station, '  ')).toBe(true);
    expect(stationMatches(station, '南')).toBe(false);
  });
});
