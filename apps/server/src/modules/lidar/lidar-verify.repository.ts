import type { Database } from '../../platform/db/database.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

/** What the lidar-versus-mast check reads besides the time series: site names and the visible sites. */
export class LidarVerifyRepository {
  constructor(private readonly db: Database) {}

  /** The site's project name (the check names both sides). */
  async findStationName(stationId: number): Promise<string> {
    const row = await this.db
      .selectFrom('station')
      .select(['project_name', 'station_code'])
      .where('id', '=', stationId)
      .executeTakeFirst();
    return row ? row.project_name || row.station_code : '';
  }

  /** The sites the subject may view (not deleted), by name: the other side of a check. */
  async listVisibleStations(
    subject: TAccessSubject,
    limit: number,
  ): Promise<{ id: number; stationCode: string; name: string }[]> {
    const rows = await this.db
      .selectFrom('station as s')
      .select(['s.id', 's.station_code', 's.project_name'])
      .where('s.is_deleted', '=', false)
      .where(stationAccessPredicate(subject, 's'))
      .orderBy('s.project_name')
      .orderBy('s.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), stationCode: r.station_code, name: r.project_name }));
  }
}
