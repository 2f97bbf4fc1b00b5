import { text } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/platform/config.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createServer, type TServer } from '../../src/server.ts';
import { createTestDatabase } from '../db.ts';
import { startTcpProxy, type TTcpProxy } from '../tcp-proxy.ts';
import { TEST_ADMIN_PASSWORD } from '../test-server.ts';

/**
 * The database goes away under a running server and comes back (issue 12): calls answer 503 with a
 * localised message instead of 500, /api/health says 503, nothing crashes, and once the database is back
 * the realtime LISTEN connection is re-established by itself so pushes reach open sockets again.
 */
let database: { url: string; drop: () => Promise<void> };
let proxy: TTcpProxy;
let server: TServer;
let baseUrl: string;

async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: proxied.toString(),
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  server = await createServer(config, createLogger(config));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await proxy.start().catch(() => undefined);
  await server?.close();
  await proxy?.close();
  await database?.drop();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, language: 'ZH' | 'EN' = 'EN') =>
  server.app.inject({
    method,
    url,
    headers: { language, ...(token ? { token } : {}) },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

describe('a database outage under a running server', () => {
  it('answers 503 “database unavailable” while the database is gone and recovers when it is back', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/security/sys/user/login',
      payload: { account: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    const { token, userId } = login.json().data as { token: string; userId: number };
    const socket = new WebSocket(`ws://${baseUrl}/api/web/websocket/${userId}-outage/en?token=${token}`);
    const frames: { id?: number; message?: string }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await until(() => (server.realtime.countConnections(userId) > 0 ? true : undefined));

    await proxy.stop();

    const health = await call('GET', '/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json().msg).toBe('The database is unavailable at the moment; please try again shortly');
    const page = await call('POST', '/api/web/station/page', token, 'ZH');
    expect(page.statusCode).toBe(503);
    expect(page.json().msg).toBe('数据库暂时不可用，请稍后重试');
    await until(() => (server.realtime.isListening ? undefined : true));

    await proxy.start();

    await until(async () => ((await call('GET', '/api/health')).statusCode === 200 ? true : undefined));
    await until(() => (server.realtime.isListening ? true : undefined));
    expect((await call('POST', '/api/web/station/page', token)).statusCode).toBe(200);
    const sent = await server.services.messages.send(userId, {
      stationIds: [],
      type: 'alarm',
      message: text('message.alarmDataMissing', { code: '150001' }),
    });
    const pushed = await until(() => frames.find((f) => f.id === sent.id));
    expect(pushed.message).toBe('Site 150001: data missing');
    socket.close();
  });

  it('answers /api/health with 503 within 2 s while the database is frozen, and 200 once it thaws', async () => {
    expect((await call('GET', '/api/health')).statusCode).toBe(200);
    // Every connection stays open and nothing comes back: a stopped postmaster, a paused machine.
    proxy.freeze();
    try {
      for (let k = 0; k < 2; k++) {
        const startedAt = Date.now();
        const health = await call('GET', '/api/health', undefined, 'ZH');
        expect(Date.now() - startedAt).toBeLessThan(2000);
        expect(health.statusCode).toBe(503);
        expect(health.json().msg).toBe('数据库暂时不可用，请稍后重试');
      }
    } finally {
      proxy.thaw();
    }
    await until(async () => ((await call('GET', '/api/health')).statusCode === 200 ? true : undefined));
  });
});
