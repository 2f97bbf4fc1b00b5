// Test oracle only (issue 43 §2): the string writer as it was before the byte writers of src/export, kept
// to check that they write the same bytes. Not exported, not used by the library.

import type { ExportChannel } from '../../export/export-channel.ts';
import { formatPlainNumber } from '../../export/format-plain-number.ts';
import { civilTimeOf } from '../../model/civil-time-of.ts';
import { formatCivilTime } from '../../model/format-civil-time.ts';
import type { TimeGrid } from '../../model/types.ts';

/**
 * Streams a Windographer-style text file (EXPORTS §5) as string chunks: the 12-line header block
 * (creation line naming the platform — it must not claim to be Windographer — lat/lon with hemisphere
 * letters, elevation, calm threshold, included/excluded flags, time-stamp convention), then a
 * tab-separated `Date/Time` header and one CRLF row per grid step with `yyyy-mm-dd HH:MM` period-start
 * stamps, empty fields (or `missingToken`) for missing values and no trailing tab. No BOM.
 * The creation time is an input (no clock in this library).
 *
 * @param input.createdAt creation stamp text, `dd-mm-yyyy HH:MM`
 * @example [...writeWindographerTxt({ grid, utcOffsetHours: 0, channels, createdAt: '01-01-2025 00:00', platform: 'MastHub 0.1', latitudeDeg: 54.2, longitudeDeg: -7.6, elevationM: 120 })].join('')
 */
export function* oracleWriteWindographerTxt(input: {
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
  rowsPerChunk?: number;
}): Generator<string, void, undefined> {
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
  let chunk = `${header.join('\r\n')}\r\n`;
  const missing = input.missingToken ?? '';
  const stepMs = grid.intervalMinutes * 60_000;
  const rowsPerChunk = input.rowsPerChunk ?? 2000;
  const float32 = input.float32 ?? false;
  for (let i = 0; i < grid.length; i++) {
    let row = formatCivilTime(
      civilTimeOf(grid.startMs + i * stepMs, input.utcOffsetHours),
      'YYYY-MM-DD HH:mm',
    );
    for (const c of channels) row += `\t${formatPlainNumber(c.values[i]!, { float32 }) ?? missing}`;
    chunk += `${row}\r\n`;
    if ((i + 1) % rowsPerChunk === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
