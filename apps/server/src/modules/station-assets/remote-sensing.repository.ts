import type { Database } from '../../platform/db/database.ts';

/** A live site's measurement type and remote-sensing device (issue 31), or undefined. */
export function findRemoteSensingSite(db: Database, stationId: number) {
  return db
    .selectFrom('station')
    .select([
      'id',
      'station_type',
      'device_model',
      'device_serial',
      'device_firmware',
      'measurement_heights_m',
    ])
    .where('id', '=', stationId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}
