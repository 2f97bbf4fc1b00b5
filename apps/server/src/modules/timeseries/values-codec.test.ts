import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import initWabt from 'wabt';
import { encodeValues } from './chunk.ts';
import { decodeShuffledJs, decodeShuffledWasm, hasWasmValuesCodec } from './values-codec.ts';

const WAT = new URL('./values-codec.wat', import.meta.url);
const WASM = new URL('./values-codec.wasm', import.meta.url);

/** A generator of 32-bit words (LCG), the same on every run. */
function words(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s;
  };
}

/** Columns whose stored form exercises every path of the decoder: literals, runs, short and long patterns. */
const PATTERNS: Record<string, (n: number) => Float32Array> = {
  // Every bit random: NaN payloads, subnormals and infinities in all four byte planes, nothing to match.
  'random bits': (n) => {
    const next = words(n + 1);
    return new Float32Array(Uint32Array.from({ length: n }, next).buffer);
  },
  'NaN, ±Infinity, −0 and subnormals among noise': (n) => {
    const next = words(n + 2);
    const special = [0x7fc00000, 0xffc00001, 0x7f800001, 0x7f800000, 0xff800000, 0x80000000, 0x00000001, 0];
    const w = Uint32Array.from({ length: n }, (_, i) =>
      i % 3 === 0
        ? special[(i / 3) % special.length]!
        : new Uint32Array(new Float32Array([(next() % 2000) / 100]).buffer)[0]!,
    );
    return new Float32Array(w.buffer);
  },
  'all missing (NaN)': (n) => new Float32Array(n).fill(Number.NaN),
  'one value throughout': (n) => new Float32Array(n).fill(-0),
  'a wind-speed-like walk at logger resolution': (n) => {
    const next = words(n + 3);
    let v = 7;
    return Float32Array.from({ length: n }, () => {
      v = Math.max(0, v + (next() / 0xffffffff - 0.5));
      return Math.round(v * 100) / 100;
    });
  },
  // Periods of 2 to 17 values: LZ4 matches at every short offset (1–15 bytes within a plane) and past.
  'short repeating patterns': (n) => {
    const next = words(n + 4);
    const out = new Float32Array(n);
    for (let i = 0; i < n; ) {
      const period = 2 + (next() % 16);
      const cycle = Array.from({ length: period }, () => (next() % 7) - 3);
      const run = 8 + (next() % 200);
      for (let k = 0; k < run && i < n; k++, i++) out[i] = cycle[k % period]!;
    }
    return out;
  },
};

const SIZES = [0, 1, 2, 3, 4, 15, 16, 17, 31, 32, 33, 63, 64, 65, 744, 4032, 4463, 4464, 20_000];

function bitsOf(values: Float32Array): number[] {
  return Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length));
}

