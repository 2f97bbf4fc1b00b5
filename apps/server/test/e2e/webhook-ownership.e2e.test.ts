import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOutboundEvent } from '../../src/platform/events/outbound-events.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

/**
 * Issue 39 §2 and §5 over the whole app: a webhook belongs to its creator — managed by them or by an
 * administrator of their company whose reach covers theirs — sends only while its creator is enabled and
 * sees the site, shows each reader only the deliveries of sites they see, and a hook made by a call
 * narrowed to some sites (a personal access token's) keeps them.
 */
let server: TTestServer;
let receiver: http.Server;
let base: string;
const received: { path: string; body: string }[] = [];
let companyId: number;
let siteA: number;
let siteB: number;

const ACTIONS = ['update', 'enable', 'test', 'rotate_secret', 'deliveries', 'delete'] as const;

/** A user of the company with `system.webhook` (and `more` features), reaching `sites` or every site. */
async function administrator(
  sites: number[] | 'all',
  more: 'system.user'[] = [],
  company: number | null = companyId,
) {
  const user = await buildUser(server.db, {
    features: ['system.webhook', ...more],
    dataScope: sites === 'all' ? 'all' : 'list',
    ...(company === null ? {} : { companyId: company }),
  });
  if (sites !== 'all' && sites.length > 0) await grantRoleStations(server.db, user.roleId, sites);
  return { ...user, token: await server.login(user.account, user.password) };
}

async function createHook(token: string, path: string) {
  const r = await server.call('POST', '/api/system/webhook/create', {
    token,
    body: { name: `hook ${path}`, url: `${base}${path}`, events: ['alarm.opened'] },
  });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data as { id: number; secret: string };
}

/** Each way of acting on one hook, as the given caller; the statuses by action. */
async function actOn(webhookId: number, call: (url: string, body: unknown) => Promise<{ status: number }>) {
  const bodies: Record<(typeof ACTIONS)[number], unknown> = {
    update: {
      id: webhookId,
      name: 'taken over',
      url: `${base}/taken/${webhookId}`,
      events: ['alarm.opened'],
    },
    enable: { id: webhookId, isEnabled: true },
    test: { id: webhookId },
    rotate_secret: { id: webhookId },
    delete: { id: webhookId },
    deliveries: { webhookId },
  };
  const statuses: Record<string, number> = {};
  for (const action of ACTIONS) {
    statuses[action] = (await call(`/api/system/webhook/${action}`, bodies[action])).status;
  }
  return statuses;
}

const refusedEverywhere = Object.fromEntries(ACTIONS.map((a) => [a, 404]));

const asSession = (token: string) => (url: string, body: unknown) =>
  server.call('POST', url, { token, body });

