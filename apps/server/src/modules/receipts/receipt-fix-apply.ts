import { deflateSync, inflateSync } from 'node:zlib';
import type { TReceiptFix } from '@masthub/shared';
import { configuredChannelMetadata, setConfiguredBoomOrientation } from '../station-assets/index.ts';
import {
  loadSeries,
  type TChannelRow,
  type TLoadedSeries,
  type TTimeSeriesStore,
  writeSeries,
} from '../timeseries/index.ts';
import { ProcessingFailure, type TTaskContext } from '../wind-data/index.ts';

/**
 * The fixes of the data receipt as value changes of a working version (issue 30): each writes through the
 * time-series store in the processing task's transaction and returns what it replaced, so the undo task
 * writes it back exactly. Values keep their flags: a corrected clock, a swapped pair, a calibration or a
 * vane offset are the measured values set right, not filled ones.
 */

/** What a fix replaced: values and flags of channels over a range, or a boom orientation. */
export type TFixUndo =
  | {
      kind: 'values';
      startMs: number;
      channels: { channelId: number; dataKey: string; values: string; flags: string }[];
    }
  | { kind: 'boom'; configChannelId: number; previousDeg: number | null };

const encode = (bytes: ArrayBufferView) =>
  deflateSync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString('base64');

function decodeValues(text: string): Float32Array {
  const bytes = inflateSync(Buffer.from(text, 'base64'));
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

function decodeFlags(text: string): Uint8Array {
  return new Uint8Array(inflateSync(Buffer.from(text, 'base64')));
}

function channelByKey(all: readonly TChannelRow[], dataKey: string): TChannelRow {
  const found = all.find((c) => c.dataKey.toLowerCase() === dataKey.toLowerCase());
  if (!found) throw new ProcessingFailure('receipt_channel_missing', { channel: dataKey });
  return found;
}

/** The statistic companions of an average (`…_mean` → `…_sd`, `…_max`, `…_min`) present in the version. */
function companionsOf(all: readonly TChannelRow[], average: TChannelRow): Map<string, TChannelRow> {
  const out = new Map<string, TChannelRow>();
  const match = /^(.*?)(mean|avg)(.*)$/i.exec(average.dataKey);
  if (!match) return out;
  for (const statistic of ['sd', 'max', 'min']) {
    const key = `${match[1]}${statistic}${match[3]}`.toLowerCase();
    const found = all.find((c) => c.dataKey.toLowerCase() === key && c.intervalS === average.intervalS);
    if (found) out.set(statistic, found);
  }
  return out;
}

/** One interval past the version's last value among `channels` (the end of "from a date on"). */
async function dataEndOf(store: TTimeSeriesStore, versionId: number, channels: readonly TChannelRow[]) {
  const ranges = await store.channelRanges(versionId);
  let end = Number.NEGATIVE_INFINITY;
  for (const c of channels) {
    const last = ranges.get(c.id)?.lastTime;
    if (last) end = Math.max(end, last.getTime() + c.intervalS * 1000);
  }
  return end;
}

async function load(store: TTimeSeriesStore, channels: TChannelRow[], fromMs: number, toMs: number) {
  if (!(toMs > fromMs)) throw new ProcessingFailure('no_data');
  const loaded = await loadSeries(store, channels, fromMs, toMs);
  if (loaded.grid.length === 0) throw new ProcessingFailure('no_data');
  return loaded;
}

/** Writes new values and flags per channel and returns the undo of what was there. */
async function writeAll(
  ctx: TTaskContext,
  loaded: TLoadedSeries,
  next: Map<number, { values: Float32Array; flags: Uint8Array }>,
): Promise<TFixUndo> {
  const undo: TFixUndo = { kind: 'values', startMs: loaded.grid.startMs, channels: [] };
  for (const c of loaded.channels) {
    const written = next.get(c.row.id);
    if (!written) continue;
    undo.channels.push({
      channelId: c.row.id,
      dataKey: c.row.dataKey,
      values: encode(c.values),
      flags: encode(c.flags),
    });
    await writeSeries(ctx.store, ctx.version.id, c.row, loaded.grid.startMs, written.values, written.flags);
  }
  return undo;
}

/** Each value from `fromIndex` on transformed (NaN stays NaN), flags kept. */
function transformed(loaded: TLoadedSeries, channelId: number, fromIndex: number, f: (v: number) => number) {
  const c = loaded.channels.find((x) => x.row.id === channelId)!;
  const values = Float32Array.from(c.values);
  for (let i = Math.max(0, fromIndex); i < values.length; i++) {
    if (!Number.isNaN(values[i]!)) values[i] = f(values[i]!);
  }
  return { values, flags: Uint8Array.from(c.flags) };
}

/**
 * Applies a receipt fix to the task's working version; `atMs` (the finding's start) picks the channel
 * configuration a boom orientation is set in. Returns the task's result and the undo.
 */
export async function applyReceiptFix(
  ctx: TTaskContext,
  fix: TReceiptFix,
  atMs: number,
): Promise<{ result: Record<string, unknown>; undo: TFixUndo }> {
  const all = await ctx.store.listChannels(ctx.version.id);
  if (fix.kind === 'set_boom_orientation') {
    const meta = (await configuredChannelMetadata(ctx.trx, ctx.version.stationId, atMs)).get(
      fix.channel.toLowerCase(),
    );
    if (!meta) throw new ProcessingFailure('receipt_channel_missing', { channel: fix.channel });
    await setConfiguredBoomOrientation(ctx.trx, meta.id, fix.deg);
    return {
      result: {
        kind: fix.kind,
        channel: meta.channelName,
        previousDeg: meta.boomOrientationDeg,
        deg: fix.deg,
      },
      undo: { kind: 'boom', configChannelId: meta.id, previousDeg: meta.boomOrientationDeg },
    };
  }
  if (fix.kind === 'shift_clock') {
    const intervalS = mostCommonInterval(all);
    const channels = all.filter((c) => c.intervalS === intervalS);
    const steps = Math.round((fix.minutes * 60) / intervalS);
    if (steps === 0) throw new ProcessingFailure('no_data');
    const shiftMs = steps * intervalS * 1000;
    const loaded = await load(
      ctx.store,
      channels,
      Math.min(fix.fromMs, fix.fromMs + shiftMs),
      Math.max(fix.toMs, fix.toMs + shiftMs),
    );
    const stepMs = intervalS * 1000;
    const first = Math.ceil((fix.fromMs - loaded.grid.startMs) / stepMs);
    const last = Math.ceil((fix.toMs - loaded.grid.startMs) / stepMs);
    const next = new Map<number, { values: Float32Array; flags: Uint8Array }>();
    for (const c of loaded.channels) {
      const values = Float32Array.from(c.values);
      const flags = Uint8Array.from(c.flags);
      for (let i = first; i < last; i++) {
        values[i] = Number.NaN;
        flags[i] = 0;
      }
      for (let i = first; i < last; i++) {
        const j = i + steps;
        if (j < 0 || j >= values.length) continue;
        values[j] = c.values[i]!;
        flags[j] = c.flags[i]!;
      }
      next.set(c.row.id, { values, flags });
    }
    const undo = await writeAll(ctx, loaded, next);
    return {
      result: { kind: fix.kind, minutes: steps * (intervalS / 60), channels: channels.length },
      undo,
    };
  }
  if (fix.kind === 'swap_heights') {
    const a = channelByKey(all, fix.channelA);
    const b = channelByKey(all, fix.channelB);
    const pairs: [TChannelRow, TChannelRow][] = [[a, b]];
    const companionsA = companionsOf(all, a);
    const companionsB = companionsOf(all, b);
    for (const [statistic, ca] of companionsA) {
      const cb = companionsB.get(statistic);
      if (cb && cb.intervalS === a.intervalS) pairs.push([ca, cb]);
    }
    const channels = pairs.flat();
    const loaded = await load(
      ctx.store,
      channels,
      fix.fromMs,
      await dataEndOf(ctx.store, ctx.version.id, channels),
    );
    const next = new Map<number, { values: Float32Array; flags: Uint8Array }>();
    const of = (id: number) => loaded.channels.find((c) => c.row.id === id)!;
    for (const [x, y] of pairs) {
      next.set(x.id, { values: Float32Array.from(of(y.id).values), flags: Uint8Array.from(of(y.id).flags) });
      next.set(y.id, { values: Float32Array.from(of(x.id).values), flags: Uint8Array.from(of(x.id).flags) });
    }
    const undo = await writeAll(ctx, loaded, next);
    return {
      result: {
        kind: fix.kind,
        fromTime: new Date(fix.fromMs).toISOString(),
        pairs: pairs.map(([x, y]) => [x.name, y.name]),
      },
      undo,
    };
  }
  const channel = channelByKey(all, fix.channel);
  if (fix.kind === 'flag_invalid') {
    // Values outside the limits in the finding's period flagged invalid (3); values and other flags kept.
    const loaded = await load(ctx.store, [channel], fix.fromMs, fix.toMs);
    const c = loaded.channels[0]!;
    const flags = Uint8Array.from(c.flags);
    let flagged = 0;
    for (let i = 0; i < flags.length; i++) {
      const v = c.values[i]!;
      if (Number.isNaN(v) || flags[i]! >= 3 || (v >= fix.min && v <= fix.max)) continue;
      flags[i] = 3;
      flagged++;
    }
    if (flagged === 0) throw new ProcessingFailure('no_data');
    const undo = await writeAll(
      ctx,
      loaded,
      new Map([[channel.id, { values: Float32Array.from(c.values), flags }]]),
    );
    return {
      result: {
        kind: fix.kind,
        channel: channel.name,
        fromTime: new Date(fix.fromMs).toISOString(),
        toTime: new Date(fix.toMs).toISOString(),
        min: fix.min,
        max: fix.max,
        flagged,
      },
      undo,
    };
  }
  const loaded = await load(
    ctx.store,
    [channel],
    fix.fromMs,
    await dataEndOf(ctx.store, ctx.version.id, [channel]),
  );
  const from = Math.ceil((fix.fromMs - loaded.grid.startMs) / (channel.intervalS * 1000));
  const f =
    fix.kind === 'slope_offset'
      ? (v: number) => fix.slope * v + fix.offset
      : (v: number) => (((v + fix.deg) % 360) + 360) % 360;
  const undo = await writeAll(ctx, loaded, new Map([[channel.id, transformed(loaded, channel.id, from, f)]]));
  return {
    result: {
      kind: fix.kind,
      channel: channel.name,
      fromTime: new Date(fix.fromMs).toISOString(),
      ...(fix.kind === 'slope_offset' ? { slope: fix.slope, offset: fix.offset } : { deg: fix.deg }),
    },
    undo,
  };
}

/** Writes back what a fix replaced. */
export async function undoReceiptFix(ctx: TTaskContext, undo: TFixUndo): Promise<Record<string, unknown>> {
  if (undo.kind === 'boom') {
    await setConfiguredBoomOrientation(ctx.trx, undo.configChannelId, undo.previousDeg);
    return { kind: 'boom', deg: undo.previousDeg };
  }
  const all = await ctx.store.listChannels(ctx.version.id);
  for (const c of undo.channels) {
    const row = all.find((x) => x.id === c.channelId) ?? channelByKey(all, c.dataKey);
    await writeSeries(
      ctx.store,
      ctx.version.id,
      row,
      undo.startMs,
      decodeValues(c.values),
      decodeFlags(c.flags),
    );
  }
  return { kind: 'values', channels: undo.channels.map((c) => c.dataKey) };
}

function mostCommonInterval(channels: readonly TChannelRow[]): number {
  const counts = new Map<number, number>();
  for (const c of channels) counts.set(c.intervalS, (counts.get(c.intervalS) ?? 0) + 1);
  let best = 600;
  let n = 0;
  for (const [interval, count] of counts) {
    if (count > n) {
      best = interval;
      n = count;
    }
  }
  return best;
}
