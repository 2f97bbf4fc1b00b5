import type { NumericSeries } from '../model/types.ts';

/** One independent storm: a run of records above the threshold, merged across short lulls. */
export interface Storm {
  /** First slot above the threshold. */
  readonly startIndex: number;
  /** Last slot above the threshold. */
  readonly endIndex: number;
  /** Slot of the storm maximum (its time). */
  readonly peakIndex: number;
  /** Storm maximum of the (unfiltered) series, m/s. */
  readonly peakMps: number;
}

/**
 * Separates a speed series into independent storms (the storm-separation step of the method of
 * independent storms: Cook, N.J. (1982) "Towards better estimation of extreme winds", J. Wind Eng. Ind.
 * Aerodyn. 9, 295–323, where storms are the spells between lulls; Harris, R.I. (1999) "Improvements to
 * the method of independent storms", J. Wind Eng. Ind. Aerodyn. 80, 1–30). The rule, every parameter
 * explicit:
 * 1. optional low-pass: a centred moving mean over `lowPassHours` (0 = off, the default: 10-min means are
 *    already averages), missing values skipped; it only decides where storms are, never their peak;
 * 2. a record is "in a storm" when the (filtered) speed is ≥ `thresholdMps`;
 * 3. two runs belong to one storm unless the lull between them (records below the threshold or missing,
 *    from the last record above to the next; at least one) lasts `minSeparationHours` or more (default 48 h, the
 *    Windographer independence criterion; the "runs" declustering of Coles 2001 §5.3.2);
 * 4. the storm maximum is the highest unfiltered value from its first to its last slot above threshold.
 *
 * @param speedMps 10-min (or hourly) mean speeds, NaN = missing
 * @param intervalMinutes the grid interval
 * @returns the storms in time order
 * @example findIndependentStorms([5, 21, 22, 5, 5, 23], 60, { thresholdMps: 20, minSeparationHours: 3 }) // one storm, peak 23
 */
export function findIndependentStorms(
  speedMps: NumericSeries,
  intervalMinutes: number,
  options: { thresholdMps: number; minSeparationHours?: number; lowPassHours?: number },
): Storm[] {
  const n = speedMps.length;
  const threshold = options.thresholdMps;
  const separationHours = options.minSeparationHours ?? 48;
  const lowPassHours = options.lowPassHours ?? 0;
  if (
    !(intervalMinutes > 0) ||
    !Number.isFinite(threshold) ||
    !(separationHours >= 0) ||
    !(lowPassHours >= 0)
  ) {
    throw new Error('findIndependentStorms requires a positive interval, a threshold and non-negative hours');
  }
  const filtered =
    lowPassHours > 0 ? movingMean(speedMps, Math.round((lowPassHours * 60) / intervalMinutes)) : speedMps;
  const minLullSlots = (separationHours * 60) / intervalMinutes;
  const storms: Storm[] = [];
  let start = -1;
  let last = -1;
  const close = (): void => {
    let peakIndex = start;
    let peak = Number.NEGATIVE_INFINITY;
    for (let i = start; i <= last; i++) {
      const v = speedMps[i]!;
      if (v > peak) {
        peak = v;
        peakIndex = i;
      }
    }
    if (peak > Number.NEGATIVE_INFINITY)
      storms.push({ startIndex: start, endIndex: last, peakIndex, peakMps: peak });
  };
  for (let i = 0; i < n; i++) {
    if (!(filtered[i]! >= threshold)) continue;
    const lull = i - last - 1;
    if (start >= 0 && lull > 0 && lull >= minLullSlots) {
      close();
      start = -1;
    }
    if (start < 0) start = i;
    last = i;
  }
  if (start >= 0) close();
  return storms;
}

/** Centred moving mean over `width` slots (NaN skipped; NaN where the window has no value). */
function movingMean(values: NumericSeries, width: number): Float64Array {
  const n = values.length;
  const sums = new Float64Array(n + 1);
  const counts = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    const present = !Number.isNaN(v);
    sums[i + 1] = sums[i]! + (present ? v : 0);
    counts[i + 1] = counts[i]! + (present ? 1 : 0);
  }
  const half = Math.floor(Math.max(1, width) / 2);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n, i + half + 1);
    const c = counts[b]! - counts[a]!;
    out[i] = c > 0 ? (sums[b]! - sums[a]!) / c : Number.NaN;
  }
  return out;
}
