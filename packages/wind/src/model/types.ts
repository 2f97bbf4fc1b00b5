/**
 * Core data model of the wind library (WIND-ANALYSIS §1, DESIGN §3).
 *
 * Values live on a dense, regular time grid: one slot per averaging interval, `NaN` where no
 * record exists. Flags are a parallel array of codes 0–4 (see {@link FLAG}).
 */

/** A numeric series: `Float32Array` (storage), `Float64Array` or a plain array. `NaN` = missing. */
export type NumericSeries = ArrayLike<number>;

/** A flag series parallel to a {@link NumericSeries}: `Uint8Array` of codes 0–4. */
export type FlagSeries = ArrayLike<number>;

/** Flag codes per value (DESIGN §3, WIND-ANALYSIS §2.3). */
export type FlagCode = 0 | 1 | 2 | 3 | 4;

/** Measured element of a channel. */
export type Element = 'ws' | 'wd' | 'T' | 'RH' | 'p' | 'rho' | 'other';

/** Statistic of a channel over one averaging interval. */
export type ChannelStatistic = 'avg' | 'sd' | 'max' | 'min';

/**
 * A regular time grid of period-start stamps.
 * `startMs` is the UTC epoch milliseconds of the first slot's period start.
 */
export interface TimeGrid {
  readonly startMs: number;
  readonly intervalMinutes: number;
  readonly length: number;
}

/** Kind of a wind speed sensor: a cup anemometer or a (2-D/3-D) sonic anemometer. */
export type SpeedSensorKind = 'cup' | 'sonic';

/** One channel of a station: element × height × boom × statistic, values on the station grid. */
export interface Channel {
  readonly id: string;
  readonly element: Element;
  readonly heightM: number;
  readonly statistic: ChannelStatistic;
  readonly unit?: string;
  readonly boomOrientationDeg?: number;
  /** Speed channels: the sensor kind when known (the default shear fit keeps to cups). */
  readonly sensorKind?: SpeedSensorKind;
  /**
   * The stored element when it is not a wind element (element 'other'): a lidar's `cnr`, `avail`, `qf`,
   * `wsv`… — what the lidar/sodar filters read (issue 31).
   */
  readonly sourceElement?: string;
  readonly values: NumericSeries;
  readonly flags?: FlagSeries;
}

/** A station (met mast) dataset: a grid, a fixed UTC offset (never DST) and its channels. */
export interface Station {
  readonly grid: TimeGrid;
  /** Fixed offset of the local standard time from UTC, in hours (may be fractional, e.g. 5.5). */
  readonly utcOffsetHours: number;
  readonly channels: readonly Channel[];
}

/** Calendar fields of a local time. `month` 1–12, `day` 1–31. */
export interface CivilTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** One calendar month touched by a grid (local time). */
export interface CalendarMonth {
  readonly year: number;
  /** 1–12 */
  readonly month: number;
  /** Grid slots inside this month (the "should" count of §3 for the active period). */
  readonly slotCount: number;
  /** Slots in the whole calendar month (days-in-month × slots per day), brightwind's coverage denominator. */
  readonly fullMonthSlotCount: number;
}

/** One local calendar day touched by a grid. */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly slotCount: number;
}

/**
 * Per-slot calendar lookup tables for a grid in local standard time, computed once and shared by
 * the statistics so the hot loops stay on typed arrays. All fields come from the period START.
 */
export interface CalendarIndex {
  /** Hour of day 0–23 per slot. */
  readonly hourOfDay: Uint8Array;
  /** Calendar month 1–12 per slot. */
  readonly monthOfYear: Uint8Array;
  /** Index into `months` per slot. */
  readonly monthIndex: Uint16Array;
  /** Index into `days` per slot. */
  readonly dayIndex: Uint32Array;
  /** Index of the local clock hour per slot, counted from the first slot's hour (0, 1, …). */
  readonly hourIndex: Uint32Array;
  readonly months: readonly CalendarMonth[];
  readonly days: readonly CalendarDay[];
  /** Number of distinct local clock hours touched (hourIndex max + 1). */
  readonly hourCount: number;
}
