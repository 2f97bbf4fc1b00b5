import { FEATURE_KEYS } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let admin: string;
let adminRoleId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
  adminRoleId = (
    await server.db.selectFrom('role').select('id').where('is_admin', '=', true).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.stop();
});

const api = (path: string) => `/api/security/sys/role/${path}`;

async function createRole(name: string, description = ''): Promise<number> {
  const r = await server.call('POST', api('save_or_update'), { token: admin, body: { name, description } });
  expect(r.status).toBe(200);
  return r.body.data.id;
}

async function snapshot() {
  const [roles, features, stations] = await Promise.all([
    server.db.selectFrom('role').select(['id', 'name', 'description', 'data_scope']).orderBy('id').execute(),
    server.db.selectFrom('role_feature').selectAll().orderBy('role_id').orderBy('feature').execute(),
    server.db.selectFrom('role_station').selectAll().orderBy('role_id').orderBy('station_id').execute(),
  ]);
  return { roles, features, stations };
}

async function expectRefused(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  expected: { status: number; zh: string; en: string; field?: string; token?: string },
) {
  const before = await snapshot();
  for (const [language, message] of [
    ['ZH', expected.zh],
    ['EN', expected.en],
  ] as const) {
    const r = await server.call(method, url, { token: expected.token ?? admin, body, language });
    expect(r.status).toBe(expected.status);
    if (expected.field) expect(r.body.data.fields).toContainEqual({ field: expected.field, message });
    else expect(r.body.msg).toBe(message);
  }
  expect(await snapshot()).toEqual(before);
}

describe('role records', () => {
  it('creates a role, pages it and shows its detail', async () => {
    const id = await createRole('数据分析员', '只看数据');
    const page = await server.call('POST', api('page'), { token: admin, body: { keywords: '分析' } });
    expect(page.body.data).toEqual({
      records: [
        {
          id,
          name: '数据分析员',
          description: '只看数据',
          isAdmin: false,
          dataScope: 'list',
          userCount: 0,
          featureCount: 0,
          createTime: expect.any(String),
          requiresSecondFactor: false,
        },
      ],
      total: 1,
      pageNo: 1,
      pageSize: 20,
    });
    const detail = await server.call('GET', api(`detail?id=${id}`), { token: admin });
    expect(detail.body.data).toMatchObject({ id, name: '数据分析员', features: [], stationIds: [] });
  });

  it('lists the administrator role first, holding every feature and every site', async () => {
    const page = await server.call('POST', api('page'), { token: admin, body: {} });
    expect(page.body.data.records[0]).toMatchObject({
      id: adminRoleId,
      isAdmin: true,
      dataScope: 'all',
      featureCount: FEATURE_KEYS.length,
    });
    const rights = await server.call('GET', api(`rights?id=${adminRoleId}`), { token: admin });
    expect(rights.body.data).toMatchObject({
      isAdmin: true,
      dataScope: 'all',
      features: [...FEATURE_KEYS],
      stations: [],
    });
  });

  it('requires a name of at most 20 characters and a description of at most 50', async () => {
    await expectRefused(
      'POST',
      api('save_or_update'),
      { name: '' },
      {
        status: 400,
        field: 'name',
        zh: '请输入角色名称',
        en: 'Please enter the role name',
      },
    );
    await expectRefused(
      'POST',
      api('save_or_update'),
      { name: '角'.repeat(21) },
      {
        status: 400,
        field: 'name',
        zh: '输入内容不能超过 20 个字符',
        en: 'The input must not exceed 20 characters',
      },
    );
    await expectRefused(
      'POST',
      api('save_or_update'),
      { name: '描述过长', description: '述'.repeat(51) },
      {
        status: 400,
        field: 'description',
        zh: '输入内容不能超过 50 个字符',
        en: 'The input must not exceed 50 characters',
      },
    );
  });

  it('refuses a name another role already has', async () => {
    await createRole('Auditor');
    await expectRefused(
      'POST',
      api('save_or_update'),
      { name: 'auditor' },
      {
        status: 409,
        zh: '角色名称“auditor”已存在',
        en: 'A role named “auditor” already exists',
      },
    );
  });

  it('renames a role', async () => {
    const id = await createRole('旧角色');
    const r = await server.call('POST', api('save_or_update'), {
      token: admin,
      body: { id, name: '新角色', description: '改名' },
    });
    expect(r.status).toBe(200);
    expect((await server.call('GET', api(`detail?id=${id}`), { token: admin })).body.data.name).toBe(
      '新角色',
    );
  });
});

