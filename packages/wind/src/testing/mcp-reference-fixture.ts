// Test support only (not exported from index.ts): loads ../shared/reference/brightwind-mcp/reference.json and
// the NREL M5 mast it was computed on, prepared exactly as its README says. The library itself does no I/O.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { McpSeries } from '../longterm/types.ts';
import { SHARED_DIR } from './shared-fixtures.ts';

export const MCP_REFERENCE_PATH = `${SHARED_DIR}reference/brightwind-mcp/reference.json`;
export const M5_PATH = `${SHARED_DIR}samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz`;
export const hasMcpShared = existsSync(MCP_REFERENCE_PATH) && existsSync(M5_PATH);
export const MCP_SKIP_MESSAGE =
  'skipped because ../shared (brightwind MCP reference and the NREL M5 mast) is absent';

// biome-ignore lint/suspicious/noExplicitAny: the reference JSON is deeply nested and only read in tests
export function loadMcpReference(): any {
  return JSON.parse(readFileSync(MCP_REFERENCE_PATH, 'utf8'));
}

/** Epoch ms of a naive ISO stamp of the reference ("2012-09-01T00:00:00", read as UTC). */
export function naiveMs(iso: string): number {
  return Date.parse(`${iso.replace(' ', 'T')}Z`);
}

const STEP_MS = 600_000;
const BASE_OFFSET_MS = -7 * 3_600_000;

/** The four M5 channels of the reference set on one 10-min grid in fixed UTC−07:00 (naive ms), Float64. */
export interface M5McpData {
  readonly startMs: number;
  readonly length: number;
  /** 1 where the file has a row for the stamp (brightwind's index), even if its values are empty. */
  readonly hasRow: Uint8Array;
  readonly columns: Record<string, Float64Array>;
}

/**
 * The M5 file prepared as README.md "Inputs and preparation" steps 1–4: stamps to fixed UTC−07:00, rows off
 * the 10-min grid dropped, duplicate stamps keep the first row, empty field = NaN.
 */
export function loadM5ForMcp(names: readonly string[]): M5McpData {
  const text = gunzipSync(readFileSync(M5_PATH)).toString('latin1');
  let lineEnd = text.indexOf('\n');
  const header = text.slice(0, lineEnd).replace(/\r$/, '').split(',');
  const at = names.map((n) => {
    const i = header.indexOf(n);
    if (i < 0) throw new Error(`M5 file has no column ${n}`);
    return i;
  });
  const stamps: number[] = [];
  const lines: string[] = [];
  let pos = lineEnd + 1;
  while (pos < text.length) {
    lineEnd = text.indexOf('\n', pos);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(pos, lineEnd);
    pos = lineEnd + 1;
    if (line.length === 0) continue;
    const ms = Date.parse(`${line.slice(0, 10)}T${line.slice(11, 25)}`);
    if (Number.isNaN(ms) || ms % STEP_MS !== 0) continue;
    stamps.push(ms + BASE_OFFSET_MS);
    lines.push(line);
  }
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const s of stamps) {
    start = Math.min(start, s);
    end = Math.max(end, s);
  }
  const length = (end - start) / STEP_MS + 1;
  const hasRow = new Uint8Array(length);
  const columns: Record<string, Float64Array> = {};
  for (const n of names) columns[n] = new Float64Array(length).fill(Number.NaN);
  lines.forEach((line, r) => {
    const i = (stamps[r]! - start) / STEP_MS;
    if (hasRow[i]) return;
    hasRow[i] = 1;
    const cells = line.split(',');
    names.forEach((n, c) => {
      const cell = cells[at[c]!];
      if (cell !== undefined && cell !== '' && cell !== '\r') columns[n]![i] = Number(cell);
    });
  });
  return { startMs: start, length, hasRow, columns };
}

/** A window [fromMs, toMs) of M5 channels as an {@link McpSeries} starting at the first row in the window. */
export function m5Series(
  data: M5McpData,
  speed: string,
  direction: string,
  fromMs?: number,
  toMs?: number,
): McpSeries {
  let i0 = fromMs === undefined ? 0 : Math.max(0, (fromMs - data.startMs) / STEP_MS);
  while (i0 < data.length && !data.hasRow[i0]) i0++;
  const i1 = toMs === undefined ? data.length : Math.min(data.length, (toMs - data.startMs) / STEP_MS);
  return {
    startMs: data.startMs + i0 * STEP_MS,
    intervalMinutes: 10,
    speedMps: data.columns[speed]!.subarray(i0, i1),
    directionDeg: data.columns[direction]!.subarray(i0, i1),
  };
}
