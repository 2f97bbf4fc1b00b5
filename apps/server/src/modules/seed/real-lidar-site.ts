import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../platform/db/database.ts';
import type { IngestionService, TIngestResult } from '../ingestion/index.ts';

/**
 * The demo lidar site of `npm run seed:real` (issue 31): a real buoy-mounted WindCube day from
 * ../shared/samples/windcube_sta (tsdat, BSD-2-Clause; Morro Bay, CA, 2020-12-01, 12 heights, the
 * 0 % availability rows that still carry a speed), read through the real ingestion path. The site is
 * labelled as a demo built from that sample; the file's header fills its device, serial, firmware and
 * heights.
 */
export const REAL_LIDAR_DIR = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/samples/windcube_sta',
);
export const REAL_LIDAR_FILE = 'tsdat_lidar.z06.00.20201201.000000.sta';

export const REAL_LIDAR_SITE = {
  projectName: '真实浮式激光雷达演示',
  location: 'Morro Bay, CA（浮标，GPS 隐藏）',
  notes:
    '演示站点：数据为真实 WindCube v2.1 浮标 .sta 样本（tsdat，BSD-2-Clause），2020-12-01 一天，12 个高度',
} as const;

export type TRealLidarOutcome =
  | { kind: 'missing'; source: string }
  | { kind: 'already'; stationId: number }
  | { kind: 'no_site' }
  | { kind: 'imported'; stationId: number; stationCode: string; result: TIngestResult };

/**
 * Turns the first demo lidar or sodar site without seeded files into the real floating lidar (its demo
 * channel configurations, made up for a ZX 300, go) and ingests the sample into it.
 */
export async function seedRealLidarSite(
  db: Database,
  ingestion: Pick<IngestionService, 'ingestFile'>,
  dir: string = REAL_LIDAR_DIR,
): Promise<TRealLidarOutcome> {
  const source = path.join(dir, REAL_LIDAR_FILE);
  if (!existsSync(source)) return { kind: 'missing', source };
  const already = await db
    .selectFrom('raw_file')
    .select('station_id')
    .where('file_name', '=', REAL_LIDAR_FILE)
    .where('source', '=', 'seed')
    .executeTakeFirst();
  if (already?.station_id) return { kind: 'already', stationId: already.station_id };
  const site = await db
    .selectFrom('station as s')
    .select(['s.id', 's.station_code'])
    .where('s.station_type', 'in', ['lidar', 'floating_lidar', 'sodar'])
    .where('s.is_deleted', '=', false)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('raw_file as r').select('r.id').whereRef('r.station_id', '=', 's.id'))),
    )
    .orderBy('s.id')
    .limit(1)
    .executeTakeFirst();
  if (!site) return { kind: 'no_site' };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('channel_config').where('station_id', '=', site.id).execute();
    await trx
      .updateTable('station')
      .set({
        station_type: 'floating_lidar',
        project_name: REAL_LIDAR_SITE.projectName,
        location: REAL_LIDAR_SITE.location,
        notes: REAL_LIDAR_SITE.notes,
        // The file states timezone=UTC+0; its day is read as UTC.
        logger_utc_offset_minutes: 0,
        device_model: '',
        device_serial: '',
        device_firmware: '',
        measurement_heights_m: [],
        updated_at: new Date(),
      })
      .where('id', '=', site.id)
      .execute();
  });
  const result = await ingestion.ingestFile({
    stationId: site.id,
    fileName: REAL_LIDAR_FILE,
    source: 'seed',
    path: source,
  });
  return { kind: 'imported', stationId: site.id, stationCode: site.station_code, result };
}
