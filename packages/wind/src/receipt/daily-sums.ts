const DAY_MS = 86_400_000;

/** Per-UTC-day sums of a few quantities over a window, plus the day grid they sit on. */
export interface DailySums {
  /** UTC ms of the first day's midnight. */
  readonly firstDayMs: number;
  readonly days: number;
  /** Row-major days × width; column 0 is the record count by convention of the callers. */
  readonly sums: Float64Array;
  readonly width: number;
}

/**
 * Adds each record's contribution to its UTC day's row: `add(i, row, offset)` writes into `row[offset + k]`.
 * Callers keep the record count in column 0 so empty days are recognised.
 */
export function dailySums(
  timesMs: Float64Array,
  width: number,
  add: (index: number, row: Float64Array, offset: number) => void,
): DailySums {
  if (timesMs.length === 0) return { firstDayMs: 0, days: 0, sums: new Float64Array(0), width };
  const firstDayMs = Math.floor(timesMs[0]! / DAY_MS) * DAY_MS;
  const days = Math.floor(timesMs[timesMs.length - 1]! / DAY_MS) - firstDayMs / DAY_MS + 1;
  const sums = new Float64Array(Math.max(0, days) * width);
  for (let i = 0; i < timesMs.length; i++) {
    const d = Math.floor((timesMs[i]! - firstDayMs) / DAY_MS);
    if (d < 0 || d >= days) continue;
    add(i, sums, d * width);
  }
  return { firstDayMs, days, sums, width };
}
