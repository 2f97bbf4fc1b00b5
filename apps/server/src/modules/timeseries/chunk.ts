import { deflateSync, inflateSync } from 'node:zlib';
import { compressSync as lz4Compress } from 'lz4-napi';
import { decodeShuffled, decodeShuffledInto } from './values-codec.ts';

/**
 * One chunk of the time-series store (DESIGN §3): a channel's values for one calendar month (UTC) on a
 * dense grid `monthStart + k · interval`, with a flag per value and — in the original version — which
 * raw file each value came from (an index into `sourceShas`, NO_SOURCE when none).
 */
export interface TChunk {
  monthStartMs: number;
  intervalS: number;
  values: Float32Array;
  flags: Uint8Array;
  sources: Uint16Array;
  /** SHA-256 of the raw files the values came from, sorted ascending (so equal data encode equally). */
  sourceShas: string[];
}

export const NO_SOURCE = 0xffff;
const MAX_SOURCES = NO_SOURCE;
/** zlib level (flags, sources and the values of chunks written before issue 33): 1 is ~3× faster than the default for ~5 % larger chunks of noisy floats. */
const LEVEL = 1;

/**
 * The first byte of a chunk's values written since issue 33: the Float32 bytes shuffled into four
 * planes (every value's lowest byte, then the next …, as Blosc does) and compressed with LZ4 (block
 * with its size ahead). Chosen by measurement on the five-year NREL M5 mast (3 816 month chunks, 17 M
 * values, bench/store-codecs.ts): zlib 1 (before) 2.096 B/value, decoded at 305 MB/s; LZ4 alone 2.383
 * B/value (14 % larger: no entropy coder for the exponent bytes) at 1 970 MB/s; shuffled LZ4 2.082
 * B/value at ≈ 2–5× zlib's speed (731 against 330 MB/s in a quiet run); zstd 1 2.091 B/value at 1 074 MB/s but its Node binding compiles at
 * install (no prebuilt binary reachable from npm), which a fresh machine without a compiler cannot do.
 * A zlib stream never starts with 0xB5 (its low nibble would have to be 8), so both forms stay readable
 * side by side while the re-encoding job works through the old chunks. Decoded in WebAssembly with
 * SIMD since issue 43 (values-codec.ts): the same bytes, ≈ 3× the speed of lz4-napi and the unshuffle
 * in JavaScript.
 */
export const SHUFFLED_LZ4 = 0xb5;

