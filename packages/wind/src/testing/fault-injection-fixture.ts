// Test support only (not exported from index.ts): the real masts of ../shared cut into month-long "files"
// with the 30 days before each as history, and the fault injections of WIND-ANALYSIS §15. No I/O in the library.
import { existsSync, readFileSync } from 'node:fs';
import type { ReceiptChannel, ReceiptWindow } from '../receipt/types.ts';
import { loadM5ForMcp, M5_PATH } from './mcp-reference-fixture.ts';
import { SHARED_DIR } from './shared-fixtures.ts';

export const FERGUS_PATH = `${SHARED_DIR}samples/real-mast/usdoe-fergus-electric/fergus_electric_10min_2001-04_2002-06.csv`;
export const hasReceiptShared = existsSync(M5_PATH) && existsSync(FERGUS_PATH);
export const RECEIPT_SKIP_MESSAGE = 'skipped because ../shared (NREL M5 and DOE Fergus masts) is absent';

const STEP = 600_000;
const DAY = 86_400_000;

/** A mast on one 10-min UTC grid: stamps of the rows the file has, channel values parallel to them. */
export interface MastData {
  readonly name: string;
  readonly timesMs: Float64Array;
  readonly channels: Record<string, Float64Array>;
  readonly meta: ReceiptChannel[];
}

/** One month-long file of a mast with the 30 days before it. */
export interface MonthCase {
  readonly label: string;
  readonly file: ReceiptWindow;
  readonly history: ReceiptWindow;
}

/** M5 cups are on booms pointing 278° (NREL, Clifton 2014), so their wake sits around 98°. */
export const M5_BOOM_DEG = 278;
/** Booms of the twin pair at 122 m: across the NWTC's prevailing WNW wind, as a two-boom mast would have them. */
export const TWIN_BOOMS = { a: 15, b: 195 } as const;
const CUPS = [3, 10, 30, 38, 55, 80, 87, 105, 122, 130];
const VANES = [3, 10, 38, 87, 122];
const TEMPERATURES = [3, 38, 87, 122];

/** Wake of a cup on a boom (lattice-mast-like: 15 % deficit at the centre, Gaussian σ 12°) [test model]. */
function wakeFactor(directionDeg: number, boomDeg: number): number {
  const d = ((directionDeg - boomDeg - 180 + 540) % 360) - 180;
  return 1 - 0.15 * Math.exp(-(d * d) / (2 * 12 * 12));
}

/**
 * NREL M5, stamps in UTC (the file's fixed UTC−07:00 base + 7 h), rows off the grid dropped, duplicates keep
 * the first. Adds the twin pair at 122 m: `twinA` = the real 122 m cup, `twinB` = the real 119 m sonic scaled
 * to the cup's long-term slope, each given the wake of a boom (TWIN_BOOMS) by {@link wakeFactor}, because
 * no stored mast has two cups at one height on different booms for months.
 */
export function loadM5Receipt(): MastData {
  const names = [
    ...CUPS.map((h) => `Speed (cup_ ${h} m)`),
    ...VANES.map((h) => `Direction (Vane_ ${h} m)`),
    ...TEMPERATURES.map((h) => `Air Temperature (${h} m)`),
    'Speed (sonic_119m)',
  ];
  const m5 = loadM5ForMcp(names);
  const rows: number[] = [];
  for (let i = 0; i < m5.length; i++) if (m5.hasRow[i]) rows.push(i);
  const timesMs = Float64Array.from(rows, (i) => m5.startMs + i * STEP + 7 * 3_600_000);
  const pick = (n: string) => Float64Array.from(rows, (i) => m5.columns[n]![i]!);
  const channels: Record<string, Float64Array> = {};
  const meta: ReceiptChannel[] = [];
  for (const h of CUPS) {
    channels[`ws${h}`] = pick(`Speed (cup_ ${h} m)`);
    meta.push({ id: `ws${h}`, element: 'ws', heightM: h, boomDeg: M5_BOOM_DEG });
  }
  for (const h of VANES) {
    channels[`wd${h}`] = pick(`Direction (Vane_ ${h} m)`);
    meta.push({ id: `wd${h}`, element: 'wd', heightM: h });
  }
  for (const h of TEMPERATURES) {
    channels[`T${h}`] = pick(`Air Temperature (${h} m)`);
    meta.push({ id: `T${h}`, element: 'T', heightM: h });
  }
  const cup = channels.ws122!;
  const sonic = pick('Speed (sonic_119m)');
  const dir = channels.wd122!;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < cup.length; i++) {
    if (cup[i]! >= 4 && sonic[i]! >= 4) {
      sxy += cup[i]! * sonic[i]!;
      sxx += sonic[i]! * sonic[i]!;
    }
  }
  const k = sxy / sxx;
  channels.twinA = Float64Array.from(cup, (v, i) => v * wakeFactor(dir[i]!, TWIN_BOOMS.a));
  channels.twinB = Float64Array.from(sonic, (v, i) => v * k * wakeFactor(dir[i]!, TWIN_BOOMS.b));
  meta.push({ id: 'twinA', element: 'ws', heightM: 122, boomDeg: TWIN_BOOMS.a, sensorKind: 'cup' });
  meta.push({ id: 'twinB', element: 'ws', heightM: 122, boomDeg: TWIN_BOOMS.b, sensorKind: 'sonic' });
  return { name: 'NREL M5', timesMs, channels, meta };
}

