import { alignPeriodMeans } from './align-period-means.ts';
import { averageMcpPeriodPair } from './average-mcp-period-pair.ts';
import { crossValidateMcp, type McpCrossValidation } from './cross-validate-mcp.ts';
import { firstValidMs } from './first-valid-ms.ts';
import { fitMcp, type McpFitOptions } from './fit-mcp.ts';
import { mcpPeriodBounds } from './mcp-period-bounds.ts';
import { mcpSynthesisStart } from './mcp-synthesis-start.ts';
import { predictMcp } from './predict-mcp.ts';
import { predictPeriods } from './predict-periods.ts';
import { spliceMeasured } from './splice-measured.ts';
import { type LongTermSummary, summarizeLongTerm } from './summarize-long-term.ts';
import {
  type LongTermSeriesKind,
  MCP_METHODS,
  type McpAlignment,
  type McpFit,
  type McpFitMethod,
  type McpPeriod,
  type McpSeries,
} from './types.ts';

/** Options of {@link compareMcpMethods}. */
export interface CompareMcpOptions {
  readonly period?: McpPeriod;
  /** Coverage a period needs in both series (default 0.9). */
  readonly coverageThreshold?: number;
  /** Reference-direction sectors of the by-sector rows (default 12; 0 = overall rows only). */
  readonly sectors?: number;
  /** Methods compared (default the five of §13; OLS through the origin on request). */
  readonly methods?: readonly McpFitMethod[];
  /** Sector rule of WIND-ANALYSIS §7/§12 (default 30 periods, else the overall line). */
  readonly minSectorCount?: number;
  /** Up to three long-term periods [fromMs, toMs) of the reference (default: the whole reference). */
  readonly longTermPeriods?: ReadonlyArray<{ fromMs?: number; toMs?: number }>;
  /**
   * The series the long-term means are of: the prediction at every reference period (default) or the
   * measured target period means (passing `coverageThreshold`) with the prediction elsewhere.
   */
  readonly longTermSeries?: LongTermSeriesKind;
  /** Block cross-validation (default true). */
  readonly isCrossValidated?: boolean;
  /** Two CV RMSEs closer than this are a tie, decided by the smaller |bias| (default 1e-4). */
  readonly tieTolerance?: number;
}

/** One row of the comparison: a method overall (sectors 0) or by sector. */
export interface McpComparisonRow {
  readonly method: McpFitMethod;
  readonly sectors: number;
  readonly fit: McpFit;
  /** Aligned periods the fit used. */
  readonly count: number;
  /** Overall line (NaN on by-sector rows: see fit.bySector). */
  readonly slope: number;
  readonly offset: number;
  /** 1 − Σ(y − ŷ)²/Syy of the row's predictions on its aligned periods. */
  readonly rSquared: number;
  readonly crossValidation: McpCrossValidation | undefined;
  /** The fit applied to every reference period of each long-term period (clamped ≥ 0), as `longTermSeries`. */
  readonly longTerm: readonly LongTermSummary[];
  /** The series the long-term means are of. */
  readonly longTermSeries: LongTermSeriesKind;
}

/** Why a row was recommended, as data. */
export interface McpRecommendation {
  readonly method: McpFitMethod;
  readonly sectors: number;
  readonly rule: 'lowest_cv_rmse' | 'cv_rmse_tie_smaller_abs_bias';
  readonly cvRmse: number;
  readonly cvBias: number;
  readonly runnerUp: { method: McpFitMethod; sectors: number; cvRmse: number; cvBias: number } | undefined;
}

/** Result of {@link compareMcpMethods}. */
export interface McpComparison {
  readonly period: McpPeriod;
  readonly rows: readonly McpComparisonRow[];
  readonly recommendation: McpRecommendation | undefined;
}

function rSquaredOfPredictions(a: McpAlignment, fit: McpFit): number {
  let my = 0;
  let n = 0;
  for (let i = 0; i < a.y.length; i++) {
    my += a.y[i]!;
    n++;
  }
  my /= n;
  let rss = 0;
  let syy = 0;
  for (let i = 0; i < a.y.length; i++) {
    const p = predictMcp(fit, a.x[i]!, a.xDirectionDeg?.[i]);
    if (Number.isNaN(p)) continue;
    rss += (a.y[i]! - p) ** 2;
    syy += (a.y[i]! - my) ** 2;
  }
  return syy > 0 ? 1 - rss / syy : Number.NaN;
}

/**
 * Every MCP method at once (WIND-ANALYSIS §13): OLS, TLS, variance ratio, SpeedSort and the speed ratio,
 * overall and by reference-direction sector, each with its block cross-validation and the long-term
 * means (plain, month-weighted average year, MOMM) of the fit applied to the reference over up to three
 * long-term periods; the recommendation is the lowest CV RMSE (a tie goes to the smaller |bias|).
 * Alignment follows brightwind (speed only for overall rows; with the reference — and, when present, the
 * target — direction for sector rows).
 *
 * @example compareMcpMethods(merra2, mast, { period: '1H' }).recommendation?.method
 */
