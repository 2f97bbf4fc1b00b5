import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { fileExtension } from './classify-file.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * .xls/.xlsx → CSV bytes, so spreadsheets go through the same recognition as text files.
 *
 * Why a worker thread, with limits: legacy .xls is read by SheetJS `xlsx` 0.18.5, the last npm release,
 * which has public advisories for crafted files (prototype pollution, CVE-2023-30533; ReDoS,
 * CVE-2024-22363). Running it in a throw-away worker keeps a polluted prototype inside the worker's own
 * realm (it never reaches the server's objects), the time limit stops a ReDoS, `resourceLimits` cap its
 * heap and the size limit is checked before anything is parsed. exceljs (.xlsx) runs the same way so a
 * zip bomb or a huge sheet cannot take the server's memory either.
 *
 * The call is synchronous (the parser API is), by waiting on a shared flag the worker sets when it has
 * posted its answer (Atomics.wait + receiveMessageOnPort). Results are cached per bytes object, so the
 * recognise-then-parse sequence converts a file once.
 */
export const MAX_SPREADSHEET_BYTES = 50 << 20;
export const SPREADSHEET_TIME_LIMIT_MS = 30_000;
const MAX_SPREADSHEET_ROWS = 2_000_000;
const WORKER_HEAP_MB = 768;

const cache = new WeakMap<Uint8Array, { bytes: Uint8Array; warnings: string[] }>();

interface TWorkerAnswer {
  ok: boolean;
  csv?: string;
  sheetName?: string;
  sheetCount?: number;
  error?: string;
}

export function readSpreadsheetAsCsv(
  bytes: Uint8Array,
  fileName: string,
): { bytes: Uint8Array; warnings: string[] } {
  const cached = cache.get(bytes);
  if (cached) return cached;
  if (bytes.length > MAX_SPREADSHEET_BYTES) {
    throw new UnreadableFileError('spreadsheet too large', 'spreadsheet_too_large', {
      sizeMb: Math.ceil(bytes.length / 2 ** 20),
      maxMb: MAX_SPREADSHEET_BYTES / 2 ** 20,
    });
  }
  const isOle = bytes[0] === 0xd0 && bytes[1] === 0xcf;
  const ext = isOle || fileExtension(fileName) === 'xls' ? 'xls' : 'xlsx';
  const flag = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./spreadsheet.worker.mjs', import.meta.url), {
    workerData: { port: port2, flag, bytes, ext, maxRows: MAX_SPREADSHEET_ROWS },
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
