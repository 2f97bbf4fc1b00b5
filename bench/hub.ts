// Hub figures for `npm run bench` (issue 17): the one hub call over 10 000 sites on a real (embedded)
// PostgreSQL, over HTTP. Every site has an original version with 30 days of per-day recovery, 3 000 open
// alarms of every age, 200 repairs in progress, 10 000 logger files of the last 24 h (5 % failed), 50
// pending download applications and group reports. `api.hub_ms.10k` is the administrator (target
// ≤ 150 ms); `api.hub_ms.10k_role` a list-scope user whose role reaches every site (the access predicate
// on each row; measured, no target); `hub.roll_windows_ms.10k` the once-a-day roll of every site's
// 7- and 30-day sums (measured, no target).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  currentWindowTo,
  refreshStationWindows,
} from '../apps/server/src/modules/timeseries/station-days.repository.ts';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import type { TBenchResult } from './run.ts';

const SITES = 10_000;
const RUNS = 15;
const ADMIN_PASSWORD = 'Bench#Hub2026';
const VIEWER_PASSWORD = 'Bench#View2026';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchHub(): Promise<TBenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-hub-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const server = await createServer(config, createLogger(config));
  const db = server.db;
  try {
    const now = new Date();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    await sql`
      INSERT INTO station (station_code, project_name, province, longitude, latitude, status, station_type,
                           start_time, data_time)
      SELECT lpad(g::text, 6, '0'), '枢纽基准 ' || g, '河北省', 115 + (g % 100) / 100.0, 40 + (g / 100) / 100.0,
             (ARRAY[0, 0, 0, 0, 1, 2, 3, -1])[1 + g % 8],
             (ARRAY['met_mast', 'met_mast', 'met_mast', 'lidar', 'sodar'])[1 + g % 5],
             ${today}::timestamptz - interval '400 days',
             ${now}::timestamptz - (g % 20) * interval '1 day'
        FROM generate_series(1, ${SITES}) g`.execute(db);
    await sql`
      INSERT INTO dataset_version (station_id, name, kind, is_view_only)
      SELECT id, '原始数据', 'original', true FROM station`.execute(db);
    await sql`
      INSERT INTO ts_version_summary (version_id, first_time, last_time, channel_count, chunk_count, value_count)
      SELECT v.id, ${today}::timestamptz - interval '400 days', s.data_time, 40, 520, 2000000
        FROM dataset_version v JOIN station s ON s.id = v.station_id`.execute(db);
    // 30 days of recovery per site, from full to poor; every tenth site with filled values (migration 0048).
    await sql`
      INSERT INTO station_day (station_id, day, valid_slots, filled_slots, expected_slots)
      SELECT s.id, (${today}::date - d), 144 * (0.2 + 0.8 * ((s.id * 7 + d) % 10) / 10.0),
             CASE WHEN s.id % 10 = 0 THEN 144 * 0.1 * (1 - ((s.id * 7 + d) % 10) / 10.0) ELSE 0 END, 144
        FROM station s CROSS JOIN generate_series(1, 30) d`.execute(db);
    // The daily roll of every site's windows (what the first hub call of a day or the 00:02 job does).
    const rollStart = performance.now();
    await refreshStationWindows(db, currentWindowTo(Date.now()));
    const rollMs = performance.now() - rollStart;
    await sql`
      INSERT INTO alarm (station_id, type, channel_key, period_start, period_end, created_at, handle_status)
      SELECT s.id, (ARRAY['data_missing', 'data_abnormal'])[1 + s.id % 2], '',
             ${now}::timestamptz - interval '10 days', ${now}::timestamptz,
             ${now}::timestamptz - (s.id % 60) * interval '1 day',
             (ARRAY['unprocessed', 'focus', 'repair'])[1 + s.id % 3]
        FROM station s WHERE s.id % 10 < 3`.execute(db);
    await sql`
      INSERT INTO repair_record (station_id, fault_type, created_at)
      SELECT s.id, '采集器故障', ${now}::timestamptz - (s.id % 90) * interval '1 day'
        FROM station s WHERE s.id % 50 = 0`.execute(db);
    await sql`
      INSERT INTO raw_file (sha256, file_name, size_bytes, station_id, source, status, reason_key, value_count, created_at)
      SELECT lpad(to_hex(s.id), 64, '0'), s.station_code || '_daily.csv', 60000, s.id, 'ftp',
             CASE WHEN s.id % 20 = 0 THEN 'failed' ELSE 'parsed' END,
             CASE WHEN s.id % 20 = 0 THEN 'no_values' END, 5760,
             ${now}::timestamptz - (s.id % 1440) * interval '1 minute'
        FROM station s`.execute(db);
    const admin = await db
      .selectFrom('app_user')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO download_application (applicant_id, file_type, start_time, end_time, apply_reason, to_addr)
      SELECT ${admin.id}, 1, ${now}::timestamptz - interval '30 days', ${now}, '基准', 'a@b.c'
        FROM generate_series(1, 50)`.execute(db);
    await sql`
      INSERT INTO download_application_station (application_id, station_id)
      SELECT a.id, a.id * 100 FROM download_application a`.execute(db);
    const role = await db
      .insertInto('role')
      .values({ name: 'bench viewer', data_scope: 'list' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO role_station (role_id, station_id) SELECT ${role.id}, id FROM station`.execute(db);
    await db
      .insertInto('app_user')
      .values({
        account: 'viewer',
        user_name: 'Viewer',
        password_hash: await hashPassword(VIEWER_PASSWORD),
        role_id: role.id,
        is_enabled: true,
      })
      .execute();
    await sql`ANALYZE`.execute(db);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = async (account: string, password: string) => {
      const r = await fetch(`${address}/api/security/sys/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password }),
      });
      return ((await r.json()) as { data: { token: string } }).data.token;
    };
    const time = async (token: string) => {
      const call = async () => {
        const r = await fetch(`${address}/api/web/hub/overview?silentDays=3`, { headers: { token } });
        const body = (await r.json()) as { code: number; data: { stations: { total: number } } };
        if (body.code !== 200 || body.data.stations.total !== SITES) {
          throw new Error(`hub answered ${body.code} with ${body.data?.stations?.total} sites`);
        }
      };
      await call();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
      return Math.round(median(times));
    };
    return [
      { name: 'api.hub_ms.10k', value: await time(await login('admin', ADMIN_PASSWORD)), unit: 'ms' },
      { name: 'api.hub_ms.10k_role', value: await time(await login('viewer', VIEWER_PASSWORD)), unit: 'ms' },
      { name: 'hub.roll_windows_ms.10k', value: Math.round(rollMs), unit: 'ms' },
    ];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/hub.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchHub());
}
