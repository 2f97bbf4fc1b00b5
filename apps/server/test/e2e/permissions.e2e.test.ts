import { FEATURE_KEYS, type FeatureKey } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRouteAuth } from '../../src/platform/http/route.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

/**
 * Every API route and the permission it needs. A new route fails this test until it is listed here,
 * so no endpoint ships without a decided function permission (data permissions are tested per module).
 */
const PERMISSIONS: Record<string, TRouteAuth> = {
  'POST /api/security/sys/user/login': 'public',
  'POST /api/security/sys/user/logout': 'user',
  'POST /api/security/sys/user/change_password': 'user',
  'GET /api/security/sys/permission/user_permission': 'user',
  'GET /api/security/sys/user/fields': 'system.user',
  'POST /api/security/sys/user/page': 'system.user',
  'POST /api/security/sys/user/list': 'user',
  'POST /api/security/sys/user/save_or_update': 'system.user',
  'GET /api/security/sys/user/delete': 'system.user',
  'POST /api/security/sys/user/reset_password': 'system.user',
  'GET /api/security/sys/user/profile': 'user',
  'POST /api/security/sys/user/update_profile': 'user',
  'GET /api/security/sys/user/transfer_authority': 'system.user',
  'POST /api/security/sys/user/station_user_page': 'system.user',
  'POST /api/security/sys/permission/user_authorize_station': 'system.user',
  'POST /api/security/sys/permission/station_options': 'user',
  'POST /api/security/sys/company/save': 'system.user',
  'POST /api/security/sys/company/update': 'system.user',
  'POST /api/security/sys/company/delete': 'system.user',
  'GET /api/security/sys/company/delete/check': 'system.user',
  'GET /api/security/sys/company/drop_down_search': 'user',
  'POST /api/security/sys/group/list': 'system.user',
  'POST /api/security/sys/group/save': 'system.user',
  'POST /api/security/sys/group/update': 'system.user',
  'POST /api/security/sys/group/delete': 'system.user',
  'GET /api/security/sys/group/delete/check': 'system.user',
  'GET /api/security/sys/group/drop_down_search': 'user',
  'POST /api/security/sys/role/page': 'system.role',
  'GET /api/security/sys/role/detail': 'system.role',
  'POST /api/security/sys/role/save_or_update': 'system.role',
  'GET /api/security/sys/role/delete': 'system.role',
  'GET /api/security/sys/role/delete/check': 'system.role',
  'GET /api/security/sys/role/rights': 'system.role',
  'POST /api/security/sys/role/rights': 'system.role',
  'POST /api/security/sys/role/assigned_users': 'system.role',
  'GET /api/security/sys/role/drop_down_search': 'user',
  'POST /api/security/sys/login_log/page': 'system.loginLog',
  'POST /api/web/sys_info/systemInfoGet': 'public',
  'GET /api/web/sys_info/utcOptionsList': 'public',
  'GET /api/health': 'public',
  'POST /api/web/message/page': 'user',
  'GET /api/web/message/has_not_read': 'user',
  'GET /api/web/message/read': 'user',
  'GET /api/web/message/ignore': 'user',
};

let server: TTestServer;
let noFeatureToken: string;
beforeAll(async () => {
  server = await startTestServer();
  const user = await buildUser(server.db, { features: [] });
  noFeatureToken = await server.login(user.account, user.password);
});
afterAll(async () => {
  await server.stop();
});

const routes = () => server.app.routeCatalogue;

describe('the permission table', () => {
  it('lists every API route with the permission the route declares', () => {
    const declared = Object.fromEntries(routes().map((r) => [`${r.method} ${r.url}`, r.auth]));
    expect(declared).toEqual(PERMISSIONS);
  });

  it('uses only known feature keys', () => {
    for (const auth of Object.values(PERMISSIONS)) {
      if (auth !== 'public' && auth !== 'user') expect(FEATURE_KEYS).toContain(auth);
    }
  });

  it('refuses every non-public route without a token with 401', async () => {
    for (const route of routes().filter((r) => r.auth !== 'public')) {
      const r = await server.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
      });
      expect(r.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses every feature route to a user without that feature with 403 “no access permission”', async () => {
    for (const route of routes().filter((r) => r.auth !== 'public' && r.auth !== 'user')) {
      const r = await server.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
        headers: { token: noFeatureToken, language: 'EN' },
      });
      expect(r.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(r.json().msg).toBe('No access permission');
    }
  });

  it('lets a user holding the feature past the function check', async () => {
    for (const route of routes().filter((r) => r.auth !== 'public' && r.auth !== 'user')) {
      const user = await buildUser(server.db, { features: [route.auth as FeatureKey] });
      const token = await server.login(user.account, user.password);
      const r = await server.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
        headers: { token },
      });
      expect(r.statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
  });
});

