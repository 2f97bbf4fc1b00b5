import { readFileSync } from 'node:fs';
import { uncompressSync as lz4Uncompress } from 'lz4-napi';

/**
 * Decoding of a chunk's values in the SHUFFLED_LZ4 form (chunk.ts): after the format byte, the
 * decoded size (4 bytes, little-endian) and an LZ4 block of the Float32 bytes shuffled into four byte
 * planes. Done in WebAssembly with SIMD (values-codec.wat, assembled into the committed
 * values-codec.wasm): the LZ4 block decoded and the planes unshuffled sixteen values a step in the
 * module's memory, then copied once into the caller's array. Issue 43: the native LZ4 (lz4-napi, a
 * Buffer allocated per chunk) and then the unshuffle in JavaScript (≈ 3 ns a value) decoded the M5
 * mast's chunk rows at 731 MB/s on a quiet machine; side by side on the same 4 295 rows (values and
 * flags, bench/stats-path.ts, `store.decode_mbps.m5`) this decoder takes ≈ 38 ms of CPU against ≈ 110.
 * The JavaScript form stays as the fallback and as the reference the tests compare with.
 */

interface TCodecExports {
  memory: WebAssembly.Memory;
  /** Where the memory free for the caller starts (the module's tables lie below). */
  heap: WebAssembly.Global;
  lz4(src: number, srcLength: number, dst: number, dstLength: number): number;
  unshuffle(planes: number, n: number, out: number, from: number, to: number): void;
}

/**
 * The module, compiled synchronously at import so that every thread (the compute workers import this
 * file too) has its own instance. WebAssembly SIMD is in every Node this project runs on (≥ 20); a
 * runtime without it fails validation and gets the JavaScript path instead.
 */
function instantiate(): TCodecExports | null {
  const bytes = readFileSync(new URL('./values-codec.wasm', import.meta.url));
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(bytes)) return null;
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as TCodecExports;
}

const codec = instantiate();

/** True when values decode in WebAssembly (false only on a runtime without WebAssembly SIMD). */
export const hasWasmValuesCodec = codec !== null;

const PAGE = 65_536;
/** Room after each region of the module's memory for its whole-vector reads and writes (values-codec.wat). */
const SLACK = 64;
const align16 = (n: number) => (n + 15) & ~15;

/** The decoded size at the head of a stored block (the LZ4 block follows). */
function decodedSizeOf(block: Uint8Array): number {
  if (block.length < 4) throw new Error('chunk values are cut short');
  return (block[0]! | (block[1]! << 8) | (block[2]! << 16) | (block[3]! << 24)) >>> 0;
}

function checkSize(size: number, n: number): void {
  if (size !== n * 4) throw new Error(`chunk array has ${size} bytes, expected ${n * 4}`);
}

/**
 * Values [from, to) of a stored block of n values, decoded in WebAssembly: a view into the module's
 * memory (value `from` first) that the next call overwrites — copy it out before.
 */
function unpackWasm(wasm: TCodecExports, block: Buffer, n: number, from: number, to: number): Float32Array {
  checkSize(decodedSizeOf(block), n);
  if (n === 0) return new Float32Array(0);
  const srcLength = block.length - 4;
  const src = wasm.heap.value as number;
  const planes = align16(src + srcLength + SLACK);
  const out = align16(planes + 4 * n + SLACK);
  const end = out + 4 * (to - from) + SLACK;
  const { memory } = wasm;
  // The memory grows to the largest chunk a thread decodes (a month of one-second values: ≈ 32 MB) and
  // stays so: WebAssembly memory does not shrink.
  if (memory.buffer.byteLength < end) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
  new Uint8Array(memory.buffer, src, srcLength).set(block.subarray(4));
  if (wasm.lz4(src, srcLength, planes, 4 * n) !== 4 * n)
    throw new Error('chunk values are corrupt (LZ4 block)');
  wasm.unshuffle(planes, n, out, from, to);
  return new Float32Array(memory.buffer, out, to - from);
}

/**
 * Writes values [from, to) of a shuffled chunk's byte planes into `out` at `outOffset + i` (as the
 * 32-bit words of Float32 values). Four values at a time when the planes are word-aligned: one word of
 * each plane holds one byte of four consecutive values.
 */
function unshuffleJs(
  planes: Uint8Array,
  n: number,
  out: Uint32Array,
  outOffset: number,
  from: number,
  to: number,
): void {
  let i = from;
  if ((n & 3) === 0 && (planes.byteOffset & 3) === 0) {
    const words = new Uint32Array(planes.buffer, planes.byteOffset, n);
    const q = n >> 2;
    for (; i < to && (i & 3) !== 0; i++)
      out[outOffset + i] =
        planes[i]! | (planes[n + i]! << 8) | (planes[2 * n + i]! << 16) | (planes[3 * n + i]! << 24);
    const end = to & ~3;
    for (; i < end; i += 4) {
      const k = i >> 2;
      const p0 = words[k]!;
      const p1 = words[q + k]!;
      const p2 = words[2 * q + k]!;
      const p3 = words[3 * q + k]!;
      const o = outOffset + i;
      out[o] = (p0 & 0xff) | ((p1 & 0xff) << 8) | ((p2 & 0xff) << 16) | ((p3 & 0xff) << 24);
      out[o + 1] = ((p0 >>> 8) & 0xff) | (p1 & 0xff00) | ((p2 & 0xff00) << 8) | ((p3 & 0xff00) << 16);
      out[o + 2] = ((p0 >>> 16) & 0xff) | ((p1 >>> 8) & 0xff00) | (p2 & 0xff0000) | ((p3 & 0xff0000) << 8);
      out[o + 3] = (p0 >>> 24) | ((p1 >>> 16) & 0xff00) | ((p2 >>> 8) & 0xff0000) | (p3 & 0xff000000);
    }
  }
  for (; i < to; i++)
    out[outOffset + i] =
      planes[i]! | (planes[n + i]! << 8) | (planes[2 * n + i]! << 16) | (planes[3 * n + i]! << 24);
}

/** Values [from, to) of a stored block of n values into `target` at `targetOffset + i`, in JavaScript (lz4-napi, then four values a word). */
export function decodeShuffledJs(
  block: Buffer,
  n: number,
  target: Float32Array,
  targetOffset: number,
  from: number,
  to: number,
): void {
  const planes = lz4Uncompress(block);
  checkSize(planes.length, n);
  const words = new Uint32Array(target.buffer, target.byteOffset, target.length);
  unshuffleJs(planes, n, words, targetOffset, from, to);
}

/** As decodeShuffledJs, in WebAssembly (throws when the runtime has no WebAssembly SIMD). */
export function decodeShuffledWasm(
  block: Buffer,
  n: number,
  target: Float32Array,
  targetOffset: number,
  from: number,
  to: number,
): void {
  if (!codec) throw new Error('WebAssembly SIMD is not available');
  if (to <= from) return;
  target.set(unpackWasm(codec, block, n, from, to), targetOffset + from);
}

/** Values [from, to) of a stored block of n values into `target` at `targetOffset + i`. */
export const decodeShuffledInto = codec ? decodeShuffledWasm : decodeShuffledJs;

/** All n values of a stored block, as a new array. */
export function decodeShuffled(block: Buffer, n: number): Float32Array {
  if (!codec) {
    const out = new Float32Array(n);
    decodeShuffledJs(block, n, out, 0, 0, n);
    return out;
  }
  return unpackWasm(codec, block, n, 0, n).slice();
}
