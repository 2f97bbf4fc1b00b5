import { text } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/platform/config.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createServer, type TServer } from '../../src/server.ts';
import { startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

let server: TTestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address() as { port: number };
  baseUrl = `ws://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.stop();
});

function open(
  url: string,
): Promise<{ socket: WebSocket; frames: unknown[]; closed: Promise<{ code: number }> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const frames: unknown[] = [];
    const closed = new Promise<{ code: number }>((r) => socket.on('close', (code) => r({ code })));
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    socket.on('open', () => resolve({ socket, frames, closed }));
    socket.on('error', reject);
  });
}

async function waitFor<T>(check: () => T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function loginAdmin(): Promise<{ token: string; userId: number }> {
  const r = await server.call('POST', '/api/security/sys/user/login', {
    body: { account: 'admin', password: TEST_ADMIN_PASSWORD },
  });
  return { token: r.body.data.token, userId: r.body.data.userId };
}

describe('websocket /api/web/websocket/{userId}-{suffix}/{lang}', () => {
  it('pushes a stored message to the connected user and counts it unread', async () => {
    const { token, userId } = await loginAdmin();
    const { socket, frames } = await open(`${baseUrl}/api/web/websocket/${userId}-tab1/zh?token=${token}`);
    await waitFor(() => (server.realtime.countConnections(userId) > 0 ? true : undefined));
    const sent = await server.services.messages.send(userId, {
      stationIds: [],
      type: 'repair',
      message: text('message.repairRequested', { code: '150001' }),
      description: text('message.repairReason', { user: '张工', reason: '风速计损坏' }),
    });
    const frame = await waitFor(() => frames.find((f) => (f as { id?: number }).id === sent.id));
    expect(frame).toMatchObject({
      type: 'repair',
      message: '站点 150001 已申请维修',
      description: '张工：风速计损坏',
      isRead: false,
    });
    const unread = await server.call('GET', '/api/web/message/has_not_read', { token });
    expect(unread.body.data.count).toBe(1);
    socket.close();
  });

  it('pushes one stored message to each socket in that socket’s language, and lists it in the caller’s', async () => {
    const { token, userId } = await loginAdmin();
    const zh = await open(`${baseUrl}/api/web/websocket/${userId}-lang-zh/zh?token=${token}`);
    const en = await open(`${baseUrl}/api/web/websocket/${userId}-lang-en/en?token=${token}`);
    await waitFor(() => (server.realtime.countConnections(userId) >= 2 ? true : undefined));
    const sent = await server.services.messages.send(userId, {
      stationIds: [],
      type: 'report',
      message: text('message.reportFailed', { name: 'Weekly A', period: '2026-10-05 ~ 2026-10-11' }),
      description: text('part.localized', { value: { zh: '没有数据', en: 'no data' } }),
      messageType: 'error',
    });
    const byId = (f: unknown) => (f as { id?: number }).id === sent.id;
    const chinese = (await waitFor(() => zh.frames.find(byId))) as Record<string, string>;
    const english = (await waitFor(() => en.frames.find(byId))) as Record<string, string>;
    expect(chinese).toMatchObject({
      message: '报告“Weekly A”（2026-10-05 ~ 2026-10-11）生成失败',
      description: '没有数据',
      messageType: 'error',
    });
    expect(english).toMatchObject({
      message: 'Report “Weekly A” (2026-10-05 ~ 2026-10-11) failed',
      description: 'no data',
      messageType: 'error',
    });
    for (const language of ['EN', 'ZH'] as const) {
      const page = await server.call('POST', '/api/web/message/page', {
        token,
        language,
        body: { pageNo: 1, pageSize: 20 },
      });
      const listed = page.body.data.records.find((r: { id: number }) => r.id === sent.id);
      expect(listed.message).toBe(language === 'EN' ? english.message : chinese.message);
    }
    expect(`${english.message} ${english.description}`).not.toMatch(
      /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/,
    );
    zh.socket.close();
    en.socket.close();
  });

  it('answers a heartbeat with a pong', async () => {
    const { token, userId } = await loginAdmin();
    const { socket, frames } = await open(`${baseUrl}/api/web/websocket/${userId}-hb/en?token=${token}`);
    socket.send(JSON.stringify({ heartbeat: true, userId, toUserId: 0, message: 'ping' }));
    const pong = await waitFor(() => frames.find((f) => (f as { heartbeat?: boolean }).heartbeat));
    expect(pong).toEqual({ heartbeat: true, userId: 0, toUserId: userId, message: 'pong' });
    socket.close();
  });

  it('closes the socket with 4401 for a missing or unknown token', async () => {
    const { userId } = await loginAdmin();
    const { closed } = await open(`${baseUrl}/api/web/websocket/${userId}-x/zh?token=nope`);
    expect((await closed).code).toBe(4401);
  });

  it('closes the socket with 4403 when the path names another user', async () => {
    const { token, userId } = await loginAdmin();
    const { closed } = await open(`${baseUrl}/api/web/websocket/${userId + 999}-x/zh?token=${token}`);
    expect((await closed).code).toBe(4403);
  });

  it('closes the channel at the next heartbeat once the token is revoked', async () => {
    const { token, userId } = await loginAdmin();
    const { socket, closed } = await open(`${baseUrl}/api/web/websocket/${userId}-rev/zh?token=${token}`);
    await server.call('POST', '/api/security/sys/user/logout', { token });
    socket.send(JSON.stringify({ heartbeat: true, userId, toUserId: 0, message: 'ping' }));
    expect((await closed).code).toBe(4401);
  });

  it('marks messages read and ignores them', async () => {
    const { token, userId } = await loginAdmin();
    const a = await server.services.messages.send(userId, {
      stationIds: [],
      type: 'alarm',
      message: text('message.alarmDataMissing', { code: 'A' }),
    });
    const b = await server.services.messages.send(userId, {
      stationIds: [],
      type: 'alarm',
      message: text('message.alarmDataMissing', { code: 'B' }),
    });
    const page = await server.call('POST', '/api/web/message/page', {
      token,
      body: { pageNo: 1, pageSize: 2 },
    });
    expect(page.body.data.records.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    await server.call('GET', `/api/web/message/read?ids=${a.id},${b.id}`, { token });
    await server.call('GET', `/api/web/message/ignore?id=${a.id}`, { token });
    const after = await server.call('POST', '/api/web/message/page', {
      token,
      body: { pageNo: 1, pageSize: 20 },
    });
    expect(after.body.data.records.find((r: { id: number }) => r.id === a.id)).toBeUndefined();
    expect((await server.call('GET', `/api/web/message/ignore?id=${a.id + 1000}`, { token })).status).toBe(
      404,
    );
  });
});

describe('scale-out (DESIGN §8)', () => {
  it('delivers a message stored by one API process to a user connected to another', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: server.databaseUrl,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '/nonexistent',
    });
    const second: TServer = await createServer(config, createLogger(config));
    try {
      const { token, userId } = await loginAdmin();
      const { socket, frames } = await open(`${baseUrl}/api/web/websocket/${userId}-fan/zh?token=${token}`);
      await waitFor(() => (server.realtime.countConnections(userId) > 0 ? true : undefined));
      const sent = await second.services.messages.send(userId, {
        stationIds: [],
        type: 'task',
        message: text('message.taskSucceeded', { kind: text('taskKind.qc'), taskId: 7 }),
      });
      const frame = await waitFor(() => frames.find((f) => (f as { id?: number }).id === sent.id));
      expect(frame).toMatchObject({ message: '质量控制已完成（任务 #7）' });
      socket.close();
    } finally {
      await second.close();
    }
  });
});
