// Test and bench support only (not exported from index.ts): one year of the real masts of ../shared as
// reconstruction targets and sources (issue 45 §1 harness, bench `reconstruct.ms.m5_year_40ch`).
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { holdOutBlocks, logUniformLengths } from '../reconstruct/hold-out-blocks.ts';
import type { ReconstructElement, ReconstructSource, ReconstructSourceKind } from '../reconstruct/types.ts';
import { FERGUS_PATH, loadFergus } from './fault-injection-fixture.ts';
import { M5_PATH } from './mcp-reference-fixture.ts';

export const hasReconstructShared = existsSync(M5_PATH) && existsSync(FERGUS_PATH);
export const RECONSTRUCT_SKIP_MESSAGE = 'skipped because ../shared (NREL M5 and DOE Fergus masts) is absent';

const STEP_MS = 600_000;

/** One channel of a mast year on the year's 10-min grid. */
export interface YearChannel {
  readonly id: string;
  readonly element: ReconstructElement;
  readonly heightM: number;
  readonly sensor: 'cup' | 'sonic' | 'vane' | 'met';
  readonly values: Float64Array;
}

/** A mast year: grid and channels. */
export interface MastYear {
  readonly name: string;
  readonly startMs: number;
  readonly length: number;
  readonly channels: YearChannel[];
}

const CUPS = [3, 10, 30, 38, 55, 80, 87, 105, 122, 130];
const SONICS = [15, 41, 61, 74, 100, 119];
const VANES = [3, 10, 38, 87, 122];
const MET = [3, 38, 87, 122];

/** The 40 M5 channels: 10 cups, 6 sonic speeds, 5 vanes, 6 sonic directions, T, p, RH at 4 heights, sonic T 119 m. */
function m5Columns(): {
  name: string;
  id: string;
  element: ReconstructElement;
  heightM: number;
  sensor: YearChannel['sensor'];
}[] {
  return [
    ...CUPS.map((h) => ({
      name: `Speed (cup_ ${h} m)`,
      id: `ws${h}`,
      element: 'ws' as const,
      heightM: h,
      sensor: 'cup' as const,
    })),
    ...SONICS.map((h) => ({
      name: `Speed (sonic_${h}m)`,
      id: `ws${h}s`,
      element: 'ws' as const,
      heightM: h,
      sensor: 'sonic' as const,
    })),
    ...VANES.map((h) => ({
      name: `Direction (Vane_ ${h} m)`,
      id: `wd${h}`,
      element: 'wd' as const,
      heightM: h,
      sensor: 'vane' as const,
    })),
    ...SONICS.map((h) => ({
      name: `Direction (sonic_${h}m)`,
      id: `wd${h}s`,
      element: 'wd' as const,
      heightM: h,
      sensor: 'sonic' as const,
    })),
    ...MET.map((h) => ({
      name: `Air Temperature (${h} m)`,
      id: `T${h}`,
      element: 'T' as const,
      heightM: h,
      sensor: 'met' as const,
    })),
    ...MET.map((h) => ({
      name: `Air Pressure (${h} m)`,
      id: `P${h}`,
      element: 'P' as const,
      heightM: h,
      sensor: 'met' as const,
    })),
    ...MET.map((h) => ({
      name: `Relative Humidity (${h} m)`,
      id: `RH${h}`,
      element: 'RH' as const,
      heightM: h,
      sensor: 'met' as const,
    })),
    { name: 'Air temperature (sonic_119m)', id: 'T119s', element: 'T', heightM: 119, sensor: 'sonic' },
  ];
}

/**
 * One year of NREL M5 on its 10-min grid in the file's fixed UTC−07:00 (naive stamps, as the MCP reference
 * fixture prepares the file: rows off the grid dropped, a duplicate stamp keeps the first row), 2013 by
 * default — inside the longest run without missing month files (2012-09 to 2014-11). Only the year's rows
 * are split into fields. NREL's own QC left rejected values empty; RH above 100 % (sensor artefacts,
 * README) is set missing.
 */
