import { normalizeDirection } from '../direction/normalize-direction.ts';
import { formatPlainNumber } from './format-plain-number.ts';

// Numbers written straight into a byte buffer, for the text exports (issue 43 §2). Each writer gives
// the same text as the string formatter it replaces — `formatPlainNumber(v, { float32: true })` and
// `Number.prototype.toFixed` — for the values it takes, and says so by returning the next position;
// anything out of its exact range (returns -1) goes to that formatter. Hand-written because of what it
// was measured to save: the CSV writer on 106 columns of the M5 mast × 30 000 rows (22.6 MB, 3.2 M
// values) took 23.5 s with the string formatter (up to nine `toPrecision` calls, a `Number` parse and a
// string concatenation a value) and 1.03 s with these, on the same (busy, 2-core) machine: 23× faster.
// The whole M5 CSV (168 MB) now costs 2.4 s of the compute thread's CPU, reading included.

/** 10^0 … 10^12, each exact in a double. */
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12];
const ZERO = 48;
const MINUS = 45;
const DOT = 46;

/**
 * Writes `digits` (an integer, 0 ≤ digits < 2^31) as a decimal with `decimals` places — `decimals`
 * digits after a point (none when 0), at least one before it — and returns the position after it.
 */
function writeScaled(
  out: Uint8Array,
  at: number,
  digits: number,
  decimals: number,
  keepZeros: boolean,
): number {
  let m = digits;
  let d = decimals;
  if (!keepZeros) {
    while (d > 0 && m % 10 === 0) {
      m /= 10;
      d--;
    }
  }
  let length = 1;
  for (let t = m; t >= 10; t = (t / 10) | 0) length++;
  const width = length > d ? length + (d > 0 ? 1 : 0) : d + 2;
  let p = at + width - 1;
  for (let k = 0; k < d; k++) {
    out[p--] = ZERO + (m % 10);
    m = (m / 10) | 0;
  }
  if (d > 0) out[p--] = DOT;
  if (m === 0) out[p--] = ZERO;
  while (m > 0) {
    out[p--] = ZERO + (m % 10);
    m = (m / 10) | 0;
  }
  return at + width;
}

/**
 * The text of `formatPlainNumber(v, { float32: true })` for a finite Float32 value `v` with
 * 1e-4 ≤ |v| < 1e7 (or ±0), written at `at`; -1 for any other value (nothing written).
 *
 * Why it is the same text: the old formatter takes the first p in 1…9 for which `v.toPrecision(p)` reads
 * back (through Math.fround) as v, and prints `String(Number(candidate))`. `toPrecision(p)` rounds |v|
 * half up at d = p − 1 − ⌊log10|v|⌋ decimals, so the candidates are those of rounding half up at
 * increasing d; here `|v| × 10^d` is exact (24 bits of v × at most 28 bits of 5^d), `Math.round` rounds it
 * half up, and `m / 10^d` is the double nearest the candidate, as `Number(candidate)` is. Below d = 0 (p
 * small for large v) a candidate is an integer, representable below 2^24, so it reads back only when it
 * is v itself, which d = 0 also finds; the d ≥ 0 that p never reaches for |v| < 1 give only 0 (never v)
 * or the power of ten that p = 1 also gives. `String` of that double is the digits of m, trailing zeros
 * dropped (two decimals of at most 15 digits are never the same double), without exponent (≥ 1e-7).
 */
export function writeFloat32Shortest(out: Uint8Array, at: number, v: number): number {
  if (v === 0) {
    out[at] = ZERO;
    return at + 1;
  }
  const a = v < 0 ? -v : v;
  if (!(a >= 1e-4 && a < 1e7) || Math.fround(v) !== v) return -1;
  for (let d = 0; d <= 12; d++) {
    const p = POW10[d]!;
    const y = a * p;
    const m = Math.round(y);
    // A candidate that reads back as v is within half a Float32 step of it (≤ |v| × 2^-24, and the
    // double rounding of m / 10^d is far smaller), so one further off is passed over without dividing.
    const off = m - y;
    if (off > y * 6e-8 || off < y * -6e-8) continue;
    if (Math.fround(m / p) === a) {
      if (m >= 2_147_483_648) return -1;
      let q = at;
      if (v < 0) out[q++] = MINUS;
      return writeScaled(out, q, m, d, false);
    }
  }
  return -1;
}

