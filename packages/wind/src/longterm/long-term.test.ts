import { describe, expect, it } from 'vitest';
import { aepSensitivity } from './aep-sensitivity.ts';
import { alignForMcp } from './align-for-mcp.ts';
import { averageByMcpPeriod } from './average-by-mcp-period.ts';
import { compareMcpMethods } from './compare-mcp-methods.ts';
import { crossValidateMcp } from './cross-validate-mcp.ts';
import { fitMcp, type McpFitOptions } from './fit-mcp.ts';
import { mcpConvergence } from './mcp-convergence.ts';
import { mcpUncertainty } from './mcp-uncertainty.ts';
import { meanOfMonthlyMeans } from './mean-of-monthly-means.ts';
import { predictMcp } from './predict-mcp.ts';
import { referenceAnnualMeans } from './reference-annual-means.ts';
import { referenceHomogeneity } from './reference-homogeneity.ts';
import { simpleSpeedRatio } from './simple-speed-ratio.ts';
import { summarizeLongTerm } from './summarize-long-term.ts';
import { synthesizeLongTerm } from './synthesize-long-term.ts';
import type { McpAlignment, McpSeries } from './types.ts';

function monthlyAlignment(x: number[], y: number[], startYear = 2020): McpAlignment {
  const t = Float64Array.from(x, (_, i) => Date.UTC(startYear, i, 1));
  return {
    period: '1M',
    periodStartMs: t,
    x: Float64Array.from(x),
    y: Float64Array.from(y),
    xDirectionDeg: undefined,
    yDirectionDeg: undefined,
    xCoverage: new Float64Array(x.length).fill(1),
    yCoverage: new Float64Array(x.length).fill(1),
  };
}

describe('WIND-ANALYSIS §13 worked example (monthly means, OLS)', () => {
  const x = [6.1, 7.4, 5.2, 8.0, 6.8, 5.9];
  const y = [7.0, 8.3, 6.1, 9.4, 7.6, 6.5];
  const a = monthlyAlignment(x, y);

  it('fitMcp(ols) gives b = 1.16750, a = −0.18325', () => {
    const line = fitMcp(a, { method: 'ols' }).overall!;
    expect(line.slope).toBeCloseTo(1.1675, 5);
    expect(line.offset).toBeCloseTo(-0.18325, 5);
  });

  it('crossValidateMcp leaves one month out: predictions, errors, CV bias −0.00835, CV RMSE 0.04410, u_MCP 0.01801', () => {
    const cv = crossValidateMcp(a, { method: 'ols' })!;
    expect(cv.blockKind).toBe('month');
    expect(cv.blocks.map((b) => b.predictedMeanMps)).toEqual(
      [6.9224, 8.5222, 5.6607, 8.8572, 7.7892, 6.7733].map((v) => expect.closeTo(v, 4)),
    );
    expect(cv.blocks.map((b) => b.error)).toEqual(
      [-0.01037, 0.0297, -0.05871, -0.07254, 0.02529, 0.03653].map((v) => expect.closeTo(v, 5)),
    );
    expect(cv.bias).toBeCloseTo(-0.00835, 5);
    expect(cv.rmse).toBeCloseTo(0.0441, 5);
    expect(cv.uncertainty).toBeCloseTo(0.01801, 5);
  });

  it('mcpUncertainty: σ_IAV 0.02766, u_LT 0.00875, u_total 0.02002; LT target 7.5222', () => {
    const cv = crossValidateMcp(a, { method: 'ols' })!;
    const annual = [6.5, 6.7, 6.3, 6.9, 6.6, 6.4, 6.8, 6.6, 6.5, 6.7];
    const u = mcpUncertainty({
      cvRmse: cv.rmse,
      blockCount: cv.blocks.length,
      referenceAnnualMeansMps: annual,
    })!;
    expect(u.mcp).toBeCloseTo(0.01801, 5);
    expect(u.interAnnualVariability).toBeCloseTo(0.02766, 5);
    expect(u.interAnnualVariability * 6.6).toBeCloseTo(0.18257, 5);
    expect(u.longTerm).toBeCloseTo(0.00875, 5);
    expect(u.total).toBeCloseTo(0.02002, 5);
    expect(u.aep).toBeUndefined();
    const fit = fitMcp(a, { method: 'ols' });
    expect(predictMcp(fit, 6.6)).toBeCloseTo(7.5222, 4);
  });

  it('u_AEP = S·u_total with S from the AEP function or from its three values', () => {
    const aep = (f: number) => 1000 * f ** 2;
    expect(aepSensitivity(aep)).toBeCloseTo(2, 12);
    expect(aepSensitivity({ low: 980, mid: 1000, high: 1020 })).toBeCloseTo(2, 12);
    const u = mcpUncertainty({
      cvRmse: 0.0441,
      blockCount: 6,
      referenceAnnualMeansMps: [6.5, 6.7, 6.3],
      aepSensitivity: 2,
    })!;
    expect(u.aep).toBeCloseTo(2 * u.total, 14);
  });
});

