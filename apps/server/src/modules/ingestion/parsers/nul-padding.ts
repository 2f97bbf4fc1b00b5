/**
 * NUL padding in text logger files (issue 40). Some loggers write a few NUL bytes into an otherwise
 * plain text file — the AQSystem AQ500 sodar ends header lines with `\0` before the CRLF, others pad
 * the end of the file or the start of a block. Such NULs are padding, not content: a run of NUL bytes
 * counts as padding when it touches a line boundary (starts a line, or ends right before a line break or
 * the end of the file) and all NULs together are under 1 % of the bytes. A NUL inside a line, or many
 * NULs, still marks the file binary (IMPORTS.md §1 step 1) — random bytes, a ZIP, a PNG stay refused.
 * UTF-16 text (BOM) holds NULs by nature and is left alone.
 */

const NUL = 0x00;
const LF = 0x0a;
const CR = 0x0d;
/** Padding is at most this share of the file's bytes. */
const MAX_PADDING_SHARE = 0.01;

function isUtf16Bom(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  );
}

/** The runs of NUL bytes [start, end) when every one is padding; null when one is not (or none exist). */
function paddingRuns(bytes: Uint8Array): [number, number][] | null {
  if (isUtf16Bom(bytes)) return null;
  const runs: [number, number][] = [];
  let total = 0;
  const limit = bytes.length * MAX_PADDING_SHARE;
  for (let p = bytes.indexOf(NUL); p >= 0; ) {
    let end = p;
    while (end < bytes.length && bytes[end] === NUL) end++;
    const before = p === 0 ? LF : bytes[p - 1]!;
    const after = end === bytes.length ? LF : bytes[end]!;
    const atLineStart = before === LF || before === CR;
    const atLineEnd = after === LF || after === CR;
    total += end - p;
    if ((!atLineStart && !atLineEnd) || total >= limit) return null;
    runs.push([p, end]);
    p = end < bytes.length ? bytes.indexOf(NUL, end) : -1;
  }
  return runs.length > 0 ? runs : null;
}

/** Whether the file's NUL bytes are all padding (false when it has none). */
export function hasOnlyNulPadding(bytes: Uint8Array): boolean {
  return paddingRuns(bytes) !== null;
}

/** The bytes without their NUL padding; the same array when there is none or the NULs are not padding. */
export function withoutNulPadding(bytes: Uint8Array): Uint8Array {
  const runs = paddingRuns(bytes);
  if (!runs) return bytes;
  const removed = runs.reduce((n, [a, b]) => n + b - a, 0);
  const out = new Uint8Array(bytes.length - removed);
  let from = 0;
  let at = 0;
  for (const [a, b] of runs) {
    out.set(bytes.subarray(from, a), at);
    at += a - from;
    from = b;
  }
  out.set(bytes.subarray(from), at);
  return out;
}
