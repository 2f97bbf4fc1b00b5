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

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server.stop();
});

async function count(table: 'owner' | 'manufacturer' | 'device_type' | 'tag' | 'tag_group') {
  return (await server.db.selectFrom(table).select('id').execute()).length;
}

describe('owners (业主)', () => {
  let ownerId: number;

  it('creates, lists and updates an owner', async () => {
    const r = await server.call('POST', '/api/web/owner/save_or_update', {
      token: admin,
      body: { name: '龙源电力', phone: '010-63888199', email: 'service@longyuan.example' },
    });
    expect(r.status).toBe(200);
    ownerId = r.body.data.id;
    const u = await server.call('POST', '/api/web/owner/save_or_update', {
      token: admin,
      body: { id: ownerId, name: '龙源电力集团', phone: '', email: null },
    });
    expect(u.status).toBe(200);
    const page = await server.call('POST', '/api/web/owner/page', {
      token: admin,
      body: { keywords: '龙源' },
    });
    expect(page.body.data.records).toEqual([
      expect.objectContaining({
        id: ownerId,
        name: '龙源电力集团',
        phone: null,
        email: null,
        stationCount: 0,
      }),
    ]);
    const options = await server.call('GET', '/api/web/common/owners', { token: admin });
    expect(options.body.data).toEqual([{ id: ownerId, name: '龙源电力集团' }]);
  });

  it('refuses a blank name, a bad phone or e-mail and a duplicate name (any case), in both languages', async () => {
    const before = await count('owner');
    const cases = [
      [{ name: ' ' }, 400, '请输入业主名称', 'Please enter the owner name'],
      [{ name: '甲', phone: '12345' }, 400, '电话号码格式不正确', 'Invalid phone number format'],
      [{ name: '甲', email: 'x@' }, 400, '邮箱格式不正确', 'Invalid e-mail format'],
      [
        { name: '龙源电力集团' },
        409,
        '业主“龙源电力集团”已存在',
        'An owner named “龙源电力集团” already exists',
      ],
    ] as const;
    for (const [body, status, zh, en] of cases) {
      for (const [language, message] of [
        ['ZH', zh],
        ['EN', en],
      ] as const) {
        const r = await server.call('POST', '/api/web/owner/save_or_update', {
          token: admin,
          body,
          language,
        });
        expect(r.status).toBe(status);
        expect(status === 409 ? r.body.msg : r.body.data.fields[0].message).toBe(message);
      }
    }
    expect(await count('owner')).toBe(before);
  });

  it('refuses to delete an owner that a site uses; check says why', async () => {
    const station = await buildStation(server.db);
    await server.db
      .updateTable('station')
      .set({ owner_party_id: ownerId })
      .where('id', '=', station.id)
      .execute();
    const check = await server.call('GET', `/api/web/owner/delete/check?id=${ownerId}`, {
      token: admin,
      language: 'EN',
    });
    expect(check.body.data).toEqual({
      canDelete: false,
      reasons: [
        {
          errorCode: 'OWNER_IN_USE',
          count: 1,
          message: 'This owner is linked to 1 site and cannot be deleted',
        },
      ],
    });
    const del = await server.call('GET', `/api/web/owner/delete?id=${ownerId}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe('该业主关联了 1 个站点，不能删除');
    expect(await count('owner')).toBe(1);
    await server.db.updateTable('station').set({ is_deleted: true }).where('id', '=', station.id).execute();
    const ok = await server.call('GET', `/api/web/owner/delete?id=${ownerId}`, { token: admin });
    expect(ok.status).toBe(200);
    expect(await count('owner')).toBe(0);
    const missing = await server.call('GET', `/api/web/owner/delete?id=${ownerId}`, { token: admin });
    expect(missing.status).toBe(404);
  });
});

describe('device types and manufacturers', () => {
  let loggerTypeId: number;
  let nrgId: number;
  let campbellId: number;

  it('creates manufacturers under a device type given by name', async () => {
    const nrg = await server.call('POST', '/api/web/manufacturer/saveOrUpdate', {
      token: admin,
      body: {
        deviceType: '数据采集器',
        name: 'NRG Systems',
        model: 'SymphoniePRO',
        contact: 'Mark',
        telephone: '13800000001',
        email: 'support@nrg.example',
      },
    });
    expect(nrg.status, JSON.stringify(nrg.body)).toBe(200);
    nrgId = nrg.body.data.id;
    loggerTypeId = nrg.body.data.deviceTypeId;
    const campbell = await server.call('POST', '/api/web/manufacturer/saveOrUpdate', {
      token: admin,
      body: { deviceType: '数据采集器', name: 'Campbell Scientific', model: 'CR1000X' },
    });
    campbellId = campbell.body.data.id;
    expect(campbell.body.data.deviceTypeId).toBe(loggerTypeId);
    await server.call('POST', '/api/web/manufacturer/saveOrUpdate', {
      token: admin,
      body: { kind: 'deviceType', deviceType: '激光雷达' },
    });
    const types = await server.call('GET', '/api/web/manufacturer/getAllType', { token: admin });
    expect(types.body.data).toEqual([
      { id: loggerTypeId, name: '数据采集器', manufacturerCount: 2 },
      { id: expect.any(Number), name: '激光雷达', manufacturerCount: 0 },
    ]);
    const list = await server.call('POST', '/api/web/manufacturer/getList', {
      token: admin,
      body: { keywords: 'cr1000' },
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].children).toEqual([
      expect.objectContaining({ id: campbellId, name: 'Campbell Scientific', model: 'CR1000X', contact: '' }),
    ]);
  });

  it('requires device type and supplier name; checks phone and e-mail; refuses duplicates', async () => {
    const before = [await count('manufacturer'), await count('device_type')];
    const cases = [
      [{ name: 'X' }, 'deviceType', 'Please enter the device type'],
      [{ deviceType: '数据采集器' }, 'name', 'Please enter the supplier name'],
      [{ deviceType: '数据采集器', name: 'X', telephone: 'abc' }, 'telephone', 'Invalid phone number format'],
      [{ deviceType: '数据采集器', name: 'X', email: 'abc' }, 'email', 'Invalid e-mail format'],
    ] as const;
    for (const [body, field, message] of cases) {
      const r = await server.call('POST', '/api/web/manufacturer/saveOrUpdate', {
        token: admin,
        body,
        language: 'EN',
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toContainEqual({ field, message });
    }
    const dup = await server.call('POST', '/api/web/manufacturer/saveOrUpdate', {
      token: admin,
      body: { deviceType: '数据采集器', name: 'nrg systems', model: 'symphoniepro' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('该设备类型下已存在厂家“nrg systems”（型号“symphoniepro”）');
    expect([await count('manufacturer'), await count('device_type')]).toEqual(before);
  });

  it('checkRelation and del: a used manufacturer or its type cannot be deleted', async () => {
    const station = await buildStation(server.db);
    await server.db
      .updateTable('station')
      .set({ manufacturer_id: nrgId })
      .where('id', '=', station.id)
      .execute();
    const rel = await server.call('GET', `/api/web/manufacturer/checkRelation?id=${nrgId}`, {
      token: admin,
      language: 'EN',
    });
    expect(rel.body.data).toEqual({
      canDelete: false,
      stationCount: 1,
      childCount: 0,
      message: 'This manufacturer is used by 1 site and cannot be deleted',
    });
    const typeRel = await server.call(
      'GET',
      `/api/web/manufacturer/checkRelation?id=${loggerTypeId}&kind=deviceType`,
      { token: admin },
    );
    expect(typeRel.body.data).toMatchObject({ canDelete: false, stationCount: 1, childCount: 2 });
    for (const url of [
      `/api/web/manufacturer/del?id=${nrgId}`,
      `/api/web/manufacturer/del?id=${loggerTypeId}&kind=deviceType`,
    ]) {
      const r = await server.call('GET', url, { token: admin });
      expect(r.status).toBe(409);
    }
    expect(await count('manufacturer')).toBe(2);
    // The unused one goes; once the site is gone, the type goes with its remaining children.
    expect(
      (await server.call('GET', `/api/web/manufacturer/del?id=${campbellId}`, { token: admin })).status,
    ).toBe(200);
    await server.db.updateTable('station').set({ is_deleted: true }).where('id', '=', station.id).execute();
    const free = await server.call(
      'GET',
      `/api/web/manufacturer/checkRelation?id=${loggerTypeId}&kind=deviceType`,
      { token: admin },
    );
    expect(free.body.data).toEqual({
      canDelete: true,
      stationCount: 0,
      childCount: 1,
      message: '删除设备类型将同时删除其下 1 个厂家，确定删除吗？',
    });
    const del = await server.call('GET', `/api/web/manufacturer/del?id=${loggerTypeId}&kind=deviceType`, {
      token: admin,
    });
    expect(del.status).toBe(200);
    expect(await count('manufacturer')).toBe(0);
    expect((await server.call('GET', `/api/web/manufacturer/del?id=${nrgId}`, { token: admin })).status).toBe(
      404,
    );
  });

  it('needs system.manufacturer to write, but any user may read the lists', async () => {
    const u = await buildUser(server.db, { features: [] });
    const token = await server.login(u.account, u.password);
    const w = await server.call('POST', '/api/web/manufacturer/saveOrUpdate', {
      token,
      body: { deviceType: 'A', name: 'B' },
    });
    expect(w.status).toBe(403);
    const r = await server.call('GET', '/api/web/manufacturer/getAllType', { token });
    expect(r.status).toBe(200);
  });
});

describe('tags', () => {
  let tagId: number;

  it('creates tags with colour and group, lists them with usage counts and groups', async () => {
    const r = await server.call('POST', '/api/web/sys/tag/save_or_update', {
      token: admin,
      body: { name: '重点关注', color: '#E53935', parentName: '关注等级' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    tagId = r.body.data.id;
    await server.call('POST', '/api/web/sys/tag/save_or_update', { token: admin, body: { name: '沿海' } });
    const station = await buildStation(server.db);
    await server.db.insertInto('station_tag').values({ station_id: station.id, tag_id: tagId }).execute();
    const list = await server.call('GET', '/api/web/sys/tag/list', { token: admin });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        name: '重点关注',
        color: '#e53935',
        status: 'enable',
        parentName: '关注等级',
        usageCount: 1,
      }),
      expect.objectContaining({ name: '沿海', color: '#1e88e5', parentName: null, usageCount: 0 }),
    ]);
    const groups = await server.call('GET', '/api/web/sys/tag/group/list', { token: admin });
    expect(groups.body.data).toEqual([
      expect.objectContaining({
        name: '关注等级',
        tagCount: 1,
        tags: [expect.objectContaining({ id: tagId })],
      }),
    ]);
  });

  it('refuses a blank name, a bad colour and a duplicate name', async () => {
    const before = await count('tag');
    const blank = await server.call('POST', '/api/web/sys/tag/save_or_update', {
      token: admin,
      body: { name: '' },
      language: 'EN',
    });
    expect(blank.body.data.fields).toContainEqual({ field: 'name', message: 'Please enter the tag name' });
    const color = await server.call('POST', '/api/web/sys/tag/save_or_update', {
      token: admin,
      body: { name: '新', color: 'red' },
    });
    expect(color.body.data.fields).toContainEqual({ field: 'color', message: '颜色格式应为 #RRGGBB' });
    const dup = await server.call('POST', '/api/web/sys/tag/save_or_update', {
      token: admin,
      body: { name: '沿海' },
      language: 'EN',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('A tag named “沿海” already exists');
    expect(await count('tag')).toBe(before);
  });

  it('disables and enables tags; filters by status', async () => {
    expect(
      (await server.call('POST', '/api/web/sys/tag/disable', { token: admin, body: { ids: [tagId] } }))
        .status,
    ).toBe(200);
    const enabled = await server.call('GET', '/api/web/sys/tag/list?status=enable', { token: admin });
    expect(enabled.body.data.map((t: { name: string }) => t.name)).toEqual(['沿海']);
    const unknown = await server.call('POST', '/api/web/sys/tag/enable', {
      token: admin,
      body: { ids: [tagId, 999999] },
    });
    expect(unknown.status).toBe(404);
    await server.call('POST', '/api/web/sys/tag/enable', { token: admin, body: { ids: [tagId] } });
    const all = await server.call('GET', '/api/web/sys/tag/list?status=enable', { token: admin });
    expect(all.body.data).toHaveLength(2);
  });

  it('refuses to delete a tag in use; deletes an unused one and its emptied group', async () => {
    const del = await server.call('GET', `/api/web/sys/tag/delete?id=${tagId}`, {
      token: admin,
      language: 'EN',
    });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe('This tag is used by 1 site; remove it from that site or disable it instead');
    await server.db.deleteFrom('station_tag').where('tag_id', '=', tagId).execute();
    const check = await server.call('GET', `/api/web/sys/tag/delete/check?id=${tagId}`, { token: admin });
    expect(check.body.data.canDelete).toBe(true);
    expect((await server.call('GET', `/api/web/sys/tag/delete?id=${tagId}`, { token: admin })).status).toBe(
      200,
    );
    expect(await count('tag_group')).toBe(0);
  });
});
