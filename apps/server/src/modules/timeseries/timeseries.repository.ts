import { AppError, ORIGINAL_VERSION_NAME } from '@masthub/shared';
import { sql } from 'kysely';
import { decodeChunk, encodeChunk, type TChunk } from './chunk.ts';
import { CHUNK_ROWS } from './chunk-move.repository.ts';
import { ChunkReadRepository } from './chunk-reads.repository.ts';
import {
  chunkKey,
  type TChannelInsert,
  type TChannelRow,
  type TChunkWrite,
  type TVersionRow,
  type TVersionSummary,
  toChannel,
  toVersion,
  VERSION_LOCK_CLASS,
} from './timeseries.types.ts';

export {
  chunkKey,
  type TChannelInsert,
  type TChannelRow,
  type TChannelSeries,
  type TChunkWrite,
  type TVersionRow,
  type TVersionSummary,
  VERSION_LOCK_CLASS,
} from './timeseries.types.ts';

const CHUNK_BATCH = 400;

/** The time-series store (DESIGN §3): versions, channels, monthly chunks and the per-version summary. */
export class TimeSeriesRepository extends ChunkReadRepository {
  async findVersion(id: number): Promise<TVersionRow | undefined> {
    const row = await this.db
      .selectFrom('dataset_version')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toVersion(row) : undefined;
  }

  async findOriginalVersion(stationId: number): Promise<TVersionRow | undefined> {
    const row = await this.db
      .selectFrom('dataset_version')
      .selectAll()
      .where('station_id', '=', stationId)
      .where('kind', '=', 'original')
      .executeTakeFirst();
    return row ? toVersion(row) : undefined;
  }

  /** The site's original version, created (view-only) on first use. */
  async ensureOriginalVersion(stationId: number, createdBy: number | null): Promise<TVersionRow> {
    await sql`
      INSERT INTO dataset_version (station_id, name, kind, is_view_only, created_by, lineage)
      VALUES (${stationId}, ${ORIGINAL_VERSION_NAME.zh}, 'original', true, ${createdBy}, '[{"step":"ingestion"}]'::jsonb)
      ON CONFLICT (station_id) WHERE kind = 'original' DO NOTHING`.execute(this.db);
    const version = await this.findOriginalVersion(stationId);
    if (!version) throw new Error(`original version of station ${stationId} missing after insert`);
    return version;
  }