/** The first instant of the UTC month holding `timeMs`. */
export function monthStartOf(timeMs: number): number {
  const d = new Date(timeMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function nextMonthStart(monthStartMs: number): number {
  const d = new Date(monthStartMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Grid slots of a month at an interval (the last slot may start less than one interval before its end). */
export function slotCountOf(monthStartMs: number, intervalS: number): number {
  return Math.ceil((nextMonthStart(monthStartMs) - monthStartMs) / (intervalS * 1000));
}

export function emptyChunk(monthStartMs: number, intervalS: number): TChunk {
  const n = slotCountOf(monthStartMs, intervalS);
  const values = new Float32Array(n).fill(Number.NaN);
  return {
    monthStartMs,
    intervalS,
    values,
    flags: new Uint8Array(n),
    sources: new Uint16Array(n).fill(NO_SOURCE),
    sourceShas: [],
  };
}

function bytesOf(view: ArrayBufferView): Buffer {
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

// Typed arrays are read in the platform's byte order; the store is little-endian (x86, ARM).
if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
  throw new Error('the time-series store needs a little-endian platform');
}

export interface TEncodedChunk {
  values: Buffer;
  flags: Buffer;
  sources: Buffer | null;
  sourceShas: string[];
  slotCount: number;
  valueCount: number;
  firstTimeMs: number | null;
  lastTimeMs: number | null;
}

const zeroFlagsCache = new Map<number, Buffer>();

/** Deflated all-zero flags of a length (the usual case in the original version), computed once. */
function deflatedZeros(length: number): Buffer {
  let cached = zeroFlagsCache.get(length);
  if (!cached) {
    cached = deflateSync(new Uint8Array(length), { level: LEVEL });
    zeroFlagsCache.set(length, cached);
  }
  return cached;
}

function isAllZero(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

/**
 * Compresses a chunk for its row; counts its present values and finds the first and last. Sources are
 * left out (null) when one file supplied every value: they are then implied by the values.
 */
export function encodeChunk(chunk: TChunk, withSources = true): TEncodedChunk {
  let valueCount = 0;
  let first = -1;
  let last = -1;
  const { values } = chunk;
  for (let i = 0; i < values.length; i++) {
    // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
    if (values[i] === values[i]) {
      valueCount++;
      if (first < 0) first = i;
      last = i;
    }
  }
  const stepMs = chunk.intervalS * 1000;
  const isSingleSource = chunk.sourceShas.length <= 1;
  return {
    values: encodeValues(chunk.values),
    flags: isAllZero(chunk.flags)
      ? deflatedZeros(chunk.flags.length)
      : deflateSync(bytesOf(chunk.flags), { level: LEVEL }),
    sources: withSources && !isSingleSource ? deflateSync(bytesOf(chunk.sources), { level: LEVEL }) : null,
    sourceShas: chunk.sourceShas,
    slotCount: values.length,
    valueCount,
    firstTimeMs: first < 0 ? null : chunk.monthStartMs + first * stepMs,
    lastTimeMs: last < 0 ? null : chunk.monthStartMs + last * stepMs,
  };
}

function inflateTo<T>(
  buffer: Buffer,
  make: (b: ArrayBuffer, offset: number, length: number) => T,
  bytes: number,
  size: number,
): T {
  const raw = inflateSync(buffer);
  if (raw.length !== size * bytes)
    throw new Error(`chunk array has ${raw.length} bytes, expected ${size * bytes}`);
  // Copy to an aligned buffer when the inflated bytes are not aligned for the element size.
  if (raw.byteOffset % bytes === 0) return make(raw.buffer as ArrayBuffer, raw.byteOffset, size);
  const copy = new Uint8Array(raw);
  return make(copy.buffer, 0, size);
}

/** A chunk's values as stored: shuffled into byte planes, LZ4-compressed, behind the format byte. */
export function encodeValues(values: Float32Array): Buffer {
  const n = values.length;
  const words = new Uint32Array(values.buffer, values.byteOffset, n);
  const planes = Buffer.allocUnsafe(4 * n);
  for (let i = 0; i < n; i++) {
    const w = words[i]!;
    planes[i] = w & 0xff;
    planes[n + i] = (w >>> 8) & 0xff;
    planes[2 * n + i] = (w >>> 16) & 0xff;
    planes[3 * n + i] = w >>> 24;
  }
  const packed = lz4Compress(planes);
  const out = Buffer.allocUnsafe(1 + packed.length);
  out[0] = SHUFFLED_LZ4;
  packed.copy(out, 1);
  return out;
}

/** True when a chunk's stored values are in the form written before issue 33 (zlib). */
export function isLegacyValues(buffer: Buffer): boolean {
  return buffer[0] !== SHUFFLED_LZ4;
}

export function decodeValues(buffer: Buffer, slotCount: number): Float32Array {
  if (isLegacyValues(buffer)) return inflateTo(buffer, (b, o, n) => new Float32Array(b, o, n), 4, slotCount);
  return decodeShuffled(buffer.subarray(1), slotCount);
}

/**
 * Decodes values [from, to) of a stored chunk straight into `target` at `targetOffset + from` — the
 * read path places each month on the request's grid this way, without a decoded copy in between.
 */
export function decodeValuesInto(
  buffer: Buffer,
  slotCount: number,
  target: Float32Array,
  targetOffset: number,
  from: number,
  to: number,
): void {
  if (isLegacyValues(buffer)) {
    target.set(decodeValues(buffer, slotCount).subarray(from, to), targetOffset + from);
    return;
  }
  decodeShuffledInto(buffer.subarray(1), slotCount, target, targetOffset, from, to);
}

export function decodeFlags(buffer: Buffer, slotCount: number): Uint8Array {
  // All-zero flags (every chunk of an original version) are stored as the one deflated form
  // `encodeChunk` writes: recognised by comparing bytes instead of inflating — 6 200 chunks of the
  // five-year M5 mast: 40 → 6 ms on the 2-core CI machine. Any other form is inflated.
  if (buffer.equals(deflatedZeros(slotCount))) return new Uint8Array(slotCount);
  return inflateTo(buffer, (b, o, n) => new Uint8Array(b, o, n), 1, slotCount);
}

/**
 * Flags [from, to) of a stored chunk into `target` at `targetOffset + from` (the read path, beside
 * decodeValuesInto): the all-zero form clears the range without an array in between.
 */
export function decodeFlagsInto(
  buffer: Buffer,
  slotCount: number,
  target: Uint8Array,
  targetOffset: number,
  from: number,
  to: number,
): void {
  if (buffer.equals(deflatedZeros(slotCount))) target.fill(0, targetOffset + from, targetOffset + to);
  else target.set(decodeFlags(buffer, slotCount).subarray(from, to), targetOffset + from);
}

export function decodeChunk(row: {
  monthStartMs: number;
  intervalS: number;
  slotCount: number;
  values: Buffer;
  flags: Buffer;
  sources: Buffer | null;
  sourceShas: string[];
}): TChunk {
  const values = decodeValues(row.values, row.slotCount);
  let sources: Uint16Array;
  if (row.sources) {
    sources = inflateTo(row.sources, (b, o, n) => new Uint16Array(b, o, n), 2, row.slotCount);
  } else {
    // One source (or none): index 0 wherever a value is present.
    sources = new Uint16Array(row.slotCount).fill(NO_SOURCE);
    if (row.sourceShas.length === 1) {
      for (let i = 0; i < values.length; i++) {
        // biome-ignore lint/suspicious/noSelfCompare: NaN test
        if (values[i] === values[i]) sources[i] = 0;
      }
    }
  }
  return {
    monthStartMs: row.monthStartMs,
    intervalS: row.intervalS,
    values,
    flags: decodeFlags(row.flags, row.slotCount),
    sources,
    sourceShas: [...row.sourceShas],
  };
}

/**
 * Merges one file's values into a chunk of the original version, in place. The rule (order-free and
 * idempotent, so files may arrive in any order and twice):
 *   1. a present value beats a missing one (a file never erases data with its gaps);
 *   2. between two present values, the one from the raw file with the larger SHA-256 (hex) wins —
 *      an arbitrary but fixed total order on file contents;
 *   3. the same file again writes the same values (no change).
 * So each slot holds the value of the largest-SHA file among those with a value there, whatever the
 * arrival order. `slots` are slot indices of this chunk, `incoming` the file's values for them (NaN =
 * missing). Returns how many slots changed.
 */
export function mergeFileIntoChunk(
  chunk: TChunk,
  sha256: string,
  slots: ArrayLike<number>,
  incoming: ArrayLike<number>,
  count: number,
): number {
  let sourceIndex = chunk.sourceShas.indexOf(sha256);
  if (sourceIndex < 0) {
    if (chunk.sourceShas.length >= MAX_SOURCES) throw new Error('too many source files in one chunk');
    sourceIndex = chunk.sourceShas.push(sha256) - 1;
  }
  const { values, sources, flags, sourceShas } = chunk;
  let changed = 0;
  if (sourceShas.length === 1) {
    // The chunk holds only this file's values: every present incoming value is written.
    for (let k = 0; k < count; k++) {
      const v = incoming[k]!;
      // biome-ignore lint/suspicious/noSelfCompare: NaN test
      if (v !== v) continue;
      const i = slots[k]!;
      values[i] = v;
      sources[i] = 0;
      flags[i] = 0;
      changed++;
    }
    return changed;
  }
  for (let k = 0; k < count; k++) {
    const v = incoming[k]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test
    if (v !== v) continue;
    const i = slots[k]!;
    const current = values[i]!;
    const currentSource = sources[i]!;
    let take: boolean;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test
    if (current !== current || currentSource === NO_SOURCE) take = true;
    else if (currentSource === sourceIndex) take = true;
    else take = sha256 > sourceShas[currentSource]!;
    if (!take) continue;
    if (Object.is(current, Math.fround(v)) && currentSource === sourceIndex) continue;
    values[i] = v;
    sources[i] = sourceIndex;
    flags[i] = 0;
    changed++;
  }
  normalizeSources(chunk);
  return changed;
}

/** Drops unreferenced source files and sorts the rest, so equal content always encodes to equal bytes. */
export function normalizeSources(chunk: TChunk): void {
  const used = new Uint8Array(chunk.sourceShas.length);
  for (let i = 0; i < chunk.sources.length; i++) {
    const s = chunk.sources[i]!;
    if (s !== NO_SOURCE) used[s] = 1;
  }
  const kept = chunk.sourceShas
    .map((sha, index) => ({ sha, index }))
    .filter((e) => used[e.index] === 1)
    .sort((a, b) => (a.sha < b.sha ? -1 : a.sha > b.sha ? 1 : 0));
  const remap = new Uint16Array(chunk.sourceShas.length).fill(NO_SOURCE);
  kept.forEach((e, newIndex) => {
    remap[e.index] = newIndex;
  });
  const isIdentity = kept.length === chunk.sourceShas.length && kept.every((e, i) => e.index === i);
  if (!isIdentity) {
    for (let i = 0; i < chunk.sources.length; i++) {
      const s = chunk.sources[i]!;
      if (s !== NO_SOURCE) chunk.sources[i] = remap[s]!;
    }
  }
  chunk.sourceShas = kept.map((e) => e.sha);
}
