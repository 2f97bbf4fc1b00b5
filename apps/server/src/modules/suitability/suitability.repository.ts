import type { Database } from '../../platform/db/database.ts';

/** What the site suitability reads besides the time series. */
export class SuitabilityRepository {
  constructor(private readonly db: Database) {}

  /** The site's altitude (the standard atmosphere's air density when no temperature is measured). */
  async findStationAltitude(stationId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('station')
      .select('altitude_m')
      .where('id', '=', stationId)
      .executeTakeFirst();
    return row?.altitude_m === null || row?.altitude_m === undefined ? null : Number(row.altitude_m);
  }
}
