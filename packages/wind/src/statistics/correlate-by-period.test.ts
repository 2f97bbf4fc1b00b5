import { beforeAll, describe, expect, it } from 'vitest';
import { alignForMcp } from '../longterm/align-for-mcp.ts';
import { fitMcp } from '../longterm/fit-mcp.ts';
import type { McpMethod, McpPeriod, McpSeries } from '../longterm/types.ts';
import {
  hasMcpShared,
  loadM5ForMcp,
  loadMcpReference,
  MCP_SKIP_MESSAGE,
  m5Series,
  naiveMs,
} from '../testing/mcp-reference-fixture.ts';
import { relativeDifference } from '../testing/shared-fixtures.ts';
import { correlateByPeriod } from './correlate-by-period.ts';
import { correlateBySector } from './correlate-by-sector.ts';

const STEP_MS = 600_000;

/**
 * A synthetic 10-min pair on one grid from 2021-01-01: a diurnal reference with noise, a target 1.3·x + 0.4
 * with its own noise, a turning reference vane, a two-day hole in the reference and every 37th target
 * record missing.
 */
function makePair(days: number): { reference: McpSeries; target: McpSeries } {
  const n = days * 144;
  let seed = 20_240_601;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const d = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const hour = (i % 144) / 6;
    x[i] = Math.max(
      0.2,
      6 + 2 * Math.sin((hour / 24) * 2 * Math.PI) + 3 * (random() - 0.5) + (i % 4000) / 2000,
    );
    y[i] = 1.3 * x[i]! + 0.4 + 1.5 * (random() - 0.5);
    d[i] = (i * 0.37 + 90 * random()) % 360;
    if (i >= 10 * 144 && i < 12 * 144) x[i] = Number.NaN;
    if (i % 37 === 0) y[i] = Number.NaN;
  }
  const startMs = Date.UTC(2021, 0, 1);
  return {
    reference: { startMs, intervalMinutes: 10, speedMps: x, directionDeg: d },
    target: { startMs, intervalMinutes: 10, speedMps: y },
  };
}

