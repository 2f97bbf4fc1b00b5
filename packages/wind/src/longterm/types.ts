/**
 * Types of the long-term correction (MCP) workbench (WIND-ANALYSIS §13).
 *
 * Time stamps are epoch milliseconds of one common time base (the reference and the target must share it;
 * brightwind compares naive stamps the same way). Each stamp labels the START of its period, and calendar
 * fields (hour, day, month) are read from it with UTC getters.
 */
import type { NumericSeries } from '../model/types.ts';

/** A regular series handed to the MCP functions: speeds (and optionally directions) on a grid, NaN = missing. */
export interface McpSeries {
  /** Stamp of the first slot (ms in the common time base; the slot's period start). */
  readonly startMs: number;
  readonly intervalMinutes: number;
  readonly speedMps: NumericSeries;
  /** Direction the wind blows from, degrees (optional; needed by sector fits and SpeedSort). */
  readonly directionDeg?: NumericSeries | undefined;
}

/** Averaging period of the alignment: one hour, one day (midnight to midnight) or one calendar month. */
export type McpPeriod = '1H' | '1D' | '1M';

/**
 * The one vocabulary of long-term correction methods: the five of WIND-ANALYSIS §13 (speed_ratio: b = ȳ/x̄,
 * a = 0 on the aligned periods), which are also the methods of the mesoscale scaling by sector (§12:
 * {@link scaleBySector}, where the API's older names `lls` and `ratio_of_means` are `ols` and `speed_ratio`).
 */
export type McpMethod = 'ols' | 'tls' | 'variance_ratio' | 'speed_sort' | 'speed_ratio';
export const MCP_METHODS: readonly McpMethod[] = [
  'ols',
  'tls',
  'variance_ratio',
  'speed_sort',
  'speed_ratio',
];

/**
 * A method the workbench compares: the five of §13 and OLS through the origin (b = Σxy/Σx², a = 0;
 * brightwind's `OrdinaryLeastSquares(..., forced_origin=True)`), which is offered, not compared by default.
 */
export type McpFitMethod = McpMethod | 'ols_through_origin';

/**
 * Which long-term series a long-term figure is of: the prediction at every reference period
 * (`prediction_only`) or the measured target period means where they pass their coverage and the
 * prediction elsewhere (`synthesised`, brightwind's `synthesize()`).
 */
export type LongTermSeriesKind = 'prediction_only' | 'synthesised';

/** Periods where reference and target both pass their coverage threshold (brightwind `.data`). */
export interface McpAlignment {
  readonly period: McpPeriod;
  readonly periodStartMs: Float64Array;
  /** Reference mean speed per aligned period. */
  readonly x: Float64Array;
  /** Target mean speed per aligned period. */
  readonly y: Float64Array;
  /** Vector-mean reference direction (present when the reference direction took part). */
  readonly xDirectionDeg: Float64Array | undefined;
  /** Vector-mean target direction (present when the target direction took part). */
  readonly yDirectionDeg: Float64Array | undefined;
  readonly xCoverage: Float64Array;
  readonly yCoverage: Float64Array;
}

/** One fitted line y = slope·x + offset (SpeedSort: from the origin below `cutoffMps`). */
export interface McpLine {
  /** Periods the line was fitted on. */
  readonly count: number;
  readonly slope: number;
  readonly offset: number;
  /** 1 − Σ(y − ŷ)²/Syy with vertical residuals (brightwind's r² for every method). */
  readonly rSquared: number;
  /** SpeedSort only: reference speed below which the line runs from the origin. */
  readonly cutoffMps?: number | undefined;
  /** SpeedSort only: first target speed kept (brightwind `target_speed_cutoff`). */
  readonly targetCutoffMps?: number | undefined;
}

/** The line of one reference-direction sector. */
export interface McpSectorFit {
  /** 0-based; sector 0 is centred on north. */
  readonly sector: number;
  readonly sectorMinDeg: number;
  readonly sectorMaxDeg: number;
  /** Aligned periods in the sector. */
  readonly count: number;
  /** The sector's own line; undefined when it has too few periods (see `isMerged`). */
  readonly ownLine: McpLine | undefined;
  /** true when the sector has fewer than the minimum periods and predicts with the overall line. */
  readonly isMerged: boolean;
  /** The line used to predict in this sector: its own, the overall one when merged, or none. */
  readonly line: McpLine | undefined;
  /** Circular mean of (target − reference direction) over the sector's periods, degrees (0 without target directions). */
  readonly directionOffsetDeg: number;
  /** SpeedSort only: brightwind's average veer and its count (periods passing both veer cutoffs). */
  readonly averageVeerDeg?: number | undefined;
  readonly veerCount?: number | undefined;
}

/** A fit of one method, overall and (optionally) by sector. */
export interface McpFit {
  readonly method: McpFitMethod;
  /** Number of reference-direction sectors; 0 for an overall-only fit. */
  readonly sectors: number;
  /** Line over all aligned periods (undefined with fewer than 2 usable periods). */
  readonly overall: McpLine | undefined;
  readonly bySector: readonly McpSectorFit[];
  /** Overall circular mean of (target − reference direction), degrees (0 without target directions). */
  readonly directionOffsetDeg: number;
  /** SpeedSort only: the cutoff c, veer cutoffs and overall veer (brightwind's params, unrounded). */
  readonly speedSort?:
    | {
        readonly referenceCutoffMps: number;
        readonly referenceVeerCutoffMps: number;
        readonly targetVeerCutoffMps: number;
        readonly overallAverageVeerDeg: number;
        /** MOMM of the aligned reference speeds (the long-term reference speed L of the cutoff). */
        readonly longTermReferenceMps: number;
      }
    | undefined;
}
