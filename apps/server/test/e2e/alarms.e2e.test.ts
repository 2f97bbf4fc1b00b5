import { renderText, type TText } from '@masthub/shared';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standaloneAlarmService } from '../../src/modules/alarms/alarms.service.ts';
import { createDatabase } from '../../src/platform/db/database.ts';
import type { DB } from '../../src/platform/db/schema.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { confirmLayout } from '../layouts.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let handlerToken: string;
let handlerId: number;
let handlerRoleId: number;
let viewerToken: string;
let viewerId: number;
const DAY = 86_400_000;
const NOW = new Date('2026-11-20T00:00:00Z');

/** A monitored site whose latest data is `daysAgo` before NOW. */
async function silentSite(daysAgo: number) {
  const site = await buildStation(server.db);
  await server.db
    .updateTable('station')
    .set({
      status: 0,
      start_time: new Date(NOW.getTime() - 90 * DAY),
      data_time: new Date(NOW.getTime() - daysAgo * DAY),
    })
    .where('id', '=', site.id)
    .execute();
  return site;
}

async function alarmsOf(stationId: number) {
  return server.db
    .selectFrom('alarm')
    .selectAll()
    .where('station_id', '=', stationId)
    .orderBy('id')
    .execute();
}

async function statusOf(stationId: number) {
  return server.db
    .selectFrom('station')
    .select(['status', 'warn_type', 'warn_status'])
    .where('id', '=', stationId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  server = await startTestServer();
  const handler = await buildUser(server.db, { features: ['alarm.view', 'alarm.handle'] });
  handlerId = handler.id;
  handlerRoleId = handler.roleId;
  handlerToken = await server.login(handler.account, handler.password);
  const viewer = await buildUser(server.db, { features: ['alarm.view'] });
  viewerId = viewer.id;
  viewerToken = await server.login(viewer.account, viewer.password);
});

afterAll(async () => {
  await server?.stop();
});

describe('the no-data sweep', () => {
  it('opens one data-missing alarm for a site silent past its rule (3 days), none for a recent one', async () => {
    const silent = await silentSite(5);
    const recent = await silentSite(1);
    const opened = await server.services.alarms.sweepNoData(NOW);
    expect(opened.map((a) => a.stationId)).toContain(silent.id);
    expect(opened.map((a) => a.stationId)).not.toContain(recent.id);
    const [alarm] = await alarmsOf(silent.id);
    expect(alarm).toMatchObject({ type: 'data_missing', is_open: true, handle_status: 'unprocessed' });
    expect(alarm!.period_start).toEqual(new Date(NOW.getTime() - 5 * DAY));
    expect(alarm!.period_end).toEqual(NOW);
    expect(await alarmsOf(recent.id)).toEqual([]);
    expect(await statusOf(silent.id)).toEqual({ status: 1, warn_type: 'data_missing', warn_status: 1 });
  });

  it('extends the open alarm on the next sweep instead of opening another, and racing sweeps make one', async () => {
    const site = await silentSite(4);
    await Promise.all([server.services.alarms.sweepNoData(NOW), server.services.alarms.sweepNoData(NOW)]);
    const later = new Date(NOW.getTime() + DAY);
    const opened = await server.services.alarms.sweepNoData(later);
    expect(opened.map((a) => a.stationId)).not.toContain(site.id);
    const alarms = await alarmsOf(site.id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.period_end).toEqual(later);
  });

  it('follows a site’s own rule before the general one, and skips sites never monitored', async () => {
    const strict = await silentSite(2);
    await server.db
      .insertInto('qc_rule')
      .values({
        rule_type: 'warn',
        kind: 'no_data_days',
        name: '本站 1 天无数据',
        station_id: strict.id,
        params: JSON.stringify({ days: 1 }),
      })
      .execute();
    const unmonitored = await buildStation(server.db);
    await server.db
      .updateTable('station')
      .set({ status: -1, data_time: new Date(NOW.getTime() - 30 * DAY) })
      .where('id', '=', unmonitored.id)
      .execute();
    await server.services.alarms.sweepNoData(NOW);
    expect(await alarmsOf(strict.id)).toHaveLength(1);
    expect(await alarmsOf(unmonitored.id)).toEqual([]);
  });

  it('closes the alarm when data arrives and the site is normal again', async () => {
    const site = await silentSite(6);
    await server.services.alarms.sweepNoData(NOW);
    const first = new Date(NOW.getTime() - DAY);
    await server.db.transaction().execute((trx) => server.services.alarms.onDataArrived(trx, site.id, first));
    const [alarm] = await alarmsOf(site.id);
    expect(alarm).toMatchObject({ is_open: false, handle_status: 'unprocessed' });
    expect(alarm!.period_end).toEqual(first);
    expect((await statusOf(site.id)).status).toBe(0);
  });

  it('stores a message for the users who may see the site, and only for them', async () => {
    const site = await silentSite(7);
    await grantRoleStations(server.db, handlerRoleId, [site.id]);
    await server.services.alarms.sweepNoData(NOW);
    const messages = await server.db.selectFrom('message').selectAll().where('type', '=', 'alarm').execute();
    const forSite = messages.filter((m) =>
      renderText(m.message_text as TText, 'zh').includes(site.stationCode),
    );
    expect(forSite.map((m) => Number(m.user_id))).toContain(handlerId);
    // The viewer may view alarms but not this site: nothing for it.
    expect(forSite.map((m) => Number(m.user_id))).not.toContain(viewerId);
  });
});