export function compareMcpMethods(
  reference: McpSeries,
  target: McpSeries,
  options: CompareMcpOptions = {},
): McpComparison {
  const period = options.period ?? '1H';
  const threshold = options.coverageThreshold ?? 0.9;
  const sectors = options.sectors ?? 12;
  const methods = options.methods ?? MCP_METHODS;
  const longTermPeriods = options.longTermPeriods ?? [{}];
  if (longTermPeriods.length > 3) throw new Error('compareMcpMethods allows at most 3 long-term periods');
  const hasRefDir = reference.directionDeg !== undefined;
  const hasTgtDir = target.directionDeg !== undefined;
  // One averaging pass per series serves both alignments and the long-term prediction.
  const refPair = averageMcpPeriodPair(reference, period, { isDirectionUsed: hasRefDir });
  const tgtPair = averageMcpPeriodPair(target, period, { isDirectionUsed: hasTgtDir });
  const align = (withDirections: boolean): McpAlignment | undefined => {
    const r0 = firstValidMs(reference, withDirections);
    const t0 = firstValidMs(target, withDirections && hasTgtDir);
    if (r0 === undefined || t0 === undefined) return undefined;
    const pick = (p: typeof refPair) => (withDirections ? p.complete : p.all);
    return alignPeriodMeans(pick(refPair), pick(tgtPair), {
      fromMs: mcpPeriodBounds(Math.max(r0, t0), period)[0],
      threshold,
      isReferenceDirectionUsed: withDirections,
      isTargetDirectionUsed: withDirections && hasTgtDir,
    });
  };
  const speedAligned = align(false);
  const sectorAligned = sectors > 1 && hasRefDir ? align(true) : undefined;
  const refMeans = refPair.all;
  // brightwind's synthesis starts days at the first midnight of the reference (and of the target)
  const synthesisFromMs = mcpSynthesisStart(reference, period) ?? Number.NEGATIVE_INFINITY;
  const longTermSeries = options.longTermSeries ?? 'prediction_only';
  const measured =
    longTermSeries === 'synthesised'
      ? {
          means: tgtPair.all,
          threshold,
          fromMs: mcpSynthesisStart(target, period) ?? Number.NEGATIVE_INFINITY,
        }
      : undefined;
  let overallOffsetDeg: number | undefined;
  if (sectorAligned?.yDirectionDeg) {
    let sin = 0;
    let cos = 0;
    for (let i = 0; i < sectorAligned.x.length; i++) {
      const d = ((sectorAligned.yDirectionDeg[i]! - sectorAligned.xDirectionDeg![i]!) * Math.PI) / 180;
      sin += Math.sin(d);
      cos += Math.cos(d);
    }
    overallOffsetDeg = sin === 0 && cos === 0 ? 0 : (Math.atan2(sin, cos) * 180) / Math.PI;
  }
  const rows: McpComparisonRow[] = [];
  const variants: Array<[McpAlignment | undefined, number]> = [
    [speedAligned, 0],
    [sectorAligned, sectors],
  ];
  for (const method of methods) {
    for (const [aligned, s] of variants) {
      if (!aligned || aligned.x.length < 2) continue;
      const fitOptions: McpFitOptions = {
        method,
        sectors: s === 0 && method === 'speed_sort' ? 1 : s,
        minSectorCount: options.minSectorCount ?? 30,
      };
      let fit = fitMcp(aligned, fitOptions);
      const overall = fit.overall;
      if (!overall) continue;
      // Overall rows align speeds only (brightwind); their direction offset comes from the direction alignment.
      if (s === 0 && overallOffsetDeg !== undefined) fit = { ...fit, directionOffsetDeg: overallOffsetDeg };
      const isOverall = s === 0;
      const predicted = predictPeriods(fit, refMeans, threshold, true).speedMps;
      for (let i = 0; i < predicted.length && refMeans.periodStartMs[i]! < synthesisFromMs; i++)
        predicted[i] = Number.NaN;
      const series = measured
        ? spliceMeasured(refMeans.periodStartMs, predicted, measured)
        : { periodStartMs: refMeans.periodStartMs, speedMps: predicted };
      rows.push({
        method,
        sectors: s,
        fit,
        count: aligned.x.length,
        slope: isOverall ? overall.slope : Number.NaN,
        offset: isOverall ? overall.offset : Number.NaN,
        rSquared: rSquaredOfPredictions(aligned, fit),
        crossValidation:
          options.isCrossValidated === false ? undefined : crossValidateMcp(aligned, fitOptions),
        longTerm: longTermPeriods.map((range) =>
          summarizeLongTerm(series.periodStartMs, series.speedMps, range),
        ),
        longTermSeries,
      });
    }
  }
  return { period, rows, recommendation: recommendMcpRow(rows, options.tieTolerance ?? 1e-4) };
}

function recommendMcpRow(
  rows: readonly McpComparisonRow[],
  tieTolerance: number,
): McpRecommendation | undefined {
  const ranked = rows
    .filter((r) => r.crossValidation !== undefined)
    .sort((a, b) => a.crossValidation!.rmse - b.crossValidation!.rmse);
  if (ranked.length === 0) return undefined;
  let best = ranked[0]!;
  let rule: McpRecommendation['rule'] = 'lowest_cv_rmse';
  for (const r of ranked.slice(1)) {
    if (r.crossValidation!.rmse - ranked[0]!.crossValidation!.rmse > tieTolerance) break;
    if (Math.abs(r.crossValidation!.bias) < Math.abs(best.crossValidation!.bias)) {
      best = r;
      rule = 'cv_rmse_tie_smaller_abs_bias';
    }
  }
  const other = ranked.find((r) => r !== best);
  return {
    method: best.method,
    sectors: best.sectors,
    rule,
    cvRmse: best.crossValidation!.rmse,
    cvBias: best.crossValidation!.bias,
    runnerUp: other
      ? {
          method: other.method,
          sectors: other.sectors,
          cvRmse: other.crossValidation!.rmse,
          cvBias: other.crossValidation!.bias,
        }
      : undefined,
  };
}
