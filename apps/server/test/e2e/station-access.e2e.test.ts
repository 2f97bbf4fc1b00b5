import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignStations,
  buildStation,
  buildUser,
  grantRoleStations,
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

const AUTHORIZE = '/api/security/sys/permission/user_authorize_station';
const TRANSFER = '/api/security/sys/user/transfer_authority';
const STATION_PAGE = '/api/security/sys/user/station_user_page';

async function snapshot() {
  const [assignments, owners] = await Promise.all([
    server.db
      .selectFrom('user_station')
      .select(['user_id', 'station_id'])
      .orderBy('user_id')
      .orderBy('station_id')
      .execute(),
    server.db.selectFrom('station').select(['id', 'owner_id']).orderBy('id').execute(),
  ]);
  return { assignments, owners };
}

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
    expect(r.status, r.body.msg).toBe(expected.status);
    if (expected.field) expect(r.body.data.fields).toContainEqual({ field: expected.field, message });
    else expect(r.body.msg).toBe(message);
  }
  expect(await snapshot()).toEqual(before);
}

/** A user reaching one site by each kind: role list, direct assignment, ownership. */
async function buildUserWithEveryKind() {
  const user = await buildUser(server.db);
  const byRole = await buildStation(server.db);
  const assigned = await buildStation(server.db);
  const owned = await buildStation(server.db, { ownerId: user.id });
  await grantRoleStations(server.db, user.roleId, [byRole.id]);
  await assignStations(server.db, user.id, [assigned.id]);
  return { user, byRole, assigned, owned };
}

async function stationIdsOf(token: string): Promise<number[]> {
  const r = await server.call('POST', '/api/security/sys/permission/station_options', {
    token,
    body: { limit: 1000 },
  });
  return r.body.data.map((s: { id: number }) => s.id);
}

describe('POST /api/security/sys/user/station_user_page', () => {
  it('lists the sites a user reaches with how, and which can be removed or transferred', async () => {
    const { user, byRole, assigned, owned } = await buildUserWithEveryKind();
    const r = await server.call('POST', STATION_PAGE, { token: admin, body: { userId: user.id } });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(3);
    const byId = Object.fromEntries(r.body.data.records.map((s: { stationId: number }) => [s.stationId, s]));
    expect(byId[byRole.id]).toMatchObject({ kinds: ['role'], isRemovable: false, isTransferable: false });
    expect(byId[assigned.id]).toMatchObject({
      kinds: ['assigned'],
      isRemovable: true,
      isTransferable: false,
    });
    expect(byId[owned.id]).toMatchObject({
      stationCode: owned.stationCode,
      kinds: ['owner'],
      isRemovable: false,
      isTransferable: true,
      ownerName: expect.any(String),
    });
  });

  it('filters by kind and lists the sites still available to assign', async () => {
    const { user, owned } = await buildUserWithEveryKind();
    const spare = await buildStation(server.db, { projectName: '可分配的项目' });
    const onlyOwned = await server.call('POST', STATION_PAGE, {
      token: admin,
      body: { userId: user.id, kind: 'owner' },
    });
    expect(onlyOwned.body.data.records.map((s: { stationId: number }) => s.stationId)).toEqual([owned.id]);
    const available = await server.call('POST', STATION_PAGE, {
      token: admin,
      body: { userId: user.id, mode: 'available', keywords: '可分配' },
    });
    expect(available.body.data.records).toEqual([
      expect.objectContaining({ stationId: spare.id, kinds: [], isRemovable: false, isTransferable: false }),
    ]);
  });
});

describe('POST /api/security/sys/permission/user_authorize_station', () => {
  it('assigns sites directly and removes them again', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const [a, b] = [await buildStation(server.db), await buildStation(server.db)];
    const add = await server.call('POST', AUTHORIZE, {
      token: admin,
      body: { userId: user.id, type: 'add', stationIds: [a.id, b.id] },
    });
    expect(add.body.data).toEqual({ changed: 2 });
    expect(await stationIdsOf(token)).toEqual([a.id, b.id]);
    const again = await server.call('POST', AUTHORIZE, {
      token: admin,
      body: { userId: user.id, type: 'add', stationIds: [a.id] },
    });
    expect(again.body.data).toEqual({ changed: 0 });
    const remove = await server.call('POST', AUTHORIZE, {
      token: admin,
      body: { userId: user.id, type: 'remove', stationIds: [a.id] },
    });
    expect(remove.body.data).toEqual({ changed: 1 });
    expect(await stationIdsOf(token)).toEqual([b.id]);
  });

  it('refuses to remove ownership, which can only be transferred', async () => {
    const { user, owned } = await buildUserWithEveryKind();
    await expectRefused(
      'POST',
      AUTHORIZE,
      { userId: user.id, type: 'remove', stationIds: [owned.id] },
      {
        status: 409,
        zh: `该用户是站点“${owned.stationCode}”的所有者，所有权不能移除，只能移交`,
        en: `This user owns site “${owned.stationCode}”; ownership cannot be removed, only transferred`,
      },
    );
  });

  it('refuses to remove access that comes from the role, and removes nothing else in the same call', async () => {
    const { user, byRole, assigned } = await buildUserWithEveryKind();
    await expectRefused(
      'POST',
      AUTHORIZE,
      { userId: user.id, type: 'remove', stationIds: [assigned.id, byRole.id] },
      {
        status: 409,
        zh: `站点“${byRole.stationCode}”的权限来自角色，不能移交或移除；请修改角色的数据权限`,
        en: `Access to site “${byRole.stationCode}” comes from the role and can be neither transferred nor removed; change the role’s data permissions instead`,
      },
    );
  });

  it('refuses to remove a site that was never assigned', async () => {
    const user = await buildUser(server.db);
    const station = await buildStation(server.db);
    await expectRefused(
      'POST',
      AUTHORIZE,
      { userId: user.id, type: 'remove', stationIds: [station.id] },
      {
        status: 409,
        zh: `站点“${station.stationCode}”没有直接分配给该用户`,
        en: `Site “${station.stationCode}” is not assigned to this user directly`,
      },
    );
  });

  it('requires at least one site and a known user', async () => {
    const user = await buildUser(server.db);
    await expectRefused(
      'POST',
      AUTHORIZE,
      { userId: user.id, type: 'add', stationIds: [] },
      {
        status: 400,
        field: 'stationIds',
        zh: '请至少选择一个站点',
        en: 'Please choose at least one site',
      },
    );
    const station = await buildStation(server.db);
    const r = await server.call('POST', AUTHORIZE, {
      token: admin,
      body: { userId: 999_999, type: 'add', stationIds: [station.id] },
    });
    expect(r.status).toBe(404);
  });
});