describe('WIND-ANALYSIS §7 methods on the §7 pairs', () => {
  const a = monthlyAlignment([3.2, 4.5, 5.1, 6.8, 7.7, 9.0], [4.6, 5.2, 6.9, 7.6, 9.9, 10.1]);
  it('OLS 1.0295/1.1551, TLS 1.0662/0.9327, VR 1.0640/0.9461, speed ratio 1.22039', () => {
    const at8 = (method: 'ols' | 'tls' | 'variance_ratio') => predictMcp(fitMcp(a, { method }), 8);
    expect(fitMcp(a, { method: 'ols' }).overall!.slope).toBeCloseTo(1.0295, 4);
    expect(fitMcp(a, { method: 'tls' }).overall!.slope).toBeCloseTo(1.0662, 4);
    expect(fitMcp(a, { method: 'tls' }).overall!.offset).toBeCloseTo(0.9327, 4);
    expect(fitMcp(a, { method: 'variance_ratio' }).overall!.slope).toBeCloseTo(1.064, 4);
    expect(fitMcp(a, { method: 'variance_ratio' }).overall!.offset).toBeCloseTo(0.9461, 4);
    expect(fitMcp(a, { method: 'speed_ratio' }).overall!.slope).toBeCloseTo(1.22039, 5);
    expect(fitMcp(a, { method: 'speed_ratio' }).overall!.offset).toBe(0);
    expect([at8('ols'), at8('tls'), at8('variance_ratio')]).toEqual([
      expect.closeTo(9.391, 3),
      expect.closeTo(9.462, 3),
      expect.closeTo(9.458, 3),
    ]);
  });
});

// A reference of 4 years of hourly data and a target over its second and third years that follows it.
function syntheticPair(): { reference: McpSeries; target: McpSeries } {
  const hours = 4 * 8766;
  const start = Date.UTC(2020, 0, 1);
  const speed = new Float64Array(hours);
  const dir = new Float64Array(hours);
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < hours; i++) {
    speed[i] = Math.max(0, 6 + 2 * Math.sin((2 * Math.PI * i) / 8766) + 3 * (rnd() - 0.5));
    dir[i] = (360 * rnd() + 180 * Math.sin(i / 500) + 360) % 360;
  }
  const from = 8784;
  const to = from + 2 * 8760;
  const ts = new Float64Array(to - from);
  const td = new Float64Array(to - from);
  for (let i = from; i < to; i++) {
    const sector = Math.floor(dir[i]! / 90);
    ts[i - from] = (1.2 + 0.05 * sector) * speed[i]! + 0.3 + 0.4 * (rnd() - 0.5);
    td[i - from] = (dir[i]! + 10) % 360;
  }
  return {
    reference: { startMs: start, intervalMinutes: 60, speedMps: speed, directionDeg: dir },
    target: { startMs: start + from * 3_600_000, intervalMinutes: 60, speedMps: ts, directionDeg: td },
  };
}