describe('correlateByPeriod(reference, target, { period, coverageThreshold, method, sectors })', () => {
  const { reference, target } = makePair(100);

  it.each([
    ['1H', 'ols'],
    ['1H', 'tls'],
    ['1D', 'ols'],
    ['1D', 'tls'],
    ['1M', 'ols'],
    ['1M', 'tls'],
  ] as const)('fits %s %s exactly as the long-term workbench does on its aligned periods', (period, method) => {
    const coverageThreshold = period === '1M' ? 0.8 : 0.9;
    const ours = correlateByPeriod(reference, target, { period, coverageThreshold, method, sectors: 16 });
    const aligned = alignForMcp(reference, target, { period, coverageThreshold })!;
    const workbench = fitMcp(aligned, { method });
    expect(ours.pairs.x).toEqual(aligned.x);
    expect(ours.pairs.y).toEqual(aligned.y);
    expect(ours.overall).toEqual(workbench.overall);
    expect(ours.overall!.count).toBe(aligned.x.length);
    expect(Math.abs(ours.overall!.slope - 1.3)).toBeLessThan(0.1);
  });

  it('averages hours and days from the 10-min records with the coverage threshold', () => {
    const hourly = correlateByPeriod(reference, target, {
      period: '1H',
      coverageThreshold: 0.9,
      method: 'ols',
      sectors: 0,
    });
    // 100 days less the 2-day hole; an hour with one of six target records missing (≥ 5/6 < 0.9) drops out.
    expect(hourly.pairs.x.length).toBeLessThan(98 * 24);
    expect(hourly.pairs.x.length).toBeGreaterThan(98 * 24 * 0.5);
    const lenient = correlateByPeriod(reference, target, {
      period: '1H',
      coverageThreshold: 0.5,
      method: 'ols',
      sectors: 0,
    });
    expect(lenient.pairs.x.length).toBe(98 * 24);
    const daily = correlateByPeriod(reference, target, {
      period: '1D',
      coverageThreshold: 0.9,
      method: 'ols',
      sectors: 0,
    });
    expect(daily.pairs.x.length).toBe(98);
    expect(daily.sectors).toEqual([]);
  });

  it('fits the 10-min OLS on the records correlateBySector uses, with the same sector rows', () => {
    const ours = correlateByPeriod(reference, target, {
      period: '10min',
      coverageThreshold: 0.9,
      method: 'ols',
      sectors: 16,
    });
    const existing = correlateBySector(reference.speedMps, target.speedMps, reference.directionDeg!, {
      sectors: 16,
    });
    expect(ours.overall!.count).toBe(existing.overall!.count);
    expect(relativeDifference(ours.overall!.slope, existing.overall!.slope)).toBeLessThan(1e-12);
    expect(relativeDifference(ours.overall!.offset, existing.overall!.intercept)).toBeLessThan(1e-12);
    expect(relativeDifference(ours.r!, existing.overall!.r)).toBeLessThan(1e-12);
    expect(relativeDifference(ours.throughOriginSlope!, existing.throughOrigin!.slope)).toBeLessThan(1e-12);
    expect(ours.sectors.map((s) => [s.sectorRange, s.count])).toEqual(
      existing.sectors.map((s) => [s.sectorRange, s.count]),
    );
    ours.sectors.forEach((s, k) => {
      const e = existing.sectors[k]!;
      expect(relativeDifference(s.line!.slope, e.slope!), s.sectorRange).toBeLessThan(1e-12);
      expect(relativeDifference(s.r!, e.r!)).toBeLessThan(1e-12);
      expect(relativeDifference(s.correctedValue!, e.correctedValue!)).toBeLessThan(1e-12);
    });
  });

  it.each([
    'tls',
    'variance_ratio',
    'speed_sort',
    'speed_ratio',
  ] as const)('fits %s on the 10-min records and per sector with the workbench line', (method: McpMethod) => {
    const ours = correlateByPeriod(reference, target, {
      period: '10min',
      coverageThreshold: 0.9,
      method,
      sectors: 12,
    });
    const workbench = fitMcp(ours.pairs, { method });
    expect(ours.overall).toEqual(workbench.overall);
    expect(ours.sectors).toHaveLength(12);
    const bySector = fitMcp(ours.pairs, { method, sectors: 12, minSectorCount: 2, sectorFallback: 'none' });
    expect(ours.sectors.map((s) => s.line)).toEqual(bySector.bySector.map((s) => s.line));
    if (method === 'speed_ratio') expect(ours.overall!.offset).toBe(0);
    if (method === 'speed_sort') expect(ours.overall!.cutoffMps).toBeGreaterThan(0);
  });

  it('has no line when fewer than two periods are aligned (one month at full coverage)', () => {
    const { reference: r, target: t } = makePair(40);
    const monthly = correlateByPeriod(r, t, {
      period: '1M',
      coverageThreshold: 0.9,
      method: 'ols',
      sectors: 16,
    });
    expect(monthly.pairs.x.length).toBeLessThan(2);
    expect(monthly.overall).toBeUndefined();
  });

  it('refuses 10-min series that are not on one grid', () => {
    const shifted = { ...target, startMs: target.startMs + STEP_MS };
    expect(() =>
      correlateByPeriod(reference, shifted, {
        period: '10min',
        coverageThreshold: 0.9,
        method: 'ols',
        sectors: 0,
      }),
    ).toThrow(/one grid/);
  });
});

// The NREL M5 10 m cup (reference) against the 80 m cup (target) of ../shared/reference/brightwind-mcp:
// brightwind's OLS, forced-origin OLS, OLS by 12 sectors and orthogonal fits per averaging period.
const ref = hasMcpShared ? loadMcpReference() : undefined;

