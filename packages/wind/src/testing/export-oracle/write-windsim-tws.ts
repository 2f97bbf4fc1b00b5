// Test oracle only (issue 43 §2): the string writer as it was before the byte writers of src/export, kept
// to check that they write the same bytes. Not exported, not used by the library.
import { normalizeDirection } from '../../direction/normalize-direction.ts';
import { civilTimeOf } from '../../model/civil-time-of.ts';
import { formatCivilTime } from '../../model/format-civil-time.ts';
import type { NumericSeries, TimeGrid } from '../../model/types.ts';

/**
 * Streams a WindSim .tws time-series climatology (EXPORTS §4) as string chunks: a `!` comment line,
 * keyword lines with `:` in column 20 (version 48 with SDspeed, 45 without), a blank line, the column
 * header and one record per time step where speed, direction (and SD when given) are all present —
 * missing records are omitted and records renumbered 1, 2, 3 … (WindSim cannot read NaN).
 * Direction 1 decimal (360 written as 0), speed and SD 2 decimals, single spaces, CRLF, ASCII.
 * Site position in projected metres (e.g. {@link wgs84ToUtm}); stamps are period starts as stored.
 *
 * @example [...writeWindsimTws({ grid, utcOffsetHours: 0, speedMps, directionDeg, siteName: 'M1', comment: 'EPSG:32629', eastingM: 591326.1, northingM: 6006679.2, heightM: 80 })].join('')
 */
export function* oracleWriteWindsimTws(input: {
  grid: TimeGrid;
  utcOffsetHours: number;
  speedMps: NumericSeries;
  directionDeg: NumericSeries;
  speedSdMps?: NumericSeries;
  siteName: string;
  comment: string;
  eastingM: number;
  northingM: number;
  heightM: number;
  rowsPerChunk?: number;
}): Generator<string, void, undefined> {
  const { grid, speedMps, directionDeg, speedSdMps } = input;
  if (
    speedMps.length !== grid.length ||
    directionDeg.length !== grid.length ||
    (speedSdMps && speedSdMps.length !== grid.length)
  ) {
    throw new Error('writeWindsimTws requires every series to match the grid');
  }
  if (/[^\x20-\x7e]/.test(input.siteName + input.comment))
    throw new Error('writeWindsimTws requires ASCII site name and comment');
  const stepMs = grid.intervalMinutes * 60_000;
  let first: number | undefined;
  let last: number | undefined;
  const valid = (i: number) =>
    !Number.isNaN(speedMps[i]!) &&
    !Number.isNaN(directionDeg[i]!) &&
    (!speedSdMps || !Number.isNaN(speedSdMps[i]!));
  for (let i = 0; i < grid.length; i++) {
    if (!valid(i)) continue;
    first ??= i;
    last = i;
  }
  const day = (i: number | undefined) =>
    i === undefined
      ? ''
      : formatCivilTime(civilTimeOf(grid.startMs + i * stepMs, input.utcOffsetHours), 'DD.MM.YYYY');
  const keyword = (name: string, value: string) => `${name.padEnd(19, ' ')}: ${value}`;
  const lines = [
    `! ${input.comment}`.replace(/^(.{19}):/, '$1;'),
    keyword('version', speedSdMps ? '48' : '45'),
    keyword('site name', input.siteName),
    keyword('measurement period', `${day(first)} - ${day(last)}`),
    keyword('site position', `${input.eastingM.toFixed(1)} ${input.northingM.toFixed(1)}`),
    keyword('coordinate system', '3'),
    keyword('measurement height', input.heightM.toFixed(1)),
    '',
    speedSdMps
      ? 'rec nr: year: mon: date: hour: min: dir: speed: SDspeed:'
      : 'rec nr: year: mon: date: hour: min: dir: speed:',
  ];
  let chunk = `${lines.join('\r\n')}\r\n`;
  let record = 0;
  const rowsPerChunk = input.rowsPerChunk ?? 2000;
  for (let i = 0; i < grid.length; i++) {
    if (!valid(i)) continue;
    record++;
    const stamp = formatCivilTime(
      civilTimeOf(grid.startMs + i * stepMs, input.utcOffsetHours),
      'YYYY MM DD HH mm',
    );
    const direction = normalizeDirection(Number(directionDeg[i]!.toFixed(1)));
    let row = `${record} ${stamp} ${direction.toFixed(1)} ${speedMps[i]!.toFixed(2)}`;
    if (speedSdMps) row += ` ${speedSdMps[i]!.toFixed(2)}`;
    chunk += `${row}\r\n`;
    if (record % rowsPerChunk === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
