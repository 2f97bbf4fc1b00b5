import type { DailySums } from './daily-sums.ts';

/** One place where a fault may have started: sums before (history + file days before) and after. */
export interface SplitCandidate {
  /** UTC ms of the midnight the "after" part starts at (the file's first record for the first candidate). */
  readonly fromMs: number;
  readonly before: Float64Array;
  readonly after: Float64Array;
  /** Days with data in the "after" part. */
  readonly daysAfter: number;
}

/**
 * Candidate start days of a fault inside the file: for each UTC day d of the file, the sums of the history
 * and the file before d against the file from d on. Only candidates with at least `minDaysAfter` days with
 * data (column 0 > `minRecordsPerDay`) after them are returned, the file's start first.
 */
export function splitCandidates(
  file: DailySums,
  fileStartMs: number,
  history: Float64Array | undefined,
  minDaysAfter: number,
  minRecordsPerDay = 0,
): SplitCandidate[] {
  const w = file.width;
  const out: SplitCandidate[] = [];
  const after = new Float64Array(w);
  let daysAfter = 0;
  const suffix: { after: Float64Array; daysAfter: number }[] = new Array(file.days);
  for (let d = file.days - 1; d >= 0; d--) {
    for (let k = 0; k < w; k++) after[k]! += file.sums[d * w + k]!;
    if (file.sums[d * w]! > minRecordsPerDay) daysAfter++;
    suffix[d] = { after: after.slice(), daysAfter };
  }
  const before = history ? history.slice() : new Float64Array(w);
  for (let d = 0; d < file.days; d++) {
    const s = suffix[d]!;
    if (s.daysAfter < minDaysAfter) break;
    out.push({
      fromMs: d === 0 ? fileStartMs : file.firstDayMs + d * 86_400_000,
      before: before.slice(),
      after: s.after,
      daysAfter: s.daysAfter,
    });
    for (let k = 0; k < w; k++) before[k]! += file.sums[d * w + k]!;
  }
  return out;
}