export function loadM5Year(fromMs = Date.UTC(2013, 0, 1), toMs = Date.UTC(2014, 0, 1)): MastYear {
  const columns = m5Columns();
  const text = gunzipSync(readFileSync(M5_PATH)).toString('latin1');
  let lineEnd = text.indexOf('\n');
  const header = text.slice(0, lineEnd).replace(/\r$/, '').split(',');
  const at = columns.map((c) => {
    const k = header.indexOf(c.name);
    if (k < 0) throw new Error(`M5 file has no column ${c.name}`);
    return k;
  });
  const length = (toMs - fromMs) / STEP_MS;
  const values = columns.map(() => new Float64Array(length).fill(Number.NaN));
  const seen = new Uint8Array(length);
  let pos = lineEnd + 1;
  while (pos < text.length) {
    lineEnd = text.indexOf('\n', pos);
    if (lineEnd < 0) lineEnd = text.length;
    const start = pos;
    pos = lineEnd + 1;
    if (lineEnd - start < 26) continue;
    // "2013-01-01 00:00:00-07:00" → naive ms of the fixed UTC−07:00 base (the offset is dropped, as the
    // MCP fixture's stamp + offset − 7 h gives for every row)
    const ms =
      Date.parse(`${text.slice(start, start + 10)}T${text.slice(start + 11, start + 25)}`) - 7 * 3_600_000;
    if (!(ms >= fromMs && ms < toMs) || ms % STEP_MS !== 0) continue;
    const i = (ms - fromMs) / STEP_MS;
    if (seen[i]) continue;
    seen[i] = 1;
    const cells = text.slice(start, lineEnd).split(',');
    for (let c = 0; c < columns.length; c++) {
      const cell = cells[at[c]!];
      if (cell !== undefined && cell !== '' && cell !== '\r') values[c]![i] = Number(cell);
    }
  }
  const channels = columns.map((c, k) => {
    const v = values[k]!;
    if (c.element === 'RH') for (let i = 0; i < length; i++) if (v[i]! > 100) v[i] = Number.NaN;
    return { id: c.id, element: c.element, heightM: c.heightM, sensor: c.sensor, values: v };
  });
  return { name: 'NREL M5', startMs: fromMs, length, channels };
}

/** DOE Fergus on its complete 10-min grid (stamps read as UTC), one year from its first stamp. */
export function loadFergusYear(): MastYear {
  const mast = loadFergus();
  const startMs = mast.timesMs[0]!;
  const length = 365 * 144;
  const ws = new Float64Array(length).fill(Number.NaN);
  const wd = new Float64Array(length).fill(Number.NaN);
  for (let r = 0; r < mast.timesMs.length; r++) {
    const i = (mast.timesMs[r]! - startMs) / STEP_MS;
    if (!Number.isInteger(i) || i >= length) continue;
    ws[i] = mast.channels.ws![r]!;
    wd[i] = mast.channels.wd![r]!;
  }
  return {
    name: 'DOE Fergus',
    startMs,
    length,
    channels: [
      { id: 'ws', element: 'ws', heightM: 30, sensor: 'cup', values: ws },
      { id: 'wd', element: 'wd', heightM: 30, sensor: 'vane', values: wd },
    ],
  };
}

/** Redundant when another sensor sits within 3 m (M5: sonic 119 m beside cup 122 m, sonic 41 m beside cup 38 m). */
function kindOf(target: YearChannel, source: YearChannel): ReconstructSourceKind {
  return Math.abs(target.heightM - source.heightM) <= 3 ? 'redundant' : 'other_height';
}

/**
 * Every other channel of the target's element on the same mast as a source; speed sources carry the vane
 * nearest their height (a sonic its own direction), pressure sources the temperature nearest theirs.
 */
export function sourcesFor(mast: MastYear, target: YearChannel): ReconstructSource[] {
  const vanes = mast.channels.filter((c) => c.element === 'wd');
  const temps = mast.channels.filter((c) => c.element === 'T' && c.sensor === 'met');
  const nearest = (list: YearChannel[], h: number, sensor?: string) =>
    list.find((c) => c.heightM === h && c.sensor === sensor) ??
    [...list].sort((a, b) => Math.abs(a.heightM - h) - Math.abs(b.heightM - h))[0];
  return mast.channels
    .filter((c) => c.element === target.element && c !== target)
    .map((c) => ({
      id: c.id,
      kind: kindOf(target, c),
      element: c.element,
      heightM: c.heightM,
      values: c.values,
      directionDeg: c.element === 'ws' ? nearest(vanes, c.heightM, c.sensor)?.values : undefined,
      temperatureC: c.element === 'P' ? nearest(temps, c.heightM)?.values : undefined,
    }));
}

/** Block lengths of 1 hour to 2 weeks (log-uniform, seeded) for the harness and the bench. */
export const HARNESS_BLOCKS = logUniformLengths(10, 512, 45);

/** The channel with ≈ 10 % of its valid slots removed in blocks of 1 hour to 2 weeks (seeded). */
export function withRemovedBlocks(values: Float64Array, seed: number): Float64Array {
  const usable = Uint8Array.from(values, (v) => (Number.isNaN(v) ? 0 : 1));
  const { mask } = holdOutBlocks(usable, HARNESS_BLOCKS, 0.1, seed);
  return Float64Array.from(values, (v, i) => (mask[i] === 1 ? Number.NaN : v));
}
