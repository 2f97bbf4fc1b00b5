import { describe, expect, it } from 'vitest';
import { alignForMcp } from './align-for-mcp.ts';
import { clipMcpSeries } from './clip-mcp-series.ts';
import { compareMcpMethods } from './compare-mcp-methods.ts';
import { summarizeLongTerm } from './summarize-long-term.ts';
import { synthesizeLongTerm } from './synthesize-long-term.ts';
import type { McpSeries } from './types.ts';

// Issue 46 §3: the choices the long-term API gained — a campaign window, OLS through the origin, the
// measured-plus-predicted series and the sector minimum — at the library level, on crafted hourly series.

const HOUR = 3_600_000;
const START = Date.UTC(2023, 0, 1);

/** A deterministic hourly reference of `hours` hours with a vane turning 7° an hour. */
function reference(hours: number): McpSeries {
  const speedMps = Float64Array.from({ length: hours }, (_, h) => {
    const noise = Math.abs((Math.sin(h * 12.9898) * 43758.5453) % 1);
    return 4 + 2 * Math.sin(h / 17) + 3 * noise;
  });
  const directionDeg = Float64Array.from({ length: hours }, (_, h) => (h * 7) % 360);
  return { startMs: START, intervalMinutes: 60, speedMps, directionDeg };
}

/** The target: 1.2·x + 0.5 with a small wobble over `hours` hours from `fromHour` of the reference. */
function target(ref: McpSeries, fromHour: number, hours: number): McpSeries {
  const speedMps = Float64Array.from(
    { length: hours },
    (_, h) => 1.2 * ref.speedMps[fromHour + h]! + 0.5 + 0.3 * Math.sin(h * 1.7),
  );
  return { startMs: START + fromHour * HOUR, intervalMinutes: 60, speedMps };
}

describe('clipMcpSeries', () => {
  it('keeps only the records whose stamp lies in [from, to), on the same grid', () => {
    const s: McpSeries = {
      startMs: START,
      intervalMinutes: 60,
      speedMps: [1, 2, 3, 4, 5],
      directionDeg: [10, 20, 30, 40, 50],
    };
    const cut = clipMcpSeries(s, { fromMs: START + 1.5 * HOUR, toMs: START + 4 * HOUR });
    expect(cut.startMs).toBe(START + 2 * HOUR);
    expect(Array.from(cut.speedMps)).toEqual([3, 4]);
    expect(Array.from(cut.directionDeg!)).toEqual([30, 40]);
    expect(clipMcpSeries(s, {})).toBe(s);
    expect(clipMcpSeries(s, { toMs: START + 2 * HOUR }).speedMps).toEqual([1, 2]);
    expect(clipMcpSeries(s, { fromMs: START + 9 * HOUR }).speedMps).toEqual([]);
  });
});

describe('compareMcpMethods with the issue 46 choices', () => {
  const ref = reference(24 * 200);
  const tgt = target(ref, 24 * 60, 24 * 90);

  it('fits OLS through the origin when asked: b = Σxy/Σx² on the aligned pairs, offset 0', () => {
    const comparison = compareMcpMethods(ref, tgt, {
      sectors: 0,
      methods: ['ols', 'ols_through_origin'],
      isCrossValidated: false,
    });
    expect(comparison.rows.map((r) => r.method)).toEqual(['ols', 'ols_through_origin']);
    const a = alignForMcp(ref, tgt, { period: '1H' })!;
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < a.x.length; i++) {
      sxy += a.x[i]! * a.y[i]!;
      sxx += a.x[i]! * a.x[i]!;
    }
    const row = comparison.rows[1]!;
    expect(row.slope).toBeCloseTo(sxy / sxx, 12);
    expect(row.offset).toBe(0);
    // the default set is the five of §13
    expect(
      compareMcpMethods(ref, tgt, { sectors: 0, isCrossValidated: false }).rows.map((r) => r.method),
    ).toEqual(['ols', 'tls', 'variance_ratio', 'speed_sort', 'speed_ratio']);
  });

  it('names the series its long-term means are of; the synthesised means are those of synthesizeLongTerm with the target', () => {
    const options = { sectors: 0, methods: ['ols'] as const, isCrossValidated: false };
    const predicted = compareMcpMethods(ref, tgt, options).rows[0]!;
    const synthesised = compareMcpMethods(ref, tgt, { ...options, longTermSeries: 'synthesised' }).rows[0]!;
    expect(predicted.longTermSeries).toBe('prediction_only');
    expect(synthesised.longTermSeries).toBe('synthesised');
    const series = synthesizeLongTerm(synthesised.fit, ref, {
      period: '1H',
      referenceCoverageThreshold: 0.9,
      target: tgt,
    });
    expect(series.isMeasured.reduce((p, v) => p + v, 0)).toBe(24 * 90);
    const expected = summarizeLongTerm(series.periodStartMs, series.speedMps);
    expect(synthesised.longTerm[0]!.meanMps).toBeCloseTo(expected.meanMps!, 12);
    expect(synthesised.longTerm[0]!.count).toBe(expected.count);
    // the measured periods replace their predictions: the two means differ by Σ(y − ŷ)/n
    const prediction = synthesizeLongTerm(predicted.fit, ref, {
      period: '1H',
      referenceCoverageThreshold: 0.9,
    });
    let residual = 0;
    for (let i = 0; i < series.speedMps.length; i++)
      residual += series.speedMps[i]! - prediction.speedMps[i]!;
    expect(synthesised.longTerm[0]!.meanMps! - predicted.longTerm[0]!.meanMps!).toBeCloseTo(
      residual / series.speedMps.length,
      12,
    );
    expect(Math.abs(residual)).toBeGreaterThan(0);
  });

  it('merges sectors below the minimum it is given into the overall line (default 30)', () => {
    const short = target(ref, 24 * 60, 24 * 10); // 240 hours over 12 sectors: about 20 a sector
    const run = (minSectorCount?: number) =>
      compareMcpMethods(ref, short, {
        sectors: 12,
        methods: ['ols'],
        isCrossValidated: false,
        ...(minSectorCount === undefined ? {} : { minSectorCount }),
      }).rows.find((r) => r.sectors === 12)!.fit.bySector;
    const merged = (sectors: ReturnType<typeof run>) => sectors.filter((s) => s.isMerged).length;
    expect(merged(run())).toBe(12);
    expect(merged(run(30))).toBe(12);
    expect(merged(run(10))).toBe(0);
    expect(run(10).every((s) => s.count >= 10)).toBe(true);
  });
});
