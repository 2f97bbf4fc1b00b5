import { describe, expect, it } from 'vitest';
import { listUtcOptions, parseUtcCode } from './time-zones.ts';

describe('listUtcOptions', () => {
  it('runs from UTC−12:00 to UTC+14:00 in 30-minute steps', () => {
    const options = listUtcOptions();
    expect(options).toHaveLength(53);
    expect(options[0]).toEqual({ code: '-12:00', label: 'UTC-12:00', offsetMinutes: -720 });
    expect(options.find((o) => o.code === '+08:00')?.offsetMinutes).toBe(480);
    expect(options.at(-1)?.code).toBe('+14:00');
  });
});

describe('parseUtcCode', () => {
  it.each([
    ['+08:00', 480],
    ['UTC+08:00', 480],
    ['+8', 480],
    ['-03:30', -210],
    ['+05:30', 330],
  ])('parseUtcCode(%s) = %i', (code, minutes) => {
    expect(parseUtcCode(code)).toBe(minutes);
  });
  it.each(['+15:00', '+05:45', 'Asia/Shanghai', ''])('rejects %s', (code) => {
    expect(parseUtcCode(code)).toBeUndefined();
  });
});
