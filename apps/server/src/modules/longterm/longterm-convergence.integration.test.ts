import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZLongTermConvergence } from '@masthub/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../test/second-process.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../../../test/test-server.ts';
import { collectFigures } from '../reports/group/collect.ts';
import { TimeSeriesRepository } from '../timeseries/timeseries.repository.ts';

/**
 * The convergence of a running campaign over the real app and PostgreSQL: a reference site with two years
 * of hourly wind, a target site whose campaign grows month by month (target = 1.2 × reference + 0.5 plus
 * a little noise), its default set through the API, recomputed on request and — through the data-arrived
 * listener, the job queue and its worker — when an ingest brings a new month.
 */

const HOUR = 3_600_000;
const UTC = { 'utc-code': '+00:00' };

function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A deterministic reference speed (seasonal, daily and random parts) and direction at an hour. */
function referenceAt(t: number): { speed: number; direction: number } {
  const h = Math.round(t / HOUR);
  const noise = (Math.sin(h * 12.9898) * 43758.5453) % 1;
  return {
    speed: Math.max(0.3, 6 + 1.5 * Math.sin((2 * Math.PI * t) / (365.25 * 24 * HOUR)) + 2 * Math.abs(noise)),
    direction: (h * 7) % 360,
  };
}

/** Hourly CSV rows of [fromMs, toMs): the reference, or the target built from it with `bias` added. */
function hourlyCsv(fromMs: number, toMs: number, target?: { bias: number }): string {
  const lines = ['Timestamp,Spd80mN,Dir78mS'];
  for (let t = fromMs; t < toMs; t += HOUR) {
    const { speed, direction } = referenceAt(t);
    const wobble = 0.05 * Math.sin(t / HOUR);
    const value = target ? 1.2 * speed + 0.5 + target.bias + wobble : speed;
    lines.push(`${stamp(t)},${value.toFixed(3)},${direction}`);
  }
  return `${lines.join('\n')}\n`;
}

let server: TTestServer;
let dataDir: string;
let token: string;
let reference: { id: number; versionId: number; speed: number; direction: number };
let target: { id: number; stationCode: string; versionId: number; speed: number; direction: number };
let dataAdmin: { id: number; account: string; password: string; roleId: number };
let owner: { id: number };
let viewer: { id: number; account: string; password: string; roleId: number };
let fileNo = 0;

async function ingest(stationId: number, content: string): Promise<void> {
  fileNo += 1;
  const fileName = `convergence-${fileNo}.csv`;
  const file = path.join(dataDir, fileName);
  writeFileSync(file, content);
  const result = await server.services.ingestion.ingestFile({
    stationId,
    fileName,
    source: 'seed',
    path: file,
  });
  expect(result.status, JSON.stringify(result)).toBe('parsed');
}

async function original(stationId: number) {
  const store = new TimeSeriesRepository(server.db);
  const version = (await store.findOriginalVersion(stationId))!;
  const channels = await store.listChannels(version.id);
  const id = (element: string) => channels.find((c) => c.element === element && c.statistic === 'mean')!.id;
  return { versionId: version.id, speed: id('ws'), direction: id('wd') };
}

