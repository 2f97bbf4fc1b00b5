import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeValues, decodeValuesInto, encodeValues, isLegacyValues, SHUFFLED_LZ4 } from './chunk.ts';

/** Float32 values with every awkward bit pattern: NaNs of several payloads, ±0, ±∞, subnormals, noise. */
function awkwardValues(n: number, seed = 7): Float32Array {
  const values = new Float32Array(n);
  const words = new Uint32Array(values.buffer);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    const kind = i % 11;
    if (kind === 0)
      words[i] = 0x7fc00000; // the quiet NaN
    else if (kind === 1)
      words[i] = 0xffc00001; // a NaN with sign and payload
    else if (kind === 2)
      words[i] = 0x80000000; // −0
    else if (kind === 3)
      words[i] = 0x00000001; // the smallest subnormal
    else if (kind === 4) values[i] = i % 2 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    else values[i] = 3 + (s / 0xffffffff) * 12;
  }
  return values;
}

function bits(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

describe('chunk values codec (issue 33)', () => {
  it.each([
    4464, 4032, 744, 4463, 1,
  ])('gives back the same Float32 bits of %i values, NaN payloads and −0 included', (n) => {
    const values = awkwardValues(n);
    const stored = encodeValues(values);
    expect(stored[0]).toBe(SHUFFLED_LZ4);
    expect(isLegacyValues(stored)).toBe(false);
    expect(Array.from(bits(decodeValues(stored, n)))).toEqual(Array.from(bits(values)));
  });

  it('reads values stored before issue 33 (zlib) to the same bits as the new form', () => {
    const values = awkwardValues(4464, 3);
    const legacy = deflateSync(Buffer.from(values.buffer), { level: 1 });
    expect(isLegacyValues(legacy)).toBe(true);
    expect(Array.from(bits(decodeValues(legacy, 4464)))).toEqual(Array.from(bits(values)));
  });

  it('decodes any slice of a chunk straight onto a grid, at any offset, leaving the rest of the grid alone', () => {
    const n = 4464;
    const values = awkwardValues(n, 11);
    for (const stored of [encodeValues(values), deflateSync(Buffer.from(values.buffer), { level: 1 })]) {
      for (const [from, to, offset] of [
        [0, n, 0],
        [1, n - 3, 5],
        [3, 7, -3],
        [4, 4460, 100],
        [2, 2, 0],
      ] as const) {
        const target = new Float32Array(n + 200).fill(42);
        decodeValuesInto(stored, n, target, offset, from, to);
        const got = bits(target);
        const want = bits(values);
        for (let i = 0; i < target.length; i++) {
          const source = i - offset;
          if (source >= from && source < to) expect(got[i]).toBe(want[source]);
          else expect(target[i]).toBe(42);
        }
      }
    }
  });

  it('refuses stored values whose length does not match the month', () => {
    expect(() => decodeValues(encodeValues(new Float32Array(10)), 12)).toThrow(/bytes/);
  });

  it('is smaller than zlib level 1 was on noisy wind-speed-like floats', () => {
    // A speed-like random walk with 1e-6 resolution, as loggers write.
    const n = 4464;
    const values = new Float32Array(n);
    let v = 7;
    let s = 1;
    for (let i = 0; i < n; i++) {
      s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
      v = Math.max(0, v + (s / 0xffffffff - 0.5));
      values[i] = Math.round(v * 1e6) / 1e6;
    }
    const zlib = deflateSync(Buffer.from(values.buffer), { level: 1 }).length;
    expect(encodeValues(values).length).toBeLessThan(zlib);
  });
});
