import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

let server: TTestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server.stop();
});

const api = (path: string) => `/api/security/sys/${path}`;

async function snapshot() {
  const [companies, groups] = await Promise.all([
    server.db.selectFrom('company').select(['id', 'name']).orderBy('id').execute(),
    server.db.selectFrom('dept').select(['id', 'company_id', 'name']).orderBy('id').execute(),
  ]);
  return { companies, groups };
}

async function createCompany(name: string): Promise<number> {
  const r = await server.call('POST', api('company/save'), { token: admin, body: { name } });
  expect(r.status).toBe(200);
  return r.body.data.id;
}

async function createGroup(companyId: number, name: string): Promise<number> {
  const r = await server.call('POST', api('group/save'), { token: admin, body: { companyId, name } });
  expect(r.status).toBe(200);
  return r.body.data.id;
}

/** Sends a request in both languages; expects the same refusal and an unchanged database. */
async function expectRefused(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  expected: { status: number; zh: string; en: string; field?: string },
) {
  const before = await snapshot();
  for (const [language, message] of [
    ['ZH', expected.zh],
    ['EN', expected.en],
  ] as const) {
    const r = await server.call(method, url, { token: admin, body, language });
    expect(r.status).toBe(expected.status);
    if (expected.field) expect(r.body.data.fields).toContainEqual({ field: expected.field, message });
    else expect(r.body.msg).toBe(message);
  }
  expect(await snapshot()).toEqual(before);
}

describe('companies', () => {
  it('creates, renames and lists a company with its departments in the tree', async () => {
    const id = await createCompany('西北风电');
    await createGroup(id, '测风部');
    const renamed = await server.call('POST', api('company/update'), {
      token: admin,
      body: { id, name: '西北新能源' },
    });
    expect(renamed.status).toBe(200);
    const tree = await server.call('POST', api('group/list'), { token: admin, body: { companyId: id } });
    expect(tree.body.data).toEqual([
      {
        id,
        name: '西北新能源',
        userCount: 0,
        createTime: expect.any(String),
        groups: [
          {
            id: expect.any(Number),
            companyId: id,
            name: '测风部',
            userCount: 0,
            createTime: expect.any(String),
          },
        ],
      },
    ]);
  });

  it('narrows the tree to companies or departments whose name contains the keywords', async () => {
    const id = await createCompany('树形测试');
    await createGroup(id, '甲部门');
    await createGroup(id, '乙部门');
    const byGroup = await server.call('POST', api('group/list'), {
      token: admin,
      body: { keywords: '乙部' },
    });
    expect(byGroup.body.data).toEqual([
      expect.objectContaining({ id, groups: [expect.objectContaining({ name: '乙部门' })] }),
    ]);
    const byCompany = await server.call('POST', api('group/list'), {
      token: admin,
      body: { keywords: '树形' },
    });
    expect(byCompany.body.data[0].groups).toHaveLength(2);
  });

  it('requires a name of at most 20 characters', async () => {
    await expectRefused(
      'POST',
      api('company/save'),
      { name: ' ' },
      {
        status: 400,
        field: 'name',
        zh: '请输入公司名称',
        en: 'Please enter the company name',
      },
    );
    await expectRefused(
      'POST',
      api('company/save'),
      {},
      {
        status: 400,
        field: 'name',
        zh: '请输入公司名称',
        en: 'Please enter the company name',
      },
    );
    await expectRefused(
      'POST',
      api('company/save'),
      { name: '风'.repeat(21) },
      {
        status: 400,
        field: 'name',
        zh: '输入内容不能超过 20 个字符',
        en: 'The input must not exceed 20 characters',
      },
    );
  });

  it('refuses a name already used by another company, whatever its letter case', async () => {
    await createCompany('Sky Wind');
    await expectRefused(
      'POST',
      api('company/save'),
      { name: 'sky wind' },
      {
        status: 409,
        zh: '公司名称“sky wind”已存在',
        en: 'A company named “sky wind” already exists',
      },
    );
    const other = await createCompany('Blue Wind');
    await expectRefused(
      'POST',
      api('company/update'),
      { id: other, name: 'SKY WIND' },
      {
        status: 409,
        field: 'name',
        zh: '名称已存在',
        en: 'The name already exists',
      },
    );
  });

  it('says why a company in use cannot be deleted and refuses to delete it', async () => {
    const id = await createCompany('在用公司');
    const groupId = await createGroup(id, '运维部');
    await buildUser(server.db, { companyId: id, deptId: groupId });

    const check = await server.call('GET', api(`company/delete/check?id=${id}`), {
      token: admin,
      language: 'EN',
    });
    expect(check.body.data).toEqual({
      canDelete: false,
      reasons: [
        {
          errorCode: 'COMPANY_HAS_USERS',
          count: 1,
          message: 'This company still has 1 user and cannot be deleted',
        },
        {
          errorCode: 'COMPANY_HAS_GROUPS',
          count: 1,
          message: 'This company still has 1 department; delete it first',
        },
      ],
    });
    await expectRefused(
      'POST',
      api('company/delete'),
      { id },
      {
        status: 409,
        zh: '该公司下还有 1 个用户，不能删除',
        en: 'This company still has 1 user and cannot be deleted',
      },
    );
  });

  it('refuses to delete a company that still has departments', async () => {
    const id = await createCompany('只有部门');
    await createGroup(id, '空部门');
    await expectRefused(
      'POST',
      api('company/delete'),
      { id },
      {
        status: 409,
        zh: '该公司下还有 1 个部门，请先删除部门',
        en: 'This company still has 1 department; delete it first',
      },
    );
  });

  it('deletes an unused company', async () => {
    const id = await createCompany('空公司');
    const check = await server.call('GET', api(`company/delete/check?id=${id}`), { token: admin });
    expect(check.body.data).toEqual({ canDelete: true, reasons: [] });
    expect((await server.call('POST', api('company/delete'), { token: admin, body: { id } })).status).toBe(
      200,
    );
    expect((await snapshot()).companies.some((c) => c.id === id)).toBe(false);
  });

  it('answers 404 for an unknown company', async () => {
    const r = await server.call('GET', api('company/delete/check?id=999999'), { token: admin });
    expect(r.status).toBe(404);
  });
});