describe('compareMcpMethods', () => {
  const { reference, target } = syntheticPair();
  it('runs the five methods overall and by 12 sectors with CV and long-term means, and says why it recommends one', () => {
    const c = compareMcpMethods(reference, target, {
      longTermPeriods: [{}, { fromMs: Date.UTC(2021, 0, 1), toMs: Date.UTC(2023, 0, 1) }],
    });
    expect(c.rows).toHaveLength(10);
    for (const r of c.rows) {
      expect(r.crossValidation!.blockKind).toBe('month');
      expect(r.crossValidation!.blocks).toHaveLength(24);
      expect(r.longTerm).toHaveLength(2);
      expect(r.longTerm[0]!.averageYearMeanMps).toBeGreaterThan(7);
    }
    const rec = c.recommendation!;
    const best = Math.min(...c.rows.map((r) => r.crossValidation!.rmse));
    expect(rec.cvRmse).toBeLessThanOrEqual(best + 1e-4);
    expect(['lowest_cv_rmse', 'cv_rmse_tie_smaller_abs_bias']).toContain(rec.rule);
    // the target depends on the direction sector, so a sector fit wins
    expect(rec.sectors).toBe(12);
    const ols = c.rows.find((r) => r.method === 'ols' && r.sectors === 0)!;
    expect(ols.fit.directionOffsetDeg).toBeCloseTo(10, 6);
  }, 60_000);

  it('rejects more than three long-term periods', () => {
    expect(() => compareMcpMethods(reference, target, { longTermPeriods: [{}, {}, {}, {}] })).toThrow(
      /at most 3/,
    );
  });
});

// The plain definition: refit with fitMcp on every fold and predict the block with predictMcp.
function refitCrossValidation(a: McpAlignment, options: McpFitOptions): number[] {
  const month = (t: number) => new Date(t).getUTCFullYear() * 12 + new Date(t).getUTCMonth();
  const n = a.x.length;
  const blockOf = Array.from(a.periodStartMs, (t) => month(t) - month(a.periodStartMs[0]!));
  const meanY = a.y.reduce((p, v) => p + v, 0) / n;
  const errors: number[] = [];
  for (const b of [...new Set(blockOf)]) {
    const keep = blockOf.map((k) => k !== b);
    const pick = (v: Float64Array | undefined) => (v ? v.filter((_, i) => keep[i]) : undefined);
    const fit = fitMcp(
      {
        ...a,
        periodStartMs: pick(a.periodStartMs)!,
        x: pick(a.x)!,
        y: pick(a.y)!,
        xDirectionDeg: pick(a.xDirectionDeg),
        yDirectionDeg: pick(a.yDirectionDeg),
      },
      options,
    );
    let p = 0;
    let m = 0;
    let c = 0;
    for (let i = 0; i < n; i++) {
      if (keep[i]) continue;
      const v = predictMcp(fit, a.x[i]!, a.xDirectionDeg?.[i]);
      if (Number.isNaN(v)) continue;
      p += v;
      m += a.y[i]!;
      c++;
    }
    if (c > 0) errors.push((p / c - m / c) / meanY);
  }
  return errors;
}

describe('crossValidateMcp', () => {
  const { reference, target } = syntheticPair();
  const aligned = alignForMcp(reference, target, {
    period: '1H',
    isReferenceDirectionUsed: true,
    isTargetDirectionUsed: true,
  })!;
  for (const method of [
    'ols',
    'tls',
    'variance_ratio',
    'speed_sort',
    'speed_ratio',
    'ols_through_origin',
  ] as const) {
    for (const sectors of [0, 12]) {
      it(`crossValidateMcp(${method}, ${sectors} sectors) equals refitting every fold with fitMcp`, () => {
        const options: McpFitOptions = {
          method,
          sectors: method === 'speed_sort' && sectors === 0 ? 1 : sectors,
          minSectorCount: 900,
        };
        const fast = crossValidateMcp(aligned, options, { blockKind: 'month' })!;
        const slow = refitCrossValidation(aligned, options);
        expect(fast.blocks.map((b) => b.error)).toEqual(slow.map((e) => expect.closeTo(e, 11)));
      }, 60_000);
    }
  }
  it('crossValidateMcp(speed_sort) with a given long-term reference speed L cuts at min(0.5·L, 4) as fitMcp does', () => {
    // L = 5 m/s: cutoff 2.5 m/s (it took L itself as the cutoff before issue 42's review).
    const options: McpFitOptions = {
      method: 'speed_sort',
      sectors: 1,
      minSectorCount: 900,
      longTermReferenceMps: 5,
    };
    const fast = crossValidateMcp(aligned, options, { blockKind: 'month' })!;
    const slow = refitCrossValidation(aligned, options);
    expect(fast.blocks.map((b) => b.error)).toEqual(slow.map((e) => expect.closeTo(e, 11)));
  }, 60_000);
});

