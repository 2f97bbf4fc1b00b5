/**
 * The 12 consecutive months with the best data recovery (GB/T 18710 representative year: "one full
 * measured year … with the best recovery rate"; WIND-ANALYSIS §7). Rate of a window = Σ valid / Σ should.
 * Ties keep the earliest window.
 *
 * @param months per-month recovery in calendar order (e.g. `dataRecovery(...).byMonth`), consecutive
 * @returns index of the first month and the window's rate in %, or undefined with fewer than 12 months
 * @example selectBestYear(recovery.byMonth) // { startIndex: 3, validRatePct: 97.2 }
 */
export function selectBestYear(
  months: ReadonlyArray<{ year: number; month: number; shouldCount: number; validCount: number }>,
): { startIndex: number; validRatePct: number } | undefined {
  for (let k = 1; k < months.length; k++) {
    const a = months[k - 1]!;
    const b = months[k]!;
    if (b.year * 12 + b.month !== a.year * 12 + a.month + 1)
      throw new Error('selectBestYear requires consecutive months');
  }
  if (months.length < 12) return undefined;
  let best: { startIndex: number; validRatePct: number } | undefined;
  for (let start = 0; start + 12 <= months.length; start++) {
    let valid = 0;
    let should = 0;
    for (let k = start; k < start + 12; k++) {
      valid += months[k]!.validCount;
      should += months[k]!.shouldCount;
    }
    const rate = should > 0 ? (valid / should) * 100 : 0;
    if (!best || rate > best.validRatePct) best = { startIndex: start, validRatePct: rate };
  }
  return best;
}
