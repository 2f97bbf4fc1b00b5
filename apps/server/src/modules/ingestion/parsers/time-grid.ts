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

/** The share of the interval a stamp may sit off the grid and still be a record of it (clock jitter). */
export const SNAP_TOLERANCE_SHARE = 0.02;

/**
 * Moves stamps jittered by a logger clock (`00:19:59`, `03:10:01` among 10-minute stamps) onto the file's
 * grid, in place (issue 40): a stamp within SNAP_TOLERANCE_SHARE of the interval (12 s at 10 minutes) of
 * the common phase (the one most stamps share) is a record of that grid point. A stamp is left where it
 * is when its grid point is taken by a neighbour (then it is off the grid, as fitToGrid reports), so that
 * snapping never puts a row over a record. `timesMs` ascending.
 */
export function snapToGrid(timesMs: Float64Array, stepMs: number): { snapped: number; toleranceMs: number } {
  const toleranceMs = Math.floor(stepMs * SNAP_TOLERANCE_SHARE);
  if (toleranceMs < 1 || timesMs.length < 2) return { snapped: 0, toleranceMs };
  const counts = new Map<number, number>();
  for (let i = 0; i < timesMs.length; i++) {
    const phase = gridPhaseMs(timesMs[i]!, stepMs);
    counts.set(phase, (counts.get(phase) ?? 0) + 1);
  }
  const offset = (phase: number, from: number) => {
    let d = (((phase - from) % stepMs) + stepMs) % stepMs;
    if (d > stepMs / 2) d -= stepMs;
    return d;
  };
  // The common phase is the one most stamps share exactly (fitToGrid's): jitter spreads, a grid does not.
  let phaseMs = 0;
  let best = -1;
  for (const [phase, count] of counts) {
    if (count > best || (count === best && phase < phaseMs)) {
      phaseMs = phase;
      best = count;
    }
  }
  let snapped = 0;
  for (let i = 0; i < timesMs.length; i++) {
    const t = timesMs[i]!;
    const d = offset(gridPhaseMs(t, stepMs), phaseMs);
    if (d === 0 || Math.abs(d) > toleranceMs) continue;
    const target = t - d;
    if ((i > 0 && target <= timesMs[i - 1]!) || (i + 1 < timesMs.length && target >= timesMs[i + 1]!))
      continue;
    timesMs[i] = target;
    snapped++;
  }
  return { snapped, toleranceMs };
}
