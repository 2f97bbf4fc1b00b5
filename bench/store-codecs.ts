// The chunk encodings compared on the five-year NREL M5 mast (issue 33): every column cut into month
// chunks of 4 464 ten-minute values (3 816 chunks, 17 M values), encoded and decoded in this process.
// Figures `store.codec.<name>.bytes_per_value` and `store.codec.<name>.decode_mbps` (decoded bytes per
// second, best of 3) for: zlib level 1 (the form before issue 33), zlib level 1 on byte-shuffled floats,
// LZ4, and LZ4 on byte-shuffled floats — the form chosen (timeseries/chunk.ts, SHUFFLED_LZ4), decoded in
// WebAssembly (values-codec.ts, issue 43) and, as `shuffle_lz4_js`, by the JavaScript fallback (lz4-napi,
// then the unshuffle in JavaScript, the decoder before issue 43). zstd is left out: its Node bindings
// compile at install (none prebuilt on npm), see chunk.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync, gunzipSync, inflateSync } from 'node:zlib';
import { compressSync as lz4Compress, uncompressSync as lz4Uncompress } from 'lz4-napi';
import { decodeValues, encodeValues } from '../apps/server/src/modules/timeseries/chunk.ts';
import { decodeShuffledJs } from '../apps/server/src/modules/timeseries/values-codec.ts';
import type { TBenchResult } from './run.ts';

const M5_GZ = path.resolve(
  import.meta.dirname,
  '../../shared/samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz',
);
const N = 4464;

function m5Chunks(): Float32Array[] {
  const lines = gunzipSync(readFileSync(M5_GZ)).toString('utf8').split('\n');
  const columns = lines[0]!.split(',').length - 1;
  const rows = lines.filter((l) => l.length > 0).length - 1;
  const data = Array.from({ length: columns }, () => new Float32Array(rows));
  for (let r = 0; r < rows; r++) {
    const cells = lines[r + 1]!.split(',');
    for (let c = 0; c < columns; c++) {
      const cell = cells[c + 1];
      data[c]![r] = cell === undefined || cell === '' ? Number.NaN : Number(cell);
    }
  }
  const chunks: Float32Array[] = [];
  for (const column of data)
    for (let s = 0; s + N <= column.length; s += N) chunks.push(column.slice(s, s + N));
  return chunks;
}

function shuffled(values: Float32Array): Buffer {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const n = values.length;
  const out = Buffer.allocUnsafe(bytes.length);
  for (let i = 0; i < n; i++) for (let b = 0; b < 4; b++) out[b * n + i] = bytes[4 * i + b]!;
  return out;
}

function unshuffled(planes: Uint8Array, n: number): Float32Array {
  const out = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) for (let b = 0; b < 4; b++) out[4 * i + b] = planes[b * n + i]!;
  return new Float32Array(out.buffer);
}

const raw = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

const CODECS: Record<string, [(v: Float32Array) => Buffer, (b: Buffer) => unknown]> = {
  zlib1: [(v) => deflateSync(raw(v), { level: 1 }), (b) => decodeValues(b, N)],
  shuffle_zlib1: [(v) => deflateSync(shuffled(v), { level: 1 }), (b) => unshuffled(inflateSync(b), N)],
  lz4: [(v) => lz4Compress(raw(v)), (b) => lz4Uncompress(b)],
  shuffle_lz4: [encodeValues, (b) => decodeValues(b, N)],
  shuffle_lz4_js: [
    encodeValues,
    (b) => {
      const out = new Float32Array(N);
      decodeShuffledJs(b.subarray(1), N, out, 0, 0, N);
      return out;
    },
  ],
};

export async function benchStoreCodecs(): Promise<TBenchResult[]> {
  if (!existsSync(M5_GZ)) {
    console.warn(`store.codec skipped: ${M5_GZ} not found (../shared is absent in a user's clone)`);
    return [];
  }
  const chunks = m5Chunks();
  const total = chunks.length * N;
  const results: TBenchResult[] = [];
  const line: string[] = [];
  for (const [name, [encode, decode]] of Object.entries(CODECS)) {
    const stored = chunks.map(encode);
    const bytes = stored.reduce((s, b) => s + b.length, 0);
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 3; k++) {
      const t = performance.now();
      for (const b of stored) decode(b);
      best = Math.min(best, performance.now() - t);
    }
    const mbps = Math.round((total * 4) / 1e6 / (best / 1000));
    const perValue = Math.round((bytes / total) * 1000) / 1000;
    line.push(`${name} ${perValue} B/value ${mbps} MB/s`);
    results.push(
      { name: `store.codec.${name}.bytes_per_value`, value: perValue, unit: 'B/value' },
      { name: `store.codec.${name}.decode_mbps`, value: mbps, unit: 'MB/s' },
    );
  }
  console.log(`  (M5: ${chunks.length} month chunks, ${total} values; ${line.join('; ')})`);
  return results;
}
