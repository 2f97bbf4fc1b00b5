// Test oracle only (issue 43 §2): the string writer as it was before the byte writers of src/export, kept
// to check that they write the same bytes. Not exported, not used by the library.

import type { ExportChannel } from '../../export/export-channel.ts';
import { formatPlainNumber } from '../../export/format-plain-number.ts';
import { civilTimeOf } from '../../model/civil-time-of.ts';
import { formatCivilTime } from '../../model/format-civil-time.ts';
import { isUsableFlag } from '../../model/is-usable-flag.ts';
import type { TimeGrid } from '../../model/types.ts';

/**
 * Streams the canonical time-series CSV (EXPORTS §2) as string chunks: UTF-8 BOM (default; `bom: false`
 * to omit), header `Timestamp,<names>`, one CRLF row per grid step in ascending order (gaps included as
 * empty rows), period-start stamps `YYYY-MM-DD HH:MM:SS` in the site's local standard time, empty field
 * (or `missingToken`) for missing values, RFC 4180 quoting, plain decimals (Float32 shortest form with
 * `float32: true`). `withFlags` adds a `<name>_Flag` column after each channel with the flag code 0–4;
 * `excludeUnusable` writes values flagged invalid/icing (and suspicious unless `includeSuspicious`) as missing.
 * No I/O: the caller pipes the chunks to a file or a response.
 *
 * @param input.utcOffsetHours the site's standard-time offset (0 for a UTC export)
 * @example [...writeTimeSeriesCsv({ grid, utcOffsetHours: 8, channels: [{ name: 'WS_80m_N_Avg', values }], bom: false })].join('')
 */
export function* oracleWriteTimeSeriesCsv(input: {
  grid: TimeGrid;
  utcOffsetHours: number;
  channels: readonly ExportChannel[];
  bom?: boolean;
  missingToken?: string;
  withFlags?: boolean;
  excludeUnusable?: boolean;
  includeSuspicious?: boolean;
  float32?: boolean;
  rowsPerChunk?: number;
}): Generator<string, void, undefined> {
  const { grid, channels } = input;
  for (const c of channels) {
    if (c.values.length !== grid.length)
      throw new Error('writeTimeSeriesCsv requires every channel to match the grid');
    if ((input.withFlags || input.excludeUnusable) && c.flags && c.flags.length !== grid.length) {
      throw new Error('writeTimeSeriesCsv requires flags to match the grid');
    }
  }
  const names = new Set<string>();
  for (const c of channels) {
    if (names.has(c.name)) throw new Error('writeTimeSeriesCsv requires unique channel names');
    names.add(c.name);
  }
  const missing = input.missingToken ?? '';
  const header = ['Timestamp'];
  for (const c of channels) {
    header.push(quote(c.name));
    if (input.withFlags) header.push(quote(`${c.name}_Flag`));
  }
  let chunk = `${input.bom === false ? '' : '\uFEFF'}${header.join(',')}\r\n`;
  const rowsPerChunk = input.rowsPerChunk ?? 2000;
  const stepMs = grid.intervalMinutes * 60_000;
  const float32 = input.float32 ?? false;
  for (let i = 0; i < grid.length; i++) {
    let row = formatCivilTime(
      civilTimeOf(grid.startMs + i * stepMs, input.utcOffsetHours),
      'YYYY-MM-DD HH:mm:ss',
    );
    for (const c of channels) {
      const flag = c.flags ? c.flags[i]! : 0;
      const excluded = input.excludeUnusable && !isUsableFlag(flag, input.includeSuspicious ?? true);
      const text = excluded ? undefined : formatPlainNumber(c.values[i]!, { float32 });
      row += `,${text ?? missing}`;
      if (input.withFlags) row += `,${flag}`;
    }
    chunk += `${row}\r\n`;
    if ((i + 1) % rowsPerChunk === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
