import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadPort } from '../smtp.ts';
import {
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

const DAY = 86_400_000;
let server: TTestServer;
let child: ChildProcess;
let tmp: string;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Sweeps (scheduled or at start) that finished since `since`, by any process. */
async function finishedSweeps(since: Date): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pgboss.job
     WHERE name = 'alarms.sweep' AND state = 'completed' AND completed_on > ${since}`.execute(server.db);
  return Number(r.rows[0]?.n ?? 0);
}

beforeAll(async () => {
  // This process and a second server process (the real entry point) on one database, both running
  // the sweep every minute.
  server = await startTestServer({ ALARM_SWEEP_CRON: '* * * * *' });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-second-'));
  const port = await deadPort();
  child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../../src/main-api.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: server.databaseUrl,
        DATA_DIR: tmp,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SEED_DEMO_DATA: 'false',
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        ALARM_SWEEP_CRON: '* * * * *',
        WEB_DIST_DIR: '/nonexistent-web-dist',
      },
      stdio: 'ignore',
    },
  );
  await until(
    'the second process',
    async () => {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      return ok ? true : undefined;
    },
    60_000,
  );
}, 90_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((r) => child?.once('exit', r));
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the scheduled no-data sweep across two processes', () => {
  it('opens exactly one alarm and sends one message per user for a site that falls silent', async () => {
    const watcher = await buildUser(server.db, { features: ['alarm.view'], dataScope: 'all' });
    const site = await buildStation(server.db);
    const since = new Date();
    await server.db
      .updateTable('station')
      .set({
        status: 0,
        start_time: new Date(Date.now() - 60 * DAY),
        data_time: new Date(Date.now() - 10 * DAY),
      })
      .where('id', '=', site.id)
      .execute();
    await until(
      'the alarm',
      async () =>
        (await server.db
          .selectFrom('alarm')
          .select('id')
          .where('station_id', '=', site.id)
          .executeTakeFirst()) ?? undefined,
      150_000,
    );
    // Let at least one more scheduled sweep run after the one that opened it.
    const seen = await finishedSweeps(since);
    await until(
      'another sweep',
      async () => ((await finishedSweeps(since)) > seen ? true : undefined),
      150_000,
    );
    // And both processes sweep at the same moment, as a crowded minute would.
    await Promise.all([server.services.alarms.sweepNoData(), server.services.jobs.send('alarms.sweep', {})]);
    await until(
      'the extra sweep',
      async () => ((await finishedSweeps(since)) > seen + 1 ? true : undefined),
      60_000,
    );

    const alarms = await server.db
      .selectFrom('alarm')
      .selectAll()
      .where('station_id', '=', site.id)
      .execute();
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ type: 'data_missing', is_open: true });
    const messages = await server.db
      .selectFrom('message')
      .select('message')
      .where('user_id', '=', watcher.id)
      .where('message', 'like', `%${site.stationCode}%`)
      .execute();
    expect(messages).toHaveLength(1);
    const station = await server.db
      .selectFrom('station')
      .select('status')
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(station.status).toBe(1);
  }, 400_000);
});