/**
 * Station-scoped routes and what each does for a caller who holds the feature but cannot see a site:
 * refuse with 403, or leave the site out of the list. Later issues add their station routes here.
 */
describe('station-scoped routes', () => {
  let callerToken: string;
  let owner: { id: number };
  let other: { id: number };
  let hidden: { id: number; stationCode: string };
  let visible: { id: number; stationCode: string };
  let roleId: number;

  beforeAll(async () => {
    const caller = await buildUser(server.db, { features: ['system.user', 'system.role'] });
    callerToken = await server.login(caller.account, caller.password);
    owner = await buildUser(server.db);
    other = await buildUser(server.db);
    hidden = await buildStation(server.db, { ownerId: owner.id, projectName: '看不见的项目' });
    visible = await buildStation(server.db, { ownerId: owner.id, projectName: '看得见的项目' });
    await grantRoleStations(server.db, caller.roleId, [visible.id]);
    roleId = (await buildUser(server.db)).roleId;
  });

  async function expectForbidden(method: 'GET' | 'POST', url: string, body?: unknown) {
    const r = await server.call(method, url, { token: callerToken, body, language: 'EN' });
    expect(r.status, `${method} ${url}`).toBe(403);
    expect(r.body.msg).toBe('No access permission');
  }

  const STATION_SCOPED: Record<string, () => Promise<void>> = {
    'POST /api/security/sys/permission/user_authorize_station': () =>
      expectForbidden('POST', '/api/security/sys/permission/user_authorize_station', {
        userId: other.id,
        type: 'add',
        stationIds: [visible.id, hidden.id],
      }),
    'GET /api/security/sys/user/transfer_authority': () =>
      expectForbidden(
        'GET',
        `/api/security/sys/user/transfer_authority?fromUserId=${owner.id}&toUserId=${other.id}&stationIds=${hidden.id}`,
      ),
    'POST /api/security/sys/role/rights': () =>
      expectForbidden('POST', '/api/security/sys/role/rights', {
        roleId,
        features: [],
        dataScope: 'list',
        stationIds: [hidden.id],
      }),
    'POST /api/security/sys/user/station_user_page': async () => {
      const r = await server.call('POST', '/api/security/sys/user/station_user_page', {
        token: callerToken,
        body: { userId: owner.id },
      });
      expect(r.status).toBe(200);
      expect(r.body.data.records.map((s: { stationId: number }) => s.stationId)).toEqual([visible.id]);
      expect(r.body.data.total).toBe(1);
    },
    'POST /api/security/sys/permission/station_options': async () => {
      const r = await server.call('POST', '/api/security/sys/permission/station_options', {
        token: callerToken,
        body: { keywords: '的项目' },
      });
      expect(r.status).toBe(200);
      expect(r.body.data.map((s: { id: number }) => s.id)).toEqual([visible.id]);
    },
  };

  it('lists only routes of the permission table', () => {
    for (const route of Object.keys(STATION_SCOPED)) expect(Object.keys(PERMISSIONS)).toContain(route);
  });

  it.each(
    Object.keys(STATION_SCOPED),
  )('%s refuses or leaves out a site the caller cannot see', async (route) => {
    await STATION_SCOPED[route]!();
  });

  it('changed nothing while refusing', async () => {
    const assigned = await server.db
      .selectFrom('user_station')
      .selectAll()
      .where('user_id', '=', other.id)
      .execute();
    expect(assigned).toEqual([]);
    const station = await server.db
      .selectFrom('station')
      .select('owner_id')
      .where('id', '=', hidden.id)
      .executeTakeFirstOrThrow();
    expect(station.owner_id).toBe(owner.id);
    const roleStations = await server.db
      .selectFrom('role_station')
      .selectAll()
      .where('role_id', '=', roleId)
      .execute();
    expect(roleStations).toEqual([]);
  });
});