describe('departments', () => {
  it('requires a name and a company', async () => {
    const companyId = await createCompany('部门测试公司');
    await expectRefused(
      'POST',
      api('group/save'),
      { companyId, name: '' },
      {
        status: 400,
        field: 'name',
        zh: '请输入部门名称',
        en: 'Please enter the department name',
      },
    );
    await expectRefused(
      'POST',
      api('group/save'),
      { name: '数据中心' },
      {
        status: 400,
        field: 'companyId',
        zh: '请选择公司',
        en: 'Please choose a company',
      },
    );
  });

  it('keeps names unique within a company but allows the same name in another company', async () => {
    const a = await createCompany('甲公司');
    const b = await createCompany('乙公司');
    await createGroup(a, '数据中心');
    await expectRefused(
      'POST',
      api('group/save'),
      { companyId: a, name: '数据中心' },
      {
        status: 409,
        zh: '该公司下已存在部门“数据中心”',
        en: 'This company already has a department named “数据中心”',
      },
    );
    await createGroup(b, '数据中心');
  });

  it('refuses to delete a department with users, and deletes it once they are gone', async () => {
    const companyId = await createCompany('丙公司');
    const groupId = await createGroup(companyId, '评估部');
    const user = await buildUser(server.db, { companyId, deptId: groupId });
    const check = await server.call('GET', api(`group/delete/check?id=${groupId}`), { token: admin });
    expect(check.body.data).toEqual({
      canDelete: false,
      reasons: [{ errorCode: 'GROUP_HAS_USERS', count: 1, message: '该部门下还有 1 个用户，不能删除' }],
    });
    await expectRefused(
      'POST',
      api('group/delete'),
      { id: groupId },
      {
        status: 409,
        zh: '该部门下还有 1 个用户，不能删除',
        en: 'This department still has 1 user and cannot be deleted',
      },
    );

    // A deleted user does not keep the department in use.
    expect(
      (await server.call('GET', `/api/security/sys/user/delete?id=${user.id}`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await server.call('POST', api('group/delete'), { token: admin, body: { id: groupId } })).status,
    ).toBe(200);
    expect(
      (await server.call('POST', api('company/delete'), { token: admin, body: { id: companyId } })).status,
    ).toBe(200);
  });

  it('renames a department within its company', async () => {
    const companyId = await createCompany('丁公司');
    const groupId = await createGroup(companyId, '旧名');
    await createGroup(companyId, '已占用');
    await expectRefused(
      'POST',
      api('group/update'),
      { id: groupId, name: '已占用' },
      {
        status: 409,
        zh: '该公司下已存在部门“已占用”',
        en: 'This company already has a department named “已占用”',
      },
    );
    const r = await server.call('POST', api('group/update'), {
      token: admin,
      body: { id: groupId, name: '新名' },
    });
    expect(r.status).toBe(200);
  });
});

describe('drop-down searches', () => {
  it('finds companies, departments and roles by keyword for any logged-in user', async () => {
    const companyId = await createCompany('搜索风电');
    await createGroup(companyId, '搜索部');
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const companies = await server.call('GET', api('company/drop_down_search?keywords=搜索'), { token });
    expect(companies.body.data).toEqual([{ id: companyId, name: '搜索风电' }]);
    const groups = await server.call('GET', api(`group/drop_down_search?companyId=${companyId}`), { token });
    expect(groups.body.data).toEqual([{ id: expect.any(Number), name: '搜索部', companyId }]);
    const roles = await server.call('GET', api('role/drop_down_search?keywords=系统'), { token });
    expect(roles.body.data).toEqual([{ id: expect.any(Number), name: '系统管理员' }]);
  });

  it('treats % and _ in keywords as plain characters', async () => {
    const r = await server.call('GET', api('company/drop_down_search?keywords=%25'), { token: admin });
    expect(r.body.data).toEqual([]);
  });
});