  /**
   * The version's data revision: bumped (by triggers) by every change of its chunks or channels, so an
   * answer computed from the data can be cached under it and is never served for changed data.
   */
  async dataRevision(versionId: number): Promise<number> {
    const row = await this.db
      .selectFrom('dataset_version')
      .select('data_revision')
      .where('id', '=', versionId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return Number(row.data_revision);
  }

  /** Serialises writers of one version until the end of the transaction. */
  async lockVersion(versionId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${VERSION_LOCK_CLASS}, ${versionId}::int)`.execute(this.db);
  }

  async listVersions(
    stationIds: readonly number[],
  ): Promise<(TVersionRow & { summary: TVersionSummary | null })[]> {
    if (stationIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('dataset_version as v')
      .leftJoin('ts_version_summary as s', 's.version_id', 'v.id')
      .selectAll('v')
      .select([
        's.first_time as s_first_time',
        's.last_time as s_last_time',
        's.channel_count as s_channel_count',
        's.chunk_count as s_chunk_count',
        's.value_count as s_value_count',
        's.version_id as s_version_id',
      ])
      .where('v.station_id', 'in', [...stationIds])
      .orderBy('v.station_id')
      .orderBy(sql`v.kind = 'original'`, 'desc')
      .orderBy('v.id')
      .execute();
    return rows.map((row) => ({
      ...toVersion(row),
      summary:
        row.s_version_id === null
          ? null
          : {
              versionId: row.id,
              firstTime: row.s_first_time,
              lastTime: row.s_last_time,
              channelCount: row.s_channel_count ?? 0,
              chunkCount: row.s_chunk_count ?? 0,
              valueCount: row.s_value_count ?? 0,
            },
    }));
  }

  async listChannels(versionId: number): Promise<TChannelRow[]> {
    const rows = await this.db
      .selectFrom('ts_channel')
      .selectAll()
      .where('version_id', '=', versionId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map(toChannel);
  }

  async insertChannels(versionId: number, channels: readonly TChannelInsert[]): Promise<TChannelRow[]> {
    if (channels.length === 0) return [];
    const rows = await this.db
      .insertInto('ts_channel')
      .values(
        channels.map((c) => ({
          version_id: versionId,
          data_key: c.dataKey,
          name: c.name,
          element: c.element,
          height_m: c.heightM,
          statistic: c.statistic,
          unit: c.unit,
          source_unit: c.sourceUnit ?? '',
          interval_s: c.intervalS,
          position: c.position,
        })),
      )
      .returningAll()
      .execute();
    return rows.map(toChannel);
  }

  /** The existing chunks of (channels × months), locked for update until the transaction ends. */
  async lockChunks(
    versionId: number,
    channelIds: readonly number[],
    monthStartsMs: readonly number[],
  ): Promise<Map<string, TChunk>> {
    const found = new Map<string, TChunk>();
    if (channelIds.length === 0 || monthStartsMs.length === 0) return found;
    const months = monthStartsMs.map((ms) => new Date(ms).toISOString());
    // While the move into the partitions runs (migration 0042), these chunks are moved first, so the lock
    // below, a statement of its own, finds each in ts_chunk: taken here or by the move job, whose batch
    // this waits for. Once the move is done ts_chunk_unmoved is empty and this moves nothing.
    await sql`
      WITH moved AS (
        DELETE FROM ts_chunk_unmoved
        WHERE version_id = ${versionId}
          AND channel_id = ANY(${[...channelIds]}::bigint[])
          AND month_start = ANY(${months}::timestamptz[])
        RETURNING *
      )
      INSERT INTO ts_chunk (version_id, channel_id, month_start, interval_s, slot_count, value_count,
                            first_time, last_time, "values", flags, sources, source_shas, updated_at)
      SELECT version_id, channel_id, month_start, interval_s, slot_count, value_count,
             first_time, last_time, "values", flags, sources, source_shas, updated_at
      FROM moved`.execute(this.db);
    const result = await sql<{
      channel_id: number;
      month_start: Date;
      interval_s: number;
      slot_count: number;
      values: Buffer;
      flags: Buffer;
      sources: Buffer | null;
      source_shas: string[];
    }>`
      SELECT channel_id, month_start, interval_s, slot_count, "values", flags, sources, source_shas
      FROM ts_chunk
      WHERE version_id = ${versionId}
        AND channel_id = ANY(${[...channelIds]}::bigint[])
        AND month_start = ANY(${months}::timestamptz[])
      ORDER BY channel_id, month_start
      FOR UPDATE`.execute(this.db);
    for (const row of result.rows) {
      const monthStartMs = row.month_start.getTime();
      found.set(
        chunkKey(row.channel_id, monthStartMs),
        decodeChunk({
          monthStartMs,
          intervalS: row.interval_s,
          slotCount: row.slot_count,
          values: row.values,
          flags: row.flags,
          sources: row.sources,
          sourceShas: row.source_shas,
        }),
      );
    }
    return found;
  }

  async upsertChunks(versionId: number, chunks: readonly TChunkWrite[]): Promise<void> {
    for (let start = 0; start < chunks.length; start += CHUNK_BATCH) {
      const batch = chunks.slice(start, start + CHUNK_BATCH);
      await this.db
        .insertInto('ts_chunk')
        .values(
          batch.map((c) => ({
            version_id: versionId,
            channel_id: c.channelId,
            month_start: new Date(c.monthStartMs),
            interval_s: c.intervalS,
            slot_count: c.slotCount,
            value_count: c.valueCount,
            first_time: c.firstTimeMs === null ? null : new Date(c.firstTimeMs),
            last_time: c.lastTimeMs === null ? null : new Date(c.lastTimeMs),
            values: c.values,
            flags: c.flags,
            sources: c.sources,
            source_shas: c.sourceShas,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['version_id', 'channel_id', 'month_start']).doUpdateSet((eb) => ({
            interval_s: eb.ref('excluded.interval_s'),
            slot_count: eb.ref('excluded.slot_count'),
            value_count: eb.ref('excluded.value_count'),
            first_time: eb.ref('excluded.first_time'),
            last_time: eb.ref('excluded.last_time'),
            values: eb.ref('excluded.values'),
            flags: eb.ref('excluded.flags'),
            sources: eb.ref('excluded.sources'),
            source_shas: eb.ref('excluded.source_shas'),
            updated_at: sql`now()`,
          })),
        )
        .execute();
    }
  }

  /** Recomputes the version's summary row from its chunks (same transaction as the chunk writes). */
  async refreshSummary(versionId: number): Promise<TVersionSummary> {
    const row = await sql<{
      first_time: Date | null;
      last_time: Date | null;
      channel_count: number;
      chunk_count: number;
      value_count: number;
    }>`
      INSERT INTO ts_version_summary (version_id, first_time, last_time, channel_count, chunk_count, value_count, updated_at)
      SELECT ${versionId}, min(c.first_time), max(c.last_time),
             (SELECT count(*) FROM ts_channel WHERE version_id = ${versionId}),
             count(*), coalesce(sum(c.value_count), 0), now()
      FROM ${CHUNK_ROWS} c WHERE c.version_id = ${versionId}
      ON CONFLICT (version_id) DO UPDATE SET
        first_time = excluded.first_time, last_time = excluded.last_time,
        channel_count = excluded.channel_count, chunk_count = excluded.chunk_count,
        value_count = excluded.value_count, updated_at = excluded.updated_at
      RETURNING first_time, last_time, channel_count, chunk_count, value_count`.execute(this.db);
    const r = row.rows[0]!;
    return {
      versionId,
      firstTime: r.first_time,
      lastTime: r.last_time,
      channelCount: Number(r.channel_count),
      chunkCount: Number(r.chunk_count),
      valueCount: Number(r.value_count),
    };
  }

  /** A working version of a station (lineage given), returning its row. */
  async insertVersion(input: {
    stationId: number;
    name: string;
    sourceVersionId: number | null;
    lineage: unknown[];
    createdBy: number | null;
    creatorName: string;
  }): Promise<TVersionRow> {
    const row = await this.db
      .insertInto('dataset_version')
      .values({
        station_id: input.stationId,
        name: input.name,
        kind: 'working',
        is_view_only: false,
        source_version_id: input.sourceVersionId,
        lineage: JSON.stringify(input.lineage),
        created_by: input.createdBy,
        creator_name: input.creatorName,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toVersion(row);
  }

  /**
   * Copies every channel and chunk of `sourceId` into the empty version `targetId`, in SQL (no decoding):
   * the chunks keep their values and flags; provenance (sources) is dropped (it belongs to the original).
   */
  async copyVersionData(sourceId: number, targetId: number): Promise<void> {
    await sql`
      WITH mapping AS (
        INSERT INTO ts_channel (version_id, data_key, name, element, height_m, statistic, unit, source_unit,
                                interval_s, position)
        SELECT ${targetId}, data_key, name, element, height_m, statistic, unit, source_unit, interval_s, position
        FROM ts_channel WHERE version_id = ${sourceId}
        RETURNING id, data_key
      )
      INSERT INTO ts_chunk (version_id, channel_id, month_start, interval_s, slot_count, value_count,
                            first_time, last_time, "values", flags, sources, source_shas)
      SELECT ${targetId}, m.id, c.month_start, c.interval_s, c.slot_count, c.value_count,
             c.first_time, c.last_time, c."values", c.flags, NULL, '{}'
      FROM ${CHUNK_ROWS} c
      JOIN ts_channel sc ON sc.id = c.channel_id
      JOIN mapping m ON lower(m.data_key) = lower(sc.data_key)
      WHERE c.version_id = ${sourceId}`.execute(this.db);
    await this.refreshSummary(targetId);
  }

  /**
   * Deletes up to `limit` chunk rows of a version; returns how many went (0 when none are left). A ctid
   * is unique within one table only: the outer `version_id =` keeps the delete in the version's partition.
   * Rows the move into the partitions (migration 0042) has not reached go next, through ts_chunk_unmoved.
   */
  async deleteChunkBatch(versionId: number, limit: number): Promise<number> {
    const result = await sql`
      DELETE FROM ts_chunk WHERE version_id = ${versionId} AND ctid IN (
        SELECT ctid FROM ts_chunk WHERE version_id = ${versionId} LIMIT ${limit})`.execute(this.db);
    const deleted = Number(result.numAffectedRows ?? 0);
    if (deleted > 0) return deleted;
    const unmoved = await sql`
      DELETE FROM ts_chunk_unmoved WHERE (version_id, channel_id, month_start) IN (
        SELECT version_id, channel_id, month_start FROM ts_chunk_unmoved WHERE version_id = ${versionId}
        LIMIT ${limit})`.execute(this.db);
    return Number(unmoved.numAffectedRows ?? 0);
  }

  async deleteVersion(versionId: number): Promise<void> {
    await this.db.deleteFrom('dataset_version').where('id', '=', versionId).execute();
  }

  async renameVersion(versionId: number, name: string): Promise<void> {
    await this.db
      .updateTable('dataset_version')
      .set({ name, updated_at: new Date() })
      .where('id', '=', versionId)
      .execute();
  }

  /** Appends one lineage step (source, method, parameters, who, when). */
  async appendLineage(versionId: number, step: Record<string, unknown>): Promise<void> {
    await sql`
      UPDATE dataset_version SET lineage = lineage || ${JSON.stringify([step])}::jsonb, updated_at = now()
      WHERE id = ${versionId}`.execute(this.db);
  }

  async findVersionDetail(
    id: number,
  ): Promise<(TVersionRow & { lineage: unknown[]; creatorName: string }) | undefined> {
    const row = await this.db
      .selectFrom('dataset_version')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { ...toVersion(row), lineage: row.lineage ?? [], creatorName: row.creator_name } : undefined;
  }

  /** Writes chunks of a working version (no provenance); the caller holds the version lock. */
  async writeChunks(
    versionId: number,
    chunks: readonly { channelId: number; chunk: TChunk }[],
  ): Promise<void> {
    await this.upsertChunks(
      versionId,
      chunks.map(({ channelId, chunk }) => ({
        ...encodeChunk(chunk, false),
        sourceShas: [],
        channelId,
        monthStartMs: chunk.monthStartMs,
        intervalS: chunk.intervalS,
      })),
    );
  }
}
