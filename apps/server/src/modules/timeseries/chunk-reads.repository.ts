import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { decodeFlagsInto, decodeValuesInto } from './chunk.ts';
import { CHUNK_ROWS } from './chunk-move.repository.ts';
import { sharedColumn, type TColumn, type TReadOptions } from './column-cache.ts';

import type { TChannelSeries } from './timeseries.types.ts';

/** Reading the monthly chunks back: one channel, several channels on one grid, ranges, raw rows. */
export class ChunkReadRepository {
  constructor(protected readonly db: Database) {}

  /**
   * One channel's values and flags over [fromMs, toMs) as typed arrays on the channel's grid (missing
   * months read as NaN / flag 0). The start is rounded up to the grid.
   */
  async readChannel(channelId: number, fromMs: number, toMs: number): Promise<TChannelSeries | undefined> {
    const channel = await this.db
      .selectFrom('ts_channel')
      .select(['id', 'version_id', 'interval_s'])
      .where('id', '=', channelId)
      .executeTakeFirst();
    if (!channel) return undefined;
    const grid = gridOf(channel.interval_s * 1000, fromMs, toMs);
    const { startMs, length, firstMonth } = grid;
    const values = new Float32Array(length).fill(Number.NaN);
    const flags = new Uint8Array(length);
    if (length === 0) return { channelId, intervalS: channel.interval_s, startMs, values, flags };
    const rows = await sql<TStoredChunk>`
      SELECT month_start, interval_s, slot_count, "values", flags
      FROM ${CHUNK_ROWS} c
      WHERE version_id = ${channel.version_id} AND channel_id = ${channelId}
        AND month_start >= ${firstMonth} AND month_start < ${new Date(toMs)}
      ORDER BY month_start`.execute(this.db);
    for (const row of rows.rows) placeChunk(row, grid, { values, flags });
    return { channelId, intervalS: channel.interval_s, startMs, values, flags };
  }

  /**
   * Several channels of one interval over [fromMs, toMs) on one shared grid, in one query (the
   * statistics and processing read path). Channels of another interval are skipped by the caller.
   */
  async readChannels(
    channels: readonly { id: number; intervalS: number }[],
    fromMs: number,
    toMs: number,
    options: TReadOptions = {},
  ): Promise<{
    startMs: number;
    length: number;
    series: Map<number, TColumn>;
  }> {
    const series = new Map<number, TColumn>();
    const grid = gridOf((channels[0]?.intervalS ?? 600) * 1000, fromMs, toMs);
    const { stepMs, startMs, length, firstMonth } = grid;
    const toRead: number[] = [];
    for (const c of channels) {
      if (c.intervalS * 1000 !== stepMs) throw new Error('readChannels requires channels of one interval');
      const known = options.known?.get(c.id);
      if (known && known.values.length === length && known.flags.length === length) {
        series.set(c.id, known);
        continue;
      }
      series.set(
        c.id,
        options.shared
          ? sharedColumn(length)
          : { values: new Float32Array(length).fill(Number.NaN), flags: new Uint8Array(length) },
      );
      toRead.push(c.id);
    }
    if (length === 0 || toRead.length === 0) return { startMs, length, series };
    // The channels' versions first, so the read looks in their partitions only (a channel's chunks are
    // in its version's: ts_chunk is partitioned by version_id).
    const versions = await this.db
      .selectFrom('ts_channel')
      .select('version_id')
      .distinct()
      .where('id', 'in', toRead)
      .execute();
    const rows = await channelChunksQuery(
      versions.map((v) => v.version_id),
      toRead,
      firstMonth,
      new Date(toMs),
    ).execute(this.db);
    for (const row of rows.rows) {
      const target = series.get(Number(row.channel_id));
      if (target) placeChunk(row, grid, target);
    }
    return { startMs, length, series };
  }