/** DOE Fergus (Montana): one cup (mph → m/s) and a 16-point vane; stamps read as UTC (the zone is not stated). */
export function loadFergus(): MastData {
  const lines = readFileSync(FERGUS_PATH, 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.length > 0);
  const timesMs = new Float64Array(lines.length);
  const ws = new Float64Array(lines.length);
  const wd = new Float64Array(lines.length);
  lines.forEach((line, r) => {
    const [stamp, speed, , direction] = line.split(',');
    const [date, time] = stamp!.split(' ');
    const [m, d, y] = date!.split('/').map(Number);
    const [hh, mm] = time!.split(':').map(Number);
    timesMs[r] = Date.UTC(2000 + y!, m! - 1, d!, hh!, mm!);
    ws[r] = speed === '' ? Number.NaN : Number(speed) * 0.44704;
    wd[r] = direction === undefined || direction === '' ? Number.NaN : Number(direction);
  });
  return {
    name: 'DOE Fergus',
    timesMs,
    channels: { ws: ws, wd: wd },
    meta: [
      { id: 'ws', element: 'ws', heightM: 30 },
      { id: 'wd', element: 'wd', heightM: 30 },
    ],
  };
}

function slice(data: MastData, fromMs: number, toMs: number): ReceiptWindow {
  let i0 = 0;
  while (i0 < data.timesMs.length && data.timesMs[i0]! < fromMs) i0++;
  let i1 = i0;
  while (i1 < data.timesMs.length && data.timesMs[i1]! < toMs) i1++;
  const channels: Record<string, Float64Array> = {};
  for (const [id, v] of Object.entries(data.channels)) channels[id] = v.slice(i0, i1);
  return { timesMs: data.timesMs.slice(i0, i1), channels };
}

/** Calendar months (UTC) whose file has ≥ 2 weeks of rows and whose 30 days before have ≥ 2 weeks too. */
export function monthCases(data: MastData): MonthCase[] {
  const out: MonthCase[] = [];
  const first = new Date(data.timesMs[0]!);
  const last = data.timesMs[data.timesMs.length - 1]!;
  for (let y = first.getUTCFullYear(), m = first.getUTCMonth() + 1; Date.UTC(y, m) < last; m++) {
    const from = Date.UTC(y, m);
    const to = Date.UTC(y, m + 1);
    const file = slice(data, from, to);
    const history = slice(data, from - 30 * DAY, from);
    if (file.timesMs.length >= 14 * 144 && history.timesMs.length >= 14 * 144) {
      out.push({ label: `${data.name} ${new Date(from).toISOString().slice(0, 7)}`, file, history });
    }
  }
  return out;
}

/** A copy of a window with some channels replaced. */
export function withChannels(w: ReceiptWindow, replace: Record<string, Float64Array>): ReceiptWindow {
  return { timesMs: w.timesMs, channels: { ...w.channels, ...replace } };
}

