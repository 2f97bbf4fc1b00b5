import type { AnnualMean } from './reference-annual-means.ts';

/** Result of {@link referenceHomogeneity}. */
export interface ReferenceHomogeneity {
  readonly years: number;
  readonly meanMps: number;
  /** σ_IAV: sample sd of the annual means ÷ their mean. */
  readonly interAnnualVariability: number;
  /** Least-squares trend of the annual means, % of the mean per decade. */
  readonly trendPercentPerDecade: number;
  /** |trend| > trendLimit (default 2 %/decade). */
  readonly isTrendFlagged: boolean;
  /** Years whose mean departs from the mean by more than outlierSigmas (default 3) × σ_IAV. */
  readonly outlierYears: readonly number[];
}

/**
 * Homogeneity of a long-term reference (WIND-ANALYSIS §13): annual means, their least-squares trend in
 * % of the mean per decade, a flag when |trend| > 2 %/decade and the years departing > 3 σ_IAV.
 *
 * @returns undefined with fewer than 3 years
 * @example referenceHomogeneity(referenceAnnualMeans(merra2))?.trendPercentPerDecade
 */
export function referenceHomogeneity(
  annual: readonly Pick<AnnualMean, 'year' | 'meanMps'>[],
  options: { trendLimitPercentPerDecade?: number; outlierSigmas?: number } = {},
): ReferenceHomogeneity | undefined {
  const n = annual.length;
  if (n < 3) return undefined;
  let mx = 0;
  let my = 0;
  for (const a of annual) {
    mx += a.year;
    my += a.meanMps;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const a of annual) {
    sxx += (a.year - mx) ** 2;
    sxy += (a.year - mx) * (a.meanMps - my);
    syy += (a.meanMps - my) ** 2;
  }
  const sd = Math.sqrt(syy / (n - 1));
  const trendPercentPerDecade = sxx > 0 ? ((sxy / sxx) * 10 * 100) / my : 0;
  const limit = options.trendLimitPercentPerDecade ?? 2;
  const sigmas = options.outlierSigmas ?? 3;
  return {
    years: n,
    meanMps: my,
    interAnnualVariability: sd / my,
    trendPercentPerDecade,
    isTrendFlagged: Math.abs(trendPercentPerDecade) > limit,
    outlierYears: annual.filter((a) => Math.abs(a.meanMps - my) > sigmas * sd).map((a) => a.year),
  };
}