/** Queued or done recomputes of a site's convergence (pg-boss keeps completed jobs a while). */
async function convergenceJobs(stationId: number): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pgboss.job
     WHERE name = 'longterm.convergence' AND (data->>'stationId')::bigint = ${stationId}`.execute(server.db);
  return Number(r.rows[0]?.n ?? 0);
}

async function messagesOf(userId: number) {
  return server.db
    .selectFrom('message')
    .select(['message_text', 'description_text'])
    .where('user_id', '=', userId)
    .execute();
}

const defaultBody = () => ({
  stationId: target.id,
  versionId: target.versionId,
  speedChannelId: target.speed,
  directionChannelId: target.direction,
  reference: {
    kind: 'site',
    versionId: reference.versionId,
    speedChannelId: reference.speed,
    directionChannelId: reference.direction,
  },
  method: 'ols',
  period: '1D',
  sectors: 0,
});

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-convergence-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  owner = await buildUser(server.db);
  dataAdmin = await buildUser(server.db);
  viewer = await buildUser(server.db, { features: ['data.process'] });
  const referenceSite = await buildStation(server.db, { ownerId: owner.id, projectName: '参考站' });
  const targetSite = await buildStation(server.db, { ownerId: owner.id, projectName: '目标站' });
  await server.db
    .updateTable('station')
    .set({ data_admin_id: dataAdmin.id })
    .where('id', '=', targetSite.id)
    .execute();
  // The data administrator sees the reference site too: the convergence is read for them (issue 39 §5).
  await grantRoleStations(server.db, dataAdmin.roleId, [targetSite.id, referenceSite.id]);
  await grantRoleStations(server.db, viewer.roleId, [targetSite.id]);
  await ingest(referenceSite.id, hourlyCsv(Date.UTC(2023, 0, 1), Date.UTC(2025, 0, 1)));
  // Eight months of campaign before the default exists.
  await ingest(targetSite.id, hourlyCsv(Date.UTC(2024, 0, 1), Date.UTC(2024, 8, 1), { bias: 0 }));
  reference = { id: referenceSite.id, ...(await original(referenceSite.id)) };
  target = { id: targetSite.id, stationCode: targetSite.stationCode, ...(await original(targetSite.id)) };
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the convergence of a site default', () => {
  it('queues nothing for data of a site without a default', async () => {
    expect(await convergenceJobs(target.id)).toBe(0);
  });

  it('saves the default, computes L_m ± u_MCP for m = 3 … 8 and stores the series', async () => {
    const r = await server.call('PUT', '/api/data-process/longterm/default', {
      token,
      language: 'EN',
      headers: UTC,
      body: defaultBody(),
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
    const convergence = ZLongTermConvergence.parse(r.body.data);
    expect(convergence.default).toMatchObject({
      stationId: target.id,
      versionId: target.versionId,
      speedChannelName: 'Spd80mN',
      method: 'ols',
      methodName: 'Ordinary least squares',
      period: '1D',
    });
    expect(convergence.series.map((s) => s.m)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(convergence.series.map((s) => s.month)).toEqual([
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
    ]);
    expect(convergence.series.at(-1)!.monthEnd).toBe('2024-09-01T00:00:00.000Z');
    // The target is 1.2 × reference + 0.5: the long-term mean follows the reference's two years.
    const refMean = 6 + 2 * 0.5;
    for (const step of convergence.series) {
      expect(step.ltMeanMps).toBeGreaterThan(1.2 * (refMean - 1) + 0.5);
      expect(step.ltMeanMps).toBeLessThan(1.2 * (refMean + 1) + 0.5);
    }
    expect(convergence.months).toBe(8);
    expect(convergence.status).toBe('converged');
    expect(convergence.monthsNeeded).toBe(0);
    expect(convergence.latestLtMps).toBe(convergence.series.at(-1)!.ltMeanMps);
    expect(convergence.previousLtMps).toBe(convergence.series.at(-2)!.ltMeanMps);
    expect(convergence.verdict).toMatch(/^Converged after 8 months: long-term mean \d+\.\d\d m\/s/);

    const stored = await server.db
      .selectFrom('longterm_convergence')
      .selectAll()
      .where('station_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ months: 8, status: 'converged', error: null });
    expect(stored.series).toEqual(convergence.series);
    expect(stored.next_month_start?.toISOString()).toBe('2024-09-01T00:00:00.000Z');

    const read = await server.call('GET', `/api/data-process/longterm/convergence?stationId=${target.id}`, {
      token,
      language: 'ZH',
    });
    expect(read.status).toBe(200);
    expect(read.body.data.series).toEqual(convergence.series);
    expect(read.body.data.statusName).toBe('已收敛');
    const defaults = await server.call('GET', `/api/data-process/longterm/default?stationId=${target.id}`, {
      token,
    });
    expect(defaults.body.data.reference).toEqual(defaultBody().reference);
    // Setting it told nobody: a first computation is no month added.
    expect(await messagesOf(dataAdmin.id)).toEqual([]);
  }, 120_000);

  it('recomputes on request the same series', async () => {
    const before = await server.db
      .selectFrom('longterm_convergence')
      .select(['series', 'computed_at'])
      .where('station_id', '=', target.id)
      .executeTakeFirstOrThrow();
    const r = await server.call('POST', '/api/data-process/longterm/convergence/refresh', {
      token,
      body: { stationId: target.id },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.series).toEqual(before.series);
    expect(new Date(r.body.data.computedAt).getTime()).toBeGreaterThan(before.computed_at.getTime());
  }, 60_000);

  it('queues no recompute for data within the months already seen', async () => {
    await ingest(target.id, hourlyCsv(Date.UTC(2024, 7, 20), Date.UTC(2024, 8, 1), { bias: 0 }));
    expect(await convergenceJobs(target.id)).toBe(0);
  }, 60_000);

  it('queues a recompute when an ingest brings a new month; a shift > 1 % is told to the data administrator only', async () => {
    // September reads 2.5 m/s higher than the line: the ninth month moves the long-term estimate.
    await ingest(target.id, hourlyCsv(Date.UTC(2024, 8, 1), Date.UTC(2024, 9, 1), { bias: 2.5 }));
    expect(await convergenceJobs(target.id)).toBe(1);
    const stored = await until(
      'the recompute of the ninth month',
      async () => {
        const row = await server.db
          .selectFrom('longterm_convergence')
          .selectAll()
          .where('station_id', '=', target.id)
          .executeTakeFirst();
        return row && row.months === 9 ? row : undefined;
      },
      60_000,
    );
    const shift = Math.abs(stored.latest_lt_mps! - stored.previous_lt_mps!) / stored.previous_lt_mps!;
    expect(shift).toBeGreaterThan(0.01);
    expect(stored.status).toBe('not_yet');
    expect(stored.months_needed).toBeGreaterThan(0);
    const told = await until(
      'the message',
      async () => {
        const rows = await messagesOf(dataAdmin.id);
        return rows.length > 0 ? rows : undefined;
      },
      10_000,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.message_text).toMatchObject({
      key: 'message.longTermShift',
      params: { code: target.stationCode, percent: Math.round(shift * 1000) / 10 },
    });
    expect(told[0]!.description_text).toMatchObject({ key: 'message.longTermShiftDetail' });
    expect(await messagesOf(owner.id)).toEqual([]);
    expect(await messagesOf(viewer.id)).toEqual([]);
    const list = await server.call('POST', '/api/web/message/page', {
      token: await server.login(dataAdmin.account, dataAdmin.password),
      language: 'EN',
      body: {},
    });
    expect(list.body.data.records[0].message).toMatch(
      new RegExp(`^Site ${target.stationCode}: long-term mean speed estimate moved by \\d+(\\.\\d)? %$`),
    );
  }, 120_000);
});

describe('the convergence in the hub and the group reports', () => {
  it('counts the visible campaign in the hub, not yet converged, with its months still needed', async () => {
    const stored = await server.db
      .selectFrom('longterm_convergence')
      .select(['months_needed'])
      .where('station_id', '=', target.id)
      .executeTakeFirstOrThrow();
    const r = await server.call('GET', '/api/web/hub/overview', { token, language: 'EN' });
    expect(r.status).toBe(200);
    expect(r.body.data.longTerm).toMatchObject({
      sites: 1,
      converged: 0,
      notYet: 1,
      tooShort: 0,
      pending: 0,
      medianMonthsNeeded: stored.months_needed,
    });
    expect(r.body.data.longTerm.needing).toEqual([
      {
        stationId: target.id,
        stationCode: target.stationCode,
        projectName: '目标站',
        status: 'not_yet',
        statusName: 'Not converged yet',
        months: 9,
        monthsNeeded: stored.months_needed,
      },
    ]);
    // A caller who cannot see the site does not count it.
    const stranger = await buildUser(server.db);
    const theirs = await server.call('GET', '/api/web/hub/overview', {
      token: await server.login(stranger.account, stranger.password),
    });
    expect(theirs.body.data.longTerm.sites).toBe(0);
  });

  it('gives the group report the site’s verdict, M, estimate and u_MCP', async () => {
    const period = { start: new Date('2024-09-01T00:00:00Z'), end: new Date('2024-10-01T00:00:00Z') };
    const figures = await collectFigures(server.db, [reference.id, target.id], period);
    expect(figures.longTerm).toHaveLength(1);
    expect(figures.longTerm[0]).toMatchObject({
      stationCode: target.stationCode,
      status: 'not_yet',
      isFailed: false,
      months: 9,
    });
    expect(figures.longTerm[0]!.referenceName).toMatch(/ · Spd80mN$/);
    expect(figures.longTerm[0]!.isReferenceVisible).toBe(true);
    expect(figures.longTerm[0]!.latestUMcp).toBeGreaterThan(0);
  });

  it('leaves unnamed in a group report a reference on a site outside the report', async () => {
    const period = { start: new Date('2024-09-01T00:00:00Z'), end: new Date('2024-10-01T00:00:00Z') };
    const figures = await collectFigures(server.db, [target.id], period);
    expect(figures.longTerm[0]).toMatchObject({ referenceName: '', isReferenceVisible: false, months: 9 });
  });
});

describe('the default and the caller', () => {
  it('refuses a reference site the caller may not view with 403, saving nothing', async () => {
    const userToken = await server.login(viewer.account, viewer.password);
    const before = await server.db
      .selectFrom('longterm_site_default')
      .select(['updated_at', 'method'])
      .where('station_id', '=', target.id)
      .executeTakeFirstOrThrow();
    const r = await server.call('PUT', '/api/data-process/longterm/default', {
      token: userToken,
      language: 'EN',
      body: { ...defaultBody(), method: 'tls' },
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('No access permission');
    const after = await server.db
      .selectFrom('longterm_site_default')
      .select(['updated_at', 'method'])
      .where('station_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // The target is theirs to see: its convergence reads.
    const read = await server.call('GET', `/api/data-process/longterm/convergence?stationId=${target.id}`, {
      token: userToken,
    });
    expect(read.status).toBe(200);
    const hidden = await server.call(
      'GET',
      `/api/data-process/longterm/convergence?stationId=${reference.id}`,
      {
        token: userToken,
      },
    );
    expect(hidden.status).toBe(403);
  });

  it('names a reference on a site the viewer may not view only as “a reference you cannot view”', async () => {
    const stored = await server.db
      .selectFrom('longterm_site_default')
      .select(['reference_name', 'reference_station_id'])
      .where('station_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored.reference_station_id).toBe(reference.id);
    const viewerToken = await server.login(viewer.account, viewer.password);
    for (const [language, hidden] of [
      ['EN', 'A reference you cannot view'],
      ['ZH', '您无权查看的参考数据'],
    ] as const) {
      const read = await server.call('GET', `/api/data-process/longterm/convergence?stationId=${target.id}`, {
        token: viewerToken,
        language,
      });
      expect(read.status).toBe(200);
      expect(read.body.data.default).toMatchObject({
        reference: null,
        referenceName: hidden,
        isReferenceVisible: false,
        method: 'ols',
      });
      // The target's own long-term estimate stays the site's to see.
      expect(read.body.data.series.length).toBeGreaterThan(0);
      const defaults = await server.call('GET', `/api/data-process/longterm/default?stationId=${target.id}`, {
        token: viewerToken,
        language,
      });
      expect(defaults.body.data).toMatchObject({ reference: null, referenceName: hidden });
      for (const body of [read.body, defaults.body]) {
        expect(JSON.stringify(body)).not.toContain(stored.reference_name);
        expect(JSON.stringify(body)).not.toContain(`"versionId":${reference.versionId}`);
      }
    }
    // The data administrator may view the reference's site: they see it named.
    const theirs = await server.call('GET', `/api/data-process/longterm/default?stationId=${target.id}`, {
      token: await server.login(dataAdmin.account, dataAdmin.password),
    });
    expect(theirs.body.data).toMatchObject({
      reference: defaultBody().reference,
      referenceName: stored.reference_name,
      isReferenceVisible: true,
    });
  });

  it('stops reading a reference site the data administrator may no longer view, storing why instead of the series', async () => {
    await server.db
      .deleteFrom('role_station')
      .where('role_id', '=', dataAdmin.roleId)
      .where('station_id', '=', reference.id)
      .execute();
    // Asked by an administrator who sees every site: the default is read for the site's data administrator.
    const r = await server.call('POST', '/api/data-process/longterm/convergence/refresh', {
      token,
      language: 'EN',
      body: { stationId: target.id },
    });
    expect(r.status).toBe(200);
    const why =
      "The site's data administrator (else its owner) may not view the site of the reference, so the convergence is no longer computed: choose another reference, or give them access to that site";
    expect(r.body.data).toMatchObject({ months: 0, series: [], latestLtMps: null, error: why });
    expect(r.body.data.verdict).toBe(`Could not be computed: ${why}`);
    const stored = await server.db
      .selectFrom('longterm_convergence')
      .select(['series', 'error'])
      .where('station_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored.series).toEqual([]);
    expect(stored.error).toContain('LONGTERM_REFERENCE_NOT_VISIBLE');
    // The nightly job takes the same path.
    await server.db.deleteFrom('longterm_convergence').where('station_id', '=', target.id).execute();
    expect(await server.services.longTermConvergence.recompute(target.id)).toBe(true);
    const nightly = await server.db
      .selectFrom('longterm_convergence')
      .select(['months', 'error'])
      .where('station_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(nightly.months).toBe(0);
    expect(nightly.error).toContain('LONGTERM_REFERENCE_NOT_VISIBLE');
    // Given the site back, the reference is read again.
    await grantRoleStations(server.db, dataAdmin.roleId, [reference.id]);
    const again = await server.call('POST', '/api/data-process/longterm/convergence/refresh', {
      token,
      body: { stationId: target.id },
    });
    expect(again.body.data.error).toBeNull();
    expect(again.body.data.series.length).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a version of another site than the one named, with a field error', async () => {
    const r = await server.call('PUT', '/api/data-process/longterm/default', {
      token,
      language: 'EN',
      body: { ...defaultBody(), stationId: reference.id },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.fields[0].field).toBe('versionId');
  });

  it('removes the default and its convergence', async () => {
    const r = await server.call('DELETE', `/api/data-process/longterm/default?stationId=${target.id}`, {
      token,
    });
    expect(r.status).toBe(200);
    const read = await server.call('GET', `/api/data-process/longterm/convergence?stationId=${target.id}`, {
      token,
      language: 'EN',
    });
    expect(read.body.data).toMatchObject({
      default: null,
      status: null,
      series: [],
      verdict: 'Not computed yet.',
    });
    const again = await server.call('DELETE', `/api/data-process/longterm/default?stationId=${target.id}`, {
      token,
    });
    expect(again.status).toBe(404);
  });
});
