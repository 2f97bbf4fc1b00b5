import { Readable } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { AppError } from '@masthub/shared';
import {
  type ExportChannel,
  frequencyTable,
  observedWindClimate,
  usableSeries,
  wgs84ToUtm,
  writeMeteodynTim,
  writeTimeSeriesCsv,
  writeWaspOwc,
  writeWaspTab,
  writeWindioResource,
  writeWindographerTxt,
  writeWindsimTws,
} from '@masthub/wind';
import {
  computeFailure,
  runComputeTask,
  type TComputeAccess,
} from '../../../platform/compute/compute-task.ts';
import { readUrlsOf } from '../../../platform/compute/run-task.ts';
import type { Database } from '../../../platform/db/database.ts';
import {
  IntervalMismatchError,
  loadSeries,
  openTimeSeriesStore,
  type TChannelRow,
  type TLoadedSeries,
  withPolicy,
} from '../../timeseries/index.ts';
import { asciiOr } from '../export-names.ts';
import { arrowChunks, parquetChunks } from './export-columnar.ts';

/**
 * One export of a version in formats 1–5 (SPEC §9, EXPORTS.md) as it crosses to a worker thread: the
 * channels already chosen and checked, the range already clipped, the names and site fields resolved.
 */
export interface TExportJob {
  /**
   * 1–9 (0, the raw logger files, is served by ingestion): 6 Parquet, 7 Arrow IPC stream (binary); 8 the
   * WAsP .owc, 9 the windIO energy resource (issue 46 §2); 5 and anything else: the WAsP .tab.
   */
  format: number;
  channels: TChannelRow[];
  fromMs: number;
  toMs: number;
  utcOffsetMinutes: number;
  /** The version read (the cleaned formats' basis). */
  versionId: number;
  includeSuspicious: boolean;
  /** Filled or corrected (flag 1) records in the cleaned formats (default true). */
  includeFilled?: boolean | undefined;
  /**
   * WAsP .tab: 12 or 16 sectors; bins 0–1, 1–2 … (`edges`) or centred on integers (`centred`, brightwind).
   * The sectors are those of the .owc and windIO climates too.
   */
  tab?: { sectors: number; bins: 'edges' | 'centred' } | undefined;
  /** Column name by channel id (unique over the version, as the data table shows them). */
  names: [number, string][];
  station: { code: string; latitude: number; longitude: number; altitudeM: number | null };
  versionName: string;
  /** "YYYY-MM-DD hh:mm" of the export (Windographer header). */
  createdAt: string;
  /** Bytes per message to the API (default 256 KiB; the tests use small ones to see the flow). */
  messageChars?: number;
}

/**
 * Reads the job's series and gives the export's bytes in pieces (the writers of packages/wind are
 * generators: nothing holds the whole file). The text formats are a synchronous iterable of UTF-8
 * pieces of about `job.messageChars` bytes, each a buffer of its own (it can be transferred as it is);
 * Parquet and Arrow an asynchronous one. Reading is done when this resolves, so a refusal (no data,
 * mixed intervals) is an AppError before the first byte.
 */
