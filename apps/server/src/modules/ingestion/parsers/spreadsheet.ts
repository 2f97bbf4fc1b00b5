import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import {
  DEFAULT_ARCHIVE_LIMITS,
  type TArchiveLimitName,
  type TArchiveLimits,
} from '../../../platform/files/zip-limits.mjs';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * .xlsx → CSV bytes, so spreadsheets go through the same recognition as text files.
 *
 * Why a worker thread, with limits: exceljs inflates each part of the package into one string and
 * makes an object of every cell. In a throw-away worker, after the package was inflated once under the
 * archive limits (platform/files/zip-limits.mjs, counting bytes as they come), `resourceLimits` cap its
 * heap and the time limit stops it, so neither a zip bomb nor a huge sheet takes the server's memory.
 *
 * Legacy .xls (BIFF in an OLE2 file) is refused with a reason telling the user to save it as .xlsx or
 * CSV (issue 26). The only npm reader of .xls, SheetJS `xlsx` 0.18.5, has published advisories for
 * crafted files — prototype pollution (CVE-2023-30533) and ReDoS (CVE-2024-22363) — whose fixed
 * releases are on the SheetJS CDN, not on the npm registry. Confining it would still leave a crafted
 * file one core and the whole time limit, during which this synchronous call holds the caller's
 * thread, and SheetJS chooses its parser by content, so every byte handed to it reaches the affected
 * paths. Excel and WPS save .xlsx in one step, and delimited text saved under .xls is still read as
 * text (classify-file.ts).
 *
 * The call is synchronous (the parser API is), by waiting on a shared flag the worker sets when it has
 * posted its answer (Atomics.wait + receiveMessageOnPort). Results are cached per bytes object, so the
 * recognise-then-parse sequence converts a file once.
 */
export const MAX_SPREADSHEET_BYTES = 50 << 20;
export const SPREADSHEET_TIME_LIMIT_MS = 30_000;
const MAX_SPREADSHEET_ROWS = 2_000_000;
const WORKER_HEAP_MB = 768;

/** How the parsers open spreadsheets: the archive limits of the configuration. */
export interface TSpreadsheetOptions {
  archiveLimits?: TArchiveLimits;
}

const cache = new WeakMap<Uint8Array, { bytes: Uint8Array; warnings: string[] }>();

interface TWorkerAnswer {
  ok: boolean;
  csv?: string;
  sheetName?: string;
  sheetCount?: number;
  error?: string;
  limit?: { limit: TArchiveLimitName; maximum: number; entryName: string };
}

/** A passed archive limit as the parse failure's reason (INGEST_UNREADABLE_REASONS archive_*). */
function limitError(limit: NonNullable<TWorkerAnswer['limit']>): UnreadableFileError {
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  switch (limit.limit) {
    case 'entries':
      return new UnreadableFileError('too many entries', 'archive_too_many_entries', {
        maximum: limit.maximum,
      });
    case 'entryBytes':
      return new UnreadableFileError('entry too large', 'archive_entry_too_large', {
        entryName: limit.entryName,
        maxMb: mb(limit.maximum),
      });
    case 'totalBytes':
      return new UnreadableFileError('unpacks too large', 'archive_too_large', { maxMb: mb(limit.maximum) });
    case 'ratio':
      return new UnreadableFileError('ratio too high', 'archive_ratio_too_high', {
        maxRatio: limit.maximum,
      });
  }
}

function isOle(bytes: Uint8Array): boolean {
  return bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
}

export function readSpreadsheetAsCsv(
  bytes: Uint8Array,
  _fileName: string,
  options: TSpreadsheetOptions = {},
): { bytes: Uint8Array; warnings: string[] } {
  const cached = cache.get(bytes);
  if (cached) return cached;
  if (isOle(bytes)) throw new UnreadableFileError('legacy .xls', 'spreadsheet_xls_unsupported');
  if (bytes.length > MAX_SPREADSHEET_BYTES) {
    throw new UnreadableFileError('spreadsheet too large', 'spreadsheet_too_large', {
      sizeMb: Math.ceil(bytes.length / 2 ** 20),
      maxMb: MAX_SPREADSHEET_BYTES / 2 ** 20,
    });
  }
  const flag = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./spreadsheet.worker.mjs', import.meta.url), {
    workerData: {
      port: port2,
      flag,
      bytes,
      maxRows: MAX_SPREADSHEET_ROWS,
      limits: { ...(options.archiveLimits ?? DEFAULT_ARCHIVE_LIMITS) },
    },
    transferList: [port2],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 },
    stdout: true,
    stderr: true,
  });
  // A worker that dies (heap limit) never sets the flag; the wait then ends at the time limit.
  const signal = new Int32Array(flag);
  worker.on('error', () => undefined);
  const waited = Atomics.wait(signal, 0, 0, SPREADSHEET_TIME_LIMIT_MS);
  const message = receiveMessageOnPort(port1)?.message as TWorkerAnswer | undefined;
  void worker.terminate();
  port1.close();
  if (!message) {
    if (waited === 'timed-out') {
      throw new UnreadableFileError('spreadsheet timeout', 'spreadsheet_timeout', {
        seconds: SPREADSHEET_TIME_LIMIT_MS / 1000,
      });
    }
    throw new UnreadableFileError('spreadsheet reader failed', 'spreadsheet_unreadable', {
      detail: 'no answer',
    });
  }
  if (message.limit) throw limitError(message.limit);
  if (!message.ok) {
    throw new UnreadableFileError('spreadsheet unreadable', 'spreadsheet_unreadable', {
      detail: message.error ?? 'unknown',
    });
  }
  if (!message.csv || message.csv.trim() === '') {
    throw new UnreadableFileError('spreadsheet empty', 'spreadsheet_empty');
  }
  const warnings = (message.sheetCount ?? 0) > 1 ? [`spreadsheetFirstSheet:${message.sheetName ?? ''}`] : [];
  const result = { bytes: new TextEncoder().encode(`${message.csv}\n`), warnings };
  cache.set(bytes, result);
  return result;
}
