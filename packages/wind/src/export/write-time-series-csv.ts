import { isUsableFlag } from '../model/is-usable-flag.ts';
import type { TimeGrid } from '../model/types.ts';
import { ByteChunks, CHUNK_BYTES, utf8 } from './byte-chunks.ts';
import type { ExportChannel } from './export-channel.ts';
import { formatPlainNumber } from './format-plain-number.ts';
import { MAX_NUMBER_BYTES, writeFloat32OrMissing, writeText } from './number-bytes.ts';
import { maxStampBytes, stampWriter } from './stamp-bytes.ts';

const COMMA = 44;
const CR = 13;
const LF = 10;
const STAMP = 'YYYY-MM-DD HH:mm:ss';

/**
 * Streams the canonical time-series CSV (EXPORTS §2) as UTF-8 byte chunks of about `chunkBytes`: UTF-8
 * BOM (default; `bom: false` to omit), header `Timestamp,<names>`, one CRLF row per grid step in ascending
 * order (gaps included as empty rows), period-start stamps `YYYY-MM-DD HH:MM:SS` in the site's local
 * standard time, empty field (or `missingToken`) for missing values, RFC 4180 quoting, plain decimals
 * (Float32 shortest form with `float32: true`). `withFlags` adds a `<name>_Flag` column after each channel
 * with the flag code 0–4; `excludeUnusable` writes values flagged invalid/icing (and suspicious unless
 * `includeSuspicious`) as missing. Numbers are written straight into a reused buffer (number-bytes.ts);
 * each chunk given out is a buffer of its own. No I/O: the caller pipes the chunks to a file or a response.
 *
 * @param input.utcOffsetHours the site's standard-time offset (0 for a UTC export)
 * @example Buffer.concat([...writeTimeSeriesCsv({ grid, utcOffsetHours: 8, channels: [{ name: 'WS_80m_N_Avg', values }], bom: false })]).toString('utf8')
 */
export function* writeTimeSeriesCsv(input: {
  grid: TimeGrid;
  utcOffsetHours: number;
  channels: readonly ExportChannel[];
  bom?: boolean;
  missingToken?: string;
  withFlags?: boolean;
  excludeUnusable?: boolean;
  includeSuspicious?: boolean;
  float32?: boolean;
  chunkBytes?: number;
}): Generator<Uint8Array, void, undefined> {
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
  const missing = utf8(input.missingToken ?? '');
  const header = ['Timestamp'];
  for (const c of channels) {
    header.push(quote(c.name));
    if (input.withFlags) header.push(quote(`${c.name}_Flag`));
  }
  const withFlags = input.withFlags ?? false;
  const excludeUnusable = input.excludeUnusable ?? false;
  const includeSuspicious = input.includeSuspicious ?? true;
  const float32 = input.float32 ?? false;
  const n = channels.length;
  const values = channels.map((c) => c.values);
  const flags = channels.map((c) => c.flags);
  // A value (or the missing token), its flag (up to 3 digits, or any number's text) and two commas.
  const perChannel = 2 + Math.max(MAX_NUMBER_BYTES, missing.length) + MAX_NUMBER_BYTES;
  const chunks = new ByteChunks(
    input.chunkBytes ?? CHUNK_BYTES,
    maxStampBytes(STAMP) + n * perChannel + 2,
    utf8(`${input.bom === false ? '' : '\uFEFF'}${header.join(',')}\r\n`),
  );
  const { out, chunkBytes } = chunks;
  const stamp = stampWriter(grid, input.utcOffsetHours, STAMP);
  let at = chunks.at;
  for (let i = 0; i < grid.length; i++) {
    at = stamp(out, at, i);
    for (let k = 0; k < n; k++) {
      const channelFlags = flags[k];
      const flag = channelFlags ? channelFlags[i]! : 0;
      out[at++] = COMMA;
      const v = values[k]![i]!;
      if (excludeUnusable && !isUsableFlag(flag, includeSuspicious)) {
        out.set(missing, at);
        at += missing.length;
      } else if (float32) {
        at = writeFloat32OrMissing(out, at, v, missing);
      } else {
        const text = formatPlainNumber(v);
        if (text === undefined) {
          out.set(missing, at);
          at += missing.length;
        } else at = writeText(out, at, text);
      }
      if (withFlags) {
        out[at++] = COMMA;
        if (flag >= 0 && flag < 10 && flag === (flag | 0)) out[at++] = 48 + flag;
        else at = writeText(out, at, String(flag));
      }
    }
    out[at++] = CR;
    out[at++] = LF;
    if (at >= chunkBytes) {
      chunks.at = at;
      yield chunks.take();
      at = 0;
    }
  }
  chunks.at = at;
  if (at > 0) yield chunks.take();
}

function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