export async function exportChunks(
  db: Database,
  job: TExportJob,
): Promise<Iterable<Uint8Array> | AsyncIterable<Uint8Array>> {
  let loaded: Awaited<ReturnType<typeof loadSeries>>;
  try {
    loaded = await loadSeries(openTimeSeriesStore(db), job.channels, job.fromMs, job.toMs);
  } catch (err) {
    if (err instanceof IntervalMismatchError) throw new AppError('VERSION_NO_DATA');
    throw err;
  }
  const utcOffsetHours = job.utcOffsetMinutes / 60;
  // The cleaned formats (2, 3, 5, 8, 9) read through the one analysis policy (issue 41 §1): invalid and icing
  // values and values outside physical limits left out, suspicious and filled ones by the request. The
  // formats with a flag column (1, 4, 6, 7) write every value with its stored flag.
  let cleaned: TLoadedSeries | undefined;
  const masked = (k: number) => {
    cleaned ??= withPolicy(loaded, job.versionId, {
      includeSuspicious: job.includeSuspicious,
      includeFilled: job.includeFilled ?? true,
    });
    const c = cleaned.channels[k]!;
    return usableSeries(c.values, c.flags, { includeSuspicious: job.includeSuspicious });
  };
  // The speed, vane and (when there is one) speed sd of the pair formats (2, 3).
  const pair = () => ({
    speedMps: masked(0),
    directionDeg: masked(1),
    ...(loaded.channels[2] ? { speedSdMps: masked(2) } : {}),
  });
  const names = new Map(job.names);
  const exportChannels = (): ExportChannel[] =>
    loaded.channels.map((c) => ({ name: names.get(c.row.id)!, values: c.values, flags: c.flags }));
  const { station, versionName } = job;
  const heightM = job.channels[0]?.heightM ?? 10;
  // The writers' pieces are the messages to the API (written in the compute thread, sent as they are).
  const chunkBytes = job.messageChars ?? MESSAGE_BYTES;
  switch (job.format) {
    case 8:
    case 9: {
      const climate = observedWindClimate(loaded.grid, masked(0), masked(1), {
        sectors: job.tab?.sectors ?? 12,
      });
      // No record with both a speed and a direction (or no Weibull fit): refused before the first byte.
      if (!climate) throw new AppError('VERSION_NO_DATA');
      const site = {
        climate,
        latitudeDeg: station.latitude,
        longitudeDeg: station.longitude,
        heightM,
        utcOffsetHours,
      };
      const label = `${station.code} ${versionName} ${heightM} m`;
      return job.format === 8
        ? writeWaspOwc({
            ...site,
            description: asciiOr(`MastHub ${label}`, `MastHub ${station.code} ${heightM} m`),
          })
        : writeWindioResource({ ...site, name: label });
    }
    case 6:
    case 7: {
      const input = {
        grid: loaded.grid,
        channels: loaded.channels.map((c) => ({
          row: c.row,
          name: names.get(c.row.id)!,
          values: c.values,
          flags: c.flags,
        })),
        station: station.code,
        version: versionName,
      };
      return job.format === 6 ? parquetChunks(input) : arrowChunks(input);
    }
    case 1:
      return writeTimeSeriesCsv({
        grid: loaded.grid,
        chunkBytes,
        utcOffsetHours,
        channels: exportChannels(),
        withFlags: true,
        bom: true,
        includeSuspicious: job.includeSuspicious,
        // Values are stored as Float32: write the shortest text that reads back to it (3.79, not
        // 3.7899999618530273), i.e. the stored precision.
        float32: true,
      });
    case 2:
      return writeMeteodynTim({ grid: loaded.grid, utcOffsetHours, ...pair(), chunkBytes });
    case 3: {
      const utm = safeUtm(station.latitude, station.longitude);
      return writeWindsimTws({
        grid: loaded.grid,
        chunkBytes,
        utcOffsetHours,
        ...pair(),
        siteName: asciiOr(station.code, 'MastHub'),
        comment: asciiOr(`${station.code} ${versionName}`, station.code),
        eastingM: utm.eastingM,
        northingM: utm.northingM,
        heightM,
      });
    }
    case 4:
      return writeWindographerTxt({
        grid: loaded.grid,
        chunkBytes,
        utcOffsetHours,
        channels: exportChannels(),
        createdAt: job.createdAt,
        platform: 'MastHub',
        latitudeDeg: station.latitude,
        longitudeDeg: station.longitude,
        elevationM: station.altitudeM ?? 0,
        includedFlags: job.includeSuspicious ? 'normal,filled,suspicious' : 'normal,filled',
        excludedFlags: job.includeSuspicious ? 'invalid,icing' : 'suspicious,invalid,icing',
        float32: true,
      });
    default:
      return writeWaspTab({
        table: frequencyTable(masked(0), masked(1), {
          sectors: job.tab?.sectors ?? 12,
          binWidthMps: 1,
          // Centred bins run to 40.5 m/s, the rows brightwind writes.
          ...(job.tab?.bins === 'centred' ? { binStart: 'half' as const, maxSpeedMps: 40 } : {}),
        }),
        description: asciiOr(
          `MastHub ${station.code} ${versionName} ${heightM} m`,
          `MastHub ${station.code}`,
        ),
        latitudeDeg: station.latitude,
        longitudeDeg: station.longitude,
        heightM,
      });
  }
}

function safeUtm(latitude: number, longitude: number): { eastingM: number; northingM: number } {
  try {
    return wgs84ToUtm(latitude, longitude);
  } catch {
    return { eastingM: 0, northingM: 0 };
  }
}

/**
 * Sends a binary export in messages of about `messageBytes` (small pieces joined, each message its own
 * buffer so it can be transferred), stopping when `send` says the port closed.
 */
async function sendBinary(
  chunks: AsyncIterable<Uint8Array>,
  messageBytes: number,
  send: (bytes: Uint8Array) => Promise<boolean>,
): Promise<void> {
  let pending: Uint8Array[] = [];
  let size = 0;
  const flush = async (): Promise<boolean> => {
    const out = new Uint8Array(size);
    let at = 0;
    for (const p of pending) {
      out.set(p, at);
      at += p.length;
    }
    pending = [];
    size = 0;
    return send(out);
  };
  for await (const piece of chunks) {
    pending.push(piece);
    size += piece.length;
    if (size >= messageBytes && !(await flush())) return;
  }
  if (size > 0) await flush();
}

