import type { Channel, ChannelStatistic, Element, SpeedSensorKind, Station, TimeGrid } from '@masthub/wind';
import { emptyChunk, monthStartOf, nextMonthStart, type TChunk } from './chunk.ts';
import type { TReadOptions } from './column-cache.ts';
import type { TTimeSeriesStore } from './time-series-store.ts';
import { chunkKey, type TChannelRow } from './timeseries.types.ts';

/**
 * The bridge between the time-series store (monthly chunks) and packages/wind (one dense grid per
 * station): read channels of a version over a range onto one grid, hand them to the wind library as a
 * `Station`, and write processed series back into month chunks.
 */

const WIND_ELEMENTS: readonly Element[] = ['ws', 'wd', 'T', 'RH', 'p', 'rho'];

/** The packages/wind element of a stored channel ('other' for everything the statistics do not use). */
export function toWindElement(element: string): Element {
  return (WIND_ELEMENTS as readonly string[]).includes(element) ? (element as Element) : 'other';
}

/** The packages/wind statistic of a stored channel; undefined for sums, counts and the like. */
export function toWindStatistic(statistic: string): ChannelStatistic | undefined {
  if (statistic === 'mean' || statistic === 'avg') return 'avg';
  if (statistic === 'sd' || statistic === 'max' || statistic === 'min') return statistic;
  return undefined;
}

const SONIC_RE = /sonic|ultrason|超声/i;
const CUP_RE = /(^|[^a-z])cup([^a-z]|$)|风杯/i;

/**
 * The sensor kind of a speed channel as its name and data key tell it: `sonic` when either says sonic
 * (the recogniser tags `Speed (sonic_119m)` as `ws_119_sonic_mean`, NRG/Campbell names say `Sonic`),
 * `cup` when the name says cup; undefined otherwise (read as a cup by the default shear fit).
 */
export function speedSensorKind(row: { dataKey: string; name: string }): SpeedSensorKind | undefined {
  if (SONIC_RE.test(row.dataKey) || SONIC_RE.test(row.name)) return 'sonic';
  if (CUP_RE.test(row.name)) return 'cup';
  return undefined;
}

export interface TLoadedChannel {
  row: TChannelRow;
  values: Float32Array;
  flags: Uint8Array;
}

export interface TLoadedSeries {
  grid: TimeGrid;
  channels: TLoadedChannel[];
}

/** Thrown when channels of different intervals are asked for on one grid. */
export class IntervalMismatchError extends Error {
  constructor() {
    super('channels of different intervals');
    this.name = 'IntervalMismatchError';
  }
}

/**
 * Reads channels of one interval over [fromMs, toMs) onto one grid (grid start rounded up to the
 * interval). Throws IntervalMismatchError when the channels' intervals differ.
 */
export async function loadSeries(
  store: TTimeSeriesStore,
  channels: readonly TChannelRow[],
  fromMs: number,
  toMs: number,
  options: TReadOptions = {},
): Promise<TLoadedSeries> {
  const intervalS = channels[0]?.intervalS ?? 600;
  if (channels.some((c) => c.intervalS !== intervalS)) throw new IntervalMismatchError();
  const read = await store.readChannels(channels, fromMs, toMs, options);
  return {
    grid: { startMs: read.startMs, intervalMinutes: intervalS / 60, length: read.length },
    channels: channels.map((row) => {
      const s = read.series.get(row.id)!;
      return { row, values: s.values, flags: s.flags };
    }),
  };
}

/**
 * The loaded channels as a packages/wind station: channel ids are the stored channel ids as strings;
 * channels with no wind statistic (sums, counts) are left out; a channel without height gets 0; speed
 * channels carry their sensor kind ({@link speedSensorKind}).
 */
export function toWindStation(loaded: TLoadedSeries, utcOffsetMinutes: number): Station {
  const channels: Channel[] = [];
  for (const c of loaded.channels) {
    const statistic = toWindStatistic(c.row.statistic);
    if (!statistic) continue;
    const element = toWindElement(c.row.element);
    const sensorKind = element === 'ws' ? speedSensorKind(c.row) : undefined;
    channels.push({
      id: String(c.row.id),
      element,
      heightM: c.row.heightM ?? 0,
      statistic,
      unit: c.row.unit,
      ...(sensorKind ? { sensorKind } : {}),
      ...(element === 'other' ? { sourceElement: c.row.element } : {}),
      values: c.values,
      flags: c.flags,
    });
  }
  return { grid: loaded.grid, utcOffsetHours: utcOffsetMinutes / 60, channels };
}

