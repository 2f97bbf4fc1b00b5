import type { McpSeries } from './types.ts';

/** One calendar year of a reference series. */
export interface AnnualMean {
  readonly year: number;
  readonly meanMps: number;
  /** Valid records ÷ the records the year should have. */
  readonly coverage: number;
}

/**
 * Calendar-year means of a reference speed series over [fromMs, toMs) (WIND-ANALYSIS §13 homogeneity and
 * u_LT); a year is kept when its coverage reaches `minCoverage` (default 0.9).
 *
 * @example referenceAnnualMeans(merra2, { fromMs: Date.UTC(2005, 0, 1), toMs: Date.UTC(2025, 0, 1) }).map((a) => a.meanMps)
 */
export function referenceAnnualMeans(
  series: McpSeries,
  options: { fromMs?: number; toMs?: number; minCoverage?: number } = {},
): AnnualMean[] {
  const step = series.intervalMinutes * 60_000;
  const fromMs = options.fromMs ?? Number.NEGATIVE_INFINITY;
  const toMs = options.toMs ?? Number.POSITIVE_INFINITY;
  const minCoverage = options.minCoverage ?? 0.9;
  const out: AnnualMean[] = [];
  let year = Number.NaN;
  let yearEnd = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  const flush = () => {
    if (Number.isNaN(year) || count === 0) return;
    const length = Math.min(Date.UTC(year + 1, 0, 1), toMs) - Math.max(Date.UTC(year, 0, 1), fromMs);
    const coverage = count / (length / step);
    if (coverage >= minCoverage) out.push({ year, meanMps: sum / count, coverage });
  };
  for (let i = 0; i < series.speedMps.length; i++) {
    const t = series.startMs + i * step;
    if (t < fromMs || t >= toMs) continue;
    if (t >= yearEnd) {
      flush();
      year = new Date(t).getUTCFullYear();
      yearEnd = Date.UTC(year + 1, 0, 1);
      sum = 0;
      count = 0;
    }
    const v = series.speedMps[i]!;
    if (Number.isNaN(v)) continue;
    sum += v;
    count++;
  }
  flush();
  return out;
}
