import { applyFlagMask, FLAG } from '@masthub/wind';
import type { TChannelInsert, TChannelRow, TTimeSeriesStore } from '../../timeseries/index.ts';
import {
  IntervalMismatchError,
  loadSeries,
  type TLoadedSeries,
  writeSeries,
} from '../../timeseries/index.ts';
import { ProcessingFailure } from '../tasks.service.ts';

/**
 * Helpers shared by the processing task handlers: finding and checking the channels a request names,
 * the range to work on, usable values, and output channels written back into the version.
 */

/** Speed averages are stored as 'mean' (ingestion) or 'avg'. */
const AVERAGE_STATISTICS = ['mean', 'avg'] as const;

/** The version's channels by id. */
export async function channelMap(
  store: TTimeSeriesStore,
  versionId: number,
): Promise<{ all: TChannelRow[]; byId: Map<number, TChannelRow> }> {
  const all = await store.listChannels(versionId);
  return { all, byId: new Map(all.map((c) => [c.id, c])) };
}

/** A channel of the version; fails the task with channel_not_in_version otherwise. */
export function requireChannel(byId: ReadonlyMap<number, TChannelRow>, id: number): TChannelRow {
  const channel = byId.get(id);
  if (!channel) throw new ProcessingFailure('channel_not_in_version', { channel: id });
  return channel;
}

/**
 * Checks a channel's element and statistic ('avg' accepts the stored 'mean'); fails with
 * channel_mismatch naming what was expected ("ws avg", "wd").
 */
export function requireKind(channel: TChannelRow, element: string, statistic?: 'avg' | 'sd' | 'max'): void {
  const isElement = channel.element === element;
  const isStatistic =
    statistic === undefined ||
    (statistic === 'avg'
      ? (AVERAGE_STATISTICS as readonly string[]).includes(channel.statistic)
      : channel.statistic === statistic);
  if (!isElement || !isStatistic) {
    throw new ProcessingFailure('channel_mismatch', {
      channel: channel.name,
      expected: statistic ? `${element} ${statistic}` : element,
    });
  }
}

/** Fails with interval_mismatch unless every channel has the same interval. */
export function requireOneInterval(channels: readonly TChannelRow[]): number {
  const intervalS = channels[0]?.intervalS ?? 600;
  if (channels.some((c) => c.intervalS !== intervalS)) throw new ProcessingFailure('interval_mismatch');
  return intervalS;
}

/** Fails with height_mismatch unless both channels are at the same height. */
export function requireSameHeight(a: TChannelRow, b: TChannelRow): void {
  if (a.heightM !== b.heightM) {
    throw new ProcessingFailure('height_mismatch', {
      channel: a.name,
      height: a.heightM ?? '-',
      other: b.name,
      otherHeight: b.heightM ?? '-',
    });
  }
}

/**
 * [fromMs, toMs) of a request: the given times, else from the first to one interval after the last value
 * of the channels. Fails with no_data when the channels hold nothing.
 */
export async function rangeOf(
  store: TTimeSeriesStore,
  versionId: number,
  channels: readonly TChannelRow[],
  request: { startTime?: string | undefined; endTime?: string | undefined },
): Promise<{ fromMs: number; toMs: number }> {
  const ranges = await store.channelRanges(versionId);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const c of channels) {
    const r = ranges.get(c.id);
    if (r?.firstTime) first = Math.min(first, r.firstTime.getTime());
    if (r?.lastTime) last = Math.max(last, r.lastTime.getTime() + c.intervalS * 1000);
  }
  const fromMs = request.startTime ? Date.parse(request.startTime) : first;
  const toMs = request.endTime ? Date.parse(request.endTime) : last;
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || !(toMs > fromMs)) {
    throw new ProcessingFailure('no_data');
  }
  return { fromMs, toMs };
}

/** Loads channels of one interval onto one grid; interval_mismatch / no_data as task failures. */
export async function loadChannels(
  store: TTimeSeriesStore,
  channels: readonly TChannelRow[],
  range: { fromMs: number; toMs: number },
): Promise<TLoadedSeries> {
  let loaded: TLoadedSeries;
  try {
    loaded = await loadSeries(store, channels, range.fromMs, range.toMs);
  } catch (err) {
    if (err instanceof IntervalMismatchError) throw new ProcessingFailure('interval_mismatch');
    throw err;
  }
  if (loaded.grid.length === 0) throw new ProcessingFailure('no_data');
  return loaded;
}

/** The usable values of a loaded channel: invalid (3) and icing (4) read as missing. */
export function usableValues(loaded: TLoadedSeries, channelId: number): Float64Array {
  const c = loaded.channels.find((x) => x.row.id === channelId);
  if (!c) throw new Error(`channel ${channelId} not loaded`);
  return applyFlagMask(c.values, c.flags);
}

/** True when a loaded channel holds at least one usable value. */
export function hasAnyValue(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) return true;
  return false;
}

/**
 * The output channel of a processing step: the version's channel with this data key (case-insensitive)
 * when a rerun finds it, else a new one placed after the others.
 */
export async function outputChannel(
  store: TTimeSeriesStore,
  versionId: number,
  spec: Omit<TChannelInsert, 'position'>,
): Promise<{ channel: TChannelRow; isNew: boolean }> {
  const all = await store.listChannels(versionId);
  const existing = all.find((c) => c.dataKey.toLowerCase() === spec.dataKey.toLowerCase());
  if (existing) {
    if (existing.intervalS !== spec.intervalS) throw new ProcessingFailure('interval_mismatch');
    return { channel: existing, isNew: false };
  }
  const position = all.reduce((max, c) => Math.max(max, c.position), -1) + 1;
  const [channel] = await store.insertChannels(versionId, [{ ...spec, position }]);
  return { channel: channel!, isNew: true };
}

/**
 * Writes derived values over the grid into a channel: each present value flagged 1 (filled/corrected,
 * WIND-ANALYSIS §2.3), every other slot of the range cleared (a rerun overwrites). Returns the count written.
 */
export async function writeDerived(
  store: TTimeSeriesStore,
  versionId: number,
  channel: TChannelRow,
  startMs: number,
  values: ArrayLike<number>,
): Promise<number> {
  const n = values.length;
  const out = new Float32Array(n);
  const flags = new Uint8Array(n);
  let written = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) {
      out[i] = v;
      flags[i] = FLAG.filled;
      written++;
    } else {
      out[i] = Number.NaN;
    }
  }
  await writeSeries(store, versionId, channel, startMs, out, flags);
  return written;
}

/** Rounds for a result shown to users (undefined/NaN become null). */
export function round(value: number | undefined, digits = 4): number | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
