import type { NumericSeries } from '../model/types.ts';

const HOUR_MS = 3_600_000;

/**
 * Hourly means of a regular series (WIND-ANALYSIS §12): an hour counts when at least `minCoverage` of its
 * records are present (default 0.9); speeds by arithmetic mean, directions by vector mean.
 *
 * @param startMs time of the first record (UTC ms); records are `intervalMinutes` apart
 * @returns one entry per covered hour: its start (UTC ms) and mean
 */
export function hourlyMeans(
  values: NumericSeries,
  startMs: number,
  intervalMinutes: number,
  options: { minCoverage?: number; isDirection?: boolean } = {},
): { hourStartMs: Float64Array; mean: Float64Array } {
  const minCoverage = options.minCoverage ?? 0.9;
  const perHour = Math.max(1, Math.round(60 / intervalMinutes));
  const stepMs = intervalMinutes * 60_000;
  const starts: number[] = [];
  const means: number[] = [];
  let hour = Number.NaN;
  let sum = 0;
  let sin = 0;
  let cos = 0;
  let count = 0;
  const flush = () => {
    if (Number.isNaN(hour) || count === 0 || count / perHour < minCoverage) return;
    starts.push(hour);
    if (options.isDirection) {
      const deg = (Math.atan2(sin, cos) * 180) / Math.PI;
      means.push((deg + 360) % 360);
    } else {
      means.push(sum / count);
    }
  };
  for (let i = 0; i < values.length; i++) {
    const t = startMs + i * stepMs;
    const h = Math.floor(t / HOUR_MS) * HOUR_MS;
    if (h !== hour) {
      flush();
      hour = h;
      sum = 0;
      sin = 0;
      cos = 0;
      count = 0;
    }
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    count++;
    if (options.isDirection) {
      sin += Math.sin((v * Math.PI) / 180);
      cos += Math.cos((v * Math.PI) / 180);
    } else sum += v;
  }
  flush();
  return { hourStartMs: Float64Array.from(starts), mean: Float64Array.from(means) };
}
