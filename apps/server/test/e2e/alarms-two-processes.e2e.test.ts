import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondProcess, until } from '../second-process.ts';
import { buildStation, buildUser, startTestServer, type TTestServer } from '../test-server.ts';

const DAY = 86_400_000;
let server: TTestServer;
let second: Awaited<ReturnType<typeof startSecondProcess>>;

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
  second = await startSecondProcess(server.databaseUrl, { ALARM_SWEEP_CRON: '* * * * *' });
}, 90_000);

afterAll(async () => {
  await second?.stop();
  await server?.stop();
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
      .select('id')
      .where('user_id', '=', watcher.id)
      .where(sql<string>`message_text->'params'->>'code'`, '=', site.stationCode)
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
