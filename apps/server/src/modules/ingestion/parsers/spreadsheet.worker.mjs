// Spreadsheet → rows, in a worker thread (see spreadsheet.ts for why). Inflates the .xlsx package once
// under the archive limits (counting, keeping nothing), then reads its first worksheet with exceljs,
// turns it into CSV text with dates written as 'YYYY-MM-DD HH:mm:ss' (UTC wall clock, as Excel stores
// them) and answers through the given port, then wakes the waiting thread through the shared flag.
import { workerData } from 'node:worker_threads';
import { ArchiveLimitError, unzipWithinLimits } from '../../../platform/files/zip-limits.mjs';

const { port, flag, bytes, maxRows, limits } = workerData;
const signal = new Int32Array(flag);

function done(message) {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

const pad = (n) => String(n).padStart(2, '0');
function formatDate(d) {
  if (Number.isNaN(d.getTime())) return '';
  const s = d.getUTCSeconds() + (d.getUTCMilliseconds() >= 500 ? 1 : 0);
  const t = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), s),
  );
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}
function csvField(v) {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// exceljs cell values: numbers, strings, booleans, Dates (date-formatted cells), and objects for
// formulas (their cached result), rich text (its runs), hyperlinks (their text) and errors (nothing).
function cellText(v) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatDate(v);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return cellText(v.text);
    return '';
  }
  return String(v);
}

async function readXlsx() {
  await unzipWithinLimits(bytes, limits, { keep: false });
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const sheet = workbook.worksheets[0];
  if (!sheet) return { lines: [], sheetName: '', sheetCount: 0 };
  const lines = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    if (lines.length >= maxRows) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    lines.push(Array.from(values, (v) => csvField(cellText(v))).join(','));
  });
  return { lines, sheetName: sheet.name, sheetCount: workbook.worksheets.length };
}

try {
  const result = await readXlsx();
  done({
    ok: true,
    csv: result.lines.join('\n'),
    sheetName: result.sheetName,
    sheetCount: result.sheetCount,
  });
} catch (error) {
  if (error instanceof ArchiveLimitError) {
    done({ ok: false, limit: { limit: error.limit, maximum: error.maximum, entryName: error.entryName } });
  } else {
    done({ ok: false, error: String(error?.message ?? error).slice(0, 200) });
  }
}
