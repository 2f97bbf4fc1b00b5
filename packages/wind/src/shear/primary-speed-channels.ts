import type { SpeedSensorKind } from '../model/types.ts';

/** A speed average that may take part in the default shear fit. */
export interface SpeedSensorCandidate {
  readonly id: string;
  readonly heightM: number;
  /** Cup or sonic; undefined when nothing says (read as a cup, the usual resource-assessment sensor). */
  readonly sensorKind?: SpeedSensorKind | undefined;
  /** Usable records over the period (more data wins between two sensors of one height and kind). */
  readonly valueCount: number;
}

/**
 * The speed averages a shear fit uses by default (WIND-ANALYSIS §6, §8.10): one primary cup anemometer
 * per height [P]. A profile is fitted on one sensor type: sonic and cup anemometers measure the
 * horizontal speed differently (cup over-speeding, the sonic's vector average) and sonics usually cover
 * a shorter period, so pooling them with the cups biases α and leaves few concurrent records (NREL M5:
 * 16 heights and 6 911 concurrent rows instead of the ten cups' own profile).
 * - Cups (and sensors of unknown kind) are used when at least two heights have one; else sonics when
 *   two heights have one; else every sensor.
 * - At a height with more than one sensor of that kind (a dual-boom mast) the one with the most usable
 *   records wins (the sensor less often missing, broken or iced); on a tie the
 *   first in channel order (brightwind's demo mast then keeps its N booms, as its `Shear.Average`).
 * Other choices (a sonic profile, the other boom) are the caller's explicit pick.
 *
 * @returns the chosen candidates in ascending height, one per height (heights equal to the centimetre)
 * @example primarySpeedChannels([{ id: 'c80', heightM: 80, valueCount: 9 }, { id: 's74', heightM: 74, sensorKind: 'sonic', valueCount: 9 }, { id: 'c40', heightM: 40, valueCount: 9 }]) // [c40, c80]
 */
export function primarySpeedChannels<T extends SpeedSensorCandidate>(candidates: readonly T[]): T[] {
  const usable = candidates.filter((c) => Number.isFinite(c.heightM));
  const heightsOf = (list: readonly T[]) => new Set(list.map((c) => heightKey(c.heightM))).size;
  const cups = usable.filter((c) => c.sensorKind !== 'sonic');
  const sonics = usable.filter((c) => c.sensorKind === 'sonic');
  const pool = heightsOf(cups) >= 2 ? cups : heightsOf(sonics) >= 2 ? sonics : usable;
  const best = new Map<number, T>();
  for (const c of pool) {
    const key = heightKey(c.heightM);
    const current = best.get(key);
    if (!current || c.valueCount > current.valueCount) best.set(key, c);
  }
  return [...best.values()].sort((a, b) => a.heightM - b.heightM);
}

function heightKey(heightM: number): number {
  return Math.round(heightM * 100);
}