/** Index of the first record at or after `ms`. */
export function indexAt(w: ReceiptWindow, ms: number): number {
  let i = 0;
  while (i < w.timesMs.length && w.timesMs[i]! < ms) i++;
  return i;
}

/** Heights swapped in the logger program from `fromMs`: the two channels trade values. */
export function injectSwap(w: ReceiptWindow, a: string, b: string, fromMs: number): ReceiptWindow {
  const x = w.channels[a]!.slice();
  const y = w.channels[b]!.slice();
  for (let i = indexAt(w, fromMs); i < x.length; i++) {
    x[i] = w.channels[b]![i]!;
    y[i] = w.channels[a]![i]!;
  }
  return withChannels(w, { [a]: x, [b]: y });
}

/** The logger clock off by `minutes` for the whole file: every stamp moves, the values stay. */
export function injectClock(w: ReceiptWindow, minutes: number): ReceiptWindow {
  return { timesMs: w.timesMs.map((t) => t + minutes * 60_000), channels: w.channels };
}

/** A slope error from `fromMs`: the channel's values times `factor`. */
export function injectSlope(w: ReceiptWindow, id: string, factor: number, fromMs: number): ReceiptWindow {
  const x = w.channels[id]!.slice();
  for (let i = indexAt(w, fromMs); i < x.length; i++) x[i] = x[i]! * factor;
  return withChannels(w, { [id]: x });
}

/** A vane offset from `fromMs`: `deg` added to the direction (mod 360). */
export function injectVaneOffset(w: ReceiptWindow, id: string, deg: number, fromMs: number): ReceiptWindow {
  const x = w.channels[id]!.slice();
  for (let i = indexAt(w, fromMs); i < x.length; i++) x[i] = (((x[i]! + deg) % 360) + 360) % 360;
  return withChannels(w, { [id]: x });
}

/** A sensor stuck for `records` records from index `start`: every value equals the first. */
export function injectStuck(w: ReceiptWindow, id: string, start: number, records: number): ReceiptWindow {
  const x = w.channels[id]!.slice();
  for (let i = start + 1; i < start + records && i < x.length; i++) x[i] = x[start]!;
  return withChannels(w, { [id]: x });
}

/**
 * The a/b speed ratio by 10° direction bin over the whole mast (records with both ≥ 3 m/s), the pattern
 * a boom rotation shifts. Bins without data take 1.
 */
export function ratioPattern(data: MastData, a: string, b: string, dirId: string): Float64Array {
  const sa = new Float64Array(36);
  const sb = new Float64Array(36);
  const A = data.channels[a]!;
  const B = data.channels[b]!;
  const D = data.channels[dirId]!;
  for (let i = 0; i < A.length; i++) {
    if (!(A[i]! >= 3 && B[i]! >= 3) || Number.isNaN(D[i]!)) continue;
    const k = Math.floor((((D[i]! % 360) + 360) % 360) / 10) % 36;
    sa[k]! += A[i]!;
    sb[k]! += B[i]!;
  }
  return Float64Array.from(sa, (s, k) => (sb[k]! > 0 ? s / sb[k]! : 1));
}

/** The pattern at a direction, linear between bin centres. */
function patternAt(pattern: Float64Array, deg: number): number {
  const x = (((deg - 5) % 360) + 360) % 360;
  const k = Math.floor(x / 10);
  const f = x / 10 - k;
  return pattern[k % 36]! * (1 - f) + pattern[(k + 1) % 36]! * f;
}

/**
 * Boom `a` really sits `deltaDeg` away from where it is declared: its values re-mapped by the pair's ratio
 * pattern, a'(θ) = a(θ)·r(θ − δ)/r(θ), so the dip (its wake) moves by δ. Applied to file and history alike
 * (the boom was mounted so, the metadata says otherwise).
 */
export function injectBoomRotation(
  w: ReceiptWindow,
  a: string,
  dirId: string,
  pattern: Float64Array,
  deltaDeg: number,
): ReceiptWindow {
  const d = w.channels[dirId]!;
  const x = Float64Array.from(w.channels[a]!, (v, i) =>
    Number.isNaN(d[i]!) ? v : v * (patternAt(pattern, d[i]! - deltaDeg) / patternAt(pattern, d[i]!)),
  );
  return withChannels(w, { [a]: x });
}
