import type { NumericSeries } from '../model/types.ts';

/** Bin edge convention of {@link speedFrequency}. */
export type SpeedBinEdges = 'centred' | 'gb';

/** One speed bin of a frequency distribution. */
export interface SpeedBin {
  readonly centreMps: number;
  readonly lowerMps: number;
  readonly upperMps: number;
  readonly count: number;
  /** count / all binned values × 100 %. */
  readonly frequencyPct: number;
}

/** Speed frequency distribution (WIND-ANALYSIS §8.2). */
export interface SpeedFrequency {
  readonly count: number;
  readonly bins: readonly SpeedBin[];
}

/**
 * Frequency distribution of wind speed in bins centred on multiples of the bin width
 * (WIND-ANALYSIS §0, §8.2): bin k = [(k − ½)w, (k + ½)w) — brightwind `freq_distribution` with
 * `np.arange(-0.5, max + 1, 1)`. Option `edges: 'gb'` uses GB/T 18710's ((k − ½)w, (k + ½)w]
 * (differs only at x.5). Bins run from k = 0 to the bin of the largest value (at least `maxSpeedMps`);
 * negative speeds below the first bin are not counted. Frequencies sum to 100 %.
 *
 * @param speedsMps wind speeds, NaN skipped
 * @returns the distribution, or undefined when no value is present
 * @example speedFrequency([0.2, 1.4, 1.6]).bins.map((b) => b.count) // [1, 1, 1]
 */
export function speedFrequency(
  speedsMps: NumericSeries,
  options: { binWidthMps?: number; edges?: SpeedBinEdges; maxSpeedMps?: number } = {},
): SpeedFrequency | undefined {
  const width = options.binWidthMps ?? 1;
  if (!(width > 0)) throw new Error('speedFrequency requires binWidthMps to be positive');
  const gb = options.edges === 'gb';
  const n = speedsMps.length;
  let counts = new Float64Array(Math.max(1, Math.ceil((options.maxSpeedMps ?? 0) / width) + 1));
  let total = 0;
  for (let i = 0; i < n; i++) {
    const v = speedsMps[i]!;
    if (Number.isNaN(v)) continue;
    const x = v / width + 0.5;
    const k = gb ? Math.ceil(x) - 1 : Math.floor(x);
    if (k < 0) continue;
    if (k >= counts.length) {
      const grown = new Float64Array(Math.max(k + 1, counts.length * 2));
      grown.set(counts);
      counts = grown;
    }
    counts[k]!++;
    total++;
  }
  return frequencyFromCounts(counts, total, width, options.maxSpeedMps ?? 0);
}

/**
 * The distribution of {@link speedFrequency} from its bin counts (bin k centred on k·width; trailing
 * empty bins above `maxSpeedMps` dropped): for a pass that counts them while it does more (`sweepSpeed`).
 */
export function frequencyFromCounts(
  counts: Float64Array,
  total: number,
  width: number,
  maxSpeedMps: number,
): SpeedFrequency | undefined {
  if (total === 0) return undefined;
  let last = counts.length - 1;
  const minimumLast = Math.ceil(maxSpeedMps / width);
  while (last > minimumLast && counts[last] === 0) last--;
  const bins: SpeedBin[] = [];
  for (let k = 0; k <= last; k++) {
    bins.push({
      centreMps: k * width,
      lowerMps: (k - 0.5) * width,
      upperMps: (k + 0.5) * width,
      count: counts[k]!,
      frequencyPct: (counts[k]! / total) * 100,
    });
  }
  return { count: total, bins };
}
