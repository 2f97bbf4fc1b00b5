import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENT_DATA, zWebhookBody } from '@masthub/shared';
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
 * Webhooks (issue 32) over the whole app on real PostgreSQL and a real loopback HTTP receiver: signed
 * delivery, retry after a 500, give-up after the maximum, SSRF refusals with the default configuration (when
 * saved and when sent), a hidden site's event never sent, send test, enable/disable, secret rotation, the
 * company boundary. Who manages a hook: webhook-ownership.e2e.test.ts.
 */
const MAX_ATTEMPTS = 3;

interface TReceived {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let allowed: TTestServer; // WEBHOOK_ALLOW_PRIVATE=true: may post to the loopback receiver
let guarded: TTestServer; // the default configuration
let receiver: http.Server;
let base: string;
const received: TReceived[] = [];
const flakyHits = new Map<string, number>();

let admin: string;
let adminId: number;
let engineer: string;
let other: string;
let siteSeen: number;
let siteHidden: number;

function start(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** Waits for every delivery of a hook to reach one of the final states; returns the log page. */
async function settledLog(server: TTestServer, token: string, webhookId: number, count: number) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const r = await server.call('POST', '/api/system/webhook/deliveries', {
      token,
      body: { webhookId, pageNo: 1, pageSize: 50 },
      language: 'EN',
    });
    expect(r.status, r.body.msg).toBe(200);
    const records = r.body.data.records as { status: string }[];
    if (
      records.length >= count &&
      records.every((d) => ['delivered', 'failed', 'skipped'].includes(d.status))
    )
      return r.body.data.records as any[];
    if (Date.now() > deadline) throw new Error(`deliveries not settled: ${JSON.stringify(records)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function createHook(
  server: TTestServer,
  token: string,
  url: string,
  events: string[] = ['alarm.opened'],
) {
  const r = await server.call('POST', '/api/system/webhook/create', {
    token,
    body: { name: `hook ${url}`, url, events },
  });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data as { id: number; secret: string };
}

function alarmEvent(stationId: number, alarmId = 1): TOutboundEvent {
  return {
    kind: 'alarm.opened',
    stationIds: [stationId],
    data: { alarmId, alarmType: 'data_missing', channel: null, days: 3 },
  };
}

function verify(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path.startsWith('/flaky')) {
        const hits = (flakyHits.get(path) ?? 0) + 1;
        flakyHits.set(path, hits);
        res.statusCode = hits === 1 ? 500 : 204;
      } else if (path.startsWith('/down')) res.statusCode = 500;
      else if (path.startsWith('/moved')) {
        res.statusCode = 302;
        res.setHeader('location', 'http://169.254.169.254/');
      } else res.statusCode = 200;
      res.end('ok');
    });
  });
  base = await start(receiver);
  [allowed, guarded] = await Promise.all([
    startTestServer({
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_TIMEOUT_MS: '3000',
    }),
    startTestServer({ WEBHOOK_RETRY_DELAY_SECONDS: '1' }),
  ]);
  const db = allowed.db;
  const company = await db
    .insertInto('company')
    .values({ name: '钩子公司' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const otherCompany = await db
    .insertInto('company')
    .values({ name: '别家公司' })
    .returning('id')
    .executeTakeFirstOrThrow();
  siteSeen = (await buildStation(db)).id;
  siteHidden = (await buildStation(db)).id;
  const a = await buildUser(db, { features: ['system.webhook'], dataScope: 'all', companyId: company.id });
  adminId = a.id;
  admin = await allowed.login(a.account, a.password);
  const e = await buildUser(db, { features: ['system.webhook'], companyId: company.id });
  await grantRoleStations(db, e.roleId, [siteSeen]);
  engineer = await allowed.login(e.account, e.password);
  const o = await buildUser(db, {
    features: ['system.webhook'],
    dataScope: 'all',
    companyId: otherCompany.id,
  });
  other = await allowed.login(o.account, o.password);
}, 120_000);

afterAll(async () => {
  await Promise.all([allowed?.stop(), guarded?.stop()]);
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('webhook delivery to a loopback receiver (allowed in this configuration)', () => {
  it('posts the event with a valid HMAC-SHA256 signature over t.body and a schema-valid body', async () => {
    const hook = await createHook(allowed, admin, `${base}/ok/1`);
    expect(hook.secret).toMatch(/^whsec_/);
    await allowed.services.events.emit(alarmEvent(siteSeen, 41));
    const log = await settledLog(allowed, admin, hook.id, 1);
    expect(log[0].status).toBe('delivered');
    expect(log[0].statusCode).toBe(200);
    expect(log[0].attemptLog).toHaveLength(1);
    expect(log[0].durationMs).toBeGreaterThanOrEqual(0);
    const got = received.filter((r) => r.path === '/ok/1');
    expect(got).toHaveLength(1);
    const { headers, body } = got[0]!;
    expect(headers['x-masthub-event']).toBe('alarm.opened');
    expect(verify(hook.secret, String(headers['x-masthub-signature']), body)).toBe(true);
    // A tampered body or another secret does not verify.
    expect(verify(hook.secret, String(headers['x-masthub-signature']), `${body} `)).toBe(false);
    expect(verify('whsec_other', String(headers['x-masthub-signature']), body)).toBe(false);
    const parsed = zWebhookBody('alarm.opened').parse(JSON.parse(body));
    expect(parsed.data.alarmId).toBe(41);
    expect(parsed.stations.map((s) => s.id)).toEqual([siteSeen]);
    expect(headers['x-masthub-delivery']).toBe(parsed.id);
    expect(WEBHOOK_EVENT_DATA['alarm.opened'].safeParse(parsed.data).success).toBe(true);
    // The list shows the last delivery, never the secret.
    const list = await allowed.call('POST', '/api/system/webhook/page', { token: admin, body: {} });
    const row = list.body.data.records.find((h: { id: number }) => h.id === hook.id);
    expect(row.lastStatus).toBe('delivered');
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);
  });

  it('retries after a 500 with the same event id and succeeds', async () => {
    const hook = await createHook(allowed, admin, `${base}/flaky/1`);
    await allowed.services.events.emit(alarmEvent(siteSeen, 42));
    const log = await settledLog(allowed, admin, hook.id, 1);
    expect(log[0].status).toBe('delivered');
    expect(log[0].attempts).toBe(2);
    expect(log[0].attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 204]);
    expect(log[0].attemptLog[0].error).toContain('HTTP 500');
    const got = received.filter((r) => r.path === '/flaky/1');
    expect(got).toHaveLength(2);
    expect(JSON.parse(got[0]!.body).id).toBe(JSON.parse(got[1]!.body).id);
  }, 60_000);

  it('gives up after the maximum attempts', async () => {
    const hook = await createHook(allowed, admin, `${base}/down/1`);
    await allowed.services.events.emit(alarmEvent(siteSeen, 43));
    const log = await settledLog(allowed, admin, hook.id, 1);
    expect(log[0].status).toBe('failed');
    expect(log[0].attempts).toBe(MAX_ATTEMPTS);
    expect(log[0].attemptLog).toHaveLength(MAX_ATTEMPTS);
    // Nothing more comes after the give-up.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(received.filter((r) => r.path === '/down/1')).toHaveLength(MAX_ATTEMPTS);
  }, 60_000);

  it('follows no redirect: a 302 fails at once', async () => {
    const hook = await createHook(allowed, admin, `${base}/moved/1`);
    await allowed.services.events.emit(alarmEvent(siteSeen, 44));
    const log = await settledLog(allowed, admin, hook.id, 1);
    expect(log[0].status).toBe('failed');
    expect(log[0].attempts).toBe(1);
    expect(log[0].error).toContain('no redirects');
  });

  it('never sends a hidden site’s event: only sites the creator sees', async () => {
    const hook = await createHook(allowed, engineer, `${base}/ok/engineer`);
    await allowed.services.events.emit(alarmEvent(siteHidden, 50), alarmEvent(siteSeen, 51));
    const log = await settledLog(allowed, engineer, hook.id, 1);
    expect(log).toHaveLength(1);
    const got = received.filter((r) => r.path === '/ok/engineer').map((r) => JSON.parse(r.body));
    expect(got.map((b) => b.data.alarmId)).toEqual([51]);
    expect(got.flatMap((b) => b.stations.map((st: { id: number }) => st.id))).toEqual([siteSeen]);
  });

  it('checks the creator’s sight again when sending: a right taken after the event skips its delivery', async () => {
    const hook = await createHook(allowed, engineer, `${base}/ok/recheck`);
    const site = (await buildStation(allowed.db)).id;
    const engineerRole = await allowed.db
      .selectFrom('app_user')
      .select('role_id')
      .where(
        'id',
        '=',
        (
          await allowed.db
            .selectFrom('webhook')
            .select('created_by')
            .where('id', '=', hook.id)
            .executeTakeFirstOrThrow()
        ).created_by,
      )
      .executeTakeFirstOrThrow();
    await grantRoleStations(allowed.db, Number(engineerRole.role_id), [site]);
    // The delivery as the event wrote it, before its job ran; then the site is taken from the creator.
    const delivery = await allowed.db
      .insertInto('webhook_delivery')
      .values({
        webhook_id: hook.id,
        event_id: '00000000-0000-4000-8000-000000000001',
        kind: 'alarm.opened',
        station_ids: [site],
        body: '{}',
        max_attempts: 3,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await allowed.db
      .deleteFrom('role_station')
      .where('role_id', '=', Number(engineerRole.role_id))
      .where('station_id', '=', site)
      .execute();
    expect(await allowed.services.webhooks.outbox.attempt(Number(delivery.id))).toBe('skipped');
    // Read by an administrator covering the engineer: the engineer's own log no longer shows the site.
    const log = await settledLog(allowed, admin, hook.id, 1);
    expect(log[0]).toMatchObject({ status: 'skipped', statusCode: null });
    expect(log[0].error).toContain('can no longer see the site');
    expect(received.filter((r) => r.path === '/ok/recheck')).toHaveLength(0);
  });

  it('announces a file ingested and a file that failed, from ingestion itself', async () => {
    const hook = await createHook(allowed, admin, `${base}/ok/files`, ['file.ingested', 'file.failed']);
    const rows = Array.from({ length: 12 }, (_, i) => {
      const t = new Date(Date.UTC(2024, 2, 1) + i * 600_000).toISOString();
      return `${t},${(5 + i / 10).toFixed(2)},${180 + i}`;
    });
    const good = await allowed.services.ingestion.ingestFile({
      stationId: siteSeen,
      fileName: 'hook-good.csv',
      source: 'upload',
      bytes: Buffer.from(`Timestamp,WS_80m_Avg,WD_78m_Avg\n${rows.join('\n')}\n`),
    });
    expect(good.status).toBe('parsed');
    const bad = await allowed.services.ingestion.ingestFile({
      stationId: siteSeen,
      fileName: 'hook-bad.csv',
      source: 'upload',
      bytes: Buffer.from('this is not a logger file\n'),
    });
    expect(bad.status).toBe('failed');
    const log = await settledLog(allowed, admin, hook.id, 2);
    expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    const bodies = received.filter((r) => r.path === '/ok/files').map((r) => JSON.parse(r.body));
    const ingested = zWebhookBody('file.ingested').parse(bodies.find((b) => b.kind === 'file.ingested'));
    expect(ingested.data).toMatchObject({ rawFileId: good.rawFileId, fileName: 'hook-good.csv' });
    expect(ingested.data.from).toBe('2024-03-01T00:00:00.000Z');
    const failed = zWebhookBody('file.failed').parse(bodies.find((b) => b.kind === 'file.failed'));
    expect(failed.data).toMatchObject({ rawFileId: bad.rawFileId, fileName: 'hook-bad.csv' });
    expect(failed.data.errorCode).not.toBe('');
  });

  it('send test posts a signed webhook.test at once; disabled hooks hear no events; a rotated secret signs', async () => {
    const hook = await createHook(allowed, admin, `${base}/ok/test`);
    const test = await allowed.call('POST', '/api/system/webhook/test', {
      token: admin,
      body: { id: hook.id },
    });
    expect(test.status, test.body.msg).toBe(200);
    expect(test.body.data).toMatchObject({ kind: 'webhook.test', status: 'delivered', statusCode: 200 });
    const first = received.filter((r) => r.path === '/ok/test').at(-1)!;
    expect(verify(hook.secret, String(first.headers['x-masthub-signature']), first.body)).toBe(true);

    const rotated = await allowed.call('POST', '/api/system/webhook/rotate_secret', {
      token: admin,
      body: { id: hook.id },
    });
    expect(rotated.status).toBe(200);
    const secret = rotated.body.data.secret as string;
    expect(secret).not.toBe(hook.secret);
    await allowed.call('POST', '/api/system/webhook/test', { token: admin, body: { id: hook.id } });
    const second = received.filter((r) => r.path === '/ok/test').at(-1)!;
    expect(verify(secret, String(second.headers['x-masthub-signature']), second.body)).toBe(true);
    expect(verify(hook.secret, String(second.headers['x-masthub-signature']), second.body)).toBe(false);

    const off = await allowed.call('POST', '/api/system/webhook/enable', {
      token: admin,
      body: { id: hook.id, isEnabled: false },
    });
    expect(off.status).toBe(200);
    const before = received.length;
    await allowed.services.events.emit(alarmEvent(siteSeen, 60));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.slice(before).filter((r) => r.path === '/ok/test')).toHaveLength(0);
  });

  it('keeps hooks inside the company, checks the feature and validates with localised errors', async () => {
    const hook = await createHook(allowed, admin, `${base}/ok/company`);
    for (const url of [
      '/api/system/webhook/test',
      '/api/system/webhook/delete',
      '/api/system/webhook/rotate_secret',
    ]) {
      const r = await allowed.call('POST', url, { token: other, body: { id: hook.id } });
      expect(r.status, url).toBe(404);
    }
    const otherList = await allowed.call('POST', '/api/system/webhook/page', { token: other, body: {} });
    expect(otherList.body.data.records.map((h: { id: number }) => h.id)).not.toContain(hook.id);
    const plain = await buildUser(allowed.db, { features: ['system.user'], dataScope: 'all' });
    const plainToken = await allowed.login(plain.account, plain.password);
    expect(
      (await allowed.call('POST', '/api/system/webhook/page', { token: plainToken, body: {} })).status,
    ).toBe(403);

    const count = async () =>
      Number(
        (
          await allowed.db
            .selectFrom('webhook')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    const zh = await allowed.call('POST', '/api/system/webhook/create', {
      token: admin,
      language: 'ZH',
      body: { name: 'x', url: 'ftp://example.com/', events: [] },
    });
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toContain('接收地址须为');
    expect(JSON.stringify(zh.body)).toContain('请至少选择一种事件');
    const en = await allowed.call('POST', '/api/system/webhook/create', {
      token: admin,
      language: 'EN',
      body: { name: 'x', url: 'http://user:pw@example.com/', events: ['alarm.opened'] },
    });
    expect(en.status).toBe(400);
    expect(JSON.stringify(en.body)).toContain('without user name or password');
    expect(await count()).toBe(n);

    expect(
      (await allowed.call('POST', '/api/system/webhook/delete', { token: admin, body: { id: hook.id } }))
        .status,
    ).toBe(200);
    expect(await count()).toBe(n - 1);
    expect(adminId).toBeGreaterThan(0);
  });
});

describe('SSRF refusals with the default configuration', () => {
  let token: string;
  let site: number;

  beforeAll(async () => {
    const u = await buildUser(guarded.db, { features: ['system.webhook'], dataScope: 'all' });
    token = await guarded.login(u.account, u.password);
    site = (await buildStation(guarded.db)).id;
  });

  const PUBLIC_URL = 'http://203.0.113.10/hook';
  const hookCount = async () =>
    Number(
      (
        await guarded.db
          .selectFrom('webhook')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const save = (url: string, language: 'EN' | 'ZH', id?: number) =>
    guarded.call('POST', `/api/system/webhook/${id === undefined ? 'create' : 'update'}`, {
      token,
      language,
      body: { ...(id === undefined ? {} : { id }), name: 'x', url, events: ['alarm.opened'] },
    });

  it('refuses an internal address or a name that does not resolve when the hook is saved, with the localised reason on the URL field', async () => {
    const n = await hookCount();
    for (const url of [
      'http://127.0.0.1:9/x',
      `${base}/ssrf`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::127.0.0.1]/',
      'http://[2002:a9fe:a9fe::]/',
      'http://[64:ff9b::10.0.0.1]/',
      'http://localhost:9/x',
      'http://no-such-host.invalid/',
    ]) {
      const en = await save(url, 'EN');
      expect(en.status, url).toBe(422);
      expect(en.body.data.errorCode, url).toBe('WEBHOOK_ADDRESS_REFUSED');
      expect(en.body.msg, url).toContain('does not send webhooks to internal addresses');
      expect(en.body.data.fields).toEqual([{ field: 'url', message: en.body.msg }]);
      const zh = await save(url, 'ZH');
      expect(zh.body.data.fields).toEqual([{ field: 'url', message: zh.body.msg }]);
      expect(zh.body.msg, url).toContain('本系统不向内部地址');
    }
    expect(await hookCount()).toBe(n);
    // A hook saved with a public address cannot be changed to an internal one either.
    const hook = await createHook(guarded, token, PUBLIC_URL);
    const update = await save('http://127.0.0.1:9/x', 'EN', hook.id);
    expect(update.status).toBe(422);
    expect(update.body.data.fields[0].field).toBe('url');
    const stored = await guarded.db
      .selectFrom('webhook')
      .select('url')
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(stored.url).toBe(PUBLIC_URL);
    await guarded.call('POST', '/api/system/webhook/delete', { token, body: { id: hook.id } });
  });

  it('answers an internal name as a missing one and names no address, when saved and when a test is sent', async () => {
    const internal = (await save('http://localhost:9/x', 'EN')).body.msg as string;
    const missing = (await save('http://no-such-host.invalid:9/x', 'EN')).body.msg as string;
    expect(internal.replace('localhost', 'HOST')).toBe(missing.replace('no-such-host.invalid', 'HOST'));
    expect(internal).not.toMatch(/127\.0\.0\.1|::1/);
    // A hook whose name has come to resolve to an internal address since it was saved.
    const hook = await createHook(guarded, token, PUBLIC_URL);
    await guarded.db
      .updateTable('webhook')
      .set({ url: `http://localhost:${new URL(base).port}/ssrf` })
      .where('id', '=', hook.id)
      .execute();
    for (const language of ['EN', 'ZH'] as const) {
      const test = await guarded.call('POST', '/api/system/webhook/test', {
        token,
        language,
        body: { id: hook.id },
      });
      expect(test.body.data.status).toBe('failed');
      expect(test.body.data.error).toContain(
        language === 'EN' ? '“localhost” cannot be used' : '不能使用“localhost”',
      );
      expect(test.body.data.error).not.toMatch(/127\.0\.0\.1|::1/);
    }
    await guarded.call('POST', '/api/system/webhook/delete', { token, body: { id: hook.id } });
  });

