import type { TimeGrid } from '@masthub/wind';
import {
  type Data,
  Field,
  Float32,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Table,
  TimestampMillisecond,
  tableToIPC,
  Uint8,
} from 'apache-arrow';
import { type ColumnarChannel, monthRowGroups, writeParquet } from '../../../platform/files/write-parquet.ts';
import type { TChannelRow } from '../../timeseries/index.ts';

/**
 * Parquet and Arrow exports of a version (issue 32): one Float32 column per channel named as in the CSV
 * export, its flags as `<name>_Flag` (unsigned 8-bit integer), a UTC `timestamp` column (milliseconds),
 * one row group (Parquet) or record batch (Arrow) per UTC calendar month. Values are the stored ones,
 * as the CSV export writes them (flags say which are suspicious, invalid or icing).
 *
 * Measured on the five-year NREL M5 mast (106 channels × 266 000 rows, 2-core machine under load): the
 * Parquet writer of platform/files 0.56–0.78 s for 46 MB (hyparquet-writer 0.17 2.1–6.5 s, parquet-wasm
 * 0.8 3.0 s and no row group per month; see writeParquet), apache-arrow 21 the Arrow IPC stream in
 * 0.4–0.9 s (147 MB, not compressed). The whole download of the M5 version over HTTP, read from
 * PostgreSQL in a compute thread (bench/parquet.ts, idle machine): Parquet 991 ms and 47.2 MB, 28 % of the
 * CSV export's 168.2 MB (which took 32 s); Arrow 1.7 s.
 */
export interface TColumnarInput {
  grid: TimeGrid;
  channels: { row: TChannelRow; name: string; values: Float32Array; flags: Uint8Array }[];
  station: string;
  version: string;
}

/** The metadata of a channel's column: export name, unit, height, element, statistic, the site's name. */
function channelMetadata(c: TColumnarInput['channels'][number]): Record<string, string> {
  return {
    'masthub.name': c.name,
    'masthub.channel': c.row.name,
    unit: c.row.unit,
    'masthub.element': c.row.element,
    'masthub.statistic': c.row.statistic,
    'masthub.height_m': c.row.heightM === null ? '' : String(c.row.heightM),
  };
}

function fileMetadata(input: TColumnarInput): Record<string, string> {
  return {
    'masthub.station': input.station,
    'masthub.version': input.version,
    'masthub.interval_minutes': String(input.grid.intervalMinutes),
    'masthub.flags': '0 normal, 1 filled, 2 suspicious, 3 invalid, 4 icing',
  };
}

/** The Parquet file in pieces, one month at a time (uncompressed: see writeParquet's measurements). */
export function parquetChunks(input: TColumnarInput): AsyncIterable<Uint8Array> {
  const channels: ColumnarChannel[] = input.channels.map((c) => ({
    name: c.name,
    values: c.values,
    flags: c.flags,
    metadata: channelMetadata(c),
  }));
  return writeParquet({
    grid: input.grid,
    channels,
    file: fileMetadata(input),
  });
}

/** End of an Arrow IPC stream: continuation marker and a zero length. */
const EOS = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);

/** The Arrow IPC stream in pieces: the schema, then one record batch per month, then the end marker. */
export async function* arrowChunks(input: TColumnarInput): AsyncGenerator<Uint8Array, void, undefined> {
  const time = new TimestampMillisecond('UTC');
  const fields: Field[] = [new Field('timestamp', time, false)];
  for (const c of input.channels) {
    fields.push(new Field(c.name, new Float32(), true, new Map(Object.entries(channelMetadata(c)))));
    fields.push(new Field(`${c.name}_Flag`, new Uint8(), false));
  }
  const schema = new Schema(fields, new Map(Object.entries(fileMetadata(input))));
  // The schema message alone: a stream of an empty table is it and the end marker.
  const schemaBytes = tableToIPC(new Table(schema), 'stream');
  const schemaLength = schemaBytes.length - EOS.length;
  yield schemaBytes.subarray(0, schemaLength);
  const stepMs = input.grid.intervalMinutes * 60_000;
  for (const [first, count] of monthRowGroups(input.grid)) {
    const times = new BigInt64Array(count);
    for (let i = 0; i < count; i++) times[i] = BigInt(input.grid.startMs + (first + i) * stepMs);
    const children: Data[] = [makeData({ type: time, length: count, data: times })];
    for (const c of input.channels) {
      const values = c.values.subarray(first, first + count);
      const validity = new Uint8Array((count + 7) >> 3);
      let nulls = 0;
      for (let i = 0; i < count; i++) {
        if (!Number.isNaN(values[i]!)) validity[i >> 3] = validity[i >> 3]! | (1 << (i & 7));
        else nulls++;
      }
      children.push(
        makeData({
          type: new Float32(),
          length: count,
          data: values,
          nullBitmap: validity,
          nullCount: nulls,
        }),
        makeData({ type: new Uint8(), length: count, data: c.flags.subarray(first, first + count) }),
      );
    }
    const batch = new RecordBatch(
      schema,
      makeData({ type: new Struct(fields), length: count, nullCount: 0, children }),
    );
    const bytes = tableToIPC(new Table([batch]), 'stream');
    yield bytes.subarray(schemaLength, bytes.length - EOS.length);
  }
  yield EOS;
}
