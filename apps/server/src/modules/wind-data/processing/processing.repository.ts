import type { Database } from '../../../platform/db/database.ts';

/** Chunk deletions of processing steps that shrink a version (the representative year). */
export class ProcessingRepository {
  constructor(private readonly db: Database) {}

  /**
   * Deletes the version's month chunks wholly outside [fromMs, toMs): months starting before the month
   * holding fromMs (`fromMonthMs`) or at/after toMs. Returns how many went.
   */
  async deleteChunksOutside(versionId: number, fromMonthMs: number, toMs: number): Promise<number> {
    const r = await this.db
      .deleteFrom('ts_chunk')
      .where('version_id', '=', versionId)
      .where((eb) =>
        eb.or([eb('month_start', '<', new Date(fromMonthMs)), eb('month_start', '>=', new Date(toMs))]),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async deleteChunk(versionId: number, channelId: number, monthStartMs: number): Promise<void> {
    await this.db
      .deleteFrom('ts_chunk')
      .where('version_id', '=', versionId)
      .where('channel_id', '=', channelId)
      .where('month_start', '=', new Date(monthStartMs))
      .execute();
  }
}
