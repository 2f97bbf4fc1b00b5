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
  readonly xKey: ReceiptChartKey;
  readonly x: readonly number[];
  readonly series: readonly { readonly key: ReceiptChartKey; readonly y: readonly number[] }[];
  /** Named marks on the x axis (e.g. `declared_wake_deg`, `found_wake_deg`, `best_lag_min`). */
  readonly marks?: Readonly<Partial<Record<ReceiptChartKey, number>>> | undefined;
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

/** What one check may write into its results: finding keys, skip reasons, number names, chart keys. */
export interface ReceiptCheckVocabulary {
  readonly findings: readonly string[];
  readonly skips: readonly string[];
  readonly numbers: readonly string[];
  /** Chart axis (`xKey`), series and mark names. */
  readonly chart: readonly string[];
}

/**
 * Every key each check writes, by check kind (the skips `receiptChecks` itself writes included). Results are
 * typed by it, so a check cannot write a key that is not listed; the screens name every listed key in the
 * reader's language (the web's receipt labels test goes through this table, kind by kind).
 */
export const RECEIPT_VOCABULARY = {
  basic: {
    findings: ['basic.gaps', 'basic.duplicates', 'basic.off_grid', 'basic.out_of_range'],
    skips: [],
    numbers: [
      'gapCount',
      'missingSlots',
      'longestGapMinutes',
      'duplicates',
      'conflictingDuplicates',
      'offGrid',
      'outOfOrder',
      'outOfRange',
      'valid',
      'min',
      'max',
      'rangeMin',
      'rangeMax',
    ],
    chart: [],
  },
  clock_offset: {
    findings: ['clock_offset.radiation', 'clock_offset.temperature_phase', 'clock_offset.lapse_phase'],
    skips: [
      'no_radiation_or_temperature',
      'no_site_coordinates',
      'no_radiation_data',
      'radiation_does_not_follow_sun',
      'no_history',
      'too_few_full_days',
      'diurnal_cycle_too_weak',
      'phase_unstable',
    ],
    numbers: [
      'daytime',
      'lagMinutes',
      'stepLagMinutes',
      'bestCorrelation',
      'correlationAtZero',
      'records',
      'shiftMinutes',
      'stepShiftMinutes',
      'oddDaysShiftMinutes',
      'evenDaysShiftMinutes',
      'fileDays',
      'historyDays',
      'historyRange',
      'signals',
      'fixMinutes',
    ],
    chart: ['lag_min', 'correlation', 'best_lag_min', 'hour_utc', 'file', 'history', 'shift_min'],
  },
  swapped_heights: {
    findings: [
      'swapped_heights.ratio_crossed_one',
      'swapped_heights.ratio_below',
      'swapped_heights.ratio_inverted',
    ],
    skips: ['fewer_than_two_heights', 'not_two_heights', 'too_few_records', 'shear_too_weak'],
    numbers: [
      'fileRatio',
      'historyRatio',
      'records',
      'ratioAfter',
      'ratioBefore',
      'recordsAfter',
      'daysAfter',
    ],
    chart: ['day_start_ms', 'ratio_upper_lower', 'history_ratio', 'from_ms'],
  },
  boom_orientation: {
    findings: ['boom_orientation.wake_elsewhere'],
    skips: [
      'no_same_height_pair',
      'no_vane',
      'no_declared_boom',
      'declared_wake_unobserved',
      'no_clear_wake',
    ],
    numbers: [
      'declaredBoomDeg',
      'foundBoomDeg',
      'deltaDeg',
      'wakeDeg',
      'dipPercent',
      'minRatio',
      'medianRatio',
      'observedBins',
      'records',
    ],
    chart: ['direction_deg', 'ratio', 'records', 'declared_wake_deg', 'found_wake_deg'],
  },
  slope_mismatch: {
    findings: ['slope_mismatch.changed', 'slope_mismatch.pair'],
    skips: ['no_same_height_pair', 'no_vane', 'no_declared_boom', 'too_few_records', 'mixed_pair_scatter'],
    numbers: [
      'fileSlope',
      'historySlope',
      'changePercent',
      'differencePercent',
      'slopeAfter',
      'slopeBefore',
      'records',
      'recordsAfter',
      'historyDays',
      'dailyScatterPercent',
    ],
    chart: ['day_start_ms', 'slope', 'history_slope', 'from_ms'],
  },
  declared_calibration: {
    findings: ['declared_calibration.differs'],
    skips: ['unknown_channel', 'no_configured_calibration'],
    numbers: ['loggerSlope', 'loggerOffset', 'configuredSlope', 'configuredOffset'],
    chart: [],
  },
  vane_offset: {
    findings: ['vane_offset.changed', 'vane_offset.pair'],
    skips: ['fewer_than_two_vanes', 'no_speed', 'too_few_records'],
    numbers: [
      'fileMeanDeg',
      'historyMeanDeg',
      'changeDeg',
      'meanAfterDeg',
      'meanBeforeDeg',
      'records',
      'recordsAfter',
    ],
    chart: ['day_start_ms', 'mean_difference_deg', 'history_mean_deg', 'from_ms'],
  },
  stuck_sensor: {
    findings: ['stuck_sensor.run', 'stuck_sensor.run_temperature_unknown'],
    skips: ['no_speed', 'no_data'],
    numbers: ['requiredRun', 'equalNeighbourRate', 'records', 'runs', 'longestRunRecords', 'longestRunValue'],
    chart: ['run_start_ms', 'length_records', 'value'],
  },
} as const satisfies Record<ReceiptCheckKind, ReceiptCheckVocabulary>;

