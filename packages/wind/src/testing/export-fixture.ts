// Test support only (not exported from index.ts): columns for the byte-for-byte checks of the text exports
// (issue 43 §2) — random ones with the awkward values, and excerpts of the two real masts of ../shared.
import { existsSync, readFileSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import type { ExportChannel } from '../export/export-channel.ts';
import { SHARED_DIR } from './shared-fixtures.ts';

export const M5_GZ_PATH = `${SHARED_DIR}samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz`;
export const FERGUS_CSV_PATH = `${SHARED_DIR}samples/real-mast/usdoe-fergus-electric/fergus_electric_10min_2001-04_2002-06.csv`;
export const hasRealMasts = existsSync(M5_GZ_PATH) && existsSync(FERGUS_CSV_PATH);
export const REAL_MAST_SKIP_MESSAGE = 'skipped because ../shared (NREL M5 and DOE Fergus masts) is absent';

/** A seeded generator of numbers in [0, 1) (mulberry32), so a failure can be run again. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Values that have tripped number formatters: ties, signed zeros, the ends of every fast range. */
export const AWKWARD_VALUES = [
  0,
  -0,
  0.125,
  -0.125,
  2.675,
  -2.675,
  1.005,
  0.005,
  0.015,
  0.045,
  8.125,
  8.375,
  0.5,
  1.5,
  2.5,
  -0.5,
  0.05,
  0.95,
  359.95,
  359.96,
  360,
  360.04,
  -0.04,
  -0.05,
  -15.3,
  720.25,
  1e-4,
  9.999e-5,
  1.0001e-4,
  1e7,
  9_999_999,
  1e7 + 1,
  16_777_216,
  16_777_217,
  33_554_432,
  1e21,
  1.5e21,
  3.4e38,
  -3.4e38,
  1.17549435e-38,
  1e-45,
  1e-7,
  123_456.789,
  0.1,
  0.2,
  0.3,
  8.37,
  0.897,
  114.2,
  7.652,
  99.995,
  0.999_999_9,
  1.999_999_9,
  21_474_836.47,
  21_474_836.48,
  2_147_483.647,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

/**
 * A random column of `length` values: mostly wind-like numbers with 0–7 decimals, and every kind of
 * awkward one (NaN, negatives, -0, ties, huge, tiny, any Float32 bit pattern) sprinkled in.
 */
export function randomColumn(random: () => number, length: number, float32: boolean): Float64Array {
  const out = new Float64Array(length);
  const bits = new Uint32Array(1);
  const asFloat = new Float32Array(bits.buffer);
  for (let i = 0; i < length; i++) {
    const kind = random();
    let v: number;
    if (kind < 0.55) {
      const decimals = Math.floor(random() * 8);
      v = Math.round(random() * 40 * 10 ** decimals) / 10 ** decimals;
    } else if (kind < 0.65) v = (random() - 0.5) * 720;
    else if (kind < 0.72) v = Number.NaN;
    else if (kind < 0.8) v = AWKWARD_VALUES[Math.floor(random() * AWKWARD_VALUES.length)]!;
    else if (kind < 0.88) v = (random() < 0.5 ? -1 : 1) * 10 ** (random() * 60 - 30);
    else if (kind < 0.94) {
      bits[0] = Math.floor(random() * 4_294_967_296);
      v = asFloat[0]!;
    } else v = (random() - 0.5) * 2 * 10 ** Math.floor(random() * 9);
    out[i] = float32 ? Math.fround(v) : v;
  }
  return out;
}

/**
 * The first `rows` rows of the NREL M5 file (its 106 numeric columns as the store keeps them: Float32,
 * NaN for an empty field), read from the start of the gzip file only.
 */
export function loadM5Excerpt(rows: number): ExportChannel[] {
  const gz = readFileSync(M5_GZ_PATH);
  const text = gunzipSync(gz.subarray(0, 4_000_000), { finishFlush: constants.Z_SYNC_FLUSH }).toString(
    'utf8',
  );
  const lines = text.split('\n').slice(0, rows + 1);
  const header = lines[0]!.trim().split(',');
  const body = lines.slice(1, rows + 1).map((l) => l.trim().split(','));
  return header.slice(1).map((name, c) => ({
    name: `M5 ${name}`,
    values: Float32Array.from(body, (r) => (r[c + 1] ? Number(r[c + 1]) : Number.NaN)),
  }));
}

/** The DOE Fergus mast (61 031 rows): speed, its real SD and a 16-point vane, as Float32 (mph, as stored). */
export function loadFergus(): { speed: Float32Array; sd: Float32Array; direction: Float32Array } {
  const body = readFileSync(FERGUS_CSV_PATH, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.length > 0)
    .map((l) => l.split(','));
  const column = (c: number) => Float32Array.from(body, (r) => (r[c] ? Number(r[c]) : Number.NaN));
  return { speed: column(1), sd: column(2), direction: column(3) };
}
