import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { demoMonthFiles, seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { multipartBody } from '../multipart.ts';
import {
  assignStations,
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

/**
 * "Changed" frames of the real-time channel (issue 41 §2): what the server changes reaches the screens
 * showing it — and only the users who may see it. A file uploaded to a site is announced to whoever sees
 * the site (its stored data, then its receipt, pending and computed), a personal access token used, made or
 * revoked to its owner and to the administrators listing the owner's company's tokens.
 */
const HISTORY_MONTH = Date.UTC(2025, 5, 1);

let server: TTestServer;
let baseUrl: string;
let adminToken: string;
let site: { id: number; stationCode: string };

interface TSocket {
  socket: WebSocket;
  frames: Record<string, unknown>[];
}

/** Logs a user in and opens their channel; resolves once the server holds it. */
async function connect(account: string, password: string, userId: number): Promise<TSocket> {
  const token = await server.login(account, password);
  const socket = new WebSocket(`${baseUrl}/api/web/websocket/${userId}-${account}/en?token=${token}`);
  const frames: Record<string, unknown>[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  await waitFor(() => (server.realtime.countConnections(userId) > 0 ? true : undefined));
  return { socket, frames };
}

async function waitFor<T>(check: () => T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const changes = (s: TSocket, topic: string) =>
  s.frames.filter((f) => f['event'] === 'changed' && f['topic'] === topic);

/** Frames may still be on their way: a user who must not hear of a change is checked after a pause. */
const settle = () => new Promise((r) => setTimeout(r, 500));

async function upload(content: Buffer, fileName: string): Promise<number> {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(site.id) },
    { name: 'file', fileName, content },
  ]);
  const r = await server.app.inject({
    method: 'POST',
    url: '/api/web/station/data/upload',
    headers: { token: adminToken, 'content-type': contentType },
    payload,
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data[0] as { rawFileId: number }).rawFileId;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `ws://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  site = await buildStation(server.db, { projectName: '推送测试风电场' });
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1350 })
    .where('id', '=', site.id)
    .execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 1,
    firstMonth: HISTORY_MONTH,
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('changed frames of a site', () => {
  it('tells a user who sees the site that its data and receipts changed after an upload, and not a user who does not', async () => {
    const viewer = await buildUser(server.db, { dataScope: 'list' });
    await grantRoleStations(server.db, viewer.roleId, [site.id]);
    const outsider = await buildUser(server.db, { dataScope: 'list' });
    const latecomer = await buildUser(server.db, { dataScope: 'list' });
    const seeing = await connect(viewer.account, viewer.password, viewer.id);
    const notSeeing = await connect(outsider.account, outsider.password, outsider.id);
    const assigned = await connect(latecomer.account, latecomer.password, latecomer.id);
    // Assigned the site after connecting: the audience is decided per change, from the database.
    await assignStations(server.db, latecomer.id, [site.id]);

    const [, july] = [
      ...demoMonthFiles({
        siteIndex: 0,
        topM: 100,
        altitudeM: 1350,
        utcOffsetMinutes: 0,
        firstMonth: HISTORY_MONTH,
        months: 2,
      }),
    ];
    const rawFileId = await upload(july!.content, 'issue-41-live-july.csv');
    // The stored data first, then the receipt: pending at once, computed by its job.
    await waitFor(() => (changes(seeing, 'station-data').length > 0 ? true : undefined));
    const computed = async () =>
      (
        await server.db
          .selectFrom('data_receipt')
          .select('status')
          .where('raw_file_id', '=', rawFileId)
          .executeTakeFirst()
      )?.status;
    const until = Date.now() + 60_000;
    while ((await computed()) !== 'done' && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await computed()).toBe('done');
    await waitFor(() => (changes(seeing, 'receipts').length >= 2 ? true : undefined));
    expect(changes(seeing, 'station-data')[0]).toEqual({
      event: 'changed',
      topic: 'station-data',
      stationId: site.id,
    });
    expect(changes(seeing, 'receipts')[0]).toEqual({
      event: 'changed',
      topic: 'receipts',
      stationId: site.id,
    });
    expect(changes(assigned, 'receipts').length).toBeGreaterThanOrEqual(2);
    await settle();
    expect(notSeeing.frames.filter((f) => f['event'] === 'changed')).toEqual([]);
    for (const s of [seeing, notSeeing, assigned]) s.socket.close();
  }, 120_000);
});

describe('changed frames of personal access tokens', () => {
  it('tells the owner and an administrator of the owner’s company that a token was used, and nobody else', async () => {
    const [home, other] = await server.db
      .insertInto('company')
      .values([{ name: '推送测试公司甲' }, { name: '推送测试公司乙' }])
      .returning('id')
      .execute();
    const owner = await buildUser(server.db, { companyId: home!.id });
    const colleague = await buildUser(server.db, { companyId: home!.id });
    const homeAdmin = await buildUser(server.db, { companyId: home!.id, features: ['system.user'] });
    const otherAdmin = await buildUser(server.db, { companyId: other!.id, features: ['system.user'] });
    const ownerSocket = await connect(owner.account, owner.password, owner.id);
    const colleagueSocket = await connect(colleague.account, colleague.password, colleague.id);
    const homeAdminSocket = await connect(homeAdmin.account, homeAdmin.password, homeAdmin.id);
    const otherAdminSocket = await connect(otherAdmin.account, otherAdmin.password, otherAdmin.id);

    const session = await server.login(owner.account, owner.password);
    const created = await server.call('POST', '/api/security/sys/user/access_token/create', {
      token: session,
      body: { name: 'live-list', expiresInDays: 30, scopes: ['read'] },
    });
    expect(created.status, created.body.msg).toBe(200);
    await waitFor(() => (changes(ownerSocket, 'access-tokens').length === 1 ? true : undefined));
    await waitFor(() => (changes(homeAdminSocket, 'access-tokens').length === 1 ? true : undefined));

    // A call with the token: its "last used" changes, and the lists showing it are told.
    const used = await server.call('POST', '/api/web/station/page', {
      headers: { authorization: `Bearer ${created.body.data.secret}` },
      body: {},
    });
    expect(used.status, used.body.msg).toBe(200);
    await waitFor(() => (changes(ownerSocket, 'access-tokens').length === 2 ? true : undefined));
    await waitFor(() => (changes(homeAdminSocket, 'access-tokens').length === 2 ? true : undefined));
    expect(changes(ownerSocket, 'access-tokens')[1]).toEqual({ event: 'changed', topic: 'access-tokens' });

    // An administrator revokes it: the owner's list is told.
    const revoked = await server.call('POST', '/api/security/sys/access_token/revoke', {
      token: adminToken,
      body: { id: created.body.data.id },
    });
    expect(revoked.status, revoked.body.msg).toBe(200);
    await waitFor(() => (changes(ownerSocket, 'access-tokens').length === 3 ? true : undefined));

    await settle();
    expect(colleagueSocket.frames.filter((f) => f['event'] === 'changed')).toEqual([]);
    expect(otherAdminSocket.frames.filter((f) => f['event'] === 'changed')).toEqual([]);
    for (const s of [ownerSocket, colleagueSocket, homeAdminSocket, otherAdminSocket]) s.socket.close();
  }, 60_000);
});
