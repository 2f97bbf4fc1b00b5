import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../../test/test-server.ts';
import { REAL_LIDAR_SITE, seedRealLidarSite } from './real-lidar-site.ts';

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('seedRealLidarSite (npm run seed:real, issue 31)', () => {
  it('turns the first demo lidar into the labelled real floating lidar, once, with the header’s device and heights', async () => {
    const site = await server.db
      .insertInto('station')
      .values({
        station_code: '000777',
        project_name: 'demo lidar',
        station_type: 'lidar',
        longitude: 120,
        latitude: 30,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('channel_config')
      .values({
        station_id: site.id,
        name: '初始配置',
        effective_from: new Date('2022-01-01T00:00:00Z'),
        updater_name: 'seed',
      })
      .execute();
    const first = await seedRealLidarSite(server.db, server.services.ingestion);
    if (first.kind === 'missing') return console.warn(`${first.source} not found: skipped`);
    expect(first).toMatchObject({ kind: 'imported', stationId: site.id, result: { status: 'parsed' } });
    const row = await server.db
      .selectFrom('station')
      .selectAll()
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      station_type: 'floating_lidar',
      project_name: REAL_LIDAR_SITE.projectName,
      notes: REAL_LIDAR_SITE.notes,
      device_serial: 'WLS866-24',
      measurement_heights_m: [40, 60, 80, 90, 100, 120, 140, 160, 180, 200, 220, 240],
    });
    expect(
      await server.db.selectFrom('channel_config').select('id').where('station_id', '=', site.id).execute(),
    ).toEqual([]);
    expect(await seedRealLidarSite(server.db, server.services.ingestion)).toEqual({
      kind: 'already',
      stationId: site.id,
    });
  });
});
