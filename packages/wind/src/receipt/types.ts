/**
 * Types of the data receipt (WIND-ANALYSIS §15): the checks run on every arriving file, judged on the file
 * together with the site's previous 30 days.
 *
 * A window is plain typed arrays: `timesMs` are UTC epoch milliseconds of each record's period start, in
 * increasing order (the file's own rows may repeat or sit off the grid; the basic receipt reports that), and
 * every channel is a Float64Array parallel to `timesMs` with NaN for missing. Keys in results (`reason`,
 * `key`, number names) are machine-readable; the server localises them.
 */

/** Records of one logger file, or of the site's previous 30 days, as parallel arrays. */
export interface ReceiptWindow {
  /** UTC ms of each record's period start. */
  readonly timesMs: Float64Array;
  /** Channel id → values parallel to `timesMs`, NaN = missing. */
  readonly channels: Readonly<Record<string, Float64Array>>;
}

/** Element of a channel as the receipt knows it: speed, direction, temperature, humidity, pressure, solar radiation. */
export type ReceiptElement = 'ws' | 'wd' | 'T' | 'RH' | 'p' | 'G' | 'other';

/** What the site's configuration says about a channel (the metadata the receipt checks against the data). */
export interface ReceiptChannel {
  readonly id: string;
  readonly element: ReceiptElement;
  readonly heightM?: number | undefined;
  /** Declared boom orientation, ° from N, pointing from the mast to the sensor. */
  readonly boomDeg?: number | undefined;
  /** Statistic; only `avg` channels take part in the metadata checks (missing = avg). */
  readonly statistic?: 'avg' | 'sd' | 'max' | 'min' | undefined;
  /** Kind of sensor (e.g. `cup`, `sonic`, `propeller`); a pair of different kinds is not a twin for the slope check. */
  readonly sensorKind?: string | undefined;
  /** Configured calibration slope and offset of the channel (for the logger-declared comparison). */
  readonly slope?: number | undefined;
  readonly offset?: number | undefined;
}

/** Severity of a finding: `error` = the metadata is very probably wrong; `warning` = worth a look. */
export type ReceiptSeverity = 'info' | 'warning' | 'error';

/** The fix a finding suggests, as data; the server applies it as an undoable processing step. */
export type ReceiptFix =
  | { readonly kind: 'shift_clock'; readonly fromMs: number; readonly toMs: number; readonly minutes: number }
  | {
      readonly kind: 'swap_heights';
      readonly channelA: string;
      readonly channelB: string;
      readonly fromMs: number;
    }
  | { readonly kind: 'set_boom_orientation'; readonly channel: string; readonly deg: number }
  | {
      readonly kind: 'slope_offset';
      readonly channel: string;
      readonly slope: number;
      readonly offset: number;
      readonly fromMs: number;
    }
  | { readonly kind: 'vane_offset'; readonly channel: string; readonly deg: number; readonly fromMs: number }
  | {
      /** Flag the channel's values outside [min, max] in [fromMs, toMs) invalid (values kept, issue 41). */
      readonly kind: 'flag_invalid';
      readonly channel: string;
      readonly fromMs: number;
      readonly toMs: number;
      readonly min: number;
      readonly max: number;
    };

/**
 * Data for a small chart: one x axis and one or more named y series of equal length (NaN = no value).
 * `kind` names the picture: ratio by direction bin, correlation by clock lag, diurnal cycles, daily values,
 * a run of values.
 */
export interface ReceiptChart {
  readonly kind: 'by_direction' | 'by_lag' | 'diurnal' | 'daily' | 'run';
  /** Machine-readable name of the x axis (e.g. `direction_deg`, `lag_min`, `hour_utc`, `day_start_ms`). */
  readonly xKey: string;
  readonly x: readonly number[];
  readonly series: readonly { readonly key: string; readonly y: readonly number[] }[];
  /** Named marks on the x axis (e.g. `declared_wake_deg`, `found_wake_deg`, `best_lag_min`). */
  readonly marks?: Readonly<Record<string, number>> | undefined;
}

/** Check kinds of the receipt. */
export type ReceiptCheckKind =
  | 'basic'
  | 'clock_offset'
  | 'swapped_heights'
  | 'boom_orientation'
  | 'slope_mismatch'
  | 'declared_calibration'
  | 'vane_offset'
  | 'stuck_sensor';

/** One finding: what is wrong, how sure, the numbers behind it, a chart and the suggested fix. */
export interface ReceiptFinding {
  readonly check: ReceiptCheckKind;
  /** Machine-readable finding key, e.g. `clock_offset.radiation`, `swapped_heights.ratio_crossed_one`. */
  readonly key: string;
  readonly severity: ReceiptSeverity;
  /** Channels the finding is about. */
  readonly channels: readonly string[];
  /** Period the finding covers (UTC ms, [fromMs, toMs)). */
  readonly fromMs: number;
  readonly toMs: number;
  /** The numbers behind it, by machine-readable name. */
  readonly numbers: Readonly<Record<string, number>>;
  readonly chart?: ReceiptChart | undefined;
  readonly fix?: ReceiptFix | undefined;
}

/** A check that ran and found nothing wrong: its numbers (and chart) for the receipt page. */
export interface ReceiptPass {
  readonly check: ReceiptCheckKind;
  readonly channels: readonly string[];
  readonly numbers: Readonly<Record<string, number>>;
  readonly chart?: ReceiptChart | undefined;
}

/** A check that could not run, with a machine-readable reason (e.g. `no_radiation_or_temperature`). */
export interface ReceiptSkip {
  readonly check: ReceiptCheckKind;
  readonly channels: readonly string[];
  readonly reason: string;
  readonly numbers?: Readonly<Record<string, number>> | undefined;
}

/** Outcome of one check on one channel or pair. */
export type ReceiptCheckResult =
  | { readonly status: 'finding'; readonly finding: ReceiptFinding }
  | { readonly status: 'pass'; readonly pass: ReceiptPass }
  | { readonly status: 'skipped'; readonly skip: ReceiptSkip };

/** Thresholds of WIND-ANALYSIS §15 (all editable; the defaults are the section's numbers). */
export const RECEIPT_DEFAULTS = {
  intervalMinutes: 10,
  clock: { maxLagHours: 12, flagMinutes: 30, minDays: 7 },
  swappedHeights: { minSpeedMps: 4, ratioBelow: 0.97, minDays: 7, crossMargin: 0.01, wakeHalfWidthDeg: 30 },
  boom: { binDeg: 10, minRecordsPerBin: 30, flagDeg: 20, minDipPercent: 8, minSpeedMps: 3 },
  slope: { minSpeedMps: 4, flagPercent: 2, minRecords: 144, wakeHalfWidthDeg: 30 },
  vane: { minSpeedMps: 4, flagDeg: 10, minRecords: 144, minDays: 7 },
  stuck: { minRun: 6, minSpeedMps: 1, minTemperatureC: 2, chanceOfFalseRun: 0.01 },
} as const;