async function bearer(secret: string, url: string, body: unknown) {
  const r = await server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${secret}` },
    payload: body as object,
  });
  return { status: r.statusCode, body: r.json() };
}

async function listedIds(call: (url: string, body: unknown) => Promise<{ status: number; body: any }>) {
  const r = await call('/api/system/webhook/page', { pageSize: 100 });
  expect(r.status).toBe(200);
  return (r.body.data.records as { id: number }[]).map((h) => h.id);
}

async function deliveries(token: string, webhookId: number) {
  const r = await server.call('POST', '/api/system/webhook/deliveries', {
    token,
    language: 'EN',
    body: { webhookId, pageSize: 50 },
  });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data.records as { status: string; kind: string; body: string; error: string }[];
}

/** Waits until the hook has `count` deliveries, all finished. */
async function settled(token: string, webhookId: number, count: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const log = await deliveries(token, webhookId);
    if (log.length >= count && log.every((d) => ['delivered', 'failed', 'skipped'].includes(d.status)))
      return log;
    if (Date.now() > deadline) throw new Error(`deliveries not settled: ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function alarm(stationId: number, alarmId: number): TOutboundEvent {
  return {
    kind: 'alarm.opened',
    stationIds: [stationId],
    data: { alarmId, alarmType: 'data_missing', channel: null, days: 3 },
  };
}

const alarmIdsAt = (path: string) =>
  received.filter((r) => r.path === path).map((r) => JSON.parse(r.body).data?.alarmId as number | undefined);

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  base = await new Promise<string>((resolve) =>
    receiver.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`),
    ),
  );
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' });
  companyId = (
    await server.db
      .insertInto('company')
      .values({ name: '归属公司' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  siteA = (await buildStation(server.db)).id;
  siteB = (await buildStation(server.db)).id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('a webhook belongs to its creator', () => {
  it('a colleague with narrower sites can neither list, change, switch, test, rotate, delete nor read the log of an all-sites user’s hook', async () => {
    const owner = await administrator('all');
    const colleague = await administrator([siteA]);
    const hook = await createHook(owner.token, '/own/all-sites');
    expect(await listedIds(asSession(colleague.token))).not.toContain(hook.id);
    expect(await actOn(hook.id, asSession(colleague.token))).toEqual(refusedEverywhere);
    // Still the owner's: events go to the URL they gave, never to the colleague's.
    await server.services.events.emit(alarm(siteB, 101));
    expect((await settled(owner.token, hook.id, 1))[0]!.status).toBe('delivered');
    expect(alarmIdsAt('/own/all-sites')).toEqual([101]);
    expect(received.filter((r) => r.path === `/taken/${hook.id}`)).toHaveLength(0);
  });

  it('its creator and an administrator whose reach covers the creator’s manage it; one whose features fall short does not', async () => {
    const creator = await administrator([siteA], ['system.user']);
    const covering = await administrator([siteA, siteB], ['system.user']);
    const fewerFeatures = await administrator('all');
    const hook = await createHook(creator.token, '/own/covered');
    expect(await listedIds(asSession(covering.token))).toContain(hook.id);
    expect(await listedIds(asSession(fewerFeatures.token))).not.toContain(hook.id);
    expect(await actOn(hook.id, asSession(fewerFeatures.token))).toEqual(refusedEverywhere);
    const all200 = Object.fromEntries(ACTIONS.map((a) => [a, 200]));
    expect(await actOn(hook.id, asSession(covering.token))).toEqual(all200);
    const second = await createHook(creator.token, '/own/covered-2');
    expect(await actOn(second.id, asSession(creator.token))).toEqual(all200);
  });

  it('users of no company do not match each other’s hooks, whatever their reach', async () => {
    const lone = await administrator([siteA], [], null);
    const otherLone = await administrator('all', ['system.user'], null);
    const hook = await createHook(lone.token, '/own/no-company');
    expect(await listedIds(asSession(otherLone.token))).not.toContain(hook.id);
    expect(await actOn(hook.id, asSession(otherLone.token))).toEqual(refusedEverywhere);
    expect(await listedIds(asSession(lone.token))).toContain(hook.id);
  });

  it('the delivery log shows a reader only the deliveries of sites they see now', async () => {
    const creator = await administrator([siteA, siteB]);
    const covering = await administrator([siteA]);
    const hook = await createHook(creator.token, '/own/log');
    await server.services.events.emit(alarm(siteB, 201), alarm(siteA, 202));
    expect((await settled(creator.token, hook.id, 2)).map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
    ]);
    // Site B is taken from the creator: the reach of A alone now covers theirs.
    await server.db
      .deleteFrom('role_station')
      .where('role_id', '=', creator.roleId)
      .where('station_id', '=', siteB)
      .execute();
    for (const reader of [covering.token, creator.token]) {
      const log = await deliveries(reader, hook.id);
      expect(log.map((d) => JSON.parse(d.body).data.alarmId)).toEqual([202]);
    }
  });

  it('a disabled creator’s hook sends nothing: no delivery is queued and a waiting one is skipped', async () => {
    const creator = await administrator([siteA]);
    const hook = await createHook(creator.token, '/own/disabled');
    const waiting = await server.db
      .insertInto('webhook_delivery')
      .values({
        webhook_id: hook.id,
        event_id: '00000000-0000-4000-8000-000000000039',
        kind: 'alarm.opened',
        station_ids: [siteA],
        body: '{}',
        max_attempts: 3,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('app_user').set({ is_enabled: false }).where('id', '=', creator.id).execute();
    await server.services.events.emit(alarm(siteA, 301));
    const queued = await server.db
      .selectFrom('webhook_delivery')
      .select('id')
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(queued.map((d) => Number(d.id))).toEqual([Number(waiting.id)]);
    expect(await server.services.webhooks.outbox.attempt(Number(waiting.id))).toBe('skipped');
    const admin = await administrator('all', ['system.user']);
    const log = await deliveries(admin.token, hook.id);
    expect(log[0]).toMatchObject({ status: 'skipped' });
    expect(log[0]!.error).toContain('creator of this webhook is disabled');
    expect(received.filter((r) => r.path === '/own/disabled')).toHaveLength(0);
  });
});

describe('a call narrowed to some sites (a personal access token’s)', () => {
  it('keeps the token’s sites on a hook it makes: only their events are sent, and the token manages only such hooks', async () => {
    const user = await administrator('all');
    const made = await server.call('POST', '/api/security/sys/user/access_token/create', {
      token: user.token,
      body: { name: 'site A', expiresInDays: 30, scopes: ['read', 'write'], stationIds: [siteA] },
    });
    expect(made.status, made.body.msg).toBe(200);
    const secret = made.body.data.secret as string;
    const asToken = (url: string, body: unknown) => bearer(secret, url, body);

    // A hook the user made in their session hears every site: the token neither lists nor touches it.
    const wide = await createHook(user.token, '/narrow/wide');
    expect(await listedIds(asToken)).not.toContain(wide.id);
    const { rotate_secret: _sessionOnly, ...byToken } = await actOn(wide.id, asToken);
    expect(byToken).toEqual({ update: 404, enable: 404, test: 404, deliveries: 404, delete: 404 });

    // Making a hook is session-only over HTTP; the service keeps the sites of whatever call makes one.
    const caller = await server.services.bearer.authenticate(secret, { ip: '127.0.0.1', userAgent: null });
    expect(caller.stationIds).toEqual([siteA]);
    const kept = await server.services.webhooks.webhooks.create(caller, {
      name: 'kept to A',
      url: `${base}/narrow/kept`,
      events: ['alarm.opened'],
      isEnabled: true,
    });
    await server.services.events.emit(alarm(siteB, 401), alarm(siteA, 402));
    const log = await settled(user.token, kept.id, 1);
    expect(log).toHaveLength(1);
    expect(alarmIdsAt('/narrow/kept')).toEqual([402]);
    expect(await listedIds(asToken)).toContain(kept.id);
    const read = await asToken('/api/system/webhook/deliveries', { webhookId: kept.id });
    expect(read.status).toBe(200);
    expect(read.body.data.records.map((d: { body: string }) => JSON.parse(d.body).data.alarmId)).toEqual([
      402,
    ]);
    expect((await asToken('/api/system/webhook/enable', { id: kept.id, isEnabled: false })).status).toBe(200);
  });
});