/**
 * The text of `x.toFixed(decimals)` (0 ≤ decimals ≤ 12) for a finite x with |x| × 10^decimals < 2^31,
 * written at `at`; -1 when it cannot say for sure (nothing written). `toFixed` rounds the exact value of x
 * half up (away from zero) and keeps the sign of a negative x that rounds to zero ("-0.00"). When x is a
 * Float32 value, `|x| × 10^decimals` is exact, so `Math.round` gives the same digits; for other doubles
 * the product may be off by half a unit in its last place, so a product within 1e-6 of a tie is left to
 * `toFixed`.
 */
export function writeFixed(out: Uint8Array, at: number, x: number, decimals: number): number {
  const m = roundFixed(x, decimals);
  if (m < 0) return -1;
  let q = at;
  if (x < 0) out[q++] = MINUS;
  return writeScaled(out, q, m, decimals, true);
}

/** |x| × 10^decimals rounded as `toFixed` rounds it, or -1 when out of range or too near a tie to say. */
export function roundFixed(x: number, decimals: number): number {
  const a = x < 0 ? -x : x;
  const y = a * POW10[decimals]!;
  if (!(y < 2_147_483_647)) return -1;
  if (Math.fround(x) === x) return Math.round(y);
  const floor = Math.floor(y);
  const fraction = y - floor;
  if (fraction > 0.499_999 && fraction < 0.500_001) return -1;
  return fraction > 0.5 ? floor + 1 : floor;
}

/** Writes ASCII (or, past 0x7f, UTF-8) text; the caller has made room for 3 bytes a UTF-16 unit. */
export function writeText(out: Uint8Array, at: number, text: string): number {
  let q = at;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c >= 0x80) return at + ENCODER.encodeInto(text, out.subarray(at)).written;
    out[q++] = c;
  }
  return q;
}

const ENCODER = new TextEncoder();

/**
 * The shortest Float32 text of `v` as {@link formatPlainNumber} writes it, fast for the common values and
 * through it for the rest; `missing` (bytes) for NaN and ±Infinity.
 */
export function writeFloat32OrMissing(out: Uint8Array, at: number, v: number, missing: Uint8Array): number {
  const q = writeFloat32Shortest(out, at, v);
  if (q >= 0) return q;
  const text = formatPlainNumber(v, { float32: true });
  if (text === undefined) {
    out.set(missing, at);
    return at + missing.length;
  }
  return writeText(out, at, text);
}

/**
 * The longest text the writers above give for one number: a Float64 value that is not a Float32 one,
 * written by {@link formatPlainNumber} without exponent (up to 309 digits, a sign and a point) or by
 * `toFixed` (an exponent at 1e21 and above).
 */
export const MAX_NUMBER_BYTES = 330;

/**
 * A direction as the pair formats write it: `normalizeDirection(Number(deg.toFixed(1))).toFixed(1)` —
 * rounded to a tenth first, then folded into [0, 360) (360.0 and -0.0 become 0.0). In tenths as
 * integers for |deg| < 10^6 (the double arithmetic it replaces is within 1e-9 of those tenths, far from
 * a rounding tie); through that expression otherwise.
 */
export function writeDirection(out: Uint8Array, at: number, deg: number): number {
  const tenths = deg < 1e6 && deg > -1e6 ? roundFixed(deg, 1) : -1;
  if (tenths < 0) return writeText(out, at, normalizeDirection(Number(deg.toFixed(1))).toFixed(1));
  let folded = (deg < 0 ? -tenths : tenths) % 3600;
  if (folded < 0) folded += 3600;
  return writeScaled(out, at, folded, 1, true);
}

/** `x.toFixed(decimals)`, fast when {@link writeFixed} can say, through `toFixed` otherwise. */
export function writeFixedAny(out: Uint8Array, at: number, x: number, decimals: number): number {
  const q = writeFixed(out, at, x, decimals);
  return q >= 0 ? q : writeText(out, at, x.toFixed(decimals));
}

/** A non-negative integer below 2^31 (a record number). */
export function writeInteger(out: Uint8Array, at: number, value: number): number {
  return writeScaled(out, at, value, 0, true);
}
