import {
  AppError,
  displayVersionLabel,
  type Language,
  MCP_METHOD_NAMES,
  MCP_SCATTER_MAX,
  type TAnalysisBasis,
  type TMcpCompareRequest,
  type TMcpCompareResult,
  type TMcpLongTermPeriod,
  type TMcpPeriodKey,
} from '@masthub/shared';
import {
  alignForMcp,
  clipMcpSeries,
  compareMcpMethods,
  type McpAlignment,
  type McpComparisonRow,
  type McpSeries,
  predictMcp,
  referenceAnnualMeans,
  referenceHomogeneity,
  synthesizeLongTerm,
} from '@masthub/wind';
import { say } from '../../i18n/index.ts';
import type { Database } from '../../platform/db/database.ts';
import { readMcpSeries, seriesSpan, type TSeriesSource } from '../reference-data/index.ts';
import { num, presentRow, recommendationReason, verdictOf } from './longterm-present.ts';

/**
 * Fewest aligned periods a comparison needs (MCP_NO_CONCURRENT below): a month of hours or of days —
 * the §7/§12 sector rule's 30 and one calendar-month block to leave out at the least — or three months
 * (two blocks to cross-validate and one degree of freedom beyond a line through two points).
 */
export const MCP_MIN_PERIODS: Record<TMcpPeriodKey, number> = { '1H': 30 * 24, '1D': 30, '1M': 3 };

/** A comparison as it crosses to a worker thread: the request, checked, with the sources to read. */
export interface TLongTermJob {
  language: Language;
  /**
   * The reader's time zone (utc-code), minutes east of UTC: hours, days, months and years are reckoned in
   * it, as the statistics and the mesoscale months are. The series are shifted by it before the maths
   * (packages/wind reads calendar fields with UTC getters) and every instant shifted back on the way out.
   */
  utcOffsetMinutes: number;
  request: TMcpCompareRequest;
  target: TSeriesSource;
  reference: TSeriesSource;
  referenceName: string;
  /** The target version's stored name. */
  versionName: string;
}

/** A series of the job with what its read stood on (a site's; none for a mesoscale or stored series). */
export type TJobSeries = McpSeries & { basis?: TAnalysisBasis };

/** Up to three long-term ranges of the request as ms; none = the whole reference. */
export function longTermRanges(
  periods: readonly TMcpLongTermPeriod[],
  offsetMs: number,
): { fromMs?: number; toMs?: number }[] {
  if (periods.length === 0) return [{}];
  return periods.map((p) => ({
    ...(p.start === null ? {} : { fromMs: Date.parse(p.start) + offsetMs }),
    ...(p.end === null ? {} : { toMs: Date.parse(p.end) + offsetMs }),
  }));
}

/** The job's shift from UTC to the reader's clock, ms. */
export const offsetMsOf = (job: TLongTermJob) => job.utcOffsetMinutes * 60_000;

/** 'YYYY-MM…' of a shifted stamp: the reader's calendar. */
const local = (ms: number) => new Date(ms).toISOString();