describe('mcpConvergence', () => {
  it('fits the first m = 3 … 24 months and reports L_m, u_MCP(m) and the converged rule', () => {
    const { reference, target } = syntheticPair();
    const c = mcpConvergence(reference, target);
    expect(c.steps.map((s) => s.months)).toEqual(Array.from({ length: 22 }, (_, i) => i + 3));
    const last = c.steps[c.steps.length - 1]!;
    expect(c.relativeChangeLastThreeMonths).toBeCloseTo(
      Math.abs(last.longTermMps - c.steps[c.steps.length - 4]!.longTermMps) / last.longTermMps,
      12,
    );
    expect(c.isConverged).toBe(c.relativeChangeLastThreeMonths < 0.01 && last.uncertainty < 0.02);
    expect(c.expectedUncertaintyNextMonth).toBeCloseTo(last.uncertainty * Math.sqrt(24 / 25), 12);
  }, 60_000);

  it('ends each step at the start of the calendar month after its m-th month', () => {
    const { reference, target } = syntheticPair();
    const c = mcpConvergence(reference, target);
    const first = new Date(target.startMs);
    for (const step of c.steps) {
      expect(step.monthEndMs).toBe(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + step.months, 1));
    }
  }, 60_000);
});

describe('reference homogeneity', () => {
  it('trend in %/decade of the mean, flags above 2 %/decade and years beyond 3 σ_IAV', () => {
    const annual = [6.5, 6.7, 6.3, 6.9, 6.6, 6.4, 6.8, 6.6, 6.5, 6.7].map((m, i) => ({
      year: 2010 + i,
      meanMps: m,
    }));
    const h = referenceHomogeneity(annual)!;
    expect(h.meanMps).toBeCloseTo(6.6, 12);
    expect(h.interAnnualVariability).toBeCloseTo(0.02766, 5);
    expect(h.isTrendFlagged).toBe(Math.abs(h.trendPercentPerDecade) > 2);
    expect(h.outlierYears).toEqual([]);
    const rising = annual.map((a, i) => ({ year: a.year, meanMps: 6 * (1 + 0.005 * i) }));
    const r = referenceHomogeneity(rising)!;
    expect(r.trendPercentPerDecade).toBeCloseTo((0.03 * 10 * 100) / r.meanMps, 9);
    expect(r.isTrendFlagged).toBe(true);
    const jump = [
      ...annual.slice(0, 9),
      ...Array.from({ length: 10 }, (_, i) => ({ year: 2019 + i, meanMps: 6.6 })),
      { year: 2029, meanMps: 9 },
    ];
    expect(referenceHomogeneity(jump)!.outlierYears).toEqual([2029]);
  });

  it('referenceAnnualMeans keeps calendar years with ≥ 90 % coverage', () => {
    const { reference } = syntheticPair();
    const years = referenceAnnualMeans(reference);
    expect(years.map((y) => y.year)).toEqual([2020, 2021, 2022, 2023]);
    expect(years[0]!.coverage).toBeCloseTo(1, 12);
  });
});

