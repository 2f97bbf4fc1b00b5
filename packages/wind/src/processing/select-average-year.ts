/**
 * The national wind-atlas "average year" (全国风能资源评价技术规定; WIND-ANALYSIS §7): the year whose
 * annual mean is closest to the mean of the period, plus the highest and lowest years.
 *
 * @param annualMeans one mean speed per year of the long-term period (NaN years skipped)
 * @returns the average, maximum and minimum years and the period mean; undefined without data
 * @example selectAverageYear([{ year: 2001, meanSpeedMps: 5 }, { year: 2002, meanSpeedMps: 6 }, { year: 2003, meanSpeedMps: 5.4 }]).averageYear // 2003
 */
export function selectAverageYear(
  annualMeans: ReadonlyArray<{ year: number; meanSpeedMps: number }>,
): { averageYear: number; maximumYear: number; minimumYear: number; periodMeanMps: number } | undefined {
  const years = annualMeans.filter((a) => !Number.isNaN(a.meanSpeedMps));
  if (years.length === 0) return undefined;
  const mean = years.reduce((s, a) => s + a.meanSpeedMps, 0) / years.length;
  let average = years[0]!;
  let maximum = years[0]!;
  let minimum = years[0]!;
  for (const y of years) {
    if (Math.abs(y.meanSpeedMps - mean) < Math.abs(average.meanSpeedMps - mean)) average = y;
    if (y.meanSpeedMps > maximum.meanSpeedMps) maximum = y;
    if (y.meanSpeedMps < minimum.meanSpeedMps) minimum = y;
  }
  return {
    averageYear: average.year,
    maximumYear: maximum.year,
    minimumYear: minimum.year,
    periodMeanMps: mean,
  };
}