describe('deleting roles', () => {
  it('refuses to delete a role that users hold and says how many', async () => {
    const user = await buildUser(server.db);
    const check = await server.call('GET', api(`delete/check?id=${user.roleId}`), { token: admin });
    expect(check.body.data).toEqual({
      canDelete: false,
      reasons: [{ errorCode: 'ROLE_HAS_USERS', count: 1, message: '该角色已分配给 1 个用户，不能删除' }],
    });
    await expectRefused('GET', api(`delete?id=${user.roleId}`), undefined, {
      status: 409,
      zh: '该角色已分配给 1 个用户，不能删除',
      en: 'This role is assigned to 1 user and cannot be deleted',
    });
  });

  it('never deletes the administrator role', async () => {
    await expectRefused('GET', api(`delete?id=${adminRoleId}`), undefined, {
      status: 409,
      zh: '管理员角色拥有全部权限，不能删除或修改其权限',
      en: 'The administrator role holds every permission; it cannot be deleted or have its rights changed',
    });
  });

  it('deletes an unused role with its rights', async () => {
    const id = await createRole('临时角色');
    const station = await buildStation(server.db);
    await server.call('POST', api('rights'), {
      token: admin,
      body: { roleId: id, features: ['alarm.view'], dataScope: 'list', stationIds: [station.id] },
    });
    expect((await server.call('GET', api(`delete?id=${id}`), { token: admin })).status).toBe(200);
    const after = await snapshot();
    expect(after.roles.some((r) => r.id === id)).toBe(false);
    expect(after.features.some((f) => f.role_id === id)).toBe(false);
    expect(after.stations.some((s) => s.role_id === id)).toBe(false);
  });
});

