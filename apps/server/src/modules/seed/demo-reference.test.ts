import { describe, expect, it } from 'vitest';
import { demoReferenceSeries } from './demo-reference.ts';
import { demoMonthFiles } from './demo-timeseries.ts';

const HOUR_MS = 3_600_000;
const options = { siteIndex: 1, topM: 80, altitudeM: 1200, firstMonth: Date.UTC(2023, 0, 1), months: 4 };

/** The mast's hourly mean top speed from its generated files (stamps in UTC+8, the demo loggers' zone). */
function mastHourly(): Map<number, number> {
  const sums = new Map<number, [number, number]>();
  for (const file of demoMonthFiles(options)) {
    const [header, ...rows] = file.content.toString('utf8').trim().split('\n');
    const at = header!.split(',').indexOf('Spd80m_Avg');
    for (const row of rows) {
      const cells = row.split(',');
      const v = Number(cells[at]);
      if (!Number.isFinite(v) || v === -9999) continue;
      const utc = Date.parse(`${cells[0]!.replace(' ', 'T')}Z`) - 8 * HOUR_MS;
      const hour = Math.floor(utc / HOUR_MS) * HOUR_MS;
      const s = sums.get(hour) ?? [0, 0];
      sums.set(hour, [s[0] + v, s[1] + 1]);
    }
  }
  return new Map([...sums].filter(([, s]) => s[1] === 6).map(([h, s]) => [h, s[0] / 6]));
}

function pearson(x: number[], y: number[]): number {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe('the demo reference series', () => {
  const reference = demoReferenceSeries({ ...options, yearsBefore: 3 });

  it('is hourly at 50 m, gapless, from whole years before the mast until its last local month', () => {
    expect(reference.intervalMinutes).toBe(60);
    expect(reference.heightM).toBe(50);
    expect(reference.startMs).toBe(Date.UTC(2020, 0, 1) - 8 * HOUR_MS);
    const endMs = reference.startMs + reference.speedMps.length * HOUR_MS;
    expect(endMs).toBe(Date.UTC(2023, 4, 1) - 8 * HOUR_MS);
    expect(reference.speedMps.every((v) => Number.isFinite(v) && v >= 0)).toBe(true);
    expect(reference.directionDeg.every((d) => d >= 0 && d < 360)).toBe(true);
  });

  it('correlates with the mast it was made for as a good reanalysis node does (hourly r ≈ 0.95)', () => {
    const mast = mastHourly();
    const x: number[] = [];
    const y: number[] = [];
    for (const [hour, v] of mast) {
      const k = (hour - reference.startMs) / HOUR_MS;
      x.push(reference.speedMps[k]!);
      y.push(v);
    }
    expect(x.length).toBeGreaterThan(2000);
    const r = pearson(x, y);
    expect(r).toBeGreaterThan(0.9);
    expect(r).toBeLessThan(0.99);
  });

  it('keeps the site’s climate in the years before, with a year-to-year variability of a few per cent', () => {
    const yearMean = (year: number) => {
      const from = (Date.UTC(year, 0, 1) - 8 * HOUR_MS - reference.startMs) / HOUR_MS;
      const to = (Date.UTC(year + 1, 0, 1) - 8 * HOUR_MS - reference.startMs) / HOUR_MS;
      const part = reference.speedMps.subarray(from, to);
      return part.reduce((a, b) => a + b, 0) / part.length;
    };
    const years = [2020, 2021, 2022].map(yearMean);
    for (const m of years) {
      expect(m).toBeGreaterThan(5.5);
      expect(m).toBeLessThan(9.5);
    }
    const mean = years.reduce((a, b) => a + b, 0) / years.length;
    expect(Math.max(...years.map((m) => Math.abs(m / mean - 1)))).toBeLessThan(0.15);
  });

  it('is deterministic', () => {
    const again = demoReferenceSeries({ ...options, yearsBefore: 3 });
    expect(Buffer.from(again.speedMps.buffer).equals(Buffer.from(reference.speedMps.buffer))).toBe(true);
  });
});
