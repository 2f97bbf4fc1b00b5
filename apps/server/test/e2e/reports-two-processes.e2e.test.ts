import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondProcess, until } from '../second-process.ts';
import { buildStation, buildUser, startTestServer, type TTestServer } from '../test-server.ts';

let server: TTestServer;
let second: Awaited<ReturnType<typeof startSecondProcess>>;

/** Report ticks (scheduled) that finished since `since`, by any process. */
async function finishedTicks(since: Date): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pgboss.job
     WHERE name = 'reports.tick' AND state = 'completed' AND completed_on > ${since}`.execute(server.db);
  return Number(r.rows[0]?.n ?? 0);
}

beforeAll(async () => {
  // This process and a second server process (the real entry point) on one database, both looking for
  // due report slots every minute.
  server = await startTestServer({ REPORT_TICK_CRON: '* * * * *' });
  second = await startSecondProcess(server.databaseUrl, { REPORT_TICK_CRON: '* * * * *' });
}, 90_000);

afterAll(async () => {
  await second?.stop();
  await server?.stop();
});

describe('the report schedule across two processes', () => {
  it('writes and generates each due weekly and monthly slot of a group exactly once', async () => {
    const creator = await buildUser(server.db, { dataScope: 'all' });
    const site = await buildStation(server.db);
    const since = new Date();
    // Due since Monday 00:00 / the 1st 00:00 (Beijing): the last complete week and month are due now.
    const group = await server.db
      .insertInto('report_group')
      .values({
        name: '两进程调度测试',
        creator_id: creator.id,
        effective_start: '2020-01-01',
        effective_end: '2099-12-31',
        report_types: ['weekly', 'monthly'],
        weekly_template_id: null,
        monthly_template_id: null,
        auto_generate: true,
        auto_send: false,
        week: 1,
        month_day: 1,
        generate_time: '00:00',
        data_source_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('report_group_station')
      .values({ group_id: group.id, station_id: site.id })
      .execute();
    const reports = () =>
      server.db
        .selectFrom('group_report')
        .selectAll()
        .where('group_id', '=', group.id)
        .orderBy('id')
        .execute();
    await until(
      'both slots generated',
      async () => {
        const rows = await reports();
        return rows.length === 2 && rows.every((r) => r.status !== 'generating') ? rows : undefined;
      },
      150_000,
    );
    // Let another scheduled tick run in both processes, and both tick at the same moment as well.
    const seen = await finishedTicks(since);
    await until(
      'another tick',
      async () => ((await finishedTicks(since)) > seen ? true : undefined),
      150_000,
    );
    await Promise.all([server.services.reports.tick(), server.services.jobs.send('reports.tick', {})]);
    await until(
      'the extra tick',
      async () => ((await finishedTicks(since)) > seen + 1 ? true : undefined),
      60_000,
    );

    const rows = await reports();
    expect(rows.map((r) => r.statement_type).sort()).toEqual(['monthly', 'weekly']);
    expect(rows.every((r) => r.trigger === 'schedule')).toBe(true);
    // The site has no data: each slot is still reported (0 % recovery), once, and the creator was told
    // once per slot.
    expect(rows.map((r) => r.status)).toEqual(['success', 'success']);
    const messages = await server.db
      .selectFrom('message')
      .select('id')
      .where('user_id', '=', creator.id)
      .where(sql<string>`message_text->'params'->>'name'`, 'like', '%两进程调度测试%')
      .execute();
    expect(messages).toHaveLength(2);
  }, 400_000);
});
