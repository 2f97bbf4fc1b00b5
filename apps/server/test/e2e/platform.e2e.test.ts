import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

let server: TTestServer;
const dist = mkdtempSync(path.join(os.tmpdir(), 'masthub-dist-'));
/** A built script with the `.br` and `.gz` the web build writes beside it (apps/web/vite.config.ts). */
const SCRIPT = `export const words = ${JSON.stringify('wind '.repeat(2000))};`;
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT, { level: 9 });
beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-Ab12.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-Ab12.js.br'), SCRIPT_BR);
  writeFileSync(path.join(dist, 'assets', 'app-Ab12.js.gz'), SCRIPT_GZ);
  server = await startTestServer({ WEB_DIST_DIR: dist, MAIN_COLOR: 'rgb(1,2,3)', HAS_POINT_QUERY: 'true' });
});
afterAll(async () => {
  await server.stop();
});

describe('server configuration and reference calls', () => {
  it('POST /api/web/sys_info/systemInfoGet returns the configured colour, point query and help link', async () => {
    const r = await server.call('POST', '/api/web/sys_info/systemInfoGet');
    expect(r.body.data).toMatchObject({
      mainColor: 'rgb(1,2,3)',
      hasPointQuery: true,
      helpDocument: '/api/docs',
    });
  });

  it('GET /api/web/sys_info/utcOptionsList lists UTC−12:00 … UTC+14:00 in 30-minute steps', async () => {
    const r = await server.call('GET', '/api/web/sys_info/utcOptionsList');
    const options = r.body.data as { code: string; offsetMinutes: number }[];
    expect(options).toHaveLength(53);
    expect(options[0]).toMatchObject({ code: '-12:00', offsetMinutes: -720 });
    expect(options.at(-1)).toMatchObject({ code: '+14:00', offsetMinutes: 840 });
    expect(options.find((o) => o.code === '+05:30')).toBeTruthy();
  });
});

describe('OpenAPI at /api/docs', () => {
  it('lists every API route in the JSON document', async () => {
    const r = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json() as { paths: Record<string, Record<string, unknown>> };
    for (const route of server.app.routeCatalogue) {
      // OpenAPI writes path parameters as {id} where Fastify has :id.
      const url = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[url], url).toBeDefined();
      expect(doc.paths[url]![route.method.toLowerCase()], `${route.method} ${url}`).toBeDefined();
    }
  });

  it('serves the interactive documentation page', async () => {
    const r = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(r.statusCode);
  });
});

describe('the web app', () => {
  it.each([
    '/',
    '/index',
    '/StationDetail/StationInfo',
    '/systemManage/UserManage/UserList',
  ])('answers client route %s with index.html', async (url) => {
    const r = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<div id="root">');
  });
});

describe("the web app's built files", () => {
  const get = (acceptEncoding: string) =>
    server.app.inject({
      method: 'GET',
      url: '/assets/app-Ab12.js',
      headers: { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli file written at build time to a browser that takes br, cached for a year', async () => {
    const r = await get('gzip, deflate, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toContain('javascript');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(r.headers.vary)).toContain('accept-encoding');
    // The very bytes of the file, not a compression made for the request.
    expect(r.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a client that takes gzip only, and the plain file to one that takes neither', async () => {
    const gzipped = await get('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(SCRIPT_GZ)).toBe(true);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});

describe('security headers', () => {
  it.each([
    '/index',
    '/api/health',
  ])('%s forbids framing, sniffing, referrers and foreign scripts', async (url) => {
    const r = await server.app.inject({ method: 'GET', url });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
  });

  it('lets the map load tiles from the configured tile server only', async () => {
    const tiled = await startTestServer({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
    try {
      const r = await tiled.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.org");
      expect(csp).toContain("connect-src 'self' ws: wss: https://*.tiles.example.org");
    } finally {
      await tiled.stop();
    }
  });
});

describe('a deeply nested body (issue 26)', () => {
  it.each([
    ['ZH', '请求内容嵌套层级过深（最多 64 层）'],
    ['EN', 'The request is nested too deeply (at most 64 levels)'],
  ])('answers 5 000 nested [ with a localised 400 in %s and the server keeps answering', async (language, msg) => {
    const depth = 5000;
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/security/sys/user/login',
      payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      headers: { 'content-type': 'application/json', language },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 400, msg, data: { errorCode: 'BODY_TOO_DEEP' } });
    // Inside an object, on a call behind a login, as deep as the body limit allows.
    const token = (
      await server.call('POST', '/api/security/sys/user/login', {
        body: { account: 'admin', password: TEST_ADMIN_PASSWORD },
      })
    ).body.data.token as string;
    const huge = 1_000_000;
    const page = await server.app.inject({
      method: 'POST',
      url: '/api/web/station/page',
      payload: `{"pageNo":1,"pageSize":20,"keywords":${'['.repeat(huge)}${']'.repeat(huge)}}`,
      headers: { 'content-type': 'application/json', language, token },
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().data.errorCode).toBe('BODY_TOO_DEEP');
    const health = await server.call('GET', '/api/health');
    expect(health.status).toBe(200);
  });
});
