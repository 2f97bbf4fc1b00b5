import { detectBom } from './classify-file.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/** Character sets a parse rule may name (the `charsets` call), detection order in IMPORTS.md §2. */
export const CHARSETS: readonly { value: string; label: string }[] = [
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'gb18030', label: 'GB18030 (GBK / GB2312)' },
  { value: 'gbk', label: 'GBK' },
  { value: 'windows-1252', label: 'Windows-1252 / ISO-8859-1 (Latin-1)' },
  { value: 'latin1', label: 'ISO-8859-1 (Latin-1)' },
  { value: 'utf-16le', label: 'UTF-16 LE' },
  { value: 'utf-16be', label: 'UTF-16 BE' },
];

/** Bytes examined to detect the encoding: enough for any header, small enough to be instant. */
const DETECT_BYTES = 1 << 20;

/** The WHATWG label for a rule's encoding; throws unknown_encoding when TextDecoder lacks it. */
export function normalizeEncoding(encoding: string): string {
  const label = encoding.trim().toLowerCase();
  const mapped = label === 'utf8' ? 'utf-8' : label === 'gb2312' ? 'gbk' : label;
  try {
    return new TextDecoder(mapped).encoding;
  } catch {
    throw new UnreadableFileError(`unsupported encoding ${encoding}`, 'unknown_encoding', { encoding });
  }
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * GB18030 is accepted only when its double-byte pairs look like real Chinese text: nearly all in the
 * GB2312 area (lead B0–F7, trail A1–FE). A Latin-1 `°` before `]` or `C` is a valid GBK pair too, but
 * outside that area — this keeps Latin-1 NRG and Windographer headers from becoming mojibake.
 */
function looksLikeGbText(bytes: Uint8Array): boolean {
  let common = 0;
  let rare = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const t = bytes[i + 1] ?? 0;
    if (b >= 0xb0 && b <= 0xf7 && t >= 0xa1 && t <= 0xfe) common++;
    else if (b >= 0xa1 && b <= 0xa9 && t >= 0xa1 && t <= 0xfe)
      common++; // GB2312 symbols (（）℃ etc.)
    else rare++;
    i++;
  }
  if (common === 0 || rare > common * 0.1) return false;
  try {
    new TextDecoder('gb18030', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The head of the bytes cut after its last line break, so a multi-byte character is never split. */
function headForDetection(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= DETECT_BYTES) return bytes;
  let end = DETECT_BYTES;
  while (end > 0 && bytes[end - 1] !== 0x0a && bytes[end - 1] !== 0x0d) end--;
  return bytes.subarray(0, end > 0 ? end : DETECT_BYTES);
}

/** IMPORTS.md §2: BOM → strict UTF-8 → GB18030 (when it reads as Chinese) → Windows-1252. */
export function detectEncoding(bytes: Uint8Array): string {
  const bom = detectBom(bytes);
  if (bom) return bom;
  const head = headForDetection(bytes);
  let ascii = true;
  for (let i = 0; i < head.length; i++) {
    if (head[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii || isValidUtf8(head)) return 'utf-8';
  if (looksLikeGbText(head)) return 'gb18030';
  return 'windows-1252';
}

/** Length of the BOM of `encoding` at the start of the bytes (0 when none). */
export function bomLength(bytes: Uint8Array, encoding: string): number {
  const bom = detectBom(bytes);
  if (bom === 'utf-8' && encoding === 'utf-8') return 3;
  if ((bom === 'utf-16le' || bom === 'utf-16be') && bom === encoding) return 2;
  return 0;
}

/** Decodes with the encoding, dropping its BOM; `fatal` throws wrong_encoding on invalid sequences. */
export function decodeText(bytes: Uint8Array, encoding: string, fatal = false): string {
  const label = normalizeEncoding(encoding);
  const body = bytes.subarray(bomLength(bytes, label));
  try {
    return new TextDecoder(label, { fatal, ignoreBOM: true }).decode(body);
  } catch {
    throw new UnreadableFileError(`the content is not valid ${encoding}`, 'wrong_encoding', { encoding });
  }
}

/**
 * Bytes in which delimiters, line breaks, digits and signs are single ASCII bytes, for the byte-level
 * parser: UTF-8, GB18030/GBK (trail bytes ≥ 0x40 never collide with them) and single-byte sets are
 * used as they are (BOM skipped); UTF-16 is transcoded to UTF-8.
 */
export function toAsciiCompatible(bytes: Uint8Array, encoding: string): { bytes: Uint8Array; label: string } {
  const label = normalizeEncoding(encoding);
  if (label === 'utf-16le' || label === 'utf-16be') {
    const text = decodeText(bytes, label);
    return { bytes: new TextEncoder().encode(text), label: 'utf-8' };
  }
  return { bytes: bytes.subarray(bomLength(bytes, label)), label };
}
