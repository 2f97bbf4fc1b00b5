import { describe, expect, it } from 'vitest';
import { windowRecovery } from './hub.service.ts';

const DAY = 86_400_000;
const TO = Date.UTC(2026, 10, 26);
const row = (
  id: number,
  firstTime: number,
  valid7: number | null,
  valid30: number | null,
  filled7: number | null = 0,
) => ({
  id,
  station_code: String(100000 + id),
  project_name: `site ${id}`,
  first_time: new Date(firstTime),
  valid7,
  valid30,
  filled7,
  filled30: 0,
  expected: 144,
});

describe('windowRecovery', () => {
  it('counts a site commissioned inside the window only from its first day', () => {
    // Three days of full data in a site that began three days before the window's end.
    const r = windowRecovery([row(1, TO - 3 * DAY + 3_600_000, 3 * 144, 3 * 144)], 'valid30', 30, TO);
    expect(r.sites).toBe(1);
    expect(r.meanPct).toBeCloseTo(100, 9);
    expect(r.from).toBe('2026-10-27');
    expect(r.to).toBe('2026-11-25');
  });

  it('puts each site in its SPEC §9 band, lower bound inclusive, and lists the worst first', () => {
    const week = 7 * 144;
    const r = windowRecovery(
      [
        row(1, 0, week * 0.3, null),
        row(2, 0, week * 0.9, null),
        row(3, 0, null, null),
        row(4, 0, week, null),
      ],
      'valid7',
      7,
      TO,
    );
    expect(r.bands.map((b) => b.count)).toEqual([1, 1, 0, 0, 0, 0, 2]);
    expect(r.worst.map((w) => [w.stationId, w.recoveryPct])).toEqual([
      [3, 0],
      [1, 30],
      [2, 90],
      [4, 100],
    ]);
    expect(r.meanPct).toBeCloseTo(55, 9);
  });

  it('gives the recovery after reconstruction beside the measured one, bands and worst by the measured', () => {
    const week = 7 * 144;
    const r = windowRecovery(
      [row(1, 0, week * 0.79, null, week * 0.06), row(2, 0, week, null)],
      'valid7',
      7,
      TO,
    );
    expect(r.meanPct).toBeCloseTo(89.5, 9);
    expect(r.meanAfterPct).toBeCloseTo(92.5, 9);
    expect(r.filledSites).toBe(1);
    expect(r.worst.map((w) => [w.recoveryPct, w.recoveryAfterPct])).toEqual([
      [79, 85],
      [100, 100],
    ]);
    expect(r.bands.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 0, 1]);
    // Nothing filled: the same figure twice.
    const none = windowRecovery([row(2, 0, week * 0.5, null, null)], 'valid7', 7, TO);
    expect(none.meanAfterPct).toBe(none.meanPct);
    expect(none.filledSites).toBe(0);
  });

  it('leaves out sites whose data begins after the window', () => {
    const r = windowRecovery([row(1, TO + DAY, null, null)], 'valid7', 7, TO);
    expect(r).toMatchObject({ sites: 0, meanPct: null, worst: [] });
  });
});
