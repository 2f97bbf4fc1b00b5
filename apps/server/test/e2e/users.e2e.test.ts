import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let admin: string;
let companyId: number;
let otherCompanyId: number;
let groupId: number;
let roleId: number;
let adminRoleId: number;

const SAVE = '/api/security/sys/user/save_or_update';
const PAGE = '/api/security/sys/user/page';
const DELETE = '/api/security/sys/user/delete';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
  companyId = (await server.db.selectFrom('company').select('id').executeTakeFirstOrThrow()).id;
  otherCompanyId = (
    await server.db
      .insertInto('company')
      .values({ name: '华北测风公司' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  groupId = (
    await server.db
      .insertInto('dept')
      .values({ company_id: companyId, name: '风资源评估部' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  roleId = (
    await server.db
      .insertInto('role')
      .values({ name: '风资源工程师' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db.insertInto('role_feature').values({ role_id: roleId, feature: 'report.preview' }).execute();
  adminRoleId = (
    await server.db.selectFrom('role').select('id').where('is_admin', '=', true).executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.stop();
});

function validUser(overrides: Record<string, unknown> = {}) {
  return {
    account: 'eng_li01',
    userName: '李工',
    roleId,
    companyId,
    groupId,
    phone: '13912345678',
    email: 'li.gong@masthub.example',
    password: 'Wind#Mast2026',
    ...overrides,
  };
}

async function countUsers(): Promise<number> {
  const rows = await server.db.selectFrom('app_user').select('id').execute();
  return rows.length;
}

async function expectRejected(
  body: Record<string, unknown>,
  expected: { status: number; zh: string; en: string; field?: string },
) {
  const before = await countUsers();
  for (const [language, message] of [
    ['ZH', expected.zh],
    ['EN', expected.en],
  ] as const) {
    const r = await server.call('POST', SAVE, { token: admin, body, language });
    expect(r.status).toBe(expected.status);
    if (expected.field) {
      expect(r.body.data.fields).toContainEqual({ field: expected.field, message });
    } else {
      expect(r.body.msg).toBe(message);
    }
  }
  expect(await countUsers()).toBe(before);
}

describe('GET /api/security/sys/user/fields', () => {
  it('returns the user-list columns with titles in the request language', async () => {
    const zh = await server.call('GET', '/api/security/sys/user/fields', { token: admin });
    const en = await server.call('GET', '/api/security/sys/user/fields', { token: admin, language: 'EN' });
    expect(zh.status).toBe(200);
    expect(zh.body.data.map((f: { key: string }) => f.key)).toEqual([
      'account',
      'userName',
      'roleName',
      'companyName',
      'groupName',
      'phone',
      'email',
      'createDate',
      'lastLoginTime',
    ]);
    expect(zh.body.data[0]).toEqual({
      key: 'account',
      title: '登录账号',
      titleKey: 'system.user.columns.account',
      width: 140,
      fixed: 'left',
    });
    expect(en.body.data[0].title).toBe('Account');
  });
});

describe('POST /api/security/sys/user/save_or_update', () => {
  it('creates a user who can then log in and is listed with role, company and department names', async () => {
    const r = await server.call('POST', SAVE, { token: admin, body: validUser() });
    expect(r.status).toBe(200);
    expect(r.body.data.initialPassword).toBeNull();
    expect(await server.login('eng_li01', 'Wind#Mast2026')).toBeTruthy();

    const page = await server.call('POST', PAGE, { token: admin, body: { keywords: 'li01' } });
    expect(page.body.data).toMatchObject({ total: 1, pageNo: 1, pageSize: 20 });
    expect(page.body.data.records[0]).toMatchObject({
      id: r.body.data.id,
      account: 'eng_li01',
      userName: '李工',
      roleName: '风资源工程师',
      companyName: '默认公司',
      groupName: '风资源评估部',
      phone: '13912345678',
      email: 'li.gong@masthub.example',
      isBuiltin: false,
      isAdmin: false,
      ownedStationCount: 0,
      lastLoginTime: expect.any(String),
    });
  });

  it('hands out a one-time enrolment code with a user who must set up the two-factor login their role requires', async () => {
    const strictRoleId = (
      await server.db
        .insertInto('role')
        .values({ name: '两步验证角色', requires_second_factor: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const created = await server.call('POST', SAVE, {
      token: admin,
      body: validUser({ account: 'strict_w01', roleId: strictRoleId, phone: '', email: '' }),
    });
    expect(created.status).toBe(200);
    const enrolmentCode: string = created.body.data.enrolmentCode;
    expect(enrolmentCode).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    // Their first login sets up a key with it.
    const first = await server.call('POST', '/api/security/sys/user/login', {
      body: { account: 'strict_w01', password: 'Wind#Mast2026' },
    });
    expect(first.body.data.secondFactor).toBe('setup');
    const setup = await server.call('POST', '/api/security/sys/user/login/second_factor/setup', {
      body: { challenge: first.body.data.challenge, enrolmentCode },
    });
    expect(setup.status).toBe(200);

    // None for a role without the requirement; one when a user without a second factor is moved to it.
    const plain = await server.call('POST', SAVE, {
      token: admin,
      body: validUser({ account: 'plain_w02', phone: '', email: '' }),
    });
    expect(plain.body.data.enrolmentCode).toBeNull();
    const moved = await server.call('POST', SAVE, {
      token: admin,
      body: validUser({
        id: plain.body.data.id,
        account: 'plain_w02',
        roleId: strictRoleId,
        phone: '',
        email: '',
      }),
    });
    expect(moved.body.data.enrolmentCode).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const edited = await server.call('POST', SAVE, {
      token: admin,
      body: validUser({
        id: plain.body.data.id,
        account: 'plain_w02',
        roleId: strictRoleId,
        userName: '改名',
      }),
    });
    expect(edited.body.data.enrolmentCode).toBeNull();
  });

  it('generates a password meeting the rule when none is given and returns it once', async () => {
    const r = await server.call('POST', SAVE, {
      token: admin,
      body: validUser({ account: 'ops#zhao1', password: undefined, phone: '010-12345678', email: '' }),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.initialPassword).toMatch(/^\S{16}$/);
    expect(await server.login('ops#zhao1', r.body.data.initialPassword)).toBeTruthy();
    const row = await server.db
      .selectFrom('app_user')
      .select(['phone', 'email'])
      .where('id', '=', r.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: '010-12345678', email: null });
  });

  it('rejects an account that breaks the SPEC §5 rule and creates nothing', async () => {
    await expectRejected(validUser({ account: 'admin01' }), {
      status: 400,
      field: 'account',
      zh: '账号为 4–20 位，须同时包含数字、字母和特殊字符',
      en: 'The account must be 4–20 characters mixing digits, letters and special characters',
    });
  });

  it('rejects a password that breaks the SPEC §5 rule and creates nothing', async () => {
    await expectRejected(validUser({ account: 'new_user1', password: 'password1!' }), {
      status: 400,
      field: 'password',
      zh: '密码为 8–20 位，须同时包含大写字母、小写字母、数字和特殊字符',
      en: 'The password must be 8–20 characters mixing upper and lower case letters, digits and special characters',
    });
  });

  it('rejects a malformed phone number and e-mail and creates nothing', async () => {
    await expectRejected(validUser({ account: 'new_user2', phone: '12345' }), {
      status: 400,
      field: 'phone',
      zh: '电话号码格式不正确',
      en: 'Invalid phone number format',
    });
    await expectRejected(validUser({ account: 'new_user3', email: 'li.gong@' }), {
      status: 400,
      field: 'email',
      zh: '邮箱格式不正确',
      en: 'Invalid e-mail format',
    });
  });

  it('rejects a missing user name and one longer than 20 characters', async () => {
    await expectRejected(validUser({ account: 'new_user4', userName: '  ' }), {
      status: 400,
      field: 'userName',
      zh: '请输入用户名',
      en: 'Please enter the user name',
    });
    await expectRejected(validUser({ account: 'new_user5', userName: '测'.repeat(21) }), {
      status: 400,
      field: 'userName',
      zh: '输入内容不能超过 20 个字符',
      en: 'The input must not exceed 20 characters',
    });
  });

  it('rejects an account already in use, whatever its letter case', async () => {
    await expectRejected(validUser({ account: 'ENG_LI01' }), {
      status: 409,
      zh: '账号“ENG_LI01”已存在',
      en: 'The account “ENG_LI01” is already in use',
    });
    const r = await server.call('POST', SAVE, { token: admin, body: validUser({ account: 'ENG_LI01' }) });
    expect(r.body.data.fields).toEqual([{ field: 'account', message: '账号已存在' }]);
  });

  it('rejects a department of another company', async () => {
    await expectRejected(validUser({ account: 'new_user6', companyId: otherCompanyId }), {
      status: 400,
      zh: '所选部门不属于所选公司',
      en: 'The chosen department does not belong to the chosen company',
    });
  });

  it('rejects an unknown role', async () => {
    await expectRejected(validUser({ account: 'new_user7', roleId: 999_999 }), {
      status: 404,
      zh: '数据不存在或已被删除',
      en: 'The record does not exist or has been deleted',
    });
  });

  it('updates a user’s fields but not their password', async () => {
    const user = await buildUser(server.db);
    const r = await server.call('POST', SAVE, {
      token: admin,
      body: validUser({
        id: user.id,
        account: user.account,
        userName: '改名',
        groupId: null,
        password: 'Other#Pass1',
      }),
    });
    expect(r.status).toBe(200);
    const row = await server.db
      .selectFrom('app_user')
      .select(['user_name', 'role_id', 'company_id', 'dept_id'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_name: '改名', role_id: roleId, company_id: companyId, dept_id: null });
    expect(await server.login(user.account, user.password)).toBeTruthy();
  });

  it('keeps the built-in administrator in the administrator role', async () => {
    const builtin = await server.db
      .selectFrom('app_user')
      .select('id')
      .where('is_builtin', '=', true)
      .executeTakeFirstOrThrow();
    await expectRejected(validUser({ id: builtin.id, account: 'admin' }), {
      status: 409,
      zh: '内置管理员不能删除，也不能取消其管理员角色',
      en: 'The built-in administrator cannot be deleted or lose the administrator role',
    });
    const row = await server.db
      .selectFrom('app_user')
      .select('role_id')
      .where('id', '=', builtin.id)
      .executeTakeFirstOrThrow();
    expect(row.role_id).toBe(adminRoleId);
  });

  it('does not let a user manager who is not an administrator hand out the administrator role', async () => {
    const manager = await buildUser(server.db, { features: ['system.user'] });
    const token = await server.login(manager.account, manager.password);
    const before = await countUsers();
    const r = await server.call('POST', SAVE, {
      token,
      language: 'EN',
      body: validUser({ account: 'sneaky_1', roleId: adminRoleId }),
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('You cannot give features or sites that you do not hold yourself');
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /api/security/sys/user/page', () => {
  it('pages 20 by default and filters by company', async () => {
    for (let i = 0; i < 22; i++) await buildUser(server.db, { companyId: otherCompanyId });
    const first = await server.call('POST', PAGE, { token: admin, body: { companyId: otherCompanyId } });
    expect(first.body.data.total).toBe(22);
    expect(first.body.data.records).toHaveLength(20);
    const second = await server.call('POST', PAGE, {
      token: admin,
      body: { companyId: otherCompanyId, pageNo: 2 },
    });
    expect(second.body.data.records).toHaveLength(2);
  });

  it('lists the built-in administrator first', async () => {
    const r = await server.call('POST', PAGE, { token: admin, body: {} });
    expect(r.body.data.records[0]).toMatchObject({ account: 'admin', isBuiltin: true, isAdmin: true });
  });
});

describe('POST /api/security/sys/user/list', () => {
  it('gives any logged-in user a short list of the users of their company for pickers', async () => {
    const user = await buildUser(server.db, { companyId });
    const token = await server.login(user.account, user.password);
    const r = await server.call('POST', '/api/security/sys/user/list', {
      token,
      body: { keywords: 'eng_li', excludeUserId: user.id },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      {
        id: expect.any(Number),
        account: 'eng_li01',
        userName: '李工',
        roleName: '风资源工程师',
        companyName: '默认公司',
        groupName: '风资源评估部',
      },
    ]);
  });
});

describe('GET /api/security/sys/user/delete', () => {
  it('refuses to delete the caller themselves', async () => {
    const manager = await buildUser(server.db, { features: ['system.user'] });
    const token = await server.login(manager.account, manager.password);
    for (const [language, msg] of [
      ['ZH', '不能删除当前登录的用户'],
      ['EN', 'You cannot delete yourself'],
    ] as const) {
      const r = await server.call('GET', `${DELETE}?id=${manager.id}`, { token, language });
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(msg);
    }
    expect(await server.login(manager.account, manager.password)).toBeTruthy();
  });

  it('refuses to delete the built-in administrator', async () => {
    const otherAdmin = await buildUser(server.db, { roleId: adminRoleId });
    const token = await server.login(otherAdmin.account, otherAdmin.password);
    const builtin = await server.db
      .selectFrom('app_user')
      .select('id')
      .where('is_builtin', '=', true)
      .executeTakeFirstOrThrow();
    const r = await server.call('GET', `${DELETE}?id=${builtin.id}`, { token, language: 'EN' });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('The built-in administrator cannot be deleted or lose the administrator role');
  });

  it('refuses to delete a user who owns sites until they are transferred, then deletes and logs them out', async () => {
    const owner = await buildUser(server.db);
    const heir = await buildUser(server.db);
    const ownerToken = await server.login(owner.account, owner.password);
    await buildStation(server.db, { ownerId: owner.id });
    await buildStation(server.db, { ownerId: owner.id });

    const zh = await server.call('GET', `${DELETE}?id=${owner.id}`, { token: admin });
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toBe('该用户拥有 2 个站点，请先移交站点再删除');
    const en = await server.call('GET', `${DELETE}?id=${owner.id}`, { token: admin, language: 'EN' });
    expect(en.body.msg).toBe('This user owns 2 sites; transfer them before deleting the user');
    expect((await server.call('GET', '/api/security/sys/user/profile', { token: ownerToken })).status).toBe(
      200,
    );

    const transfer = await server.call(
      'GET',
      `/api/security/sys/user/transfer_authority?fromUserId=${owner.id}&toUserId=${heir.id}`,
      { token: admin },
    );
    expect(transfer.body.data.transferred).toBe(2);

    const r = await server.call('GET', `${DELETE}?id=${owner.id}`, { token: admin });
    expect(r.status).toBe(200);
    expect((await server.call('GET', '/api/security/sys/user/profile', { token: ownerToken })).status).toBe(
      401,
    );
    const row = await server.db
      .selectFrom('app_user')
      .select(['is_deleted', 'deleted_at'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.is_deleted).toBe(true);
    expect(row.deleted_at).toBeInstanceOf(Date);
    const page = await server.call('POST', PAGE, { token: admin, body: { account: owner.account } });
    expect(page.body.data.total).toBe(0);
    const relogin = await server.call('POST', '/api/security/sys/user/login', {
      body: { account: owner.account, password: owner.password },
    });
    expect(relogin.status).toBe(400);
  });

  it('frees the account of a deleted user for a new one', async () => {
    const gone = await buildUser(server.db, { account: 'reuse_me1' });
    expect((await server.call('GET', `${DELETE}?id=${gone.id}`, { token: admin })).status).toBe(200);
    const r = await server.call('POST', SAVE, { token: admin, body: validUser({ account: 'reuse_me1' }) });
    expect(r.status).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const r = await server.call('GET', `${DELETE}?id=999999`, { token: admin });
    expect(r.status).toBe(404);
  });
});

describe('POST /api/security/sys/user/reset_password', () => {
  it('sets a random password shown once and logs the user out everywhere', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const r = await server.call('POST', '/api/security/sys/user/reset_password', {
      token: admin,
      body: { id: user.id },
    });
    expect(r.status).toBe(200);
    const password = r.body.data.password as string;
    expect(password).toMatch(/^\S{16}$/);
    expect((await server.call('GET', '/api/security/sys/user/profile', { token })).status).toBe(401);
    expect(await server.login(user.account, password)).toBeTruthy();
  });

  it('revokes the user’s personal access tokens with their sessions', async () => {
    const user = await buildUser(server.db);
    const session = await server.login(user.account, user.password);
    const made = await server.call('POST', '/api/security/sys/user/access_token/create', {
      token: session,
      body: { name: 'script', expiresInDays: 30, scopes: ['read'] },
    });
    const secret: string = made.body.data.secret;
    const viaToken = () =>
      server.app.inject({
        method: 'GET',
        url: '/api/security/sys/user/profile',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await viaToken()).statusCode).toBe(200);
    const r = await server.call('POST', '/api/security/sys/user/reset_password', {
      token: admin,
      body: { id: user.id },
    });
    expect(r.status).toBe(200);
    expect((await viaToken()).statusCode).toBe(401);
    const adminId = (
      await server.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const row = await server.db
      .selectFrom('access_token')
      .select(['revoked_at', 'revoked_by'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeInstanceOf(Date);
    expect(row.revoked_by).toBe(adminId);
  });

  it('refuses to reset the caller’s own password or second factor, in both languages, and changes nothing', async () => {
    const manager = await buildUser(server.db, { features: ['system.user'] });
    const token = await server.login(manager.account, manager.password);
    await server.db
      .insertInto('user_second_factor')
      .values({ user_id: manager.id, secret: Buffer.alloc(40), enabled_at: new Date() })
      .execute();
    const hashOf = async () =>
      (
        await server.db
          .selectFrom('app_user')
          .select('password_hash')
          .where('id', '=', manager.id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const before = await hashOf();
    for (const url of [
      '/api/security/sys/user/reset_password',
      '/api/security/sys/user/reset_second_factor',
    ]) {
      for (const [language, msg] of [
        ['ZH', '不能在用户管理中重置自己的账号，请在个人中心修改密码或两步验证'],
        [
          'EN',
          'You cannot reset your own account here; change your password or two-factor login in the personal centre',
        ],
      ] as const) {
        const r = await server.call('POST', url, { token, body: { id: manager.id }, language });
        expect(r.status).toBe(409);
        expect(r.body.msg).toBe(msg);
      }
    }
    expect(await hashOf()).toBe(before);
    const factor = await server.db
      .selectFrom('user_second_factor')
      .select('enabled_at')
      .where('user_id', '=', manager.id)
      .executeTakeFirst();
    expect(factor?.enabled_at).toBeInstanceOf(Date);
    // The session lives on: nothing was revoked.
    expect((await server.call('GET', '/api/security/sys/user/profile', { token })).status).toBe(200);
    // The built-in administrator is refused alike.
    const adminId = (
      await server.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const own = await server.call('POST', '/api/security/sys/user/reset_password', {
      token: admin,
      body: { id: adminId },
    });
    expect(own.body.data.errorCode).toBe('CANNOT_RESET_SELF');
    expect(await server.login('admin', TEST_ADMIN_PASSWORD)).toBeTruthy();
  });

  it('does not let a user manager who is not an administrator reset an administrator’s password', async () => {
    const manager = await buildUser(server.db, { features: ['system.user'] });
    const token = await server.login(manager.account, manager.password);
    const r = await server.call('POST', '/api/security/sys/user/reset_password', {
      token,
      body: {
        id: (
          await server.db
            .selectFrom('app_user')
            .select('id')
            .where('account', '=', 'admin')
            .executeTakeFirstOrThrow()
        ).id,
      },
    });
    expect(r.status).toBe(403);
    expect(await server.login('admin', TEST_ADMIN_PASSWORD)).toBeTruthy();
  });
});

describe('GET /api/security/sys/permission/user_permission', () => {
  it('returns the caller’s rightConfig: features, data scope and how many sites they reach', async () => {
    const user = await buildUser(server.db, { features: ['alarm.view', 'report.preview'] });
    await buildStation(server.db, { ownerId: user.id });
    const token = await server.login(user.account, user.password);
    const r = await server.call('GET', '/api/security/sys/permission/user_permission', { token });
    expect(r.body.data).toMatchObject({
      userId: user.id,
      account: user.account,
      isAdmin: false,
      dataScope: 'list',
      features: ['alarm.view', 'report.preview'],
      stationCount: 1,
    });
  });

  it('shows another user’s rights only to a user manager', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const target = await buildUser(server.db, { features: ['alarm.view'] });
    const refused = await server.call(
      'GET',
      `/api/security/sys/permission/user_permission?userId=${target.id}`,
      {
        token,
      },
    );
    expect(refused.status).toBe(403);
    const r = await server.call('GET', `/api/security/sys/permission/user_permission?userId=${target.id}`, {
      token: admin,
    });
    expect(r.body.data).toMatchObject({ userId: target.id, features: ['alarm.view'] });
  });
});

describe('the personal centre', () => {
  it('shows and updates the caller’s own name, phone and e-mail', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const r = await server.call('POST', '/api/security/sys/user/update_profile', {
      token,
      body: { userName: '王工', phone: '0755-87654321', email: 'wang@masthub.example' },
    });
    expect(r.status).toBe(200);
    const profile = await server.call('GET', '/api/security/sys/user/profile', { token });
    expect(profile.body.data).toMatchObject({
      userId: user.id,
      account: user.account,
      userName: '王工',
      phone: '0755-87654321',
      email: 'wang@masthub.example',
    });
  });

  it('rejects a malformed phone number in both languages and changes nothing', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const r = await server.call('POST', '/api/security/sys/user/update_profile', {
      token,
      language: 'EN',
      body: { userName: '王工', phone: '1381234' },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.fields).toEqual([{ field: 'phone', message: 'Invalid phone number format' }]);
    const row = await server.db
      .selectFrom('app_user')
      .select('user_name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.user_name).not.toBe('王工');
  });
});

describe('the account rule on update', () => {
  it('lets an account that predates the rule stay as it is', async () => {
    const legacy = await buildUser(server.db, { account: 'legacy' });
    const r = await server.call('POST', SAVE, {
      token: admin,
      body: validUser({ id: legacy.id, account: 'legacy', userName: '老账号' }),
    });
    expect(r.status).toBe(200);
  });

  it('applies the rule when an update changes the account, in both languages', async () => {
    const user = await buildUser(server.db);
    for (const [language, message] of [
      ['ZH', '账号为 4–20 位，须同时包含数字、字母和特殊字符'],
      ['EN', 'The account must be 4–20 characters mixing digits, letters and special characters'],
    ] as const) {
      const r = await server.call('POST', SAVE, {
        token: admin,
        language,
        body: validUser({ id: user.id, account: 'plainname' }),
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'account', message }]);
    }
    const row = await server.db
      .selectFrom('app_user')
      .select('account')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.account).toBe(user.account);
  });
});

describe('a personal access token limited to some sites, of a user manager', () => {
  it('creates, edits and resets only users whose sites all lie within the token’s sites (issue 39 §5)', async () => {
    const db = server.db;
    const [inside, outside] = [await buildStation(db), await buildStation(db)];
    const manager = await buildUser(db, { features: ['system.user', 'report.preview'], dataScope: 'all' });
    const session = await server.login(manager.account, manager.password);
    const made = await server.call('POST', '/api/security/sys/user/access_token/create', {
      token: session,
      body: { name: 'one site', expiresInDays: 1, scopes: ['write'], stationIds: [inside.id] },
    });
    expect(made.status, made.body.msg).toBe(200);
    const bearer = { authorization: `Bearer ${made.body.data.secret}` };
    const roleOf = async (name: string, dataScope: 'all' | 'list', stationIds: number[]) => {
      const role = await db
        .insertInto('role')
        .values({ name, data_scope: dataScope })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('role_feature').values({ role_id: role.id, feature: 'report.preview' }).execute();
      if (stationIds.length)
        await db
          .insertInto('role_station')
          .values(stationIds.map((station_id) => ({ role_id: role.id, station_id })))
          .execute();
      return role.id;
    };
    const [within, beyond, all] = [
      await roleOf('令牌内角色', 'list', [inside.id]),
      await roleOf('令牌外角色', 'list', [outside.id]),
      await roleOf('全部站点角色', 'all', []),
    ];
    const refusal =
      'This access token is limited to some sites: it cannot manage or grant anything beyond them';
    for (const [account, role] of [
      ['tok_out1', beyond],
      ['tok_all1', all],
    ] as const) {
      const before = await countUsers();
      const r = await server.call('POST', SAVE, {
        headers: bearer,
        language: 'EN',
        body: validUser({ account, roleId: role }),
      });
      expect(r.status, account).toBe(403);
      expect(r.body.data.errorCode).toBe('ACCESS_TOKEN_SITES');
      expect(r.body.msg.startsWith(refusal)).toBe(true);
      expect(await countUsers()).toBe(before);
    }
    // Within its sites it manages as the user would; the user's session still reaches every site.
    const ok = await server.call('POST', SAVE, {
      headers: bearer,
      body: validUser({ account: 'tok_in01', roleId: within }),
    });
    expect(ok.status, ok.body.msg).toBe(200);
    const edit = await server.call('POST', SAVE, {
      headers: bearer,
      body: validUser({ id: ok.body.data.id, account: 'tok_in01', roleId: beyond }),
    });
    expect(edit.body.data.errorCode).toBe('ACCESS_TOKEN_SITES');
    const widened = await server.call('POST', SAVE, {
      token: session,
      body: validUser({ id: ok.body.data.id, account: 'tok_in01', roleId: beyond }),
    });
    expect(widened.status, widened.body.msg).toBe(200);

    // A user reaching a site beyond the token is beyond it: no new password, no site given to them.
    const reset = await server.call('POST', '/api/security/sys/user/reset_password', {
      headers: bearer,
      body: { id: ok.body.data.id },
    });
    expect(reset.body.data.errorCode).toBe('ACCESS_TOKEN_SITES');
    const assign = await server.call('POST', '/api/security/sys/permission/user_authorize_station', {
      headers: bearer,
      body: { userId: ok.body.data.id, stationIds: [inside.id], type: 'add' },
    });
    expect(assign.body.data.errorCode).toBe('ACCESS_TOKEN_SITES');
    const assigned = await db
      .selectFrom('user_station')
      .select('station_id')
      .where('user_id', '=', ok.body.data.id)
      .execute();
    expect(assigned).toEqual([]);
    const plain = await buildUser(db);
    const given = await server.call('POST', '/api/security/sys/permission/user_authorize_station', {
      headers: bearer,
      body: { userId: plain.id, stationIds: [inside.id], type: 'add' },
    });
    expect(given.status, given.body.msg).toBe(200);
  });
});