describe('role rights', () => {
  it('replaces features and the site list, and the holder sees them at the next login', async () => {
    const id = await createRole('现场工程师');
    const [a, b] = [await buildStation(server.db), await buildStation(server.db)];
    const r = await server.call('POST', api('rights'), {
      token: admin,
      body: {
        roleId: id,
        features: ['alarm.view', 'alarm.handle', 'alarm.view'],
        dataScope: 'list',
        stationIds: [a.id, b.id],
      },
    });
    expect(r.status).toBe(200);
    const rights = await server.call('GET', api(`rights?id=${id}`), { token: admin });
    expect(rights.body.data).toEqual({
      roleId: id,
      roleName: '现场工程师',
      isAdmin: false,
      features: ['alarm.handle', 'alarm.view'],
      dataScope: 'list',
      stations: [
        { id: a.id, stationCode: a.stationCode, projectName: expect.any(String) },
        { id: b.id, stationCode: b.stationCode, projectName: expect.any(String) },
      ],
    });

    const holder = await buildUser(server.db, { roleId: id });
    const login = await server.call('POST', '/api/security/sys/user/login', {
      body: { account: holder.account, password: holder.password },
    });
    expect(login.body.data.selectedFeatures.sort()).toEqual(['alarm.handle', 'alarm.view']);
    const config = await server.call('GET', '/api/security/sys/permission/user_permission', {
      token: login.body.data.token,
    });
    expect(config.body.data.stationCount).toBe(2);
  });

  it('with data scope “all” drops the site list and reaches every site, including later ones', async () => {
    const id = await createRole('全局查看');
    const station = await buildStation(server.db);
    await grantRoleStations(server.db, id, [station.id]);
    const r = await server.call('POST', api('rights'), {
      token: admin,
      body: { roleId: id, features: [], dataScope: 'all', stationIds: [station.id] },
    });
    expect(r.status).toBe(200);
    expect((await snapshot()).stations.some((s) => s.role_id === id)).toBe(false);
    const holder = await buildUser(server.db, { roleId: id });
    const token = await server.login(holder.account, holder.password);
    const before = (await server.call('GET', '/api/security/sys/permission/user_permission', { token })).body
      .data.stationCount;
    await buildStation(server.db);
    const after = (await server.call('GET', '/api/security/sys/permission/user_permission', { token })).body
      .data.stationCount;
    expect(after).toBe(before + 1);
  });

  it('rejects an unknown feature key and changes nothing', async () => {
    const id = await createRole('错误功能');
    await expectRefused(
      'POST',
      api('rights'),
      { roleId: id, features: ['station.fly'], dataScope: 'list' },
      {
        status: 400,
        field: 'features.0',
        zh: '请选择有效的选项',
        en: 'Please choose a valid option',
      },
    );
  });

  it('rejects an unknown site with 404 and changes nothing', async () => {
    const id = await createRole('未知站点');
    await expectRefused(
      'POST',
      api('rights'),
      { roleId: id, features: ['alarm.view'], dataScope: 'list', stationIds: [999_999] },
      {
        status: 404,
        zh: '数据不存在或已被删除',
        en: 'The record does not exist or has been deleted',
      },
    );
  });

  it('never changes the administrator role’s rights', async () => {
    await expectRefused(
      'POST',
      api('rights'),
      { roleId: adminRoleId, features: [], dataScope: 'list' },
      {
        status: 409,
        zh: '管理员角色拥有全部权限，不能删除或修改其权限',
        en: 'The administrator role holds every permission; it cannot be deleted or have its rights changed',
      },
    );
  });

  it('lets a role manager grant only features and data scope they hold themselves', async () => {
    const manager = await buildUser(server.db, { features: ['system.role', 'alarm.view'] });
    const token = await server.login(manager.account, manager.password);
    const id = await createRole('受限授权');
    const refusal = {
      status: 403,
      token,
      zh: '不能授予自己没有的功能权限或站点',
      en: 'You cannot give features or sites that you do not hold yourself',
    };
    await expectRefused(
      'POST',
      api('rights'),
      { roleId: id, features: ['system.user'], dataScope: 'list' },
      refusal,
    );
    await expectRefused('POST', api('rights'), { roleId: id, features: [], dataScope: 'all' }, refusal);
    const ok = await server.call('POST', api('rights'), {
      token,
      body: { roleId: id, features: ['alarm.view'], dataScope: 'list' },
    });
    expect(ok.status).toBe(200);
  });

  it('through a token limited to some sites, changes only roles within them and never grants every site', async () => {
    const [inside, outside] = [await buildStation(server.db), await buildStation(server.db)];
    const manager = await buildUser(server.db, { features: ['system.role', 'alarm.view'], dataScope: 'all' });
    const session = await server.login(manager.account, manager.password);
    const made = await server.call('POST', '/api/security/sys/user/access_token/create', {
      token: session,
      body: { name: 'one site', expiresInDays: 1, scopes: ['write'], stationIds: [inside.id] },
    });
    expect(made.status, made.body.msg).toBe(200);
    const headers = { authorization: `Bearer ${made.body.data.secret}` };
    const id = await createRole('令牌授权');
    const wide = await createRole('全站角色');
    await server.call('POST', api('rights'), {
      token: admin,
      body: { roleId: wide, features: ['alarm.view'], dataScope: 'all' },
    });
    const before = await snapshot();
    for (const [body, url] of [
      [{ roleId: id, features: ['alarm.view'], dataScope: 'all' }, api('rights')],
      [{ id: wide, name: '全站角色改名', description: '' }, api('save_or_update')],
      [{ roleId: wide, features: [], dataScope: 'list', stationIds: [inside.id] }, api('rights')],
    ] as const) {
      const r = await server.call('POST', url, { headers, body, language: 'EN' });
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.body.data.errorCode).toBe('ACCESS_TOKEN_SITES');
    }
    const beyond = await server.call('POST', api('rights'), {
      headers,
      body: { roleId: id, features: [], dataScope: 'list', stationIds: [outside.id] },
    });
    expect(beyond.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    const ok = await server.call('POST', api('rights'), {
      headers,
      body: { roleId: id, features: ['alarm.view'], dataScope: 'list', stationIds: [inside.id] },
    });
    expect(ok.status, ok.body.msg).toBe(200);
    // The user's session is not narrowed: it may grant every site.
    const all = await server.call('POST', api('rights'), {
      token: session,
      body: { roleId: id, features: [], dataScope: 'all' },
    });
    expect(all.status, all.body.msg).toBe(200);
  });
});

describe('POST /api/security/sys/role/assigned_users', () => {
  it('pages the users holding a role', async () => {
    const id = await createRole('值班员');
    const a = await buildUser(server.db, { roleId: id });
    const b = await buildUser(server.db, { roleId: id });
    await buildUser(server.db);
    const r = await server.call('POST', api('assigned_users'), { token: admin, body: { roleId: id } });
    expect(r.body.data.total).toBe(2);
    expect(r.body.data.records.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
    expect(r.body.data.records[0]).toMatchObject({ roleName: '值班员', account: a.account });
  });

  it('answers 404 for an unknown role', async () => {
    const r = await server.call('POST', api('assigned_users'), { token: admin, body: { roleId: 999_999 } });
    expect(r.status).toBe(404);
  });
});
