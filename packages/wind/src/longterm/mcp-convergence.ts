import { alignForMcp } from './align-for-mcp.ts';
import { averageByMcpPeriod } from './average-by-mcp-period.ts';
import { crossValidateMcp } from './cross-validate-mcp.ts';
import { fitMcp, type McpFitOptions } from './fit-mcp.ts';
import { mcpSynthesisStart } from './mcp-synthesis-start.ts';
import { predictPeriods } from './predict-periods.ts';
import { summarizeLongTerm } from './summarize-long-term.ts';
import type { McpAlignment, McpPeriod, McpSeries } from './types.ts';

/** One step of {@link mcpConvergence}: the fit on the first `months` campaign months. */
export interface McpConvergenceStep {
  readonly months: number;
  /** End of the m-th campaign month (the start of the next calendar month), ms on the series' clock. */
  readonly monthEndMs: number;
  /** Aligned periods used. */
  readonly count: number;
  /** L_m: long-term mean speed (month-weighted average year; the plain mean when a month is missing), m/s. */
  readonly longTermMps: number;
  /** u_MCP(m) = CV RMSE/√blocks (fraction), NaN with fewer than 2 blocks. */
  readonly uncertainty: number;
}

/** Result of {@link mcpConvergence}. */
export interface McpConvergence {
  readonly steps: readonly McpConvergenceStep[];
  /** |L_M − L_{M−3}|/L_M (NaN with fewer than 4 steps). */
  readonly relativeChangeLastThreeMonths: number;
  /** relativeChangeLastThreeMonths < 1 % and u_MCP(M) < 2 %. */
  readonly isConverged: boolean;
  /** u_MCP(M)·√(M/(M+1)): the expected u_MCP after one more month. */
  readonly expectedUncertaintyNextMonth: number;
}

function monthNumber(t: number): number {
  const d = new Date(t);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

function prefix(a: McpAlignment, n: number): McpAlignment {
  return {
    period: a.period,
    periodStartMs: a.periodStartMs.subarray(0, n),
    x: a.x.subarray(0, n),
    y: a.y.subarray(0, n),
    xDirectionDeg: a.xDirectionDeg?.subarray(0, n),
    yDirectionDeg: a.yDirectionDeg?.subarray(0, n),
    xCoverage: a.xCoverage.subarray(0, n),
    yCoverage: a.yCoverage.subarray(0, n),
  };
}

/**
 * Convergence of a running campaign (WIND-ANALYSIS §13): for m = 3 … M campaign months, the method fitted
 * on the first m months gives the long-term mean L_m (the fit applied to the reference over the long-term
 * period) and u_MCP(m) (month-block CV); converged when |L_M − L_{M−3}|/L_M < 1 % and u_MCP(M) < 2 %.
 *
 * @example mcpConvergence(merra2, mast, { fit: { method: 'ols' } }).isConverged
 */
export function mcpConvergence(
  reference: McpSeries,
  target: McpSeries,
  options: {
    period?: McpPeriod;
    coverageThreshold?: number;
    fit?: McpFitOptions;
    longTermPeriod?: { fromMs?: number; toMs?: number };
    minMonths?: number;
  } = {},
): McpConvergence {
  const period = options.period ?? '1H';
  const threshold = options.coverageThreshold ?? 0.9;
  const fitOptions = options.fit ?? { method: 'ols' };
  const withDirections = (fitOptions.sectors ?? 0) > 1;
  const aligned = alignForMcp(reference, target, {
    period,
    coverageThreshold: threshold,
    isReferenceDirectionUsed: withDirections,
    isTargetDirectionUsed: withDirections && target.directionDeg !== undefined,
  });
  const steps: McpConvergenceStep[] = [];
  if (aligned && aligned.x.length > 1) {
    const refMeans = averageByMcpPeriod(reference, period, {
      fromMs: mcpSynthesisStart(reference, period),
      isDirectionUsed: reference.directionDeg !== undefined,
    });
    const t = aligned.periodStartMs;
    const n = t.length;
    const first = monthNumber(t[0]!);
    const firstDate = new Date(t[0]!);
    const months = monthNumber(t[n - 1]!) - first + 1;
    const monthOf = new Int32Array(n);
    for (let i = 0; i < n; i++) monthOf[i] = monthNumber(t[i]!) - first;
    let end = 0;
    for (let m = options.minMonths ?? 3; m <= months; m++) {
      while (end < n && monthOf[end]! < m) end++;
      const a = prefix(aligned, end);
      const fit = fitMcp(a, fitOptions);
      if (!fit.overall) continue;
      const predicted = predictPeriods(fit, refMeans, threshold, true).speedMps;
      const lt = summarizeLongTerm(refMeans.periodStartMs, predicted, options.longTermPeriod ?? {});
      const cv = crossValidateMcp(a, fitOptions, { blockKind: 'month' });
      steps.push({
        months: m,
        monthEndMs: Date.UTC(firstDate.getUTCFullYear(), firstDate.getUTCMonth() + m, 1),
        count: end,
        longTermMps: lt.averageYearMeanMps ?? lt.meanMps ?? Number.NaN,
        uncertainty: cv?.uncertainty ?? Number.NaN,
      });
    }
  }
  const last = steps[steps.length - 1];
  const threeBefore = steps.find((s) => last && s.months === last.months - 3);
  const change =
    last && threeBefore
      ? Math.abs(last.longTermMps - threeBefore.longTermMps) / last.longTermMps
      : Number.NaN;
  const uncertainty = last?.uncertainty ?? Number.NaN;
  return {
    steps,
    relativeChangeLastThreeMonths: change,
    isConverged: change < 0.01 && uncertainty < 0.02,
    expectedUncertaintyNextMonth: last
      ? uncertainty * Math.sqrt(last.months / (last.months + 1))
      : Number.NaN,
  };
}
