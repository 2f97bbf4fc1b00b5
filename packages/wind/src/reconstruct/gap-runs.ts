import type { ReconstructGapClass } from './types.ts';

/** Upper bounds of the gap length classes, hours: ≤ 1 h, ≤ 6 h, ≤ 1 day, ≤ 1 week, ≤ 30 days, longer. */
export const GAP_CLASS_HOURS: readonly number[] = [1, 6, 24, 168, 720];

/**
 * Runs of missing slots (usable[i] = 0) and their length classes.
 *
 * @returns starts and lengths of the runs (typed, `count` used) and the classes
 * @example gapRuns(Uint8Array.of(1, 0, 0, 1, 0), 10).lengths // [2, 1]
 */
export function gapRuns(
  usable: Uint8Array,
  intervalMinutes: number,
): {
  starts: Int32Array;
  lengths: Int32Array;
  count: number;
  slots: number;
  byLength: ReconstructGapClass[];
} {
  const n = usable.length;
  let count = 0;
  for (let i = 0; i < n; i++) if (usable[i] === 0 && (i === 0 || usable[i - 1] === 1)) count++;
  const starts = new Int32Array(count);
  const lengths = new Int32Array(count);
  let g = -1;
  let slots = 0;
  for (let i = 0; i < n; i++) {
    if (usable[i] === 1) continue;
    if (i === 0 || usable[i - 1] === 1) starts[++g] = i;
    lengths[g]! += 1;
    slots++;
  }
  const perHour = 60 / intervalMinutes;
  const bounds = GAP_CLASS_HOURS.map((h) => Math.max(1, Math.round(h * perHour)));
  const byLength: ReconstructGapClass[] = bounds.map((maxSlots, c) => ({
    maxSlots,
    maxHours: GAP_CLASS_HOURS[c]!,
    count: 0,
    slots: 0,
  }));
  // The last class: anything longer, up to the series length (at least one slot past the previous bound).
  const lastSlots = Math.max(n, bounds[bounds.length - 1]! + 1);
  byLength.push({ maxSlots: lastSlots, maxHours: (lastSlots * intervalMinutes) / 60, count: 0, slots: 0 });
  const counts = new Int32Array(byLength.length);
  const sums = new Int32Array(byLength.length);
  for (let k = 0; k < count; k++) {
    const len = lengths[k]!;
    let c = 0;
    while (c < bounds.length && len > bounds[c]!) c++;
    counts[c]! += 1;
    sums[c]! += len;
  }
  return {
    starts,
    lengths,
    count,
    slots,
    byLength: byLength.map((b, c) => ({ ...b, count: counts[c]!, slots: sums[c]! })),
  };
}
