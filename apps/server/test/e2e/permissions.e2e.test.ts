import { FEATURE_KEYS, type FeatureKey } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRouteAuth } from '../../src/platform/http/route.ts';
import { buildUser, startTestServer, type TTestServer } from '../test-server.ts';

/**
 * Every API route and the permission it needs. A new route fails this test until it is listed here,
 * so no endpoint ships without a decided function permission (data permissions are tested per module).
 */
const PERMISSIONS: Record<string, TRouteAuth> = {
  'POST /api/security/sys/user/login': 'public',
  'POST /api/security/sys/user/logout': 'user',
  'POST /api/security/sys/user/change_password': 'user',
  'GET /api/security/sys/permission/user_permission': 'user',
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
