import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile, recognize, type TParseRule, UnreadableFileError } from './index.ts';

// Fuzzing: the samples (or, without ../shared, small built-in files) mutated thousands of times with a
// deterministic seed; recognize() and parseFile() may only answer or throw UnreadableFileError, never
// crash or hang. The run is bounded by a case count and a time budget.
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../../../shared/samples');
const CASES = 4000;
const BUDGET_MS = 25_000;
const MAX_SAMPLE_BYTES = 40_000;

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seeds(): { name: string; bytes: Uint8Array }[] {
  const out: { name: string; bytes: Uint8Array }[] = [];
  if (existsSync(SAMPLES)) {
    for (const dir of readdirSync(SAMPLES)) {
      const full = path.join(SAMPLES, dir);
      if (dir === 'real-mast' || !statSync(full).isDirectory()) continue;
      for (const f of readdirSync(full)) {
        if (/\.(md|json)$/.test(f)) continue;
        const bytes = readFileSync(path.join(full, f));
        // Keep the head of large samples: the fuzzer wants many cases, not big ones.
        out.push({ name: f, bytes: bytes.subarray(0, MAX_SAMPLE_BYTES) });
      }
    }
  }
  out.push({
    name: 'builtin.csv',
    bytes: new TextEncoder().encode(
      'Timestamp,Spd80mN,Dir78mS,T2m\n2016-01-09 15:30,8.37,114.2,0.711\n2016-01-09 15:40,8.25,114.4,0.63\n2016-01-09 15:50,,110,"NAN"\n',
    ),
  });
  out.push({
    name: 'builtin.dat',
    bytes: new TextEncoder().encode(
      '"TOA5","s","CR1000"\n"TIMESTAMP","RECORD","WS_80m_Avg"\n"TS","RN","m/s"\n"","","Avg"\n"2024-01-01 00:10:00",1,5.5\n"2024-01-01 00:20:00",2,"NAN"\n',
    ),
  });
  return out;
}

const TOKENS = [
  '\n',
  '\r',
  '\r\n',
  ',',
  ';',
  '\t',
  ' ',
  '"',
  '-',
  '.',
  'e',
  'NAN',
  '9999',
  '\u0000',
  '\uFEFF',
  '年',
  ':',
  '/',
];

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, x) => a + x.length, 0));
  let at = 0;
  for (const x of parts) {
    out.set(x, at);
    at += x.length;
  }
  return out;
}

function mutate(src: Uint8Array, rnd: () => number, pool: Uint8Array[]): Uint8Array {
  let b: Uint8Array = Uint8Array.from(src);
  const ops = 1 + Math.floor(rnd() * 4);
  for (let k = 0; k < ops; k++) {
    const pos = Math.floor(rnd() * (b.length + 1));
    switch (Math.floor(rnd() * 9)) {
      case 0: // flip bits
        if (b.length) b[Math.min(pos, b.length - 1)]! ^= 1 << Math.floor(rnd() * 8);
        break;
      case 1: // truncate
        b = b.subarray(0, pos);
        break;
      case 2: {
        // insert a token
        const t = new TextEncoder().encode(TOKENS[Math.floor(rnd() * TOKENS.length)]!);
        b = concat(b.subarray(0, pos), t, b.subarray(pos));
        break;
      }
      case 3: {
        // delete a span
        const len = Math.floor(rnd() * 64);
        b = concat(b.subarray(0, pos), b.subarray(pos + len));
        break;
      }
      case 4: {
        // duplicate a span (repeated rows, repeated headers)
        const len = Math.floor(rnd() * 400);
        const span = b.subarray(pos, pos + len);
        b = concat(b.subarray(0, pos), span, span, b.subarray(pos));
        break;
      }
      case 5: // random bytes
        for (let i = 0; i < 16 && pos + i < b.length; i++) b[pos + i] = Math.floor(rnd() * 256);
        break;
      case 6: {
        // splice with another seed
        const other = pool[Math.floor(rnd() * pool.length)]!;
        const from = Math.floor(rnd() * other.length);
        b = concat(b.subarray(0, pos), other.subarray(from, from + 2000));
        break;
      }
      case 7: // replace digits (dates going backwards, values out of range)
        for (let i = pos; i < Math.min(b.length, pos + 200); i++) {
          if (b[i]! >= 0x30 && b[i]! <= 0x39) b[i] = 0x30 + Math.floor(rnd() * 10);
        }
        break;
      default: {
        // widen a row with many delimiters
        const n = Math.floor(rnd() * 3000);
        b = concat(b.subarray(0, pos), new Uint8Array(n).fill(0x2c), b.subarray(pos));
      }
    }
  }
  return b;
}

const NAMES = ['data.csv', 'data.txt', 'data.dat', 'x.xls', 'x.xlsx', 'meso.wnd', 'x.rld'];

describe('recognize() and parseFile() under fuzzing', () => {
  it(`never crash or hang on ${CASES} mutated samples (seed 20240501, ${BUDGET_MS / 1000} s budget)`, () => {
    const pool = seeds();
    const rnd = prng(20240501);
    const started = Date.now();
    let cases = 0;
    let recognised = 0;
    let refused = 0;
    const rules: TParseRule[] = [];
    for (; cases < CASES && Date.now() - started < BUDGET_MS; cases++) {
      const seed = pool[Math.floor(rnd() * pool.length)]!;
      const bytes = mutate(
        seed.bytes,
        rnd,
        pool.map((p) => p.bytes),
      );
      // Spreadsheet names go through the worker; keep those rare so the budget buys many cases.
      const name = rnd() < 0.02 ? NAMES[Math.floor(rnd() * NAMES.length)]! : NAMES[Math.floor(rnd() * 3)]!;
      try {
        const r = recognize(bytes, name);
        recognised++;
        if (r.kind !== 'store_only' && r.kind !== 'wasp_tab') {
          rules.push(r.rule);
          parseFile(bytes, name, r.rule, r.channels);
        }
        // A rule recognised for another file, applied to this one.
        const foreign = rules[Math.floor(rnd() * rules.length)];
        if (foreign) parseFile(bytes, name, foreign);
      } catch (e) {
        if (!(e instanceof UnreadableFileError)) {
          throw new Error(`case ${cases} (${seed.name} as ${name}) crashed: ${(e as Error).stack}`);
        }
        refused++;
      }
    }
    console.log(
      `fuzz: ${cases} cases in ${Date.now() - started} ms, ${recognised} recognised, ${refused} refused`,
    );
    expect(cases).toBeGreaterThanOrEqual(Math.min(CASES, 1000));
  });
});
