import type { Database } from '../../../platform/db/database.ts';

/** The measurement type of a version's site (mast, lidar, sodar, floating lidar: issue 31), or undefined. */
export async function stationTypeOf(db: Database, stationId: number): Promise<string | undefined> {
  const site = await db
    .selectFrom('station')
    .select('station_type')
    .where('id', '=', stationId)
    .executeTakeFirst();
  return site?.station_type ?? undefined;
}
