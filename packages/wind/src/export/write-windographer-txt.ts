import type { TimeGrid } from '../model/types.ts';
import { ByteChunks, CHUNK_BYTES, utf8 } from './byte-chunks.ts';
import type { ExportChannel } from './export-channel.ts';
import { formatPlainNumber } from './format-plain-number.ts';
import { MAX_NUMBER_BYTES, writeFloat32OrMissing, writeText } from './number-bytes.ts';
import { maxStampBytes, stampWriter } from './stamp-bytes.ts';

const TAB = 9;
const STAMP = 'YYYY-MM-DD HH:mm';

/**
 * Streams a Windographer-style text file (EXPORTS §5) as UTF-8 byte chunks of about `chunkBytes`: the
 * 12-line header block (creation line naming the platform — it must not claim to be Windographer — lat/lon with hemisphere
 * letters, elevation, calm threshold, included/excluded flags, time-stamp convention), then a
 * tab-separated `Date/Time` header and one CRLF row per grid step with `yyyy-mm-dd HH:MM` period-start
 * stamps, empty fields (or `missingToken`) for missing values and no trailing tab. No BOM. Numbers are
 * written straight into a reused buffer (number-bytes.ts); each chunk given out is a buffer of its own.
 * The creation time is an input (no clock in this library).
 *
 * @param input.createdAt creation stamp text, `dd-mm-yyyy HH:MM`
 * @example Buffer.concat([...writeWindographerTxt({ grid, utcOffsetHours: 0, channels, createdAt: '01-01-2025 00:00', platform: 'MastHub 0.1', latitudeDeg: 54.2, longitudeDeg: -7.6, elevationM: 120 })]) // the file's bytes
 */
export function* writeWindographerTxt(input: {
  grid: TimeGrid;
  utcOffsetHours: number;
  channels: readonly ExportChannel[];
  createdAt: string;
  platform: string;
  latitudeDeg: number;
  longitudeDeg: number;
  elevationM: number;
  calmThresholdMps?: number;
  includedFlags?: string;
  excludedFlags?: string;
  missingToken?: string;
  float32?: boolean;
  chunkBytes?: number;
}): Generator<Uint8Array, void, undefined> {
  const { grid, channels } = input;
  for (const c of channels) {
    if (c.values.length !== grid.length)
      throw new Error('writeWindographerTxt requires every channel to match the grid');
    if (/[\t\r\n]/.test(c.name))
      throw new Error('writeWindographerTxt requires channel names without tabs or line breaks');
  }
  const lat = `${input.latitudeDeg < 0 ? 'S' : 'N'} ${Math.abs(input.latitudeDeg).toFixed(6)}`;
  const lon = `${input.longitudeDeg < 0 ? 'W' : 'E'} ${Math.abs(input.longitudeDeg).toFixed(6)}`;
  const header = [
    `Created ${input.createdAt} by ${input.platform} (Windographer text format)`,
    '',
    `Latitude = ${lat}`,
    `Longitude = ${lon}`,
    `Elevation = ${formatPlainNumber(input.elevationM)} m`,
    `Calm threshold = ${formatPlainNumber(input.calmThresholdMps ?? 0)} m/s`,
    '',
    `Included flags: ${input.includedFlags ?? '<Unflagged data>'}`,
    `Excluded flags: ${input.excludedFlags ?? 'Invalid, Icing'}`,
    '',
    'Time stamps indicate the beginning of the time step.',
    '',
    ['Date/Time', ...channels.map((c) => c.name)].join('\t'),
  ];
  const missing = utf8(input.missingToken ?? '');
  const float32 = input.float32 ?? false;
  const n = channels.length;
  const values = channels.map((c) => c.values);
  const chunks = new ByteChunks(
    input.chunkBytes ?? CHUNK_BYTES,
    maxStampBytes(STAMP) + n * (1 + Math.max(MAX_NUMBER_BYTES, missing.length)) + 2,
    utf8(`${header.join('\r\n')}\r\n`),
  );
  const { out, chunkBytes } = chunks;
  const stamp = stampWriter(grid, input.utcOffsetHours, STAMP);
  let at = chunks.at;
  for (let i = 0; i < grid.length; i++) {
    at = stamp(out, at, i);
    for (let k = 0; k < n; k++) {
      out[at++] = TAB;
      const v = values[k]![i]!;
      if (float32) at = writeFloat32OrMissing(out, at, v, missing);
      else {
        const text = formatPlainNumber(v);
        if (text === undefined) {
          out.set(missing, at);
          at += missing.length;
        } else at = writeText(out, at, text);
      }
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
