// Alarm figures for `npm run bench` (issue 14): the no-data sweep over 10 000 monitored sites on a real
// (embedded) PostgreSQL. `alarms.sweep_ms.10k` is the sweep as it runs every ten minutes (the sites'
// alarms already open: one statement extends them; target ≤ 2 000 ms); `alarms.sweep_open_ms.10k` is the
// rare first sweep that finds all 10 000 sites silent at once and opens, pushes and sets the status of
// each — set-based, a few statements whatever the number of sites (issue 26; target ≤ 2 000 ms).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { standaloneAlarmService } from '../apps/server/src/modules/alarms/alarms.service.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedDatabase } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import type { TBenchResult } from './run.ts';

const SITES = 10_000;
const RUNS = 5;

export async function benchAlarms(): Promise<TBenchResult[]> {
  const log = createLogger({ LOG_LEVEL: 'warn' });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-alarms-'));
  const embedded = await startEmbeddedDatabase(tmp, log);
  const { db, pool } = createDatabase(embedded.url, 4);
  try {
    await migrate(pool);
    const now = new Date('2026-11-20T00:00:00Z');
    // 10 000 monitored sites whose data stopped five days ago (the default rule: 3 days).
    await sql`
      INSERT INTO station (station_code, project_name, province, longitude, latitude, status, start_time, data_time)
      SELECT lpad(g::text, 6, '0'), 'bench ' || g, '河北省', 115 + (g % 100) / 100.0, 40 + (g / 100) / 100.0, 0,
             ${now}::timestamptz - interval '300 days', ${now}::timestamptz - interval '5 days'
      FROM generate_series(1, ${SITES}) g`.execute(db);
    const alarms = standaloneAlarmService(db, log);
    let t = performance.now();
    const opened = await alarms.sweepNoData(now);
    const openMs = performance.now() - t;
    if (opened.length !== SITES) throw new Error(`expected ${SITES} alarms, opened ${opened.length}`);
    const runs: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      t = performance.now();
      const again = await alarms.sweepNoData(new Date(now.getTime() + i * 600_000));
      runs.push(performance.now() - t);
      if (again.length !== 0) throw new Error('a second sweep opened alarms');
    }
    runs.sort((a, b) => a - b);
    return [
      { name: 'alarms.sweep_ms.10k', value: Math.round(runs[Math.floor(RUNS / 2)]!), unit: 'ms' },
      { name: 'alarms.sweep_open_ms.10k', value: Math.round(openMs), unit: 'ms' },
    ];
  } finally {
    await db.destroy();
    await embedded.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