describe('chunk values decoded in WebAssembly (issue 43)', () => {
  it('has its committed values-codec.wasm assembled from values-codec.wat as it stands', async () => {
    const wabt = await initWabt();
    const module = wabt.parseWat('values-codec.wat', readFileSync(WAT, 'utf8'), {
      simd: true,
      bulk_memory: true,
    });
    module.validate();
    const { buffer } = module.toBinary({ canonicalize_lebs: true, write_debug_names: false });
    module.destroy();
    // On a difference: `node scripts/wat2wasm.mjs apps/server/src/modules/timeseries/values-codec.wat`.
    expect(Buffer.from(buffer).equals(readFileSync(WASM))).toBe(true);
  });

  it('runs in WebAssembly on this Node (SIMD available), not the JavaScript fallback', () => {
    expect(hasWasmValuesCodec).toBe(true);
  });

  it('falls back to the JavaScript decoder on a runtime without WebAssembly SIMD', async () => {
    vi.resetModules();
    const validate = vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    try {
      const fallback = await import('./values-codec.ts');
      expect(fallback.hasWasmValuesCodec).toBe(false);
      expect(fallback.decodeShuffledInto).toBe(fallback.decodeShuffledJs);
      const values = PATTERNS['NaN, ±Infinity, −0 and subnormals among noise']!(4464);
      const block = encodeValues(values).subarray(1);
      expect(bitsOf(fallback.decodeShuffled(block, 4464))).toEqual(bitsOf(values));
      expect(() => fallback.decodeShuffledWasm(block, 4464, new Float32Array(4464), 0, 0, 4464)).toThrow(
        /SIMD/,
      );
    } finally {
      validate.mockRestore();
      vi.resetModules();
    }
  });

  for (const [name, make] of Object.entries(PATTERNS)) {
    it(`decodes ${name} to the JavaScript decoder's bits at every edge size`, () => {
      for (const n of SIZES) {
        const values = make(n);
        const block = encodeValues(values).subarray(1);
        const wasm = new Float32Array(n);
        const js = new Float32Array(n);
        decodeShuffledWasm(block, n, wasm, 0, 0, n);
        decodeShuffledJs(block, n, js, 0, 0, n);
        expect(bitsOf(wasm), `${n} values`).toEqual(bitsOf(js));
        expect(bitsOf(wasm), `${n} values`).toEqual(bitsOf(values));
      }
    });
  }

  it('decodes any slice onto a grid as the JavaScript decoder does, leaving the rest of the grid alone', () => {
    const next = words(99);
    for (const n of [17, 64, 4464]) {
      const block = encodeValues(PATTERNS['NaN, ±Infinity, −0 and subnormals among noise']!(n)).subarray(1);
      for (let k = 0; k < 40; k++) {
        const from = next() % (n + 1);
        const to = from + (next() % (n - from + 1));
        const offset = (next() % 40) - Math.min(from, 20);
        const wasm = new Float32Array(n + 60).fill(42);
        const js = new Float32Array(n + 60).fill(42);
        decodeShuffledWasm(block, n, wasm, offset, from, to);
        decodeShuffledJs(block, n, js, offset, from, to);
        expect(bitsOf(wasm), `[${from}, ${to}) at ${offset}`).toEqual(bitsOf(js));
      }
    }
  });

  it('decodes a month of one-second values (the module memory grows) and a short month after it', () => {
    const big = PATTERNS['a wind-speed-like walk at logger resolution']!(31 * 86_400);
    const out = new Float32Array(big.length);
    decodeShuffledWasm(encodeValues(big).subarray(1), big.length, out, 0, 0, big.length);
    expect(Buffer.from(out.buffer).equals(Buffer.from(big.buffer))).toBe(true);
    const small = PATTERNS['random bits']!(4032);
    const back = new Float32Array(4032);
    decodeShuffledWasm(encodeValues(small).subarray(1), 4032, back, 0, 0, 4032);
    expect(bitsOf(back)).toEqual(bitsOf(small));
  });

  it('refuses a block of another length, a block cut short and one whose match points before the start', () => {
    const values = PATTERNS['short repeating patterns']!(4464);
    const block = encodeValues(values).subarray(1);
    const out = new Float32Array(4464);
    expect(() => decodeShuffledWasm(block, 4460, out, 0, 0, 4460)).toThrow(/bytes/);
    expect(() => decodeShuffledWasm(block.subarray(0, block.length - 9), 4464, out, 0, 0, 4464)).toThrow(
      /corrupt/,
    );
    expect(() => decodeShuffledWasm(block.subarray(0, 3), 4464, out, 0, 0, 4464)).toThrow(/cut short/);
  });

  it('takes a match reaching back to the first byte written, and refuses one reaching a byte further', () => {
    // 8 bytes (two values): three literals, a match of four `back` bytes back, then one literal.
    const block = (back: number) => Buffer.from([8, 0, 0, 0, 0x30, 1, 2, 3, back, 0, 0x10, 9]);
    for (const decode of [decodeShuffledWasm, decodeShuffledJs]) {
      const out = new Float32Array(2);
      decode(block(3), 2, out, 0, 0, 2);
      // Decoded planes 1 2 | 3 1 | 2 3 | 1 9: each value's bytes, lowest first, one from each plane.
      expect(bitsOf(out)).toEqual([0x01_02_03_01, 0x09_03_01_02]);
      expect(() => decode(block(4), 2, out, 0, 0, 2)).toThrow();
    }
    expect(() => decodeShuffledWasm(block(4), 2, new Float32Array(2), 0, 0, 2)).toThrow(/corrupt/);
  });

  it('throws or decodes as the JavaScript decoder does on any single corrupted byte of a block', () => {
    const values = PATTERNS['a wind-speed-like walk at logger resolution']!(744);
    const block = encodeValues(values).subarray(1);
    const next = words(5);
    for (let k = 0; k < 2000; k++) {
      const corrupt = Buffer.from(block);
      corrupt[4 + (next() % (corrupt.length - 4))] = next() & 0xff;
      const outcome = (decode: typeof decodeShuffledJs) => {
        const out = new Float32Array(744);
        try {
          decode(corrupt, 744, out, 0, 0, 744);
          return bitsOf(out).join(',');
        } catch {
          return 'throws';
        }
      };
      expect(outcome(decodeShuffledWasm)).toBe(outcome(decodeShuffledJs));
    }
  });
});
