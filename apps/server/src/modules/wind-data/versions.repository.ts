import { sql } from 'kysely';
import type { TDb } from '../../platform/db/database.ts';
import { CHUNK_ROWS } from '../timeseries/index.ts';

/** What the version functions read beside the time series: the site's names, a version's chunk count. */
export class VersionRepository {
  constructor(private readonly db: TDb) {}

  findStationNames(stationId: number) {
    return this.db
      .selectFrom('station')
      .select(['station_code', 'project_name'])
      .where('id', '=', stationId)
      .executeTakeFirst();
  }

  /** The site's names and position, for an export's file name and header. */
  findStationForExport(stationId: number) {
    return this.db
      .selectFrom('station')
      .select(['station_code', 'project_name', 'longitude', 'latitude', 'altitude_m'])
      .where('id', '=', stationId)
      .executeTakeFirstOrThrow();
  }

  async countChunks(versionId: number): Promise<number> {
    const row = await sql<{ n: string }>`
      SELECT count(*) AS n FROM ${CHUNK_ROWS} c WHERE version_id = ${versionId}`.execute(this.db);
    return Number(row.rows[0]?.n ?? 0);
  }
}
