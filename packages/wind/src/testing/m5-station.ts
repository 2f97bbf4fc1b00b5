// Test and bench support only (not exported from index.ts): the five-year NREL M5 mast of ../shared
// (every channel) as a Station, for the tests that compare the statistics on real data and for
// bench/wind.ts.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { timeGridFromRange } from '../model/time-grid-from-range.ts';
import type { Channel, Element, Station } from '../model/types.ts';
import { SHARED_DIR } from './shared-fixtures.ts';

export const M5_PATH = `${SHARED_DIR}samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz`;
export const hasM5 = existsSync(M5_PATH);
export const M5_SKIP_MESSAGE = 'skipped because ../shared (the NREL M5 sample) is absent';

/** The NREL M5 file on a fixed UTC−07:00 10-min grid (off-grid and duplicate stamps dropped). */
export function loadM5Station(file: string): Station {
  const text = gunzipSync(readFileSync(file)).toString('latin1');
  let lineEnd = text.indexOf('\n');
  const header = text.slice(0, lineEnd).split(',');
  const columns = header.slice(1);
  const stamps: number[] = [];
  const rows: string[] = [];
  let pos = lineEnd + 1;
  while (pos < text.length) {
    lineEnd = text.indexOf('\n', pos);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(pos, lineEnd);
    pos = lineEnd + 1;
    if (line.length === 0) continue;
    // "2012-08-30 18:00:00-06:00" → UTC ms
    const ms = Date.parse(`${line.slice(0, 10)}T${line.slice(11, 25)}`);
    if (!(ms % 600_000 === 0)) continue; // off-grid logger restarts (and unparsable stamps)
    stamps.push(ms);
    rows.push(line);
  }
  const start = stamps[0]!;
  const grid = timeGridFromRange(start, stamps[stamps.length - 1]! + 600_000, 10);
  const data = columns.map(() => new Float32Array(grid.length).fill(Number.NaN));
  const seen = new Uint8Array(grid.length);
  rows.forEach((line, r) => {
    const i = (stamps[r]! - start) / 600_000;
    if (seen[i]) return; // duplicate stamp: keep the first row
    seen[i] = 1;
    const cells = line.split(',');
    for (let c = 0; c < columns.length; c++) {
      const cell = cells[c + 1];
      if (cell) {
        const v = Number(cell);
        if (!Number.isNaN(v)) data[c]![i] = v;
      }
    }
  });
  const channels: Channel[] = [];
  columns.forEach((name, c) => {
    const values = data[c]!;
    if (values.every(Number.isNaN)) return; // text columns (Stability Flag) and empty shear columns
    const height = Number(/(\d+)\s*m\)/.exec(name)?.[1] ?? 0);
    let element: Element = 'other';
    if (/^Speed \(/.test(name)) element = 'ws';
    else if (/^Direction \(/.test(name)) element = 'wd';
    else if (/^Air Temperature \(/.test(name)) element = 'T';
    else if (/^Air Pressure \(/.test(name)) element = 'p';
    else if (/^Relative Humidity \(/.test(name)) element = 'RH';
    else if (/^Air Density \(/.test(name)) element = 'rho';
    const boom = /sonic/.test(name) ? 180 : 0;
    channels.push({ id: name, element, heightM: height, statistic: 'avg', boomOrientationDeg: boom, values });
    const ti = columns.indexOf(`Ti (cup_ ${height} m)`);
    if (element === 'ws' && boom === 0 && ti >= 0) {
      // The file has no sd columns: σ = U × Ti/100 (as the reference runs derive it).
      const sd = new Float32Array(grid.length);
      const tiValues = data[ti]!;
      for (let i = 0; i < grid.length; i++) sd[i] = (values[i]! * tiValues[i]!) / 100;
      channels.push({
        id: `${name} sd`,
        element: 'ws',
        heightM: height,
        statistic: 'sd',
        boomOrientationDeg: 0,
        values: sd,
      });
    }
  });
  return { grid, utcOffsetHours: -7, channels };
}