/**
 * Writes a series (values and flags on a grid from `startMs`) into a working version's month chunks.
 * Months partly covered keep their other slots. `onlyFlags` leaves the stored values as they are.
 * The caller holds the transaction and the version lock.
 */
export async function writeSeries(
  store: TTimeSeriesStore,
  versionId: number,
  channel: { id: number; intervalS: number },
  startMs: number,
  values: ArrayLike<number> | null,
  flags: ArrayLike<number>,
): Promise<void> {
  const stepMs = channel.intervalS * 1000;
  const n = flags.length;
  if (n === 0) return;
  const endMs = startMs + n * stepMs;
  const months: number[] = [];
  for (let m = monthStartOf(startMs); m < endMs; m = nextMonthStart(m)) months.push(m);
  const existing = await store.lockChunks(versionId, [channel.id], months);
  const writes: { channelId: number; chunk: TChunk }[] = [];
  for (const monthMs of months) {
    const chunk = existing.get(chunkKey(channel.id, monthMs)) ?? emptyChunk(monthMs, channel.intervalS);
    if (chunk.intervalS !== channel.intervalS) throw new IntervalMismatchError();
    const offset = Math.round((startMs - monthMs) / stepMs);
    const from = Math.max(0, offset);
    const to = Math.min(chunk.values.length, offset + n);
    let touched = false;
    for (let slot = from; slot < to; slot++) {
      const i = slot - offset;
      if (values) {
        const v = values[i]!;
        if (!(Object.is(v, chunk.values[slot]) || (Number.isNaN(v) && Number.isNaN(chunk.values[slot]!)))) {
          chunk.values[slot] = v;
          touched = true;
        }
      }
      if (chunk.flags[slot] !== flags[i]) {
        chunk.flags[slot] = flags[i]!;
        touched = true;
      }
    }
    // A month never stored that stays empty is not written.
    if (touched || existing.has(chunkKey(channel.id, monthMs))) writes.push({ channelId: channel.id, chunk });
  }
  await store.writeChunks(versionId, writes);
}

/** The version's data range [first, last + interval) from its summary, or undefined before any data. */
export function defaultRange(
  summary: { firstTime: Date | null; lastTime: Date | null } | null,
  intervalS: number,
): { fromMs: number; toMs: number } | undefined {
  if (!summary?.firstTime || !summary.lastTime) return undefined;
  return { fromMs: summary.firstTime.getTime(), toMs: summary.lastTime.getTime() + intervalS * 1000 };
}

/** A turbulence-intensity column's data key: the word `ti` between separators (e.g. `ws_130_ti`). */
export const TI_KEY_RE = /(^|_)ti(_|$)/i;

/**
 * Some loggers and public datasets (the NREL M5 mast) give turbulence intensity per cup instead of the
 * speed standard deviation. Every statistic here works from σ (WIND-ANALYSIS §8.4, TI = σ/V̄), so a TI
 * channel at the height of a speed average that has no σ channel is turned into σ = TI·V̄ (TI in % when
 * its median exceeds 1.5), presented as that height's sd channel under its own name.
 */
export function deriveSdFromTi(loaded: TLoadedSeries): TLoadedSeries {
  const speeds = loaded.channels.filter(
    (c) => c.row.element === 'ws' && toWindStatistic(c.row.statistic) === 'avg',
  );
  const hasSd = (heightM: number | null) =>
    loaded.channels.some(
      (c) =>
        c.row.element === 'ws' &&
        c.row.statistic === 'sd' &&
        Math.abs((c.row.heightM ?? 0) - (heightM ?? 0)) < 0.5,
    );
  const channels = loaded.channels.map((c) => {
    if (
      c.row.element !== 'ws' ||
      toWindStatistic(c.row.statistic) !== undefined ||
      !TI_KEY_RE.test(c.row.dataKey)
    )
      return c;
    const speed = speeds.find((s) => Math.abs((s.row.heightM ?? 0) - (c.row.heightM ?? 0)) < 0.5);
    if (!speed || hasSd(c.row.heightM)) return c;
    const present: number[] = [];
    for (let i = 0; i < c.values.length && present.length < 5000; i += 7) {
      if (!Number.isNaN(c.values[i]!)) present.push(c.values[i]!);
    }
    present.sort((a, b) => a - b);
    const scale = (present[Math.floor(present.length / 2)] ?? 0) > 1.5 ? 0.01 : 1;
    const values = new Float32Array(c.values.length);
    for (let i = 0; i < values.length; i++) values[i] = c.values[i]! * scale * speed.values[i]!;
    return { row: { ...c.row, statistic: 'sd', unit: 'm/s' }, values, flags: c.flags };
  });
  return { grid: loaded.grid, channels };
}
