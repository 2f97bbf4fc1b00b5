/**
 * Types of the gap reconstruction engine (issue 45 §1; methods and defaults in ./METHODS.md).
 *
 * Every series is on the target's grid (one slot per interval, NaN = missing). The caller masks values
 * flagged invalid or icing (≥ 3) in the sources to NaN; the target's own flags come with it.
 */
import type { McpMethod } from '../longterm/types.ts';
import type { FlagSeries, NumericSeries } from '../model/types.ts';

/** Element of a reconstructed channel: speed, direction, temperature, pressure, relative humidity. */
export type ReconstructElement = 'ws' | 'wd' | 'T' | 'P' | 'RH';

/** Where a source comes from (ranked on skill, reported per kind). */
export type ReconstructSourceKind = 'redundant' | 'other_height' | 'neighbour' | 'reference';

/** One candidate source of a target. */
export interface ReconstructSource {
  /** The caller's key, echoed in results. */
  readonly id: string;
  readonly kind: ReconstructSourceKind;
  readonly element: ReconstructElement;
  readonly heightM?: number | undefined;
  /** On the target's grid, NaN = missing (the caller masked flags ≥ 3). */
  readonly values: NumericSeries;
  /** The source's vane: speed sources use it for sector fits (direction sources carry it in `values`). */
  readonly directionDeg?: NumericSeries | undefined;
  /** Pressure: the barometric reduction temperature, °C (optional; 15 °C without it). */
  readonly temperatureC?: NumericSeries | undefined;
}

/** The channel whose gaps are reconstructed. */
export interface ReconstructTarget {
  readonly id: string;
  readonly element: ReconstructElement;
  readonly heightM?: number | undefined;
  readonly values: NumericSeries;
  /** Flags 0–4; slots flagged ≥ 3 are gaps (their invalid values are replaced when a source fills them). */
  readonly flags?: FlagSeries | undefined;
}

/** Speed method: one of the long-term correction's, or 'auto' (the best cross-validated per source). */
export type ReconstructSpeedMethod = McpMethod | 'ols_through_origin' | 'auto';

/** Options of {@link reconstructSeries}. */
export interface ReconstructOptions {
  /** Stamp of the first slot (ms); calendar-free, used for SpeedSort's monthly means. */
  readonly startMs: number;
  readonly intervalMinutes: number;
  /** Speed method (default 'ols', WIND-ANALYSIS §5); overlaps shorter than 30 days use 'speed_ratio'. */
  readonly method?: ReconstructSpeedMethod | undefined;
  /** Sectors of speed and direction fits (default 12 where the source has a vane, else 0). */
  readonly sectors?: number | undefined;
  /** A sector with fewer concurrent pairs uses the overall fit (default 30, as the long-term correction). */
  readonly minSectorCount?: number | undefined;
  /** Minimum correlation of a source with the target (default 0.7, see METHODS.md). */
  readonly minR?: number | undefined;
  /** Minimum concurrent data, hours (default 168 = one week, see METHODS.md). */
  readonly minConcurrentHours?: number | undefined;
  /** Keep at most this many ranked sources (default all). */
  readonly maxSources?: number | undefined;
}

/** How a source was turned into target values. */
export type ReconstructMethod =
  | McpMethod
  | 'ols_through_origin'
  | 'veer'
  | 'offset'
  | 'lapse_rate'
  | 'barometric'
  | 'barometric_offset';

/** The fit of one sector (speed: its line; direction: its mean veer). */
export interface ReconstructSectorFit {
  readonly sector: number;
  /** Concurrent pairs in the sector. */
  readonly count: number;
  /** true when the sector had fewer than `minSectorCount` pairs and uses the overall fit. */
  readonly merged: boolean;
  readonly slope?: number | undefined;
  readonly offset?: number | undefined;
  readonly veerDeg?: number | undefined;
}

/** The fitted transfer from a source to the target: y = slope·x + offset (direction: x + veer). */
export interface ReconstructFit {
  readonly slope: number;
  readonly offset: number;
  readonly sectors?: readonly ReconstructSectorFit[] | undefined;
  /** Direction: the overall circular mean veer, degrees (target − source). */
  readonly veerDeg?: number | undefined;
  /** Temperature lapse rate / pressure reduction: target height − source height, m. */
  readonly heightDifferenceM?: number | undefined;
}

