// Spreadsheet → rows, in a worker thread (see spreadsheet.ts for why). Reads the first worksheet of an
// .xlsx (exceljs) or a legacy .xls (SheetJS `xlsx` 0.18.5), turns it into CSV text with dates written as
// 'YYYY-MM-DD HH:mm:ss' (UTC wall clock, as Excel stores them) and answers through the given port, then
// wakes the waiting thread through the shared flag.
import { workerData } from 'node:worker_threads';

const { port, flag, bytes, ext, maxRows } = workerData;
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
function formatSerial(serial) {
  return formatDate(new Date(Math.round((serial - 25569) * 86400) * 1000));
}
function csvField(v) {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function cellText(v) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatDate(v);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

async function readXlsx() {
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

async function readXls() {
  const XLSX = (await import('xlsx')).default;
  // Hardened read: first sheet only, no formulas, no HTML, raw numbers with their number formats.
  const workbook = XLSX.read(bytes, {
    type: 'array',
    sheets: 0,
    cellFormula: false,
    cellHTML: false,
    cellNF: true,
    cellDates: false,
    sheetRows: maxRows,
  });
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet?.['!ref'])
    return { lines: [], sheetName: sheetName ?? '', sheetCount: workbook.SheetNames.length };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const lines = [];
  for (let r = range.s.r; r <= range.e.r && lines.length < maxRows; r++) {
    const fields = [];
    for (let c = 0; c <= range.e.c; c++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })];
      let text = '';
      if (cell) {
        if (cell.t === 'n' && cell.z && XLSX.SSF.is_date(cell.z)) text = formatSerial(cell.v);
        else if (cell.t === 'd') text = formatDate(cell.v);
        else if (cell.t !== 'e') text = cell.v === undefined ? '' : String(cell.v);
      }
      fields.push(csvField(text));
    }
    lines.push(fields.join(','));
  }
  return { lines, sheetName, sheetCount: workbook.SheetNames.length };
}

try {
  const result = ext === 'xls' ? await readXls() : await readXlsx();
  done({
    ok: true,
    csv: result.lines.join('\n'),
    sheetName: result.sheetName,
    sheetCount: result.sheetCount,
  });
} catch (error) {
  done({ ok: false, error: String(error?.message ?? error).slice(0, 200) });
}
