import { sql } from 'kysely';
import type { Database } from '../../../platform/db/database.ts';

/**
 * Chunk deletions of processing steps that shrink a version (the representative year). Each deletes from
 * ts_chunk and from ts_chunk_unmoved, the rows the move into the partitions (migration 0042) has not
 * reached yet (an empty view once it is done).
 */
export class ProcessingRepository {
  constructor(private readonly db: Database) {}

  /**
   * Deletes the version's month chunks wholly outside [fromMs, toMs): months starting before the month
   * holding fromMs (`fromMonthMs`) or at/after toMs. Returns how many went.
   */
  async deleteChunksOutside(versionId: number, fromMonthMs: number, toMs: number): Promise<number> {
    let deleted = 0;
    for (const table of [sql.table('ts_chunk'), sql.table('ts_chunk_unmoved')]) {
      const r = await sql`
        DELETE FROM ${table}
        WHERE version_id = ${versionId}
          AND (month_start < ${new Date(fromMonthMs)} OR month_start >= ${new Date(toMs)})`.execute(this.db);
      deleted += Number(r.numAffectedRows ?? 0);
    }
    return deleted;
  }

  async deleteChunk(versionId: number, channelId: number, monthStartMs: number): Promise<void> {
    for (const table of [sql.table('ts_chunk'), sql.table('ts_chunk_unmoved')])
      await sql`
        DELETE FROM ${table}
        WHERE version_id = ${versionId} AND channel_id = ${channelId}
          AND month_start = ${new Date(monthStartMs)}`.execute(this.db);
  }
}
