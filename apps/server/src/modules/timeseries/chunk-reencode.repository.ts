import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { decodeValues, encodeValues, isLegacyValues } from './chunk.ts';

/** Chunks read (and those in the old form rewritten) per transaction. */
export const REENCODE_BATCH = 200;

export interface TReencodeProgress {
  done: boolean;
  reencoded: number;
}

/**
 * One step of the re-encoding (issue 33): the next `size` chunks after the stored position, in
 * primary-key order, locked; those whose values are still zlib are decoded and written back as shuffled
 * LZ4 — the same Float32 bits, so every reader sees the same numbers — and the position moves on in the
 * same transaction. A crash loses at most the step it was in, which the next run does again.
 */
export async function reencodeStep(db: Database, size = REENCODE_BATCH): Promise<TReencodeProgress> {
  return db.transaction().execute(async (trx) => {
    const progress = await sql<{
      version_id: string;
      channel_id: string;
      month_start: Date;
      reencoded: string;
      done: boolean;
    }>`SELECT version_id, channel_id, month_start, reencoded, done FROM ts_reencode_progress FOR UPDATE`.execute(
      trx,
    );
    const at = progress.rows[0];
    if (!at) throw new Error('ts_reencode_progress has no row (migration 0032)');
    if (at.done) return { done: true, reencoded: Number(at.reencoded) };
    const rows = await sql<{
      version_id: string;
      channel_id: string;
      month_start: Date;
      slot_count: number;
      values: Buffer;
    }>`
      SELECT version_id, channel_id, month_start, slot_count, "values" FROM ts_chunk
      WHERE (version_id, channel_id, month_start) > (${at.version_id}::bigint, ${at.channel_id}::bigint, ${at.month_start})
      ORDER BY version_id, channel_id, month_start
      LIMIT ${size}
      FOR UPDATE`.execute(trx);
    let rewritten = 0;
    for (const row of rows.rows) {
      if (!isLegacyValues(row.values)) continue;
      const encoded = encodeValues(decodeValues(row.values, row.slot_count));
      await sql`
        UPDATE ts_chunk SET "values" = ${encoded}
        WHERE version_id = ${row.version_id} AND channel_id = ${row.channel_id} AND month_start = ${row.month_start}`.execute(
        trx,
      );
      rewritten++;
    }
    const last = rows.rows[rows.rows.length - 1];
    const done = rows.rows.length < size;
    const reencoded = Number(at.reencoded) + rewritten;
    await sql`
      UPDATE ts_reencode_progress
      SET version_id = ${last ? last.version_id : at.version_id}::bigint,
          channel_id = ${last ? last.channel_id : at.channel_id}::bigint,
          month_start = ${last ? last.month_start : at.month_start},
          reencoded = ${reencoded}, done = ${done}, updated_at = now()`.execute(trx);
    return { done, reencoded };
  });
}

/** Where the re-encoding stands. */
export async function reencodeProgress(db: Database): Promise<TReencodeProgress> {
  const r = await sql<{ done: boolean; reencoded: string }>`
    SELECT done, reencoded FROM ts_reencode_progress`.execute(db);
  const row = r.rows[0];
  return { done: row?.done ?? false, reencoded: Number(row?.reencoded ?? 0) };
}