/** End of the period starting at `ms` (calendar months for 1M). */
function periodEnd(ms: number, period: TMcpPeriodKey): number {
  if (period === '1H') return ms + 3_600_000;
  if (period === '1D') return ms + 86_400_000;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Pearson r of two equally long series; null below three pairs or without spread. */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  const n = x.length;
  if (n < 3) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
    sxy += (x[i]! - mx) * (y[i]! - my);
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

/** Both series of a job, read through the thread's own connection. */
export async function readJobSeries(
  db: Database,
  job: TLongTermJob,
): Promise<{ reference: TJobSeries; target: TJobSeries }> {
  const includeSuspicious = job.request.includeSuspicious;
  const offsetMs = offsetMsOf(job);
  const reference = await readMcpSeries(db, job.reference, includeSuspicious);
  const target = await readMcpSeries(db, job.target, includeSuspicious);
  // The campaign window (issue 46 §3): only the target's records inside it take part.
  const [window] = longTermRanges([job.request.campaign ?? { start: null, end: null }], offsetMs);
  const shifted = { ...target, startMs: target.startMs + offsetMs };
  return {
    reference: { ...reference, startMs: reference.startMs + offsetMs },
    target: { ...clipMcpSeries(shifted, window ?? {}), ...(target.basis ? { basis: target.basis } : {}) },
  };
}

/** The speed-only alignment, refused with MCP_NO_CONCURRENT when it has too few periods. */
function alignOrRefuse(reference: McpSeries, target: McpSeries, job: TLongTermJob): McpAlignment {
  const { period, coverage } = job.request;
  const aligned = alignForMcp(reference, target, { period, coverageThreshold: coverage });
  const found = aligned?.x.length ?? 0;
  const minimum = MCP_MIN_PERIODS[period];
  if (!aligned || found < minimum) {
    throw new AppError('MCP_NO_CONCURRENT', {
      period: say(job.language, `longterm.period.${period}`),
      minimum,
      found,
    });
  }
  return aligned;
}

/** Every method compared on the job's series (the whole §13 workbench answer, unvalidated). */
export async function compareResult(db: Database, job: TLongTermJob): Promise<TMcpCompareResult> {
  const { reference, target } = await readJobSeries(db, job);
  return compareSeries(reference, target, job).result;
}

/** The comparison of two series already read; also hands back the rows for `generate`. */
export function compareSeries(
  reference: TJobSeries,
  target: TJobSeries,
  job: TLongTermJob,
): { result: TMcpCompareResult; rows: readonly McpComparisonRow[] } {
  // The target is always a site's version, read through the one analysis read.
  if (!target.basis) throw new Error('the long-term target is read without its basis');
  const { language, request } = job;
  const { period, coverage } = request;
  const aligned = alignOrRefuse(reference, target, job);
  const hasDirection = reference.directionDeg !== undefined;
  const sectors = hasDirection ? request.sectors : 0;
  const offsetMs = offsetMsOf(job);
  const iso = (ms: number) => new Date(ms - offsetMs).toISOString();
  const ranges = longTermRanges(request.longTermPeriods, offsetMs);
  const comparison = compareMcpMethods(reference, target, {
    period,
    coverageThreshold: coverage,
    sectors,
    longTermPeriods: ranges,
    methods: request.methods,
    minSectorCount: request.minSectorCount,
    longTermSeries: request.longTermSeries,
  });
  const annual = referenceAnnualMeans(reference);
  const homogeneity = referenceHomogeneity(annual);
  const annualLt = referenceAnnualMeans(reference, ranges[0]).map((a) => a.meanMps);
  const recommended = comparison.recommendation;
  const rows = comparison.rows.map((row) =>
    presentRow(row, {
      language,
      longTermPeriods: request.longTermPeriods,
      annualLt,
      isRecommended: recommended?.method === row.method && recommended.sectors === row.sectors,
    }),
  );
  const best = comparison.rows.find(
    (r) => r.method === recommended?.method && r.sectors === recommended.sectors,
  );
  const months = new Set<string>();
  for (const t of aligned.periodStartMs) months.add(local(t).slice(0, 7));
  const step = Math.max(1, Math.ceil(aligned.x.length / MCP_SCATTER_MAX));
  const scatter = { x: [] as number[], y: [] as number[] };
  for (let i = 0; i < aligned.x.length; i += step) {
    scatter.x.push(Math.round(aligned.x[i]! * 100) / 100);
    scatter.y.push(Math.round(aligned.y[i]! * 100) / 100);
  }
  const r = pearson(aligned.x, aligned.y);
  const refSpan = seriesSpan(reference);
  const bestLongTerm = best?.longTerm[0];
  const result: TMcpCompareResult = {
    period,
    concurrentStart: iso(aligned.periodStartMs[0]!),
    concurrentEnd: iso(periodEnd(aligned.periodStartMs[aligned.x.length - 1]!, period)),
    concurrentPeriods: aligned.x.length,
    concurrentMonths: months.size,
    referenceName: displayVersionLabel(job.referenceName, job.language),
    referenceStart: refSpan ? iso(refSpan.startMs) : null,
    referenceEnd: refSpan ? iso(refSpan.endMs) : null,
    r,
    rows,
    recommendation: recommended
      ? {
          method: recommended.method,
          sectors: recommended.sectors,
          reason: recommendationReason(recommended, language),
        }
      : null,
    campaign: { start: request.campaign.start, end: request.campaign.end },
    longTermSeries: request.longTermSeries,
    minSectorCount: request.minSectorCount,
    homogeneity: {
      years: annual.map((a) => ({
        year: a.year,
        meanMps: a.meanMps,
        isOutlier: homogeneity?.outlierYears.includes(a.year) ?? false,
      })),
      trendPercentPerDecade: num(homogeneity?.trendPercentPerDecade),
      isTrendFlagged: homogeneity?.isTrendFlagged ?? false,
      sigmaIav: num(homogeneity?.interAnnualVariability),
    },
    scatter,
    monthly: best ? monthlyMeasuredPredicted(reference, target, best, job) : [],
    longTermMonthly: best ? longTermMonthlyMeans(best, reference, target, job) : [],
    verdict: verdictOf({
      language,
      period,
      periods: aligned.x.length,
      months: months.size,
      r,
      recommendedRow: rows.find((row) => row.isRecommended),
      mean: num(bestLongTerm?.meanMps),
      averageYear: num(bestLongTerm?.averageYearMeanMps),
      trend: homogeneity?.isTrendFlagged ? homogeneity.trendPercentPerDecade : null,
    }),
    versionName: displayVersionLabel(job.versionName, language),
    basis: target.basis,
    referenceBasis: reference.basis ?? null,
  };
  return { result, rows: comparison.rows };
}

/** Measured and predicted target monthly means (UTC months) of a row over its aligned periods. */
function monthlyMeasuredPredicted(
  reference: McpSeries,
  target: McpSeries,
  row: McpComparisonRow,
  job: TLongTermJob,
): TMcpCompareResult['monthly'] {
  const isBySector = row.sectors > 1;
  const aligned = alignForMcp(reference, target, {
    period: job.request.period,
    coverageThreshold: job.request.coverage,
    isReferenceDirectionUsed: isBySector,
  });
  if (!aligned) return [];
  const byMonth = new Map<string, { measured: number; predicted: number; n: number; p: number }>();
  for (let i = 0; i < aligned.x.length; i++) {
    const key = local(aligned.periodStartMs[i]!).slice(0, 7);
    const m = byMonth.get(key) ?? { measured: 0, predicted: 0, n: 0, p: 0 };
    m.measured += aligned.y[i]!;
    m.n++;
    const p = predictMcp(row.fit, aligned.x[i]!, aligned.xDirectionDeg?.[i]);
    if (!Number.isNaN(p)) {
      m.predicted += Math.max(0, p);
      m.p++;
    }
    byMonth.set(key, m);
  }
  return [...byMonth.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([month, m]) => ({
      month,
      measured: m.n > 0 ? m.measured / m.n : null,
      predicted: m.p > 0 ? m.predicted / m.p : null,
    }));
}

/**
 * A row's long-term series over one long-term period: the fit applied to every reference period that
 * passes the coverage, clamped at ≥ 0, direction the reference's turned by the sector's offset (§12);
 * with `longTermSeries: 'synthesised'` the measured target period means that pass the coverage (inside
 * the campaign window) replace the prediction. The same series the row's long-term means are of.
 */
export function longTermSeriesOf(
  row: McpComparisonRow,
  reference: McpSeries,
  target: McpSeries,
  job: TLongTermJob,
  periodIndex: number,
  period: TMcpPeriodKey = job.request.period,
) {
  const isSynthesised = job.request.longTermSeries === 'synthesised';
  const series = synthesizeLongTerm(row.fit, reference, {
    period,
    referenceCoverageThreshold: job.request.coverage,
    ...(isSynthesised ? { target } : {}),
  });
  const range = longTermRanges(job.request.longTermPeriods, offsetMsOf(job))[periodIndex] ?? {};
  const fromMs = range.fromMs ?? Number.NEGATIVE_INFINITY;
  const toMs = range.toMs ?? Number.POSITIVE_INFINITY;
  let lo = 0;
  while (lo < series.periodStartMs.length && series.periodStartMs[lo]! < fromMs) lo++;
  let hi = series.periodStartMs.length;
  while (hi > lo && series.periodStartMs[hi - 1]! >= toMs) hi--;
  return {
    periodStartMs: series.periodStartMs.subarray(lo, hi),
    speedMps: series.speedMps.subarray(lo, hi),
    directionDeg: series.directionDeg?.subarray(lo, hi),
  };
}

/** Calendar-month means (1–12) of the row's long-term series over the first long-term period. */
function longTermMonthlyMeans(
  row: McpComparisonRow,
  reference: McpSeries,
  target: McpSeries,
  job: TLongTermJob,
): TMcpCompareResult['longTermMonthly'] {
  const series = longTermSeriesOf(row, reference, target, job, 0);
  const sums = new Float64Array(12);
  const counts = new Float64Array(12);
  for (let i = 0; i < series.periodStartMs.length; i++) {
    const v = series.speedMps[i]!;
    if (Number.isNaN(v)) continue;
    const m = new Date(series.periodStartMs[i]!).getUTCMonth();
    sums[m]! += v;
    counts[m]! += 1;
  }
  return Array.from({ length: 12 }, (_, m) => ({
    month: m + 1,
    meanMps: counts[m]! > 0 ? sums[m]! / counts[m]! : null,
  }));
}

/** The localised name of a method row (also the lineage's). */
export function methodNameOf(method: keyof typeof MCP_METHOD_NAMES, language: Language): string {
  return MCP_METHOD_NAMES[method][language];
}
