import type { FlagCode } from '../model/types.ts';

/** One flag change proposed by a QC rule: which value, from which flag to which, and why. */
export interface FlagChange {
  readonly channelId: string;
  /** Slot index on the grid. */
  readonly index: number;
  readonly fromFlag: FlagCode;
  readonly toFlag: FlagCode;
  /** Id of the rule that caused it (e.g. `range:ws`, `trend:T`, `custom:rule-7`, `icing`). */
  readonly rule: string;
}

/** Default QC limits (WIND-ANALYSIS §2.1, GB/T 18710-2002 / NB/T 31147-2018 as summarised). All editable. */
export const QC_DEFAULTS = {
  range: {
    ws: { min: 0, max: 40 },
    wd: { min: 0, max: 360 },
    T: { min: -40, max: 50 },
    p: { min: 500, max: 1100 },
    RH: { min: 0, max: 100 },
  },
  trend: {
    ws: { maxChange: 6, windowHours: 1 },
    T: { maxChange: 5, windowHours: 1 },
    p: { maxChange: 10, windowHours: 3 },
  },
  /** Adjacent-level speed difference limits by height pair (qh_xj table), m/s; direction 22.5°. */
  relational: {
    speed: [
      { upperM: 50, lowerM: 30, maxDifference: 2 },
      { upperM: 50, lowerM: 10, maxDifference: 4 },
      { upperM: 30, lowerM: 10, maxDifference: 2 },
      { upperM: 70, lowerM: 50, maxDifference: 2 },
      { upperM: 70, lowerM: 30, maxDifference: 4 },
      { upperM: 70, lowerM: 10, maxDifference: 6 },
      { upperM: 100, lowerM: 70, maxDifference: 3 },
      { upperM: 100, lowerM: 50, maxDifference: 5 },
      { upperM: 100, lowerM: 30, maxDifference: 7 },
    ],
    directionDeg: 22.5,
  },
} as const;
