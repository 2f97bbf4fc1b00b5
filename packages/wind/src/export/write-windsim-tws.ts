import { civilTimeOf } from '../model/civil-time-of.ts';
import { formatCivilTime } from '../model/format-civil-time.ts';
import type { NumericSeries, TimeGrid } from '../model/types.ts';
import { ByteChunks, CHUNK_BYTES, utf8 } from './byte-chunks.ts';
import { MAX_NUMBER_BYTES, writeDirection, writeFixedAny, writeInteger } from './number-bytes.ts';
import { maxStampBytes, stampWriter } from './stamp-bytes.ts';

const SPACE = 32;
const STAMP = 'YYYY MM DD HH mm';

/**
 * Streams a WindSim .tws time-series climatology (EXPORTS §4) as byte chunks of about `chunkBytes`: a
 * `!` comment line, keyword lines with `:` in column 20 (version 48 with SDspeed, 45 without), a blank line, the column
 * header and one record per time step where speed, direction (and SD when given) are all present —
 * missing records are omitted and records renumbered 1, 2, 3 … (WindSim cannot read NaN).
 * Direction 1 decimal (360 written as 0), speed and SD 2 decimals, single spaces, CRLF, ASCII.
 * Site position in projected metres (e.g. {@link wgs84ToUtm}); stamps are period starts as stored.
 *
 * @example Buffer.concat([...writeWindsimTws({ grid, utcOffsetHours: 0, speedMps, directionDeg, siteName: 'M1', comment: 'EPSG:32629', eastingM: 591326.1, northingM: 6006679.2, heightM: 80 })]) // the file's bytes
 */
export function* writeWindsimTws(input: {
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
  chunkBytes?: number;
}): Generator<Uint8Array, void, undefined> {
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
  const chunks = new ByteChunks(
    input.chunkBytes ?? CHUNK_BYTES,
    12 + maxStampBytes(STAMP) + 3 * (1 + MAX_NUMBER_BYTES) + 2,
    utf8(`${lines.join('\r\n')}\r\n`),
  );
  const { out, chunkBytes } = chunks;
  const stamp = stampWriter(grid, input.utcOffsetHours, STAMP);
  let at = chunks.at;
  let record = 0;
  for (let i = 0; i < grid.length; i++) {
    if (!valid(i)) continue;
    record++;
    at = writeInteger(out, at, record);
    out[at++] = SPACE;
    at = stamp(out, at, i);
    out[at++] = SPACE;
    at = writeDirection(out, at, directionDeg[i]!);
    out[at++] = SPACE;
    at = writeFixedAny(out, at, speedMps[i]!, 2);
    if (speedSdMps) {
      out[at++] = SPACE;
      at = writeFixedAny(out, at, speedSdMps[i]!, 2);
    }
    out[at++] = 13;
    out[at++] = 10;
    if (at >= chunkBytes) {
      chunks.at = at;
      yield chunks.take();
      at = 0;
    }
  }
  chunks.at = at;
  if (at > 0) yield chunks.take();
}
