import type { TChannelElement, TDoubt, TRecognizedChannel } from '@masthub/shared';
import { columnDoubt } from './build-channels.ts';
import { conversionOf } from './units.ts';

/**
 * What the values of a file say against what recognition read (issue 40 §1): a "wind speed" column that
 * reads like humidity or pressure, a pressure in tenths of a hectopascal, temperatures in kelvin, stamps
 * before 1990 or after tomorrow. A contradiction is a doubt for the user to resolve, never a stored
 * channel. Judged on the values in MastHub's unit (after the file's unit is converted).
 *
 * Values out of range now and then are a sensor's fault, not a wrong reading of the column (the M5 mast's
 * humidity sensors read up to 195 % on a few hundred of 260 000 records): they are left to the physical
 * limits every analysis keeps (issue 41) and to the data receipt. A column is doubted when its median is
 * implausible, when more than 1 % of its values lie outside the element's physical range, or — a speed in
 * m/s — when its 99th percentile exceeds 40 m/s (no 10-minute speed series reads so: km/h or knots do).
 */

/** Physical range of an element in MastHub's unit, and its name in the doubt's text. */
interface TPlausible {
  low: number;
  high: number;
}
const PLAUSIBLE: Partial<Record<TChannelElement, TPlausible>> = {
  ws: { low: -0.5, high: 75 },
  wd: { low: -0.5, high: 360.5 },
  T: { low: -60, high: 60 },
  RH: { low: 0, high: 110 },
  p: { low: 500, high: 1100 },
  rho: { low: 0.6, high: 1.6 },
  ghi: { low: -20, high: 1500 },
  wsv: { low: -20, high: 20 },
  voltage: { low: 0, high: 60 },
};

/** Summary of a column's finite values. */
export interface TColumnStats {
  count: number;
  min: number;
  max: number;
  mean: number;
  median: number;
  /** 99th percentile. */
  p99: number;
  /** Values outside the element's physical range. */
  outside: number;
}

/** A number as the doubt's text shows it (3 significant digits, no exponent for everyday sizes). */
function shown(v: number): number {
  if (!Number.isFinite(v)) return v;
  const a = Math.abs(v);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : 2;
  return Number(v.toFixed(digits));
}

function statsOf(
  values: Float32Array,
  range: TPlausible | undefined,
  scale: number,
  offset: number,
): TColumnStats {
  let count = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let outside = 0;
  // The median of at most 20 000 evenly spaced values: enough to tell hectopascal from tenths.
  const step = Math.max(1, Math.floor(values.length / 20_000));
  const sample: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const raw = values[i]!;
    if (!Number.isFinite(raw)) continue;
    const v = raw * scale + offset;
    count++;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
    if (range && (v < range.low || v > range.high)) outside++;
    if (i % step === 0) sample.push(v);
  }
  sample.sort((a, b) => a - b);
  const at = (q: number) =>
    sample.length === 0 ? Number.NaN : sample[Math.min(sample.length - 1, Math.floor(sample.length * q))]!;
  return {
    count,
    min,
    max,
    mean: count === 0 ? Number.NaN : sum / count,
    median: at(0.5),
    p99: at(0.99),
    outside,
  };
}

/**
 * Of a column whose median lies outside the element's range: what its values, as the file writes them,
 * read as instead — another element, or the same element in another unit MastHub converts.
 */
function lookAlike(
  element: TChannelElement,
  fileMedian: number,
  fileMin: number,
  fileUnit: string,
): { element?: TChannelElement; unit?: string } | null {
  const within = (low: number, high: number) => fileMedian >= low && fileMedian <= high;
  let like: { element?: TChannelElement; unit?: string } | null = null;
  if (element === 'ws') {
    if (within(500, 1100)) like = { element: 'p' };
    else if (within(20, 100) && fileMin >= 5) like = { element: 'RH' };
  } else if (element === 'p') {
    if (within(500, 1100)) like = { unit: 'hPa' };
    else if (within(50, 110)) like = { unit: 'kPa' };
    else if (within(5_000, 11_000)) like = { unit: 'daPa' };
    else if (within(50_000, 110_000)) like = { unit: 'Pa' };
    else if (within(15, 33)) like = { unit: 'inHg' };
  } else if (element === 'T') {
    if (within(200, 340)) like = { unit: 'K' };
    else if (within(-60, 60)) like = { unit: 'deg_C' };
  }
  return like?.unit === fileUnit ? null : like;
}

