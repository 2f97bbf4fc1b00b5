import { text } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

/**
 * Personal access tokens (issue 32) over the whole app on real PostgreSQL: scopes, expiry, revocation,
 * the user's current rights, a token limited to one site, the rate limit, session-only management, the
 * administrators' rule, the login log and the OpenAPI document.
 */
const RATE = 25;
const CREATE = '/api/security/sys/user/access_token/create';
const LIST = '/api/security/sys/user/access_token/list';
const REVOKE = '/api/security/sys/user/access_token/revoke';
const ADMIN_PAGE = '/api/security/sys/access_token/page';
const ADMIN_REVOKE = '/api/security/sys/access_token/revoke';
const PAGE = '/api/web/station/page';

let server: TTestServer;
let session: string;
let adminA: string;
let adminB: string;
let adminNarrow: string;
let engineer: { id: number; roleId: number; account: string };
const sites: { id: number; stationCode: string }[] = [];

type TReply = { status: number; headers: Record<string, unknown>; body: any; raw: Buffer };

async function bearer(
  method: 'GET' | 'POST',
  url: string,
  secret: string,
  options: { body?: unknown; language?: 'ZH' | 'EN' } = {},
): Promise<TReply> {
  const r = await server.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(options.language ? { language: options.language } : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const isJson = String(r.headers['content-type'] ?? '').includes('json');
  return { status: r.statusCode, headers: r.headers, body: isJson ? r.json() : null, raw: r.rawPayload };
}

async function createToken(body: Record<string, unknown>, token = session) {
  const r = await server.call('POST', CREATE, { token, body: { expiresInDays: 30, ...body } });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data as { id: number; secret: string; prefix: string; stations: { id: number }[] };
}

const pageIds = (r: TReply) =>
  (r.body.data.records as { id: number }[]).map((s) => s.id).sort((a, b) => a - b);

beforeAll(async () => {
  server = await startTestServer({ ACCESS_TOKEN_RATE_PER_MINUTE: String(RATE) });
  const db = server.db;
  const [companyA, companyB] = await Promise.all(
    ['甲公司', '乙公司'].map((name) =>
      db.insertInto('company').values({ name }).returning('id').executeTakeFirstOrThrow(),
    ),
  );
  engineer = await buildUser(db, {
    features: ['station.edit', 'station.coordinateExport'],
    companyId: companyA!.id,
  });
  for (let i = 0; i < 3; i++) sites.push(await buildStation(db, { projectName: `令牌项目 ${i}` }));
  await grantRoleStations(db, engineer.roleId, [sites[0]!.id, sites[1]!.id]);
  const a = await buildUser(db, {
    features: ['system.user', 'station.edit', 'station.coordinateExport'],
    dataScope: 'all',
    companyId: companyA!.id,
  });
  // An administrator of the same company whose rights do not cover the engineer's.
  const narrow = await buildUser(db, {
    features: ['system.user'],
    dataScope: 'all',
    companyId: companyA!.id,
  });
  const b = await buildUser(db, { features: ['system.user'], dataScope: 'all', companyId: companyB!.id });
  [session, adminA, adminB, adminNarrow] = await Promise.all([
    server.login(engineer.account, 'Secret#123a'),
    server.login(a.account, a.password),
    server.login(b.account, b.password),
    server.login(narrow.account, narrow.password),
  ]);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('personal access tokens', () => {
  it('are made in the personal centre, shown once, listed without the secret; bad input changes nothing', async () => {
    const bad = await server.call('POST', CREATE, {
      token: session,
      language: 'EN',
      body: { name: '', expiresInDays: 400, scopes: [] },
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(
      (bad.body.data.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
    );
    expect(fields).toEqual({
      name: 'Please enter a name for the token',
      expiresInDays: 'The validity must be 1–365 days (at most a year)',
      scopes: 'Choose at least one scope',
    });
    const zh = await server.call('POST', CREATE, {
      token: session,
      body: { name: 'x', expiresInDays: 366, scopes: ['read'] },
    });
    expect(zh.body.data.fields[0].message).toBe('有效期须为 1–365 天（最长一年）');
    const foreign = await server.call('POST', CREATE, {
      token: session,
      body: { name: 'x', expiresInDays: 1, scopes: ['read'], stationIds: [sites[2]!.id] },
    });
    expect(foreign.status).toBe(403);
    expect((await server.call('GET', LIST, { token: session })).body.data).toEqual([]);

    const made = await createToken({ name: '脚本', scopes: ['read'] });
    expect(made.secret).toMatch(/^mht_[A-Za-z0-9_-]{43}$/);
    expect(made.secret.startsWith(made.prefix)).toBe(true);
    const listed = (await server.call('GET', LIST, { token: session })).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: '脚本', scopes: ['read'], status: 'active', lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    const stored = await server.db.selectFrom('access_token').selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash.length).toBe(32);
    expect(JSON.stringify(stored)).not.toContain(made.secret.slice(10));
  });

  it('read reads; it cannot write or download — download and write are granted separately', async () => {
    const read = await createToken({ name: 'read', scopes: ['read'] });
    const list = await bearer('POST', PAGE, read.secret, { body: {} });
    expect(list.status).toBe(200);
    expect(pageIds(list)).toEqual([sites[0]!.id, sites[1]!.id]);
    expect((await bearer('GET', `/api/web/station/detail?id=${sites[0]!.id}`, read.secret)).status).toBe(200);

    const write = await bearer('POST', '/api/web/station/tags', read.secret, {
      body: { stationId: sites[0]!.id, tagIds: [] },
      language: 'EN',
    });
    expect(write.status).toBe(403);
    expect(write.body.data.errorCode).toBe('ACCESS_TOKEN_SCOPE');
    expect(write.body.msg).toMatch(/scopes do not allow this call/);
    const download = await bearer('POST', '/api/web/station/coordinate/export', read.secret, {
      body: { ids: [sites[0]!.id] },
    });
    expect(download.status).toBe(403);
    expect(download.body.msg).toBe('此访问令牌的权限范围不允许此操作（读取、下载、写入各需单独授予）');

    const both = await createToken({ name: 'write+download', scopes: ['write', 'download'] });
    expect(
      (
        await bearer('POST', '/api/web/station/tags', both.secret, {
          body: { stationId: sites[0]!.id, tagIds: [] },
        })
      ).status,
    ).toBe(200);
    const file = await bearer('POST', '/api/web/station/coordinate/export', both.secret, {
      body: { ids: [sites[0]!.id] },
    });
    expect(file.status).toBe(200);
    expect(file.raw.length).toBeGreaterThan(100);
    expect((await bearer('POST', PAGE, both.secret, { body: {} })).body.data.errorCode).toBe(
      'ACCESS_TOKEN_SCOPE',
    );
  });

  it('a token limited to one site sees no other: lists, direct calls and exports', async () => {
    const one = await createToken({
      name: 'one site',
      scopes: ['read', 'download', 'write'],
      stationIds: [sites[0]!.id],
    });
    expect(one.stations.map((s) => s.id)).toEqual([sites[0]!.id]);
    expect(pageIds(await bearer('POST', PAGE, one.secret, { body: {} }))).toEqual([sites[0]!.id]);
    expect((await bearer('GET', `/api/web/station/detail?id=${sites[1]!.id}`, one.secret)).status).toBe(403);
    expect(
      (
        await bearer('POST', '/api/web/station/tags', one.secret, {
          body: { stationId: sites[1]!.id, tagIds: [] },
        })
      ).status,
    ).toBe(403);
    const quantity = await bearer('POST', '/api/web/station/quantity_stat', one.secret, { body: {} });
    expect(quantity.status).toBe(200);
    expect(JSON.stringify(quantity.body.data)).toMatch(/1/);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const file = await bearer('POST', '/api/web/station/coordinate/export', one.secret, {
      body: { ids: [sites[0]!.id, sites[1]!.id] },
    });
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(2);
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe(sites[0]!.stationCode);
    // The same user's session still sees both sites.
    const own = await server.call('POST', PAGE, { token: session, body: {} });
    expect(own.body.data.total).toBe(2);
  });

  it('never exceeds the user’s current rights: a right taken from the role is taken from the token at once', async () => {
    const token = await createToken({ name: 'rights', scopes: ['read', 'download'] });
    const exportOne = () =>
      bearer('POST', '/api/web/station/coordinate/export', token.secret, { body: { ids: [sites[0]!.id] } });
    expect((await exportOne()).status).toBe(200);
    await server.db
      .deleteFrom('role_feature')
      .where('role_id', '=', engineer.roleId)
      .where('feature', '=', 'station.coordinateExport')
      .execute();
    const refused = await exportOne();
    expect(refused.status).toBe(403);
    expect(refused.body.data.errorCode).toBe('FORBIDDEN');
    await server.db
      .deleteFrom('role_station')
      .where('role_id', '=', engineer.roleId)
      .where('station_id', '=', sites[1]!.id)
      .execute();
    expect(pageIds(await bearer('POST', PAGE, token.secret, { body: {} }))).toEqual([sites[0]!.id]);
    expect((await bearer('GET', `/api/web/station/detail?id=${sites[1]!.id}`, token.secret)).status).toBe(
      403,
    );
    await grantRoleStations(server.db, engineer.roleId, [sites[1]!.id]);
    await server.db
      .insertInto('role_feature')
      .values({ role_id: engineer.roleId, feature: 'station.coordinateExport' })
      .execute();
    // A disabled user's tokens stop too.
    await server.db
      .updateTable('app_user')
      .set({ is_enabled: false })
      .where('id', '=', engineer.id)
      .execute();
    expect((await bearer('POST', PAGE, token.secret, { body: {} })).status).toBe(401);
    await server.db.updateTable('app_user').set({ is_enabled: true }).where('id', '=', engineer.id).execute();
    expect((await bearer('POST', PAGE, token.secret, { body: {} })).status).toBe(200);
  });

  it('expired and revoked tokens are refused with a localised 401', async () => {
    const token = await createToken({ name: 'short', scopes: ['read'] });
    await server.db
      .updateTable('access_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', token.id)
      .execute();
    const expired = await bearer('POST', PAGE, token.secret, { body: {}, language: 'EN' });
    expect(expired.status).toBe(401);
    expect(expired.body.data.errorCode).toBe('ACCESS_TOKEN_EXPIRED');
    expect(expired.body.msg).toBe('The access token has expired; create a new one in the personal centre');
    const listed = (await server.call('GET', LIST, { token: session })).body.data as {
      id: number;
      status: string;
    }[];
    expect(listed.find((t) => t.id === token.id)?.status).toBe('expired');

    const live = await createToken({ name: 'to revoke', scopes: ['read'] });
    expect((await bearer('POST', PAGE, live.secret, { body: {} })).status).toBe(200);
    expect((await server.call('POST', REVOKE, { token: session, body: { id: live.id } })).status).toBe(200);
    const revoked = await bearer('POST', PAGE, live.secret, { body: {} });
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).toBe('访问令牌无效或已被撤销');
    const unknown = await bearer('POST', PAGE, `mht_${'A'.repeat(43)}`, { body: {} });
    expect(unknown.body.data.errorCode).toBe('ACCESS_TOKEN_INVALID');
    // Refused calls of a known token are in the login log as failures, once a minute per token.
    await bearer('POST', PAGE, live.secret, { body: {} });
    const superAdmin = await server.login('admin', TEST_ADMIN_PASSWORD);
    const log = await server.call('POST', '/api/security/sys/login_log/page', {
      token: superAdmin,
      body: { account: engineer.account, result: 'failure' },
    });
    const refusals = (log.body.data.records as { reason: string; tokenName: string | null }[]).filter(
      (r) => r.reason === 'access_token_refused',
    );
    // 'rights' was refused while its user was disabled (the test before).
    expect(refusals.map((r) => r.tokenName).sort()).toEqual(['rights', 'short', 'to revoke']);
    // Somebody else's token cannot be revoked through the personal centre.
    const other = await server.call('POST', REVOKE, { token: adminA, body: { id: token.id } });
    expect(other.status).toBe(404);
  });

  it('token management and account security need a login session, never a bearer token', async () => {
    const all = await createToken({ name: 'all', scopes: ['read', 'download', 'write'] });
    for (const [method, url, body] of [
      ['GET', LIST, undefined],
      ['POST', CREATE, { name: 'sneaky', expiresInDays: 1, scopes: ['read'] }],
      ['POST', REVOKE, { id: all.id }],
      [
        'POST',
        '/api/security/sys/user/change_password',
        { oldPassword: 'Secret#123a', newPassword: 'Other#123ab' },
      ],
      ['POST', '/api/security/sys/user/logout', undefined],
    ] as const) {
      const r = await bearer(method, url, all.secret, { body, language: 'EN' });
      expect(r.status, url).toBe(403);
      expect(r.body.data.errorCode).toBe('ACCESS_TOKEN_SESSION_ONLY');
    }
    const count = await server.db
      .selectFrom('access_token')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', '=', 'sneaky')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    expect((await bearer('POST', PAGE, all.secret, { body: {} })).status).toBe(200);
  });

  it('administrators list and revoke the tokens of their company; another company’s cannot', async () => {
    const token = await createToken({ name: 'company', scopes: ['read'] });
    const pageA = await server.call('POST', ADMIN_PAGE, {
      token: adminA,
      body: { account: engineer.account },
    });
    expect(pageA.status).toBe(200);
    expect(pageA.body.data.records.map((r: { id: number }) => r.id)).toContain(token.id);
    expect(pageA.body.data.records[0]).toMatchObject({ userId: engineer.id, account: engineer.account });
    const pageB = await server.call('POST', ADMIN_PAGE, { token: adminB, body: {} });
    expect(pageB.body.data.total).toBe(0);

    const refused = await server.call('POST', ADMIN_REVOKE, { token: adminB, body: { id: token.id } });
    expect(refused.status).toBe(404);
    expect((await bearer('POST', PAGE, token.secret, { body: {} })).status).toBe(200);
    const byEngineer = await server.call('POST', ADMIN_REVOKE, { token: session, body: { id: token.id } });
    expect(byEngineer.status).toBe(403);
    // The one rule for managing users: the engineer's reach is not within this administrator's.
    const beyond = await server.call('POST', ADMIN_REVOKE, { token: adminNarrow, body: { id: token.id } });
    expect(beyond.status).toBe(403);
    expect(beyond.body.data.errorCode).toBe('TARGET_EXCEEDS_OWN');
    expect((await bearer('POST', PAGE, token.secret, { body: {} })).status).toBe(200);

    expect((await server.call('POST', ADMIN_REVOKE, { token: adminA, body: { id: token.id } })).status).toBe(
      200,
    );
    expect((await bearer('POST', PAGE, token.secret, { body: {} })).status).toBe(401);
    const revokedOnly = await server.call('POST', ADMIN_PAGE, {
      token: adminA,
      body: { status: 'revoked', userId: engineer.id },
    });
    expect(revokedOnly.body.data.records.map((r: { id: number }) => r.id)).toContain(token.id);
    const superAdmin = await server.login('admin', TEST_ADMIN_PASSWORD);
    const everyone = await server.call('POST', ADMIN_PAGE, { token: superAdmin, body: {} });
    expect(everyone.body.data.total).toBeGreaterThanOrEqual(pageA.body.data.total);
  });

  it('a bearer call is written to the login log with the token’s name; last use and address are shown', async () => {
    const token = await createToken({ name: '夜间同步', scopes: ['read'] });
    for (let i = 0; i < 3; i++)
      expect((await bearer('POST', PAGE, token.secret, { body: {} })).status).toBe(200);
    const listed = (await server.call('GET', LIST, { token: session })).body.data as {
      id: number;
      lastUsedAt: string | null;
      lastUsedIp: string | null;
    }[];
    const mine = listed.find((t) => t.id === token.id)!;
    expect(mine.lastUsedAt).not.toBeNull();
    expect(mine.lastUsedIp).toBe('127.0.0.1');
    const superAdmin = await server.login('admin', TEST_ADMIN_PASSWORD);
    const log = await server.call('POST', '/api/security/sys/login_log/page', {
      token: superAdmin,
      body: { account: engineer.account },
    });
    const rows = (
      log.body.data.records as { reason: string; tokenName: string | null; result: string }[]
    ).filter((r) => r.tokenName === '夜间同步');
    // Three calls within a minute from one address: one row.
    expect(rows).toEqual([expect.objectContaining({ reason: 'access_token', result: 'success' })]);
  });

  it('each token is limited per minute with a localised 429', async () => {
    const token = await createToken({ name: 'busy', scopes: ['read'] });
    const other = await createToken({ name: 'calm', scopes: ['read'] });
    for (let i = 0; i < RATE; i++) {
      expect((await bearer('GET', `/api/web/station/detail?id=${sites[0]!.id}`, token.secret)).status).toBe(
        200,
      );
    }
    const limited = await bearer('GET', `/api/web/station/detail?id=${sites[0]!.id}`, token.secret, {
      language: 'EN',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.data.errorCode).toBe('ACCESS_TOKEN_RATE_LIMITED');
    expect(limited.body.msg).toMatch(
      new RegExp(`at most ${RATE} requests a minute; please try again in \\d+ seconds`),
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const zh = await bearer('POST', PAGE, token.secret, { body: {} });
    expect(zh.body.msg).toMatch(new RegExp(`每分钟最多 ${RATE} 次请求`));
    // Another token of the same user, and the user's session, are not held back.
    expect((await bearer('POST', PAGE, other.secret, { body: {} })).status).toBe(200);
    expect((await server.call('POST', PAGE, { token: session, body: {} })).status).toBe(200);
  });

  it('a token limited to one site reads and marks only the messages of that site (issue 39 §5)', async () => {
    const one = await createToken({
      name: 'messages',
      scopes: ['read', 'write'],
      stationIds: [sites[0]!.id],
    });
    const send = (stationIds: number[], code: string) =>
      server.services.messages.send(engineer.id, {
        type: 'alarm',
        message: text('message.alarmDataMissing', { code }),
        stationIds,
      });
    const mine = await send([sites[0]!.id], 'own');
    const other = await send([sites[1]!.id], 'other');
    const both = await send([sites[0]!.id, sites[1]!.id], 'both');
    // A message about no site (stored before messages named their sites): what it concerns cannot be told.
    const siteless = await send([], 'none');
    const ids = (r: TReply) =>
      (r.body.data.records as { id: number }[]).map((m) => m.id).sort((a, b) => a - b);
    const page = await bearer('POST', '/api/web/message/page', one.secret, {
      body: { pageNo: 1, pageSize: 50 },
    });
    expect(page.status).toBe(200);
    expect(ids(page)).toEqual([mine.id]);
    expect(page.body.data.total).toBe(1);
    const unread = await bearer('GET', '/api/web/message/has_not_read', one.secret);
    expect(unread.body.data.count).toBe(1);
    const viaSession = await server.call('POST', '/api/web/message/page', {
      token: session,
      body: { pageNo: 1, pageSize: 50 },
    });
    expect(
      (viaSession.body.data.records as { id: number }[]).map((m) => m.id).filter((id) => id >= mine.id),
    ).toEqual([siteless.id, both.id, other.id, mine.id]);
    // Marking: beyond the token's site nothing changes.
    const marked = await bearer(
      'GET',
      `/api/web/message/read?ids=${[mine, other, both, siteless].map((m) => m.id).join(',')}`,
      one.secret,
    );
    expect(marked.body.data.updated).toBe(1);
    expect((await bearer('GET', `/api/web/message/ignore?id=${other.id}`, one.secret)).status).toBe(404);
    const rows = await server.db
      .selectFrom('message')
      .select(['id', 'is_read', 'is_ignored'])
      .where('id', 'in', [mine.id, other.id, both.id, siteless.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.is_read, r.is_ignored])).toEqual([
      [true, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
  });

  it('a token limited to one site lists and opens only the applicant’s applications of that site', async () => {
    const applyFor = async (stationIds: number[]) => {
      const r = await server.call('POST', '/api/web/apply/save', {
        token: session,
        body: {
          stationIds,
          fileType: 1,
          startTime: '2025-01-01T00:00:00.000Z',
          endTime: '2025-02-01T00:00:00.000Z',
          applyReason: '令牌范围',
          toAddr: 'engineer@masthub.example',
        },
      });
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data.id as number;
    };
    const own = await applyFor([sites[0]!.id]);
    const wider = await applyFor([sites[0]!.id, sites[1]!.id]);
    const other = await applyFor([sites[1]!.id]);
    const one = await createToken({ name: 'applications', scopes: ['read'], stationIds: [sites[0]!.id] });
    const body = { pageNo: 1, pageSize: 50 };
    const listed = await bearer('POST', '/api/web/apply/mine', one.secret, { body });
    expect(listed.status).toBe(200);
    expect(pageIds(listed)).toEqual([own]);
    const all = await server.call('POST', '/api/web/apply/mine', { token: session, body });
    expect(pageIds({ body: all.body } as TReply)).toEqual(expect.arrayContaining([own, wider, other]));
    expect((await bearer('GET', `/api/web/apply/detail?id=${own}`, one.secret)).status).toBe(200);
    for (const id of [wider, other]) {
      expect((await bearer('GET', `/api/web/apply/detail?id=${id}`, one.secret)).status, String(id)).toBe(
        404,
      );
    }
    // The reviewers' messages name the application's sites, so a narrowed token of theirs sees them or not.
    const told = await server.db
      .selectFrom('message')
      .select('station_ids')
      .where('message_text', '@>', JSON.stringify({ key: 'message.applySubmitted' }))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.station_ids.map(Number)).toEqual([sites[1]!.id]);
  });

  it('every route has a decided scope and the OpenAPI document describes the bearer scheme', async () => {
    const catalogue = server.app.routeCatalogue;
    for (const route of catalogue) {
      if (route.auth === 'public') expect(route.scope).toBe('public');
      // Session only: token management, the second factor, and the webhook calls that show a secret.
      else if (
        /access_token|\/user\/second_factor|logout|change_password|webhook\/(create|rotate_secret)/.test(
          route.url,
        )
      )
        expect(route.scope).toBe('session-only');
      else expect(['read', 'download', 'write']).toContain(route.scope);
    }
    const scopeOf = (key: string) => catalogue.find((r) => `${r.method} ${r.url}` === key)?.scope;
    expect(scopeOf('POST /api/web/station/page')).toBe('read');
    expect(scopeOf('GET /api/web/station/detail')).toBe('read');
    expect(scopeOf('GET /api/security/sys/user/delete')).toBe('write');
    expect(scopeOf('POST /api/web/station/coordinate/export')).toBe('download');
    expect(scopeOf('GET /api/web/station/attachment/download')).toBe('download');
    // Declared, not guessed from the path's last word (issue 39 §1): these GETs and POSTs were wrong then.
    expect(scopeOf('GET /api/security/sys/user/transfer_authority')).toBe('write');
    expect(scopeOf('POST /api/data-parse/parse/text/preview_recognize')).toBe('write');
    expect(scopeOf('GET /api/web/statement/preview')).toBe('download');

    const doc = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const json = doc.json();
    expect(json.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const detail = json.paths['/api/web/station/detail'].get;
    expect(detail.security).toEqual([{ token: [] }, { bearer: [] }]);
    expect(detail.description).toMatch(/scope `read`/);
    expect(json.paths['/api/security/sys/user/access_token/create'].post.security).toEqual([{ token: [] }]);
  });
});
