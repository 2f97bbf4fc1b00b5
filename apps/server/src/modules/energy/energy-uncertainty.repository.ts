import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/** The typed uncertainty components of a version (migration 0050) and its last gap reconstruction. */
export class EnergyUncertaintyRepository {
  constructor(private readonly db: Database) {}

  listOverrides(versionId: number) {
    return this.db
      .selectFrom('energy_uncertainty_override')
      .select(['component_key', 'value_pct', 'updated_by_name', 'updated_at'])
      .where('version_id', '=', versionId)
      .orderBy('component_key')
      .execute();
  }

  async upsertOverride(row: {
    versionId: number;
    key: string;
    valuePct: number;
    userId: number;
    userName: string;
  }): Promise<void> {
    await this.db
      .insertInto('energy_uncertainty_override')
      .values({
        version_id: row.versionId,
        component_key: row.key,
        value_pct: row.valuePct,
        updated_by: row.userId,
        updated_by_name: row.userName,
      })
      .onConflict((oc) =>
        oc.columns(['version_id', 'component_key']).doUpdateSet({
          value_pct: row.valuePct,
          updated_by: row.userId,
          updated_by_name: row.userName,
          updated_at: new Date(),
        }),
      )
      .execute();
  }

  async deleteOverride(versionId: number, key: string): Promise<void> {
    await this.db
      .deleteFrom('energy_uncertainty_override')
      .where('version_id', '=', versionId)
      .where('component_key', '=', key)
      .execute();
  }

  /**
   * The version's last succeeded `reconstruct` processing task (gap reconstruction, written by the
   * processing module) and its result's `uncertaintyPct`, unless it was undone; undefined when there is
   * none or it states none.
   */
  async lastReconstruction(
    versionId: number,
  ): Promise<{ taskId: number; uncertaintyPct: number } | undefined> {
    const row = await this.db
      .selectFrom('processing_task')
      .select(['id', 'result'])
      .where('version_id', '=', versionId)
      .where(sql`kind::text`, '=', 'reconstruct')
      .where('status', '=', 'succeeded')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('reconstruction_undo as u')
              .select('u.task_id')
              .whereRef('u.task_id', '=', 'processing_task.id')
              .where('u.undone_at', 'is not', null),
          ),
        ),
      )
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const pct = row?.result?.uncertaintyPct;
    return row && typeof pct === 'number' && Number.isFinite(pct) && pct >= 0
      ? { taskId: Number(row.id), uncertaintyPct: pct }
      : undefined;
  }
}