describe('averaging and synthesis (brightwind rules)', () => {
  it('averageByMcpPeriod: coverage over the data resolution, vector-mean direction with sin/cos rounded to 5 decimals', () => {
    const s: McpSeries = {
      startMs: Date.UTC(2024, 0, 1),
      intervalMinutes: 10,
      speedMps: [1, 2, 3, 4, 5, Number.NaN, 7, 8, 9, 10, 11, 12],
      directionDeg: [350, 10, 20, 350, 10, 20, 90, 90, 90, 90, 90, 90],
    };
    const h = averageByMcpPeriod(s, '1H');
    expect(Array.from(h.speedMps)).toEqual([3, 9.5]);
    expect(Array.from(h.speedCoverage)).toEqual([5 / 6, 1]);
    expect(h.directionDeg![0]).toBeCloseTo(6.7, 1);
    expect(h.directionDeg![1]).toBeCloseTo(90, 9);
  });

  it('alignForMcp keeps periods where both pass the threshold; synthesizeLongTerm splices the measured target', () => {
    const day = 86_400_000;
    const start = Date.UTC(2020, 0, 1);
    const reference: McpSeries = {
      startMs: start,
      intervalMinutes: 1440,
      speedMps: [5, 7, 6, 9, 4, 8, 10, 3, 6.5, 7.5],
    };
    const target: McpSeries = { startMs: start, intervalMinutes: 1440, speedMps: [6, 8.5, 7, 11, 5, 9.5] };
    const a = alignForMcp(reference, target, { period: '1D' })!;
    expect(a.x.length).toBe(6);
    const fit = fitMcp(a, { method: 'ols' });
    const s = synthesizeLongTerm(fit, reference, { period: '1D', target });
    expect(s.periodStartMs[9]).toBe(start + 9 * day);
    expect(Array.from(s.isMeasured)).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
    expect(s.speedMps.reduce((p, v) => p + v, 0) / 10).toBeCloseTo(7.953333, 6);
    const lt = summarizeLongTerm(s.periodStartMs, s.speedMps);
    expect(lt.meanMps).toBeCloseTo(7.953333, 6);
    expect(lt.mommMps).toBeCloseTo(7.953333, 6);
    expect(lt.averageYearMeanMps).toBeUndefined();
    expect(lt.missingMonths).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(meanOfMonthlyMeans(s.periodStartMs, s.speedMps)).toBeCloseTo(7.953333, 6);
  });

  it('clamps negative predictions at 0 by default, and not when asked (brightwind, except SpeedSort)', () => {
    const reference: McpSeries = { startMs: 0, intervalMinutes: 60, speedMps: [0.1, 5, 6, 7, 8] };
    const target: McpSeries = { startMs: 3_600_000, intervalMinutes: 60, speedMps: [4, 5, 6, 7] };
    const fit = fitMcp(alignForMcp(reference, target, { period: '1H' })!, { method: 'ols' });
    expect(fit.overall!.offset).toBeCloseTo(-1, 9);
    expect(synthesizeLongTerm(fit, reference, { period: '1H' }).speedMps[0]).toBe(0);
    expect(
      synthesizeLongTerm(fit, reference, { period: '1H', isClampedAtZero: false }).speedMps[0],
    ).toBeCloseTo(-0.9, 9);
  });

  it('simpleSpeedRatio uses the true overlap; brightwind ends it at the reference end', () => {
    const start = Date.UTC(2020, 0, 1);
    const reference: McpSeries = {
      startMs: start,
      intervalMinutes: 1440,
      speedMps: [5, 7, 6, 9, 4, 8, 10, 3, 6.5, 7.5],
    };
    const target: McpSeries = { startMs: start, intervalMinutes: 1440, speedMps: [6, 8.5, 7, 11, 5, 9.5] };
    const bw = simpleSpeedRatio(reference, target, { overlapEnd: 'reference' })!;
    expect(bw.ratio).toBeCloseTo(1.186869, 6);
    expect(bw.targetLongTermMps).toBeCloseTo(7.833333, 6);
    expect(bw.targetOverlapCoverage).toBeCloseTo(0.6667, 4);
    const ours = simpleSpeedRatio(reference, target)!;
    expect(ours.ratio).toBeCloseTo(47 / 6 / 6.5, 12);
    expect(ours.targetOverlapCoverage).toBeCloseTo(6 / 5, 12);
  });
});