  /** Per channel: first/last present time and value count, from the chunk rows (no decoding). */
  async channelRanges(
    versionId: number,
  ): Promise<Map<number, { firstTime: Date | null; lastTime: Date | null; valueCount: number }>> {
    const rows = await sql<{
      channel_id: number;
      first_time: Date | null;
      last_time: Date | null;
      value_count: string;
    }>`
      SELECT channel_id, min(first_time) AS first_time, max(last_time) AS last_time, sum(value_count) AS value_count
      FROM ${CHUNK_ROWS} c WHERE version_id = ${versionId} GROUP BY channel_id`.execute(this.db);
    return new Map(
      rows.rows.map((r) => [
        Number(r.channel_id),
        { firstTime: r.first_time, lastTime: r.last_time, valueCount: Number(r.value_count) },
      ]),
    );
  }

  /** Raw rows of a version's chunks (tests and comparisons). */
  async listChunkRows(versionId: number) {
    const rows = await sql<{
      data_key: string;
      month_start: Date;
      interval_s: number;
      slot_count: number;
      value_count: number;
      values: Buffer;
      flags: Buffer;
      sources: Buffer | null;
      source_shas: string[];
    }>`
      SELECT ch.data_key, c.month_start, c.interval_s, c.slot_count, c.value_count, c."values", c.flags,
             c.sources, c.source_shas
      FROM ${CHUNK_ROWS} c JOIN ts_channel ch ON ch.id = c.channel_id
      WHERE c.version_id = ${versionId}
      ORDER BY ch.data_key, c.month_start`.execute(this.db);
    return rows.rows;
  }
}

/**
 * The chunks of channels of the given versions over months [fromMonth, to): the statistics' and
 * processing's read. `version_id = ANY(…)` with the values bound lets the planner keep the versions'
 * partitions only (the partition test reads this query's plan).
 */
export function channelChunksQuery(
  versionIds: readonly number[],
  channelIds: readonly number[],
  fromMonth: Date,
  to: Date,
) {
  return sql<TStoredChunk & { channel_id: number }>`
    SELECT channel_id, month_start, interval_s, slot_count, "values", flags
    FROM ${CHUNK_ROWS} c
    WHERE version_id = ANY(${versionIds}::bigint[])
      AND channel_id = ANY(${channelIds}::bigint[])
      AND month_start >= ${fromMonth} AND month_start < ${to}`;
}

/** A stored monthly chunk of one channel as read back. */
interface TStoredChunk {
  month_start: Date;
  interval_s: number;
  slot_count: number;
  values: Buffer;
  flags: Buffer;
}

/** A read's grid over [fromMs, toMs): its first slot (rounded up to the step), its slots, and the month that holds the first. */
interface TGrid {
  stepMs: number;
  startMs: number;
  length: number;
  firstMonth: Date;
}

function gridOf(stepMs: number, fromMs: number, toMs: number): TGrid {
  const startMs = Math.ceil(fromMs / stepMs) * stepMs;
  const length = Math.max(0, Math.ceil((toMs - startMs) / stepMs));
  const from = new Date(startMs);
  return {
    stepMs,
    startMs,
    length,
    firstMonth: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)),
  };
}

/** Copies the slots of a stored chunk that fall on the grid into `target`; a chunk of another interval is left out. */
function placeChunk(
  row: TStoredChunk,
  grid: TGrid,
  target: { values: Float32Array; flags: Uint8Array },
): void {
  if (row.interval_s * 1000 !== grid.stepMs) return;
  // Overlap of the chunk's slots with the requested range, as slot indices on both sides.
  const offset = Math.round((row.month_start.getTime() - grid.startMs) / grid.stepMs);
  const from = Math.max(0, -offset);
  const to = Math.min(row.slot_count, grid.length - offset);
  if (to <= from) return;
  decodeValuesInto(row.values, row.slot_count, target.values, offset, from, to);
  decodeFlagsInto(row.flags, row.slot_count, target.flags, offset, from, to);
}
