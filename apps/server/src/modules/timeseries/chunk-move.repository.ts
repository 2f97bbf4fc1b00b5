import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/**
 * Every stored chunk, for a read: the partitioned ts_chunk and, while the move of migration 0042 runs,
 * the rows still in the table as it was (ts_chunk_unmoved; an empty view once the move is done, which the
 * planner drops). One statement reads one snapshot, and a batch moves its rows in one statement, so a row
 * is seen exactly once. Use it as a table: `FROM ${CHUNK_ROWS} c`; `version_id = …` prunes to one partition.
 */
export const CHUNK_ROWS = sql`(SELECT * FROM ts_chunk UNION ALL SELECT * FROM ts_chunk_unmoved)`;

/** Chunks moved per transaction: ≈ 1 MB each at 10-minute data, so a batch is a few tens of MB of WAL. */
export const MOVE_BATCH = 50;

export interface TMoveProgress {
  done: boolean;
  moved: number;
}

/**
 * One step of the move into the partitions (issue 43 §5): the next `size` rows of the old table after the
 * stored position, in primary-key order, locked, deleted there and inserted into ts_chunk in one statement,
 * and the position moved on, in one transaction. `masthub.chunk_move` tells the data-revision triggers
 * that no data changed (cached statistics stay valid). A writer that rewrote a row meanwhile took it out
 * of the old table itself (trigger ts_chunk_take_unmoved): the batch passes over it. When nothing is left
 * the old table is dropped (ts_chunk_finish_move). A crash loses at most the step it was in.
 */
export async function moveStep(db: Database, size = MOVE_BATCH): Promise<TMoveProgress> {
  const step = await db.transaction().execute(async (trx): Promise<TMoveProgress & { empty?: true }> => {
    const progress = await sql<{
      version_id: string;
      channel_id: string;
      month_start: Date;
      moved: string;
      done: boolean;
    }>`SELECT version_id, channel_id, month_start, moved, done FROM ts_chunk_move_progress FOR UPDATE`.execute(
      trx,
    );
    const at = progress.rows[0];
    if (!at) throw new Error('ts_chunk_move_progress has no row (migration 0042)');
    if (at.done) return { done: true, moved: Number(at.moved) };
    await sql`SELECT set_config('masthub.chunk_move', 'on', true)`.execute(trx);
    const result = await sql<{ n: string; version_id: string; channel_id: string; month_start: Date }>`
      WITH batch AS (
        SELECT version_id, channel_id, month_start FROM ts_chunk_unpartitioned
        WHERE (version_id, channel_id, month_start) > (${at.version_id}::bigint, ${at.channel_id}::bigint, ${at.month_start})
        ORDER BY version_id, channel_id, month_start
        LIMIT ${size}
        FOR UPDATE
      ), moved AS (
        DELETE FROM ts_chunk_unpartitioned u USING batch b
        WHERE u.version_id = b.version_id AND u.channel_id = b.channel_id AND u.month_start = b.month_start
        RETURNING u.*
      ), inserted AS (
        INSERT INTO ts_chunk (version_id, channel_id, month_start, interval_s, slot_count, value_count,
                              first_time, last_time, "values", flags, sources, source_shas, updated_at)
        SELECT version_id, channel_id, month_start, interval_s, slot_count, value_count,
               first_time, last_time, "values", flags, sources, source_shas, updated_at
        FROM moved
        -- A key written into ts_chunk since took its old row out already; never both, but never lose the newer.
        ON CONFLICT DO NOTHING
      )
      SELECT count(*) OVER () AS n, version_id, channel_id, month_start FROM moved
      ORDER BY version_id DESC, channel_id DESC, month_start DESC
      LIMIT 1`.execute(trx);
    const last = result.rows[0];
    const moved = Number(at.moved) + Number(last?.n ?? 0);
    if (last) {
      await sql`
        UPDATE ts_chunk_move_progress
        SET version_id = ${last.version_id}::bigint, channel_id = ${last.channel_id}::bigint,
            month_start = ${last.month_start}, moved = ${moved}, updated_at = now()`.execute(trx);
      return { done: false, moved };
    }
    // Nothing after the position: the old table is empty (rows only ever leave it), unless a row behind
    // the position was left by some path not foreseen — then go round again rather than lose it.
    const left = await sql<{
      any: boolean;
    }>`SELECT EXISTS (SELECT 1 FROM ts_chunk_unpartitioned) AS any`.execute(trx);
    if (left.rows[0]?.any) {
      await sql`UPDATE ts_chunk_move_progress SET version_id = 0, channel_id = 0, month_start = '-infinity',
        updated_at = now()`.execute(trx);
      return { done: false, moved };
    }
    return { done: false, moved, empty: true };
  });
  return step.empty ? finishMove(db, step.moved) : { done: step.done, moved: step.moved };
}

/**
 * The end, once the old table is empty: it is dropped and ts_chunk_unmoved left as an empty view, in one
 * transaction. The drop waits for the reads in flight on the old table; past `lock_timeout` it gives way
 * (the next step tries again) rather than queue every new read behind it.
 */
async function finishMove(db: Database, moved: number): Promise<TMoveProgress> {
  try {
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
      await sql`SELECT ts_chunk_finish_move()`.execute(trx);
    });
    return { done: true, moved };
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return { done: false, moved };
    throw error;
  }
}

/** Where the move stands. */
export async function moveProgress(db: Database): Promise<TMoveProgress> {
  const r = await sql<{
    done: boolean;
    moved: string;
  }>`SELECT done, moved FROM ts_chunk_move_progress`.execute(db);
  const row = r.rows[0];
  return { done: row?.done ?? false, moved: Number(row?.moved ?? 0) };
}
