/** Start of the UTC calendar month holding `timeMs` (the store's grid restarts each month). */
function monthStart(timeMs: number): number {
  const d = new Date(timeMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Where a stamp falls within its step on the month grid, ms in [0, stepMs). */
export function gridPhaseMs(timeMs: number, stepMs: number): number {
  return (timeMs - monthStart(timeMs)) % stepMs;
}

export interface TGridFit {
  /** The phase most stamps share: 0 for a logger on the grid; else the whole file is shifted. */
  phaseMs: number;
  /** Distinct stamps off that common phase (e.g. 00:07 among 00:00, 00:10…). */
  offGridCount: number;
  /** Rows off the phase: the distinct stamps plus the file's repeats of them (NREL M5: 4 829 rows, 4 634 stamps). */
  offGridRowCount: number;
  firstOffGridMs: number | null;
}

/**
 * How a file's stamps sit on the store's grid (issue 12): the common phase, and the rows off it. Rows
 * off the common phase are not records of the grid (a logger restart writing 00:07, a manual reading)
 * and are kept out of it rather than snapped onto — and possibly over — a real record.
 */
export function fitToGrid(
  timesMs: Float64Array,
  stepMs: number,
  /** Stamps of rows dropped as repeats (the parser's `repeatedTimesMs`): counted as rows, not stamps. */
  repeatedTimesMs?: Float64Array,
): TGridFit {
  const counts = new Map<number, number>();
  for (let i = 0; i < timesMs.length; i++) {
    const phase = gridPhaseMs(timesMs[i]!, stepMs);
    counts.set(phase, (counts.get(phase) ?? 0) + 1);
  }
  let phaseMs = 0;
  let best = -1;
  for (const [phase, count] of counts) {
    if (count > best || (count === best && phase < phaseMs)) {
      phaseMs = phase;
      best = count;
    }
  }
  let offGridCount = 0;
  let firstOffGridMs: number | null = null;
  for (let i = 0; i < timesMs.length; i++) {
    if (gridPhaseMs(timesMs[i]!, stepMs) !== phaseMs) {
      offGridCount++;
      firstOffGridMs ??= timesMs[i]!;
    }
  }
  let offGridRowCount = offGridCount;
  if (repeatedTimesMs) {
    for (let i = 0; i < repeatedTimesMs.length; i++) {
      if (gridPhaseMs(repeatedTimesMs[i]!, stepMs) !== phaseMs) offGridRowCount++;
    }
  }
  return { phaseMs, offGridCount, offGridRowCount, firstOffGridMs };
}