describe('the first sweep over many silent sites', () => {
  it('opens the alarms of 300 silent sites in a handful of statements, each site alarming with its message', async () => {
    const sites = await Promise.all(Array.from({ length: 300 }, () => silentSite(9)));
    const ids = sites.map((s) => s.id);
    // A handler who may see the first 100 sites, and a site already under repair that stays so.
    await grantRoleStations(server.db, handlerRoleId, ids.slice(0, 100));
    await server.db.updateTable('station').set({ status: 3 }).where('id', '=', ids[299]!).execute();
    // The service on its own connection, counting every statement it sends.
    const { pool } = createDatabase(server.databaseUrl, 2);
    let statements = 0;
    const counted = new Kysely<DB>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') statements += 1;
      },
    });
    try {
      const opened = await standaloneAlarmService(counted, createLogger({ LOG_LEVEL: 'silent' })).sweepNoData(
        NOW,
      );
      expect(opened.map((a) => a.stationId)).toEqual(expect.arrayContaining(ids));
      // Set-based: the same few statements for 300 sites as for one (one per site took 44 s for 10 000).
      expect(statements).toBeLessThanOrEqual(8);
    } finally {
      await counted.destroy();
    }
    const stations = await server.db
      .selectFrom('station')
      .select(['id', 'status', 'warn_type', 'warn_status'])
      .where('id', 'in', ids)
      .execute();
    const repaired = ids[299]!;
    expect(stations.filter((s) => s.id !== repaired).every((s) => s.status === 1)).toBe(true);
    expect(stations.find((s) => s.id === repaired)!.status).toBe(3);
    expect(stations.every((s) => s.warn_type === 'data_missing' && s.warn_status === 1)).toBe(true);
    const messages = await server.db
      .selectFrom('message')
      .select(['user_id', 'message_text', 'description_text'])
      .where('type', '=', 'alarm')
      .where('user_id', '=', handlerId)
      .execute();
    const codes = new Set(sites.map((s) => s.stationCode));
    const forSites = messages.filter((m) => codes.has(String((m.message_text as TText).params?.code ?? '')));
    expect(forSites).toHaveLength(100);
    // Stored as texts, each read in the reader's language.
    const first = forSites[0]!;
    expect(renderText(first.message_text as TText, 'zh')).toMatch(/^站点 \d+ 数据缺失$/);
    expect(renderText(first.message_text as TText, 'en')).toMatch(/^Site \d+: data missing$/);
    expect(renderText(first.description_text as TText, 'zh')).toBe('连续 3 天无数据');
    expect(renderText(first.description_text as TText, 'en')).toBe('No data for 3 days');
  }, 120_000);
});

