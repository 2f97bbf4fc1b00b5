import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  decodeChunk,
  decodeFlags,
  decodeFlagsInto,
  emptyChunk,
  encodeChunk,
  mergeFileIntoChunk,
  monthStartOf,
  NO_SOURCE,
  slotCountOf,
  type TChunk,
} from './chunk.ts';

const JAN = Date.UTC(2024, 0, 1);
const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);
const SHA_C = 'c'.repeat(64);

function apply(chunk: TChunk, sha: string, slots: number[], values: number[]): void {
  mergeFileIntoChunk(chunk, sha, Int32Array.from(slots), Float32Array.from(values), slots.length);
}

function encoded(chunk: TChunk) {
  const e = encodeChunk(chunk);
  return {
    ...e,
    values: e.values.toString('hex'),
    flags: e.flags.toString('hex'),
    sources: e.sources?.toString('hex'),
  };
}

describe('chunk grid', () => {
  it('has one slot per interval of the UTC month', () => {
    expect(slotCountOf(JAN, 600)).toBe(31 * 144);
    expect(slotCountOf(Date.UTC(2024, 1, 1), 600)).toBe(29 * 144);
    expect(slotCountOf(JAN, 3600)).toBe(31 * 24);
    expect(monthStartOf(Date.UTC(2024, 0, 31, 23, 50))).toBe(JAN);
  });

  it('round-trips values, flags and sources through compression', () => {
    const chunk = emptyChunk(JAN, 600);
    apply(chunk, SHA_A, [0, 5, 4463], [1.5, Number.NaN, -2.25]);
    const e = encodeChunk(chunk);
    expect(e.valueCount).toBe(2);
    expect(e.firstTimeMs).toBe(JAN);
    expect(e.lastTimeMs).toBe(JAN + 4463 * 600_000);
    const back = decodeChunk({ ...e, monthStartMs: JAN, intervalS: 600 });
    expect(back.values[0]).toBe(1.5);
    expect(Number.isNaN(back.values[5]!)).toBe(true);
    expect(back.values[4463]).toBe(-2.25);
    expect(back.sources[0]).toBe(0);
    expect(back.sources[5]).toBe(NO_SOURCE);
    expect(back.sourceShas).toEqual([SHA_A]);
  });

  it('decodes all-zero flags without inflating them, and any other flags (or zeros deflated another way) by inflating', () => {
    const chunk = emptyChunk(JAN, 600);
    const zeros = decodeFlags(encodeChunk(chunk).flags, chunk.flags.length);
    expect(zeros.length).toBe(31 * 144);
    expect(zeros.every((f) => f === 0)).toBe(true);
    // A fresh array each time: a caller may write into it.
    zeros[0] = 3;
    expect(decodeFlags(encodeChunk(chunk).flags, chunk.flags.length)[0]).toBe(0);
    chunk.flags[7] = 3;
    expect(decodeFlags(encodeChunk(chunk).flags, chunk.flags.length)[7]).toBe(3);
    const otherwise = deflateSync(new Uint8Array(31 * 144), { level: 9 });
    expect([...decodeFlags(otherwise, 31 * 144)]).toEqual([...new Uint8Array(31 * 144)]);
    expect(() => decodeFlags(deflateSync(new Uint8Array(5)), 31 * 144)).toThrow(/bytes/);
  });

  it('places flags [from, to) of a chunk on a grid, all-zero or not, leaving the rest of the grid alone', () => {
    const chunk = emptyChunk(JAN, 600);
    const n = chunk.flags.length;
    const zeroForm = encodeChunk(chunk).flags;
    for (let i = 0; i < n; i++) chunk.flags[i] = 1 + (i % 5);
    const flagged = encodeChunk(chunk).flags;
    for (const [stored, want] of [
      [zeroForm, () => 0],
      [flagged, (i: number) => 1 + (i % 5)],
    ] as const) {
      const grid = new Uint8Array(n + 20).fill(9);
      decodeFlagsInto(stored, n, grid, 12, 3, n - 4);
      for (let k = 0; k < grid.length; k++) {
        const i = k - 12;
        expect(grid[k], `grid slot ${k}`).toBe(i >= 3 && i < n - 4 ? want(i) : 9);
      }
    }
  });
});

describe('mergeFileIntoChunk (order-free, idempotent)', () => {
  const files: [string, number[], number[]][] = [
    [SHA_B, [0, 1, 2, 3], [10, 11, Number.NaN, 13]],
    [SHA_A, [1, 2, 3, 4], [21, 22, 23, Number.NaN]],
    [SHA_C, [3, 4, 5], [Number.NaN, 34, 35]],
  ];

  it('a present value beats a missing one; the larger SHA-256 wins between present values', () => {
    const chunk = emptyChunk(JAN, 600);
    for (const [sha, slots, values] of files) apply(chunk, sha, slots, values);
    expect(Array.from(chunk.values.subarray(0, 6))).toEqual([10, 11, 22, 13, 34, 35]);
  });

  it('gives byte-identical chunks for every arrival order, and again when a file repeats', () => {
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
      [0, 1, 2, 1, 0],
    ];
    const results = orders.map((order) => {
      const chunk = emptyChunk(JAN, 600);
      for (const i of order) apply(chunk, ...files[i]!);
      return encoded(chunk);
    });
    for (const r of results) expect(r).toEqual(results[0]);
  });

  it('drops a source no value comes from any more', () => {
    const chunk = emptyChunk(JAN, 600);
    apply(chunk, SHA_A, [0], [1]);
    apply(chunk, SHA_B, [0], [2]);
    expect(chunk.sourceShas).toEqual([SHA_B]);
    expect(chunk.values[0]).toBe(2);
  });
});
