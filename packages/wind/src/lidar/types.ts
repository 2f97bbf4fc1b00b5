import type { FlagSeries, NumericSeries } from '../model/types.ts';
import type { LidarKpis } from './owa-roadmap-kpis.ts';

/** One matched height of a lidar-versus-mast check: both sides' series on one 10-min grid. */
export interface LidarVsMastHeightInput {
  /** The lidar's measurement height, m. */
  readonly heightM: number;
  /** The mast's sensor height, m (defaults to the lidar's). */
  readonly mastHeightM?: number;
  readonly lidarSpeed: NumericSeries;
  readonly lidarSpeedFlags?: FlagSeries;
  readonly mastSpeed: NumericSeries;
  readonly mastSpeedFlags?: FlagSeries;
  readonly lidarDirection?: NumericSeries;
  readonly lidarDirectionFlags?: FlagSeries;
  readonly mastDirection?: NumericSeries;
  readonly mastDirectionFlags?: FlagSeries;
}

export interface LidarVsMastOptions {
  /** Pairs with a mast speed below this are left out (speed and direction), m/s; default 2. */
  readonly minReferenceSpeed?: number;
  /** Pairs with a mast speed above this are left out, m/s; default none. */
  readonly maxReferenceSpeed?: number;
  /** Fewer pairs than this cannot be judged; default 100. */
  readonly minPairs?: number;
  /** Whether suspicious (2) values pair; default true (WIND-ANALYSIS §2.3). */
  readonly includeSuspicious?: boolean;
  /** Acceptance criteria; default {@link OWA_ROADMAP_KPIS}. */
  readonly kpis?: LidarKpis;
}

/** Speed agreement of one height (lidar y on mast x). */
export interface LidarSpeedComparison {
  readonly pairCount: number;
  readonly meanLidar: number | null;
  readonly meanMast: number | null;
  /** Mean of lidar − mast, m/s. */
  readonly meanDifference: number | null;
  readonly throughOrigin: { readonly slope: number; readonly rSquared: number } | null;
  readonly withOffset: {
    readonly slope: number;
    readonly intercept: number;
    readonly rSquared: number;
  } | null;
}

/** Direction agreement of one height: lidar directions unwrapped to within ±180° of the mast's. */
export interface LidarDirectionComparison {
  readonly pairCount: number;
  readonly slope: number | null;
  /** Intercept of the regression with offset, degrees. */
  readonly offsetDeg: number | null;
  readonly rSquared: number | null;
  /** Circular mean of lidar − mast, degrees in [−180, 180). */
  readonly meanDifferenceDeg: number | null;
}

/** Why a height misses a level of the acceptance criteria (machine-readable keys). */
export type LidarKpiReason =
  | 'speed_too_few_pairs'
  | 'speed_slope'
  | 'speed_r_squared'
  | 'direction_too_few_pairs'
  | 'direction_slope'
  | 'direction_r_squared'
  | 'direction_offset';

export interface LidarKpiVerdict {
  readonly pass: boolean;
  /** Empty when the level passes. */
  readonly reasons: readonly LidarKpiReason[];
}

/** The verification of one height. */
export interface LidarVsMastHeight {
  readonly heightM: number;
  readonly mastHeightM: number;
  readonly speed: LidarSpeedComparison;
  /** Null when no direction series were given. */
  readonly direction: LidarDirectionComparison | null;
  readonly bestPractice: LidarKpiVerdict;
  readonly minimum: LidarKpiVerdict;
  /** The highest level passed. */
  readonly verdict: 'best_practice' | 'minimum' | 'fail';
}