describe('abnormal data on arrival', () => {
  /** A 10-minute file of `days` days from day `fromDay` after 2025-03-01 00:00 UTC: speed `speed(i)` at slot i. */
  function file(days: number, speed: (i: number) => number, fromDay = 0): Buffer {
    const lines = ['Timestamp,WS_80m_Avg,WD_78m_Avg'];
    for (let i = fromDay * 144; i < (fromDay + days) * 144; i++) {
      const t = new Date(Date.UTC(2025, 2, 1) + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
      lines.push(`${t},${speed(i)},180`);
    }
    return Buffer.from(`${lines.join('\n')}\n`);
  }

  it('opens a data-abnormal alarm on the channel a QC rule flags for most of a day, naming channel and rule', async () => {
    const site = await buildStation(server.db);
    // Day 2 reads 99 m/s for 20 hours: above the speed range rule (< 40 m/s). Above 75 m/s the file is
    // doubted on arrival (issue 40): its layout is confirmed as it is, as the data administrator would.
    const bytes = file(3, (i) => (i >= 144 && i < 144 + 120 ? 99 : 6 + (i % 5) * 0.1));
    await confirmLayout(server, site.id, 'stuck.csv', bytes);
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'stuck.csv',
      source: 'upload',
      bytes,
    });
    expect(result.status).toBe('parsed');
    const alarms = await alarmsOf(site.id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ type: 'data_abnormal', is_open: true });
    expect(alarms[0]!.channel_key).toMatch(/ws|80/i);
    expect(alarms[0]!.content).toMatchObject({
      kind: 'abnormal',
      channel: 'WS_80m_Avg',
      rules: ['风速范围检验'],
      ruleKeys: ['qcRule.ws_range'],
    });
    // The built-in rule is named in the reader's language.
    await grantRoleStations(server.db, handlerRoleId, [site.id]);
    const listed = await server.call('POST', '/api/web/alarm/page', {
      token: handlerToken,
      body: { stationId: site.id },
      language: 'EN',
    });
    expect(listed.body.data.records[0].content).toMatch(
      /^Channel WS_80m_Avg: \d+% of a day’s values flagged by quality control \(Wind speed range test\)$/,
    );
    // The site's day 2 (UTC in this test site): the whole day is the alarm's period.
    expect(alarms[0]!.period_start).toEqual(new Date(Date.UTC(2025, 2, 2)));
    expect(alarms[0]!.period_end).toEqual(new Date(Date.UTC(2025, 2, 3)));
    expect((await statusOf(site.id)).status).toBe(1);
  });

  it('extends the alarm with an adjacent bad day but opens a new one after good days in between', async () => {
    const site = await buildStation(server.db);
    // Days 2 and 3 bad in the first file; day 4 bad in the second (adjacent); day 8 bad (after good days).
    const bad = (day: number) => (i: number) => (Math.floor(i / 144) === day && i % 144 < 120 ? 99 : 6);
    const first = file(4, (i) => (Math.floor(i / 144) >= 2 && i % 144 < 120 ? 99 : 6));
    await confirmLayout(server, site.id, 'a.csv', first);
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'a.csv',
      source: 'upload',
      bytes: first,
    });
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'b.csv',
      source: 'upload',
      bytes: file(1, bad(4), 4),
    });
    let alarms = await alarmsOf(site.id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.period_end).toEqual(new Date(Date.UTC(2025, 2, 6)));
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'c.csv',
      source: 'upload',
      bytes: file(4, bad(8), 5),
    });
    alarms = await alarmsOf(site.id);
    expect(alarms.map((a) => [a.is_open, a.period_start.toISOString().slice(0, 10)])).toEqual([
      [false, '2025-03-03'],
      [true, '2025-03-09'],
    ]);
    // A later file of good days ends the spell: the alarm closes and the site is normal again. Spells
    // found in such old data were recorded without a push.
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'd.csv',
      source: 'upload',
      bytes: file(3, () => 6, 9),
    });
    alarms = await alarmsOf(site.id);
    expect(alarms.map((a) => a.is_open)).toEqual([false, false]);
    expect((await statusOf(site.id)).status).toBe(0);
    const pushed = await server.db
      .selectFrom('message')
      .select('id')
      .where(sql<string>`message_text->'params'->>'code'`, '=', site.stationCode)
      .execute();
    expect(pushed).toEqual([]);
  });

  it('raises nothing for a file whose values pass the rules, and nothing for a short bad spell', async () => {
    const site = await buildStation(server.db);
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'fine.csv',
      source: 'upload',
      bytes: file(2, (i) => (i >= 10 && i < 16 ? 99 : 7 + (i % 3) * 0.1)),
    });
    expect(await alarmsOf(site.id)).toEqual([]);
  });
});