/** What the thread writing an export and the API reading it say to each other over their port. */
export type TExportMessage =
  | { type: 'ready' }
  /** A piece of the export, its buffer transferred. */
  | { type: 'bytes'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'error'; message: string }
  /** From the API: the client took `count` more chunks. */
  | { type: 'credit'; count: number };

/** Bytes per message (the text writers' piece size; Parquet and Arrow pieces are joined up to it). */
const MESSAGE_BYTES = 256 * 1024;
/** Messages sent and not yet taken by the client: what a slow download holds in memory (≈ 1 MB). */
export const EXPORT_IN_FLIGHT = 4;

/**
 * The worker thread's side of an export: reads the series (a refusal is thrown, before anything is
 * sent), says `ready`, then writes and sends the bytes in pieces of ≈ 256 KB — never more than four
 * ahead of what the client has taken, so a slow download does not fill the memory — and `end`. It stops when the API
 * closes the port (the client went away).
 */
export async function streamExport(
  db: Database,
  job: TExportJob,
  port: MessagePort,
  /** Waits for the thread's turn to read (its exports share its few connections). */
  readTurn: <T>(read: () => Promise<T>) => Promise<T> = (read) => read(),
): Promise<void> {
  let credits = EXPORT_IN_FLIGHT;
  let closed = false;
  let wake: (() => void) | undefined;
  port.on('message', (m: TExportMessage) => {
    if (m.type !== 'credit') return;
    credits += m.count;
    wake?.();
  });
  port.on('close', () => {
    closed = true;
    wake?.();
  });
  const sendBytes = async (bytes: Uint8Array): Promise<boolean> => {
    while (credits <= 0 && !closed) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
    if (closed) return false;
    credits--;
    port.postMessage({ type: 'bytes', bytes } satisfies TExportMessage, [bytes.buffer as ArrayBuffer]);
    return true;
  };
  let isReady = false;
  try {
    const chunks = await readTurn(() => exportChunks(db, job));
    port.postMessage({ type: 'ready' } satisfies TExportMessage);
    isReady = true;
    if (Symbol.asyncIterator in chunks)
      await sendBinary(chunks, job.messageChars ?? MESSAGE_BYTES, (bytes) => sendBytes(bytes));
    // The text writers' pieces are already of the message size and their own buffers: sent as they are.
    else for (const piece of chunks) if (piece.length > 0 && !(await sendBytes(piece))) return;
    if (!closed) port.postMessage({ type: 'end' } satisfies TExportMessage);
  } catch (error) {
    // Before `ready` only the task's reply carries the failure (an AppError stays one, the API makes any
    // other the request's localised error); after it, the download fails.
    if (isReady && !closed)
      port.postMessage({ type: 'error', message: String(error) } satisfies TExportMessage);
    throw error;
  } finally {
    port.close();
  }
}

/**
 * The API's side: runs the export in the compute pool and answers once the series are read (a refusal
 * rejects, localised like any AppError), with a stream of the bytes the thread sends. Destroying the
 * stream (the client went away) closes the port, and the thread stops writing.
 *
 * Every failure of the thread ends here (issue 26): before `ready` (its database connection timing out
 * under load, the thread dying) it rejects with the request's localised AppError; after it, the stream
 * fails and the download is cut off. A failure never becomes an uncaught exception: the stream has an
 * 'error' listener from the start, for the moment between `ready` and the reply piping it.
 */
export async function exportStreamFromPool(compute: TComputeAccess, job: TExportJob): Promise<Readable> {
  const { port1, port2 } = new MessageChannel();
  let owed = 0;
  let started = false;
  const stream = new Readable({
    read() {
      if (owed > 0) {
        port1.postMessage({ type: 'credit', count: owed } satisfies TExportMessage);
        owed = 0;
      }
    },
    destroy(error, callback) {
      port1.close();
      callback(error);
    },
  });
  stream.on('error', () => undefined);
  return new Promise<Readable>((resolve, reject) => {
    const refuse = (error: unknown) => {
      port1.close();
      reject(computeFailure(error));
    };
    port1.on('message', (m: TExportMessage) => {
      switch (m.type) {
        case 'ready':
          started = true;
          resolve(stream);
          break;
        case 'bytes':
          if (stream.push(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.length)))
            port1.postMessage({ type: 'credit', count: 1 } satisfies TExportMessage);
          else owed++;
          break;
        case 'end':
          stream.push(null);
          port1.close();
          break;
        case 'error':
          if (started) stream.destroy(new Error(m.message));
          else refuse(new Error(m.message));
          break;
      }
    });
    runComputeTask<void>(
      compute.streams,
      { kind: 'export', ...readUrlsOf(compute), job, port: port2 },
      { transferList: [port2] },
    ).catch((error: unknown) => {
      if (!started) refuse(error);
      else if (!stream.destroyed) stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
}
