import type { Database } from '../../platform/db/database.ts';

/** What the energy estimate reads besides the time series. */
export class EnergyRepository {
  constructor(private readonly db: Database) {}

  /** The site's altitude (for the air density when no pressure was measured). */
  /** What an exported document says of the site: code, name, coordinates, altitude. */
  findStationForDocument(stationId: number) {
    return this.db
      .selectFrom('station')
      .select(['station_code', 'project_name', 'longitude', 'latitude', 'altitude_m'])
      .where('id', '=', stationId)
      .executeTakeFirst();
  }

  findStationAltitude(stationId: number) {
    return this.db.selectFrom('station').select('altitude_m').where('id', '=', stationId).executeTakeFirst();
  }
}
