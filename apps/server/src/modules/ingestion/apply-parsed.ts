import type { TRecognizedChannel } from '@masthub/shared';
import {
  chunkKey,
  emptyChunk,
  encodeChunk,
  mergeFileIntoChunk,
  monthStartOf,
  nextMonthStart,
  type TChannelRow,
  type TChunk,
  type TChunkWrite,
  type TTimeSeriesStore,
} from '../timeseries/index.ts';
import type { TParsedData } from './parser-port.ts';
import { fitToGrid, gridPhaseMs } from './parsers/time-grid.ts';

/** A channel of the site's channel configuration in force (matched by dataKey, then by channel name). */
export interface TConfiguredChannel {
  channelName: string;
  dataKey: string;
  element: string;
  heightM: number | null;
  statistic: string;
  unit: string;
}

/** Why a parsed file cannot go into the store (in addition to the parser's reasons). */
export class StoreRefusal extends Error {
  constructor(
    readonly reasonKey: 'interval_mismatch' | 'no_values' | 'irregular_interval',
    readonly details: Record<string, unknown> = {},
  ) {
    super(reasonKey);
    this.name = 'StoreRefusal';
  }
}

/** The modal step between consecutive distinct stamps, in whole seconds (at least 1). */
export function detectIntervalS(timesMs: Float64Array, hintMinutes?: number | null): number {
  if (hintMinutes && hintMinutes > 0) return Math.max(1, Math.round(hintMinutes * 60));
  const counts = new Map<number, number>();
  const n = Math.min(timesMs.length, 20_000);
  for (let i = 1; i < n; i++) {
    const d = Math.round((timesMs[i]! - timesMs[i - 1]!) / 1000);
    if (d > 0) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = -1;
  for (const [d, c] of counts) {
    if (c > bestCount || (c === bestCount && d < best)) {
      best = d;
      bestCount = c;
    }
  }
  if (best <= 0) return 600;
  return best;
}

export interface TApplyResult {
  valueCount: number;
  firstTimeMs: number | null;
  lastTimeMs: number | null;
  chunkCount: number;
  channelCount: number;
  /** Distinct stamps kept out of the grid because they are off the file's common phase, and the first one. */
  offGridCount: number;
  /** The file's rows at those stamps (repeated stamps counted once per row). */
  offGridRowCount: number;
  firstOffGridMs: number | null;
  /** Stamps the parser moved onto the grid from a few seconds off it, and how far that may be (s). */
  snappedStamps: number;
  snapToleranceS: number;
  intervalS: number;
  /** Milliseconds spent per step (channels, lock, merge, encode, write). */
  timings: Record<string, number>;
}

/**
 * Rows grouped by month (row indices; contiguous when the stamps increase, as parsers deliver them), with
 * each row's slot in its month's grid; rows off the file's common phase are left out.
 */
function rowsByMonth(
  times: Float64Array,
  stepMs: number,
  grid: ReturnType<typeof fitToGrid>,
): { slotOfRow: Int32Array; monthRows: Map<number, Int32Array> } {
  const rowCount = times.length;
  const slotOfRow = new Int32Array(rowCount);
  const groups = new Map<number, number[]>();
  let cachedMonth = Number.NaN;
  let cachedNext = Number.NaN;
  let cachedRows: number[] = [];
  for (let r = 0; r < rowCount; r++) {
    const t = times[r]!;
    if (grid.offGridCount > 0 && gridPhaseMs(t, stepMs) !== grid.phaseMs) continue;
    // A shifted file's stamps go to the nearest slot; one rounding past its month's end is the next month's
    // first slot (a daily file of a UTC+08:00 logger: 16:00 on the 31st is the 1st), never its last (issue 40).
    let month = cachedMonth;
    let slot = Math.round((t - month) / stepMs);
    if (!(t >= cachedMonth && month + slot * stepMs < cachedNext)) {
      month = monthStartOf(t);
      slot = Math.round((t - month) / stepMs);
      const next = nextMonthStart(month);
      if (month + slot * stepMs >= next) {
        month = next;
        slot = Math.max(0, Math.round((t - next) / stepMs));
      }
    }
    if (month !== cachedMonth) {
      cachedMonth = month;
      cachedNext = nextMonthStart(month);
      let rows = groups.get(month);
      if (!rows) {
        rows = [];
        groups.set(month, rows);
      }
      cachedRows = rows;
    }
    slotOfRow[r] = slot;
    cachedRows.push(r);
  }
  const monthRows = new Map<number, Int32Array>([...groups].map(([m, rows]) => [m, Int32Array.from(rows)]));
  return { slotOfRow, monthRows };
}

/**
 * Writes one parsed file into a version (the caller holds the transaction and the version lock).
 * Channels are matched by dataKey to the version's channels, else to the configuration in force,
 * else created from the recognition. Each touched (channel, month) chunk is read locked, merged by
 * mergeFileIntoChunk's rule and written back.
 */
export async function applyParsedFile(
  store: TTimeSeriesStore,
  options: {
    versionId: number;
    sha256: string;
    parsed: TParsedData;
    configured: readonly TConfiguredChannel[];
    intervalHintMinutes?: number | null;
    keepSources: boolean;
    /**
     * Working-version imports (MeasureWind): the file's present values replace what is there (flag 0),
     * instead of the original version's order-free merge; no provenance is kept.
     */
    overwrite?: boolean;
  },
): Promise<TApplyResult> {
  const { parsed, versionId, sha256 } = options;
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const times = parsed.timesMs;
  const rowCount = times.length;
  if (rowCount === 0 || parsed.columns.length === 0) throw new StoreRefusal('no_values');
  const intervalS = detectIntervalS(times, options.intervalHintMinutes);
  const stepMs = intervalS * 1000;

  // Rows off the file's common grid phase stay out of the grid: snapped, they could overwrite a real
  // record of the same file (issue 12). A file shifted as a whole (a UTC+05:45 logger) is snapped.
  const grid = fitToGrid(times, stepMs, parsed.repeatedTimesMs);

  const { slotOfRow, monthRows } = rowsByMonth(times, stepMs, grid);

  // Channels: existing → configuration → recognition.
  const existing = await store.listChannels(versionId);
  const byKey = new Map(existing.map((c) => [c.dataKey.toLowerCase(), c]));
  const configByKey = new Map(options.configured.map((c) => [c.dataKey.toLowerCase(), c]));
  const configByName = new Map(options.configured.map((c) => [c.channelName.toLowerCase(), c]));
  const targets: { column: number; key: string }[] = [];
  const toCreate = new Map<string, TRecognizedChannel & { configured?: TConfiguredChannel }>();
  parsed.columns.forEach((column, index) => {
    const ch = column.channel;
    const configured = configByKey.get(ch.dataKey.toLowerCase()) ?? configByName.get(ch.name.toLowerCase());
    const key = (configured?.dataKey ?? ch.dataKey).toLowerCase();
    targets.push({ column: index, key });
    const found = byKey.get(key);
    if (found) {
      if (found.intervalS !== intervalS) {
        throw new StoreRefusal('interval_mismatch', {
          channel: found.dataKey,
          stored: found.intervalS / 60,
          file: intervalS / 60,
        });
      }
    } else if (!toCreate.has(key)) {
      toCreate.set(key, configured ? { ...ch, configured } : ch);
    }
  });
  let position = existing.reduce((m, c) => Math.max(m, c.position), 0);
  const created = await store.insertChannels(
    versionId,
    [...toCreate.values()].map((ch) => {
      position += 1;
      const c = ch.configured;
      return {
        dataKey: c?.dataKey ?? ch.dataKey,
        name: c?.channelName ?? ch.name,
        element: c?.element ?? ch.element,
        heightM: c ? c.heightM : ch.heightM,
        statistic: c?.statistic ?? ch.statistic,
        // The parsers deliver values in MastHub's units; a configured unit cannot undo that conversion.
        unit: ch.sourceUnit ? ch.unit : c?.unit || ch.unit,
        sourceUnit: ch.sourceUnit ?? '',
        intervalS,
        position,
      };
    }),
  );
  for (const c of created) byKey.set(c.dataKey.toLowerCase(), c);
  const channelOf = (key: string): TChannelRow => byKey.get(key)!;

  const months = [...monthRows.keys()].sort((a, b) => a - b);
  const channelIds = [...new Set(targets.map((t) => channelOf(t.key).id))];
  lap('channelsMs');
  const locked = await store.lockChunks(versionId, channelIds, months);
  lap('lockMs');

  const touched = new Map<string, { channelId: number; chunk: TChunk }>();
  let valueCount = 0;
  let firstRow = rowCount;
  let lastRow = -1;
  const slotBuffer = new Int32Array(rowCount);
  const valueBuffer = new Float32Array(rowCount);
  for (const target of targets) {
    const channel = channelOf(target.key);
    const values = parsed.columns[target.column]!.values;
    for (const month of months) {
      const rows = monthRows.get(month)!;
      let n = 0;
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k]!;
        const v = values[r]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test
        if (v !== v) continue;
        slotBuffer[n] = slotOfRow[r]!;
        valueBuffer[n] = v;
        n++;
        if (r < firstRow) firstRow = r;
        if (r > lastRow) lastRow = r;
      }
      if (n === 0) continue;
      valueCount += n;
      const key = chunkKey(channel.id, month);
      let entry = touched.get(key);
      if (!entry) {
        const chunk = locked.get(key) ?? emptyChunk(month, intervalS);
        if (chunk.intervalS !== intervalS) {
          throw new StoreRefusal('interval_mismatch', {
            channel: channel.dataKey,
            stored: chunk.intervalS / 60,
            file: intervalS / 60,
          });
        }
        entry = { channelId: channel.id, chunk };
        touched.set(key, entry);
      }
      if (options.overwrite) {
        const { values: chunkValues, flags: chunkFlags } = entry.chunk;
        for (let k = 0; k < n; k++) {
          chunkValues[slotBuffer[k]!] = valueBuffer[k]!;
          chunkFlags[slotBuffer[k]!] = 0;
        }
      } else mergeFileIntoChunk(entry.chunk, sha256, slotBuffer, valueBuffer, n);
    }
  }
  const firstTimeMs = lastRow < 0 ? Number.NaN : times[firstRow]!;
  const lastTimeMs = lastRow < 0 ? Number.NaN : times[lastRow]!;
  if (valueCount === 0) throw new StoreRefusal('no_values');
  lap('mergeMs');
  const writes: TChunkWrite[] = [];
  for (const { channelId, chunk } of touched.values()) {
    writes.push({
      ...encodeChunk(chunk, options.keepSources),
      ...(options.overwrite ? { sources: null, sourceShas: [] } : {}),
      channelId,
      monthStartMs: chunk.monthStartMs,
      intervalS: chunk.intervalS,
    });
  }
  lap('encodeMs');
  await store.upsertChunks(versionId, writes);
  lap('writeMs');
  return {
    timings,
    offGridCount: grid.offGridCount,
    offGridRowCount: grid.offGridRowCount,
    firstOffGridMs: grid.firstOffGridMs,
    snappedStamps: parsed.snappedStamps ?? 0,
    snapToleranceS: parsed.snapToleranceS ?? 0,
    intervalS,
    valueCount,
    firstTimeMs: Number.isFinite(firstTimeMs) ? firstTimeMs : null,
    lastTimeMs: Number.isFinite(lastTimeMs) ? lastTimeMs : null,
    chunkCount: writes.length,
    channelCount: channelIds.length,
  };
}

/**
 * The note a parsed file carries when rows off the time grid were left out or stamps a few seconds off it
 * were moved onto it (null when neither happened).
 */
export function offGridNote(
  result: Pick<
    TApplyResult,
    'offGridCount' | 'offGridRowCount' | 'firstOffGridMs' | 'intervalS' | 'snappedStamps' | 'snapToleranceS'
  >,
): {
  key: 'off_grid_rows' | 'snapped_stamps' | 'off_grid_rows_snapped';
  details: Record<string, unknown>;
} | null {
  const snapped =
    result.snappedStamps > 0
      ? { snapped: result.snappedStamps, toleranceS: result.snapToleranceS, minutes: result.intervalS / 60 }
      : null;
  if (result.offGridCount === 0) return snapped ? { key: 'snapped_stamps', details: snapped } : null;
  return {
    key: snapped ? 'off_grid_rows_snapped' : 'off_grid_rows',
    details: {
      ...snapped,
      // Rows and distinct stamps differ when the file repeats an off-grid stamp (NREL M5: 4 829 / 4 634).
      count: result.offGridRowCount,
      stamps: result.offGridCount,
      minutes: result.intervalS / 60,
      first: new Date(result.firstOffGridMs!).toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    },
  };
}
