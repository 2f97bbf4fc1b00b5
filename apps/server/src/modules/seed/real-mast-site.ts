import type { Database } from '../../platform/db/database.ts';

/**
 * The NREL NWTC M5 mast as its data are published with the sample
 * (../shared/samples/real-mast/nrel-nwtc-m5/README.md, which cites NREL's "135-m Meteorological Masts
 * at the National Wind Technology Center", A. Clifton, 2014, and the data page nwtc.nrel.gov/135mData):
 * - where: the 135 m M5 inflow mast at NREL's National Wind Technology Center near Boulder, Colorado, USA;
 * - elevation: the NWTC site is about 1 850 m above sea level (the README's figure, used as it is);
 * - time base: NREL records in UTC and the file writes America/Denver stamps with their offsets; the
 *   site's fixed local standard time is MST, UTC−07:00 (never DST, WIND-ANALYSIS §1), the time base of
 *   the brightwind reference runs on the same file.
 * The README gives no latitude or longitude, so none is invented here: the site keeps the coordinates it
 * had, and `registerRealMastSite` says so.
 */
export const NREL_M5_SITE = {
  projectName: 'NREL NWTC M5 测风塔（真实数据）',
  location: 'NREL National Wind Technology Center (NWTC), near Boulder, Colorado, USA',
  pylonHeightM: 135,
  altitudeM: 1850,
  loggerUtcOffsetMinutes: -7 * 60,
} as const;

/**
 * Registers a demo site as the M5 mast before its data go in: name, location, mast height, elevation and
 * logger time base as published (the Chinese province and GB/T 2260 area are cleared). Returns the
 * coordinates it kept, which the sample does not publish.
 */
export async function registerRealMastSite(
  db: Database,
  stationId: number,
): Promise<{ latitude: number; longitude: number }> {
  const row = await db
    .updateTable('station')
    .set({
      project_name: NREL_M5_SITE.projectName,
      location: NREL_M5_SITE.location,
      province: null,
      region_code: null,
      pylon_height_m: NREL_M5_SITE.pylonHeightM,
      altitude_m: NREL_M5_SITE.altitudeM,
      logger_utc_offset_minutes: NREL_M5_SITE.loggerUtcOffsetMinutes,
      updated_at: new Date(),
    })
    .where('id', '=', stationId)
    .returning(['latitude', 'longitude'])
    .executeTakeFirstOrThrow();
  return { latitude: row.latitude, longitude: row.longitude };
}
