import type { Insertable } from 'kysely';
import type { TDb } from '../../platform/db/database.ts';
import type { MesoscaleResultTable } from '../../platform/db/schema.ts';

/** The scaling results of mesoscale datasets against measured versions (their datasets: reference-data/). */
export class ScalingRepository {
  constructor(private readonly db: TDb) {}

  /** A site's last 100 scaling results, newest first, with their dataset and generated version. */
  listResults(stationId: number) {
    return this.db
      .selectFrom('mesoscale_result as r')
      .innerJoin('mesoscale_dataset as d', 'd.id', 'r.dataset_id')
      .leftJoin('dataset_version as v', 'v.id', 'r.generated_version_id')
      .select([
        'r.id',
        'r.dataset_id',
        'd.name as dataset_name',
        'r.version_id',
        'r.params',
        'r.summary',
        'r.generated_version_id',
        'v.name as generated_version_name',
        'r.creator_name',
        'r.created_at',
      ])
      .where('r.station_id', '=', stationId)
      .orderBy('r.created_at', 'desc')
      .limit(100)
      .execute();
  }

  async insertResult(values: Insertable<MesoscaleResultTable>): Promise<number> {
    const stored = await this.db
      .insertInto('mesoscale_result')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(stored.id);
  }

  async setGeneratedVersion(resultId: number, versionId: number): Promise<void> {
    await this.db
      .updateTable('mesoscale_result')
      .set({ generated_version_id: versionId })
      .where('id', '=', resultId)
      .execute();
  }
}
