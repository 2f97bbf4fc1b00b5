import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../../platform/db/database.ts';
import { listMigrations, MIGRATIONS_DIR, migrate } from '../../platform/db/migrate.ts';
import { recordSensorsOfConfigurations, sensorTypeOfChannel } from './register.follow.ts';

const REGISTER_MIGRATION = '0046_sensor_register.sql';

let admin: pg.Client;
let pool: pg.Pool;
let db: Database;
let name: string;

/** Channels as configurations written before the register named them: [station type, element, make, model, serial]. */
const CHANNELS: [string, string, string, string, string][] = [
  ['met_mast', 'ws', 'Thies', 'First Class Advanced', '0654321'],
  ['met_mast', 'ws', 'Thies', 'First Class Advanced', '0654321'], // the sd channel of the same cup
  ['met_mast', 'ws', ' thies ', 'FIRST CLASS ADVANCED', '0654321 '], // the same cup, typed differently
  ['met_mast', 'wd', 'NRG Systems', '200M', 'V-100'],
  ['met_mast', 'T', 'Vaisala', 'HMP155', 'T-1'],
  ['met_mast', 'RH', 'Vaisala', 'HMP155', 'RH-1'],
  ['met_mast', 'p', 'Vaisala', 'PTB110', 'P-1'],
  ['met_mast', 'voltage', 'Campbell', 'CR1000X', 'B-1'],
  ['met_mast', 'other', 'Acme', 'X', 'O-1'],
  ['met_mast', 'ws', 'Thies', 'First Class Advanced', ''], // no serial: no sensor
  ['lidar', 'ws', 'ZX Lidars', 'ZX 300', 'ZX-1'],
  ['sodar', 'wd', 'Scintec', 'MFAS', 'SC-1'],
];

async function insertConfigurations(): Promise<number[]> {
  const ids: number[] = [];
  for (const type of ['met_mast', 'lidar', 'sodar']) {
    const station = await pool.query(
      `INSERT INTO station (station_code, project_name, station_type, longitude, latitude)
       VALUES ($1, $2, $3, 115, 40) RETURNING id`,
      [`9${ids.length}0000`, `backfill ${type}`, type],
    );
    const config = await pool.query(
      `INSERT INTO channel_config (station_id, name, effective_from, updater_name) VALUES ($1, 'c', '2022-01-01', 'x') RETURNING id`,
      [station.rows[0].id],
    );
    ids.push(Number(config.rows[0].id));
    const rows = CHANNELS.filter(([t]) => t === type);
    for (const [i, [, element, make, model, serial]] of rows.entries()) {
      await pool.query(
        `INSERT INTO channel_config_channel (config_id, position, channel_name, element, data_key, statistic,
           sensor_make, sensor_model, sensor_serial)
         VALUES ($1, $2, $3, $4, $5, 'mean', $6, $7, $8)`,
        [config.rows[0].id, i, `ch${i}`, element, `k${i}`, make, model, serial],
      );
    }
  }
  return ids;
}

const readSensors = async () =>
  (
    await pool.query(
      `SELECT oem, model, serial_number, sensor_type_id FROM sensor ORDER BY serial_number COLLATE "C"`,
    )
  ).rows;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('testAdminUrl') });
  await admin.connect();
  name = `masthub_t_sensors_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(inject('testAdminUrl'));
  url.pathname = `/${name}`;
  ({ db, pool } = createDatabase(url.toString(), 2));
  const before = mkdtempSync(path.join(os.tmpdir(), 'masthub-migrations-'));
  try {
    for (const m of listMigrations()) {
      if (m.name >= REGISTER_MIGRATION) break;
      copyFileSync(path.join(MIGRATIONS_DIR, m.name), path.join(before, m.name));
    }
    await migrate(pool, before);
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
});

afterAll(async () => {
  await db?.destroy();
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

describe('migration 0046 backfills the sensor register from the configurations', () => {
  const expected = [
    ['Campbell', 'CR1000X', 'B-1', 'voltmeter'],
    ['Thies', 'First Class Advanced', '0654321', 'anemometer'],
    ['Acme', 'X', 'O-1', ''],
    ['Vaisala', 'PTB110', 'P-1', 'barometer'],
    ['Vaisala', 'HMP155', 'RH-1', 'hygrometer'],
    ['Scintec', 'MFAS', 'SC-1', 'sodar'],
    ['Vaisala', 'HMP155', 'T-1', 'thermometer'],
    ['NRG Systems', '200M', 'V-100', 'wind_vane'],
    ['ZX Lidars', 'ZX 300', 'ZX-1', 'lidar'],
  ]
    .map(([oem, model, serial_number, sensor_type_id]) => ({ oem, model, serial_number, sensor_type_id }))
    .sort((a, b) => (a.serial_number! < b.serial_number! ? -1 : 1));

  it('creates one record per sensor the configurations name, typed as a saved configuration would type it', async () => {
    await insertConfigurations();
    await migrate(pool, MIGRATIONS_DIR);
    expect(await readSensors()).toEqual(expected);
    for (const row of expected) {
      const [stationType, element] = CHANNELS.find(([, , , , serial]) => serial === row.serial_number)!;
      expect(sensorTypeOfChannel(element, stationType), row.serial_number).toBe(row.sensor_type_id);
    }
  });

  it('gives the same records when the seed records its configurations in one statement', async () => {
    await pool.query('DELETE FROM sensor');
    const configs = await pool.query('SELECT id FROM channel_config');
    await recordSensorsOfConfigurations(
      db,
      configs.rows.map((r) => Number(r.id)),
    );
    expect(await readSensors()).toEqual(expected);
    // Again: nothing new.
    await recordSensorsOfConfigurations(
      db,
      configs.rows.map((r) => Number(r.id)),
    );
    expect(await readSensors()).toHaveLength(expected.length);
  });
});
