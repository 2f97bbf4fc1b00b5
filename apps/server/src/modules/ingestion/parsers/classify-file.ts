import { hasOnlyNulPadding } from './nul-padding.ts';

/** File extensions of vendor binaries and mesoscale files: stored as they are, never parsed. */
const STORE_ONLY_EXTENSIONS = new Set(['rld', 'rwd', 'wnd', 'ndf', 'raw', 'zip', 'gz', '7z', 'rar', 'pdf']);
/** Extensions a text data file usually has: binary content under these is junk to report, not store-only. */
const TEXT_EXTENSIONS = new Set(['csv', 'txt', 'dat', 'tab', 'tws', 'prn', 'asc', 'tsv', 'log', '']);
const SPREADSHEET_EXTENSIONS = new Set(['xls', 'xlsx', 'xlsm']);

/** The lower-case extension of a file name, without the dot; '' when none. */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The byte-order mark at the start of the bytes, if any. */
export function detectBom(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** Campbell binary tables start with an ASCII header line `"TOB1"`, `"TOB2"` or `"TOB3"`. */
function isCampbellBinary(bytes: Uint8Array): boolean {
  if (bytes.length < 6 || bytes[0] !== 0x22 || bytes[1] !== 0x54 || bytes[2] !== 0x4f || bytes[3] !== 0x42) {
    return false;
  }
  return bytes[4] === 0x31 || bytes[4] === 0x32 || bytes[4] === 0x33;
}

/**
 * Binary check of IMPORTS.md §1 step 1: a NUL byte, or more than 10 % control bytes, in the first 4 KB.
 * UTF-16 text (with a BOM) is text, and so is text whose NUL bytes are only padding at line boundaries
 * (nul-padding.ts: the AQ500 sodar's `\0` before CRLF).
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const bom = detectBom(bytes);
  if (bom === 'utf-16le' || bom === 'utf-16be') return false;
  const n = Math.min(bytes.length, 4096);
  let control = 0;
  let hasNul = false;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) hasNul = true;
    else if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  if (hasNul && !hasOnlyNulPadding(bytes)) return true;
  return n > 0 && control / n > 0.1;
}

function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}
function isOle(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0
  );
}

/**
 * How a file is handled: parsed as text, converted from a spreadsheet first, or stored unchanged.
 * Vendor binaries (.rld, .RWD, .ndf), mesoscale .wnd and Campbell TOB1–3 are 'store_only' and never
 * rejected. Binary bytes under a text extension (.csv, .txt, .dat) stay 'text' so that recognition
 * reports them as unreadable instead of silently storing junk.
 */
export function classifyFile(fileName: string, bytes: Uint8Array): 'text' | 'spreadsheet' | 'store_only' {
  const ext = fileExtension(fileName);
  if (STORE_ONLY_EXTENSIONS.has(ext)) return 'store_only';
  if (isCampbellBinary(bytes)) return 'store_only';
  if (SPREADSHEET_EXTENSIONS.has(ext)) {
    // A "spreadsheet" that is really delimited text (some loggers save CSV as .xls) is read as text.
    if (isZip(bytes) || isOle(bytes)) return 'spreadsheet';
    return looksBinary(bytes) ? 'store_only' : 'text';
  }
  if ((isZip(bytes) || isOle(bytes)) && !TEXT_EXTENSIONS.has(ext)) return 'store_only';
  if (looksBinary(bytes) && !TEXT_EXTENSIONS.has(ext)) return 'store_only';
  return 'text';
}