/** Skill of a source on concurrent data: r on all pairs, rmse/bias of cross-validated predictions. */
export interface ReconstructSkill {
  /** Pearson r (direction: circular correlation, Jammalamadaka–SenGupta); NaN without overlap. */
  readonly r: number;
  /** Root mean square of (predicted − measured) on held-out month blocks (direction: wrapped, °). */
  readonly rmse: number;
  readonly bias: number;
  readonly concurrentCount: number;
}

/** One accepted source, in rank order. */
export interface ReconstructStep {
  readonly sourceId: string;
  readonly kind: ReconstructSourceKind;
  readonly method: ReconstructMethod;
  readonly fit: ReconstructFit;
  readonly skill: ReconstructSkill;
  /** Target slots this source filled. */
  readonly filledCount: number;
  /** 0 = best. */
  readonly rank: number;
}

/** Why a source was not used. */
export type ReconstructRejectReason = 'tooFewPairs' | 'weakCorrelation' | 'noOverlap';

export interface ReconstructRejected {
  readonly sourceId: string;
  readonly reason: ReconstructRejectReason;
  /** The correlation or concurrent hours that failed the threshold, when known. */
  readonly r?: number | undefined;
  readonly concurrentHours?: number | undefined;
}

/** Gaps of one length class: runs of at most `maxSlots` missing slots (longer than the previous class). */
export interface ReconstructGapClass {
  readonly maxSlots: number;
  /** The same bound in hours (the last class: the series length, at least one slot over 30 days). */
  readonly maxHours: number;
  readonly count: number;
  readonly slots: number;
}

/** Result of {@link reconstructSeries}. */
export interface ReconstructResult {
  /** The target with its gaps filled where a source was present; measured values untouched. */
  readonly values: Float64Array;
  /** Filled slots flag 1 (filled), the others unchanged. */
  readonly flags: Uint8Array;
  /** Index into `steps` of the source that filled each slot, −1 = not filled. */
  readonly filledBy: Int16Array;
  readonly steps: ReconstructStep[];
  readonly rejected: ReconstructRejected[];
  /** The target's gaps (runs of missing or flag ≥ 3 slots) by length class. */
  readonly gaps: { readonly count: number; readonly slots: number; readonly byLength: ReconstructGapClass[] };
  /** Measured recovery (valid slots, WIND-ANALYSIS §3) and recovery after reconstruction, %. */
  readonly recovery: { readonly beforePct: number; readonly afterPct: number };
}

/** Options of {@link crossValidateReconstruction}. */
export interface ReconstructCrossValidationOptions extends ReconstructOptions {
  /** Seed of the hold-out placement (default 1). */
  readonly seed?: number | undefined;
  /** Share of the target's valid slots held out (default 0.1). */
  readonly holdOutShare?: number | undefined;
  /** Lengths (slots) the held-out blocks are drawn from (default: the target's real gap lengths). */
  readonly blockLengthSlots?: ArrayLike<number> | undefined;
}

/** Errors of the held-out slots reconstructed by one source kind. */
export interface ReconstructKindError {
  readonly slots: number;
  readonly bias: number;
  readonly rmse: number;
}

/** Result of {@link crossValidateReconstruction}. */
export interface ReconstructCrossValidation {
  /** Held-out blocks and slots (those a source could fill count in the errors). */
  readonly blocks: number;
  readonly heldOutSlots: number;
  readonly filledSlots: number;
  /** Mean and root mean square of (reconstructed − measured) (direction: wrapped, degrees). */
  readonly bias: number;
  readonly rmse: number;
  /** Direction: mean absolute wrapped error, degrees. */
  readonly directionErrorDeg?: number | undefined;
  /** Mean of the series with the held-out slots reconstructed against the measured mean, %. */
  readonly annualMeanErrorPct: number;
  /** Standard uncertainty the reconstruction of the target's real gaps adds to its mean, % (METHODS.md). */
  readonly annualMeanUncertaintyPct: number;
  readonly bySourceKind: Partial<Record<ReconstructSourceKind, ReconstructKindError>>;
}