describe.skipIf(!hasMcpShared)(
  `correlateByPeriod against brightwind on the NREL M5 mast (${hasMcpShared ? 'reference present' : MCP_SKIP_MESSAGE})`,
  () => {
    let reference: McpSeries;
    let target: McpSeries;
    let runs: Record<string, any>;
    beforeAll(() => {
      const c = ref.cases.ref10m_10min__tgt80m;
      runs = c.runs;
      const m5 = loadM5ForMcp([c.reference.spd, c.reference.dir, c.target.spd, c.target.dir]);
      reference = m5Series(m5, c.reference.spd, c.reference.dir);
      target = m5Series(
        m5,
        c.target.spd,
        c.target.dir,
        naiveMs(c.target.window[0]),
        naiveMs(c.target.window[1]),
      );
    }, 60_000);

    const relative = (a: number | undefined, b: number) => relativeDifference(a ?? Number.NaN, b);

    it.each([
      ['1H', 0.9],
      ['1D', 0.9],
      ['1M', 0.7],
    ] as const)('matches brightwind OLS and orthogonal %s (coverage %s)', (period: McpPeriod, threshold: number) => {
      const run = runs[`${period}_cov${threshold}`];
      const ols = correlateByPeriod(reference, target, {
        period,
        coverageThreshold: threshold,
        method: 'ols',
        sectors: 12,
      });
      const expected = run.ols.params;
      expect(ols.overall!.count).toBe(expected.num_data_points);
      expect(relative(ols.overall?.slope, expected.slope)).toBeLessThan(1e-6);
      expect(relative(ols.overall?.offset, expected.offset)).toBeLessThan(1e-6);
      expect(relative(ols.overall?.rSquared, expected.r2)).toBeLessThan(1e-6);
      expect(relative(ols.r! ** 2, expected.r2)).toBeLessThan(1e-6);
      expect(relative(ols.throughOriginSlope, run.ols_forced_origin.params.slope)).toBeLessThan(1e-6);
      // scipy ODR stops short of the exact optimum: METHODS.md §3 sets 1e-5 for orthogonal fits.
      const tls = correlateByPeriod(reference, target, {
        period,
        coverageThreshold: threshold,
        method: 'tls',
        sectors: 12,
      });
      const orthogonal = run.orthogonal.params;
      expect(tls.overall!.count).toBe(orthogonal.num_data_points);
      expect(relative(tls.overall?.slope, orthogonal.slope)).toBeLessThan(1e-5);
      // …and its offset up to 6e-6 m/s off at 1H (1.5e-5 relative to −0.38): compared as 1e-5 m/s absolute,
      // as the workbench's own golden test does.
      expect(Math.abs(tls.overall!.offset - orthogonal.offset)).toBeLessThanOrEqual(1e-5);
      expect(relative(tls.overall?.rSquared, orthogonal.r2)).toBeLessThan(1e-5);
    });

    it.each([
      ['1H', 0.9],
      ['1D', 0.9],
      ['1M', 0.7],
    ] as const)('matches brightwind OLS by 12 reference-direction sectors %s (coverage %s)', (period: McpPeriod, threshold: number) => {
      const ours = correlateByPeriod(reference, target, {
        period,
        coverageThreshold: threshold,
        method: 'ols',
        sectors: 12,
      });
      const expected = runs[`${period}_cov${threshold}`].ols_by_sector_12.params as any[];
      let compared = 0;
      for (const e of expected) {
        const row = ours.sectors[e.sector_number - 1]!;
        expect(row.sectorRange).toBe(`${e.sector_min}-${e.sector_max}`);
        expect(row.count).toBe(e.num_data_points);
        if (e.slope === null) {
          expect(row.line).toBeUndefined();
          continue;
        }
        expect(relative(row.line?.slope, e.slope)).toBeLessThan(1e-6);
        expect(relative(row.line?.offset, e.offset)).toBeLessThan(1e-6);
        expect(relative(row.line?.rSquared, e.r2)).toBeLessThan(1e-6);
        compared++;
      }
      expect(compared).toBeGreaterThan(1);
      expect(ours.sectors.reduce((n, s) => n + s.count, 0)).toBe(
        runs[`${period}_cov${threshold}`].ols_by_sector_12.num_data_points_all_sectors,
      );
    });

    it('has no monthly line at brightwind’s default coverage 0.9 (its expected "not enough data" error)', () => {
      expect(runs['1M_cov0.9'].ols.error_is_expected_behaviour).toBe(true);
      const ours = correlateByPeriod(reference, target, {
        period: '1M',
        coverageThreshold: 0.9,
        method: 'ols',
        sectors: 12,
      });
      expect(ours.overall).toBeUndefined();
    });
  },
);