/**
 * The doubts the values of recognised channels raise. `columns` are the values as the file writes them
 * (`inFileUnits`: converted here) or already in MastHub's unit.
 */
export function valueDoubts(
  columns: readonly { channel: TRecognizedChannel; values: Float32Array }[],
  inFileUnits: boolean,
): TDoubt[] {
  const doubts: TDoubt[] = [];
  for (const { channel, values } of columns) {
    const range = PLAUSIBLE[channel.element];
    if (
      !range ||
      channel.dataKey.endsWith('_ti') ||
      channel.statistic === 'sd' ||
      channel.statistic === 'count'
    )
      continue;
    // The file's unit, and the conversion into MastHub's (values arrive in either, `inFileUnits`).
    const fileUnit = channel.sourceUnit || channel.unit;
    const conversion = conversionOf({ unit: fileUnit });
    const scale = conversion?.scale ?? 1;
    const offset = conversion?.offset ?? 0;
    const stats = inFileUnits ? statsOf(values, range, scale, offset) : statsOf(values, range, 1, 0);
    if (stats.count < 3) continue;
    const unit = conversion?.unit ?? channel.unit;
    const inFile = (v: number) => (v - offset) / scale;
    const params = {
      element: channel.element,
      unit: fileUnit || '—',
      min: shown(stats.min),
      max: shown(stats.max),
      mean: shown(stats.mean),
      low: range.low,
      high: range.high,
    };
    const medianOutside = stats.median < range.low || stats.median > range.high;
    const manyOutside = stats.outside >= 3 && stats.outside > stats.count * 0.01;
    // A mean above 40 m/s in one record of a hundred is not wind in m/s; a maximum (a lidar's 1 s peak, a gust)
    // may be, so only means are held to it (the limit of 75 m/s holds for all).
    const speedTooHigh =
      channel.element === 'ws' && unit === 'm/s' && channel.statistic === 'mean' && stats.p99 > 40;
    // One m/s value above the limit is already a contradiction (issue 40: a maximum above 75 m/s).
    const speedAboveLimit = channel.element === 'ws' && unit === 'm/s' && stats.max > range.high;
    if (!medianOutside && !manyOutside && !speedTooHigh && !speedAboveLimit) continue;
    const like = medianOutside
      ? lookAlike(channel.element, inFile(stats.median), inFile(stats.min), fileUnit)
      : null;
    if (like?.element) {
      doubts.push(
        columnDoubt('values', channel.column, 'valuesLookLike', { ...params, other: like.element }, like),
      );
    } else if (like?.unit) {
      doubts.push(
        columnDoubt('values', channel.column, 'valuesLookScaled', { ...params, suggested: like.unit }, like),
      );
    } else if (speedTooHigh) {
      doubts.push(
        columnDoubt('values', channel.column, 'speedUnitUnlikely', { ...params, p99: shown(stats.p99) }),
      );
    } else if (speedAboveLimit) {
      doubts.push(columnDoubt('values', channel.column, 'speedAboveLimit', { max: shown(stats.max) }));
    } else if (!medianOutside) {
      const share = shown((100 * stats.outside) / stats.count);
      doubts.push(columnDoubt('values', channel.column, 'valuesOutsideRange', { ...params, share }));
    } else {
      doubts.push(columnDoubt('values', channel.column, 'valuesImplausible', params));
    }
  }
  return doubts;
}

const EARLIEST_MS = Date.UTC(1990, 0, 1);
const DAY_MS = 86_400_000;

/** A doubt when stamps lie before 1990 or after tomorrow (a counter read as a date, a wrong format). */
export function stampDoubts(
  firstMs: number | undefined,
  lastMs: number | undefined,
  nowMs = Date.now(),
): TDoubt[] {
  if (firstMs === undefined || lastMs === undefined) return [];
  if (firstMs >= EARLIEST_MS && lastMs <= nowMs + DAY_MS) return [];
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  return [
    {
      id: 'stamps:file',
      field: 'stamps',
      column: null,
      reason: 'stampsOutOfRange',
      params: { first: iso(firstMs), last: iso(lastMs) },
    },
  ];
}

/** A statement, as a doubt to confirm, that a file holds neither a wind speed nor a wind direction. */
export function windDoubts(channels: readonly TRecognizedChannel[]): TDoubt[] {
  if (channels.length === 0 || channels.some((c) => c.element === 'ws' || c.element === 'wd')) return [];
  return [{ id: 'file:file', field: 'file', column: null, reason: 'noWindColumn', params: {} }];
}