describe('handling alarms', () => {
  it('lists a site’s alarms in the reader’s language', async () => {
    const site = await silentSite(5);
    await grantRoleStations(server.db, handlerRoleId, [site.id]);
    await server.services.alarms.sweepNoData(NOW);
    const r = await server.call('POST', '/api/web/alarm/page', {
      token: handlerToken,
      body: { stationId: site.id },
      language: 'EN',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.records[0]).toMatchObject({
      stationCode: site.stationCode,
      typeName: 'Data missing',
      handleStatusName: 'Unprocessed',
      isOpen: true,
    });
    expect(r.body.data.records[0].content).toBe('No data for 3 days (rule “No data for 3 days in a row”)');
  });

  it('handles several alarms at once: status, handler and reason stored, the station log written, the site follows', async () => {
    const a = await silentSite(5);
    const b = await silentSite(5);
    await grantRoleStations(server.db, handlerRoleId, [a.id, b.id]);
    await server.services.alarms.sweepNoData(NOW);
    const ids = [...(await alarmsOf(a.id)), ...(await alarmsOf(b.id))].map((x) => Number(x.id));
    const r = await server.call('POST', '/api/web/alarm/handle', {
      token: handlerToken,
      body: { ids, handleMode: 'focus', reason: '风速计疑似结冰' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.count).toBe(2);
    for (const site of [a, b]) {
      const [alarm] = await alarmsOf(site.id);
      expect(alarm).toMatchObject({
        handle_status: 'focus',
        handler_id: handlerId,
        reason: '风速计疑似结冰',
      });
      expect(await statusOf(site.id)).toEqual({ status: 2, warn_type: 'none', warn_status: 2 });
      const log = await server.db
        .selectFrom('station_log')
        .selectAll()
        .where('station_id', '=', site.id)
        .execute();
      expect(log.map((l) => l.location)).toEqual(['alarms']);
    }
    // "Request repair" puts the site in maintenance.
    await server.call('POST', '/api/web/alarm/handle', {
      token: handlerToken,
      body: { ids: ids.slice(0, 1), handleMode: 'repair' },
    });
    expect((await statusOf(a.id)).status).toBe(3);
  });

  it('refuses a handle mode it does not know and an empty list, with localised messages, changing nothing', async () => {
    const bad = await server.call('POST', '/api/web/alarm/handle', {
      token: handlerToken,
      body: { ids: [], handleMode: 'delete' },
      language: 'EN',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['handleMode', 'ids']);
  });

  it('refuses handling to a user who may only view alarms', async () => {
    const site = await silentSite(5);
    await server.services.alarms.sweepNoData(NOW);
    const [alarm] = await alarmsOf(site.id);
    const r = await server.call('POST', '/api/web/alarm/handle', {
      token: viewerToken,
      body: { ids: [Number(alarm!.id)], handleMode: 'ignore' },
    });
    expect(r.status).toBe(403);
    expect((await alarmsOf(site.id))[0]!.handle_status).toBe('unprocessed');
  });
});