describe('GET /api/security/sys/user/transfer_authority', () => {
  it('transfers chosen sites; the previous owner loses view and edit rights to them', async () => {
    const owner = await buildUser(server.db);
    const heir = await buildUser(server.db);
    const ownerToken = await server.login(owner.account, owner.password);
    const heirToken = await server.login(heir.account, heir.password);
    const [a, b] = [
      await buildStation(server.db, { ownerId: owner.id }),
      await buildStation(server.db, { ownerId: owner.id }),
    ];

    const r = await server.call(
      'GET',
      `${TRANSFER}?fromUserId=${owner.id}&toUserId=${heir.id}&stationIds=${a.id}`,
      {
        token: admin,
      },
    );
    expect(r.body.data).toEqual({ transferred: 1, stationIds: [a.id] });
    expect(await stationIdsOf(ownerToken)).toEqual([b.id]);
    expect(await stationIdsOf(heirToken)).toEqual([a.id]);
  });

  it('transfers every owned site when none are chosen; role access and assignments stay', async () => {
    const { user, byRole, assigned, owned } = await buildUserWithEveryKind();
    const extra = await buildStation(server.db, { ownerId: user.id });
    const heir = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const r = await server.call('GET', `${TRANSFER}?fromUserId=${user.id}&toUserId=${heir.id}`, {
      token: admin,
    });
    expect(r.body.data).toEqual({ transferred: 2, stationIds: [owned.id, extra.id] });
    expect(await stationIdsOf(token)).toEqual([byRole.id, assigned.id]);
  });

  it('keeps a transferred site visible to the previous owner when they also reach it by assignment', async () => {
    const owner = await buildUser(server.db);
    const heir = await buildUser(server.db);
    const station = await buildStation(server.db, { ownerId: owner.id });
    await assignStations(server.db, owner.id, [station.id]);
    const token = await server.login(owner.account, owner.password);
    await server.call('GET', `${TRANSFER}?fromUserId=${owner.id}&toUserId=${heir.id}`, { token: admin });
    expect(await stationIdsOf(token)).toEqual([station.id]);
  });

  it('refuses to transfer a directly assigned site', async () => {
    const { user, assigned } = await buildUserWithEveryKind();
    const heir = await buildUser(server.db);
    await expectRefused(
      'GET',
      `${TRANSFER}?fromUserId=${user.id}&toUserId=${heir.id}&stationIds=${assigned.id}`,
      undefined,
      {
        status: 409,
        zh: `站点“${assigned.stationCode}”是直接分配给该用户的，只能移除，不能移交`,
        en: `Site “${assigned.stationCode}” is assigned to this user directly; it can be removed but not transferred`,
      },
    );
  });

  it('refuses to transfer role access, and transfers nothing else in the same call', async () => {
    const { user, byRole, owned } = await buildUserWithEveryKind();
    const heir = await buildUser(server.db);
    await expectRefused(
      'GET',
      `${TRANSFER}?fromUserId=${user.id}&toUserId=${heir.id}&stationIds=${owned.id},${byRole.id}`,
      undefined,
      {
        status: 409,
        zh: `站点“${byRole.stationCode}”的权限来自角色，不能移交或移除；请修改角色的数据权限`,
        en: `Access to site “${byRole.stationCode}” comes from the role and can be neither transferred nor removed; change the role’s data permissions instead`,
      },
    );
  });

  it('refuses a site the user has no access to, and a transfer to the same user', async () => {
    const user = await buildUser(server.db);
    const heir = await buildUser(server.db);
    const station = await buildStation(server.db);
    await expectRefused(
      'GET',
      `${TRANSFER}?fromUserId=${user.id}&toUserId=${heir.id}&stationIds=${station.id}`,
      undefined,
      {
        status: 409,
        zh: `该用户不是站点“${station.stationCode}”的所有者，不能移交`,
        en: `This user does not own site “${station.stationCode}”, so it cannot be transferred`,
      },
    );
    await expectRefused('GET', `${TRANSFER}?fromUserId=${user.id}&toUserId=${user.id}`, undefined, {
      status: 400,
      field: 'toUserId',
      zh: '不能移交给原用户本人',
      en: 'Choose a user other than the current owner',
    });
  });

  it('refuses a transfer to a deleted user', async () => {
    const owner = await buildUser(server.db);
    const gone = await buildUser(server.db);
    await buildStation(server.db, { ownerId: owner.id });
    expect(
      (await server.call('GET', `/api/security/sys/user/delete?id=${gone.id}`, { token: admin })).status,
    ).toBe(200);
    await expectRefused('GET', `${TRANSFER}?fromUserId=${owner.id}&toUserId=${gone.id}`, undefined, {
      status: 404,
      zh: '数据不存在或已被删除',
      en: 'The record does not exist or has been deleted',
    });
  });
});