type TVocabularyEntry = (typeof RECEIPT_VOCABULARY)[ReceiptCheckKind];
/** A finding key of some check (`clock_offset.radiation` …). */
export type ReceiptFindingKey = TVocabularyEntry['findings'][number];
/** A reason a check was skipped. */
export type ReceiptSkipReason = TVocabularyEntry['skips'][number];
/** The name of a number of a finding, a pass or a skip. */
export type ReceiptNumberKey = TVocabularyEntry['numbers'][number];
/** The name of a chart's axis, series or mark. */
export type ReceiptChartKey = TVocabularyEntry['chart'][number];
/** Numbers of a result by name. */
export type ReceiptNumbers = Readonly<Partial<Record<ReceiptNumberKey, number>>>;

/** One finding: what is wrong, how sure, the numbers behind it, a chart and the suggested fix. */
export interface ReceiptFinding {
  readonly check: ReceiptCheckKind;
  /** Machine-readable finding key, e.g. `clock_offset.radiation`, `swapped_heights.ratio_crossed_one`. */
  readonly key: ReceiptFindingKey;
  readonly severity: ReceiptSeverity;
  /** Channels the finding is about. */
  readonly channels: readonly string[];
  /** Period the finding covers (UTC ms, [fromMs, toMs)). */
  readonly fromMs: number;
  readonly toMs: number;
  /** The numbers behind it, by machine-readable name. */
  readonly numbers: ReceiptNumbers;
  readonly chart?: ReceiptChart | undefined;
  readonly fix?: ReceiptFix | undefined;
}

/** A check that ran and found nothing wrong: its numbers (and chart) for the receipt page. */
export interface ReceiptPass {
  readonly check: ReceiptCheckKind;
  readonly channels: readonly string[];
  readonly numbers: ReceiptNumbers;
  readonly chart?: ReceiptChart | undefined;
}

/** A check that could not run, with a machine-readable reason (e.g. `no_radiation_or_temperature`). */
export interface ReceiptSkip {
  readonly check: ReceiptCheckKind;
  readonly channels: readonly string[];
  readonly reason: ReceiptSkipReason;
  readonly numbers?: ReceiptNumbers | undefined;
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
  slope: {
    minSpeedMps: 4,
    flagPercent: 2,
    minRecords: 144,
    wakeHalfWidthDeg: 30,
    sectors: 12,
    minSectorRecords: 30,
  },
  vane: { minSpeedMps: 4, flagDeg: 10, minRecords: 144, minDays: 7 },
  stuck: { minRun: 6, minSpeedMps: 1, minTemperatureC: 2, chanceOfFalseRun: 0.01 },
} as const;