  for (const target of ['127.0.0.1', '169.254.169.254', '10.0.0.1']) {
    it(`refuses ${target} when sending too (an address that changed after saving): nothing sent, a localised reason in the log`, async () => {
      const port = new URL(base).port;
      const url = target === '127.0.0.1' ? `${base}/ssrf` : `http://${target}:${port}/ssrf`;
      const hook = await createHook(guarded, token, PUBLIC_URL);
      await guarded.db.updateTable('webhook').set({ url }).where('id', '=', hook.id).execute();
      const before = received.length;
      await guarded.services.events.emit(alarmEvent(site, 70));
      const log = await settledLog(guarded, token, hook.id, 1);
      expect(log[0].status).toBe('failed');
      expect(log[0].attempts).toBe(1);
      expect(log[0].statusCode).toBeNull();
      expect(log[0].error).toContain(`“${target}” cannot be used`);
      const zh = await guarded.call('POST', '/api/system/webhook/deliveries', {
        token,
        language: 'ZH',
        body: { webhookId: hook.id },
      });
      expect(zh.body.data.records[0].error).toContain(`不能使用“${target}”`);
      const test = await guarded.call('POST', '/api/system/webhook/test', {
        token,
        language: 'EN',
        body: { id: hook.id },
      });
      expect(test.body.data.status).toBe('failed');
      expect(test.body.data.error).toContain('does not send webhooks to');
      expect(received.slice(before).filter((r) => r.path === '/ssrf')).toHaveLength(0);
    });
  }
});
