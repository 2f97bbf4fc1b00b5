import { isValidPassword } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { createDatabase, type Database } from '../../platform/db/database.ts';
import { demoColumns } from './demo-timeseries.ts';
import { DEMO_STATION_COUNT, seedOnFirstStart } from './seed.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, 4).db;
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

describe('seedOnFirstStart', () => {
  it('creates the administrator with a random password that meets the password rule', async () => {
    const result = await seedOnFirstStart(db, {
      adminAccount: 'admin',
      withDemoData: true,
    });
    expect(result.isFirstStart).toBe(true);
    expect(result.generatedPassword).not.toBeNull();
    expect(isValidPassword(result.generatedPassword!)).toBe(true);
    const admin = await db
      .selectFrom('app_user')
      .selectAll()
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).not.toContain(result.generatedPassword!);
    expect(await verifyPassword(result.generatedPassword!, admin.password_hash)).toBe(true);
    // Every demo user has a password of their own, none the administrator's.
    expect(result.demoAccounts).toHaveLength(4);
    const passwords = new Set(result.demoAccounts.map((d) => d.password));
    expect(passwords.size).toBe(4);
    expect(passwords.has(result.generatedPassword!)).toBe(false);
    for (const demo of result.demoAccounts) {
      expect(isValidPassword(demo.password)).toBe(true);
      const row = await db
        .selectFrom('app_user')
        .select('password_hash')
        .where('account', '=', demo.account)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(demo.password, row.password_hash)).toBe(true);
      expect(await verifyPassword(result.generatedPassword!, row.password_hash)).toBe(false);
    }
  });

  it('creates a company with departments, roles, users and ~300 stations across China', async () => {
    expect(await db.selectFrom('dept').select('name').execute()).toHaveLength(3);
    expect((await db.selectFrom('role').select('name').execute()).length).toBeGreaterThanOrEqual(4);
    expect((await db.selectFrom('app_user').select('id').execute()).length).toBe(5);
    const stations = await db.selectFrom('station').selectAll().execute();
    expect(stations).toHaveLength(DEMO_STATION_COUNT);
    expect(new Set(stations.map((s) => s.station_code)).size).toBe(DEMO_STATION_COUNT);
    for (const s of stations) {
      expect(s.station_code).toMatch(/^\d{6}$/);
      expect(s.station_code.slice(0, 2)).toBe(s.region_code!.slice(0, 2));
      expect(s.longitude).toBeGreaterThan(73);
      expect(s.longitude).toBeLessThan(135);
      expect(s.latitude).toBeGreaterThan(18);
      expect(s.latitude).toBeLessThan(54);
      expect([-1, 0, 1, 2, 3]).toContain(s.status);
    }
    expect(new Set(stations.map((s) => s.province)).size).toBeGreaterThan(15);
    // No site claims data it does not have: without stored data there is no latest data time, no
    // measurement start and the status is "not monitored" (the demo time series set theirs from data).
    for (const s of stations) expect([s.status, s.data_time, s.start_time]).toEqual([-1, null, null]);
  });

  it('gives the sites owners, manufacturers, data administrators, SIMs, dates and tags', async () => {
    const stations = await db.selectFrom('station').selectAll().execute();
    expect((await db.selectFrom('owner').select('id').execute()).length).toBeGreaterThanOrEqual(5);
    const makers = await db.selectFrom('manufacturer').select('name').execute();
    expect(makers.map((m) => m.name)).toEqual(
      expect.arrayContaining(['NRG Systems', 'Campbell Scientific', '中国华云']),
    );
    for (const s of stations) {
      expect(s.owner_party_id).not.toBeNull();
      expect(s.manufacturer_id).not.toBeNull();
      expect(s.data_admin_id).not.toBeNull();
      expect(s.sim).toMatch(/^\d{11,20}$/);
      expect(s.warranty_start!.getTime()).toBeLessThanOrEqual(s.warranty_end!.getTime());
      expect(s.install_start!.getTime()).toBeLessThanOrEqual(s.install_end!.getTime());
    }
    const tagged = await db.selectFrom('station_tag').select('station_id').distinct().execute();
    expect(tagged).toHaveLength(DEMO_STATION_COUNT);
    const tags = await db.selectFrom('tag').select('name').execute();
    expect(tags.map((t) => t.name)).toEqual(
      expect.arrayContaining(['重点关注', '新建', '已验收', '山地', '沿海']),
    );
  });

  it('gives every site a channel configuration, and every fifth mast a later one', async () => {
    const stations = await db
      .selectFrom('station')
      .select(['id', 'station_type', 'pylon_height_m'])
      .execute();
    const configs = await db
      .selectFrom('channel_config')
      .select(['id', 'station_id', 'effective_from'])
      .execute();
    expect(new Set(configs.map((c) => c.station_id)).size).toBe(stations.length);
    expect(configs.length).toBeGreaterThan(stations.length);
    const channels = await db
      .selectFrom('channel_config_channel')
      .select(['config_id', 'element', 'height_m', 'statistic', 'data_key', 'boom_orientation_deg'])
      .execute();
    const mast = stations.find((s) => s.station_type === 'met_mast')!;
    const mastConfig = configs.find((c) => c.station_id === mast.id)!;
    const mastChannels = channels.filter((c) => c.config_id === mastConfig.id);
    // The top cup is at the mast height, with mean, sd, max and min; a vane and climate sensors too.
    expect(
      mastChannels
        .filter(
          (c) => c.element === 'ws' && c.height_m === mast.pylon_height_m && !c.data_key.includes('_B_'),
        )
        .map((c) => c.statistic)
        .sort(),
    ).toEqual(['max', 'mean', 'min', 'sd']);
    expect(mastChannels.some((c) => c.element === 'wd')).toBe(true);
    expect(mastChannels.filter((c) => ['T', 'RH', 'p'].includes(c.element))).toHaveLength(3);
    // Every column of the demo logger files is described, the second top cup on its own boom (315°, its
    // wake at 135°): the data receipt leaves both cups' wakes out of their slope.
    expect(mastChannels.map((c) => c.data_key).sort()).toEqual(
      demoColumns(mast.pylon_height_m!)
        .map((c) => c.channel.dataKey)
        .sort(),
    );
    const booms = (key: string) => mastChannels.find((c) => c.data_key === key)?.boom_orientation_deg;
    expect([booms(`ws_${mast.pylon_height_m}_mean`), booms(`ws_${mast.pylon_height_m}_B_mean`)]).toEqual([
      135, 315,
    ]);
  });

  it('records every sensor the demo configurations name, one of them moved between two masts', async () => {
    const named = await db
      .selectFrom('channel_config_channel')
      .select(['sensor_make', 'sensor_model', 'sensor_serial'])
      .where('sensor_serial', '<>', '')
      .distinct()
      .execute();
    const sensors = await db
      .selectFrom('sensor')
      .select(['oem', 'model', 'serial_number', 'sensor_type_id'])
      .execute();
    expect(sensors).toHaveLength(named.length);
    expect(sensors.every((s) => s.sensor_type_id !== '')).toBe(true);
    // The moved cup: on the first replaced mast until its anemometers were replaced, then on another mast.
    const movedIn = await db
      .selectFrom('channel_config as c')
      .innerJoin('channel_config_channel as ch', 'ch.config_id', 'c.id')
      .innerJoin('station as s', 's.id', 'c.station_id')
      .select(['c.station_id', 'ch.sensor_serial', 's.station_type'])
      .where('c.builtin_key', '=', 'channelConfig.sensorMovedIn')
      .execute();
    expect(new Set(movedIn.map((r) => r.station_type))).toEqual(new Set(['met_mast']));
    const serials = new Set(movedIn.map((r) => r.sensor_serial));
    const elsewhere = await db
      .selectFrom('channel_config as c')
      .innerJoin('channel_config_channel as ch', 'ch.config_id', 'c.id')
      .select(['c.station_id', 'ch.sensor_serial'])
      .where('ch.sensor_serial', 'in', [...serials])
      .where('c.station_id', '<>', movedIn[0]!.station_id)
      .execute();
    expect(new Set(elsewhere.map((r) => r.sensor_serial)).size).toBe(1);
  });

  it('does nothing on later starts', async () => {
    const again = await seedOnFirstStart(db, { adminAccount: 'admin', withDemoData: true });
    expect(again).toMatchObject({ isFirstStart: false, generatedPassword: null });
    expect((await db.selectFrom('station').select('id').execute()).length).toBe(DEMO_STATION_COUNT);
  });
});
