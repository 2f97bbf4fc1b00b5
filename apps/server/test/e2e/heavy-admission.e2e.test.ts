import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';
import { seedOriginal } from '../wind-fixtures.ts';

/**
 * Heavy work is admitted through bounded lines with a per-user limit (issue 26): four concurrent exports
 * by one user (once a crash) and twice the database pool's size of mixed heavy calls by several users
 * leave the process up, light calls keep answering, and every heavy call either succeeds or is refused
 * with the localised 429 (too many of yours) or 503 (server busy) and a Retry-After.
 */
let server: TTestServer;
let versionId: number;
let stationId: number;
const POOL_SIZE = 10;
const START = Date.parse('2024-01-01T00:00:00Z');
/** A year of 10-minute data. */
const ROWS = 6 * 24 * 366;

async function loginUser(stationId: number): Promise<string> {
  const user = await buildUser(server.db, { features: ['station.downloadRaw', 'data.process'] });
  await grantRoleStations(server.db, user.roleId, [stationId]);
  return server.login(user.account, user.password);
}

beforeAll(async () => {
  server = await startTestServer({
    COMPUTE_THREADS: '1',
    JOBS_ENABLED: 'false',
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    HEAVY_PER_USER: '2',
    // One computation may wait while two run (one thread): a burst finds the line full.
    HEAVY_QUEUE: '1',
  });
  const station = await buildStation(server.db);
  const speeds = Float64Array.from({ length: ROWS }, (_, i) => 6 + 3 * Math.sin(i / 37));
  const seeded = await seedOriginal(server, station.id, START, [
    { dataKey: 'ws80', element: 'ws', heightM: 80, values: speeds },
    { dataKey: 'ws60', element: 'ws', heightM: 60, values: speeds.map((v) => v * 0.93) },
    { dataKey: 'wd78', element: 'wd', heightM: 78, unit: '°', values: speeds.map((_, i) => (i * 13) % 360) },
  ]);
  versionId = seeded.versionId;
  stationId = station.id;
});

afterAll(async () => {
  await server?.stop();
});

type TOutcome = { status: number; errorCode?: string; msg?: string; retryAfter?: string; bytes: number };

/** A heavy call over HTTP: its status, and for a refusal its error code, message and Retry-After. */
async function heavy(
  token: string,
  url: string,
  body: object,
  language: 'ZH' | 'EN' = 'EN',
): Promise<TOutcome> {
  const r = await server.app.inject({ method: 'POST', url, headers: { token, language }, payload: body });
  if (r.statusCode === 200) return { status: 200, bytes: r.rawPayload.length };
  const envelope = r.json() as { msg: string; data: { errorCode: string } };
  return {
    status: r.statusCode,
    errorCode: envelope.data.errorCode,
    msg: envelope.msg,
    retryAfter: r.headers['retry-after'] as string | undefined,
    bytes: r.rawPayload.length,
  };
}

/** Light calls, one after the other, until `done` settles; every answer's status. */
async function lightCallsDuring(token: string, done: Promise<unknown>): Promise<number[]> {
  let isDone = false;
  void done.finally(() => {
    isDone = true;
  });
  const statuses: number[] = [];
  while (!isDone) {
    statuses.push((await server.call('GET', '/api/health')).status);
    statuses.push(
      (await server.call('POST', '/api/web/station/page', { token, body: { pageNo: 1, pageSize: 20 } }))
        .status,
    );
    await new Promise((r) => setTimeout(r, 20));
  }
  return statuses;
}

describe('admission of heavy work', () => {
  it('answers four concurrent exports by one user: two written in full, two refused with the localised 429', async () => {
    const token = await loginUser(stationId);
    const light = await loginUser(stationId);
    const exports = Promise.all(
      [1, 1, 4, 1].map((format, k) =>
        heavy(token, '/api/web/version/export', { versionId, format }, k % 2 === 0 ? 'ZH' : 'EN'),
      ),
    );
    const lightStatuses = await lightCallsDuring(light, exports);
    const outcomes = await exports;
    const written = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(written).toHaveLength(2);
    for (const o of written) expect(o.bytes).toBeGreaterThan(ROWS * 20);
    expect(refused).toHaveLength(2);
    for (const o of refused) {
      expect(o).toMatchObject({ status: 429, errorCode: 'HEAVY_LIMIT_PER_USER', retryAfter: '5' });
      expect([
        '您已有 2 个统计、导出或计算请求正在进行，请等其中一个完成后再试',
        'You already have 2 statistics, export or calculation requests in progress; please wait for one to finish and try again',
      ]).toContain(o.msg);
    }
    expect(lightStatuses.length).toBeGreaterThan(0);
    expect(lightStatuses.every((s) => s === 200)).toBe(true);
    // Every place is given back once the downloads are done: the same user exports again.
    expect(server.services.admission.load).toEqual({
      compute: { running: 0, waiting: 0 },
      export: { running: 0, waiting: 0 },
    });
    expect((await heavy(token, '/api/web/version/export', { versionId, format: 5 })).status).toBe(200);
  });

  it('answers twice the pool size of mixed heavy calls by several users with 200, 429 or 503, and light calls keep answering', async () => {
    const users = await Promise.all(Array.from({ length: POOL_SIZE / 2 }, () => loginUser(stationId)));
    const light = await loginUser(stationId);
    // Each user fires four at once (cold statistics of their own range, its workbook, exports).
    const calls = users.flatMap((token, u) => [
      () =>
        heavy(token, '/api/data-process/statistics/analysis', {
          versionId,
          startTime: `2024-0${u + 1}-02T00:00:00Z`,
        }),
      () =>
        heavy(token, '/api/data-process/statistics/export', {
          versionId,
          startTime: `2024-0${u + 1}-02T00:00:00Z`,
        }),
      () => heavy(token, '/api/web/version/export', { versionId, format: 1 + (u % 4) }),
      () =>
        heavy(token, '/api/data-process/statistics/analysis', {
          versionId,
          startTime: '2024-03-01T00:00:00Z',
        }),
    ]);
    expect(calls.length).toBe(2 * POOL_SIZE);
    const all = Promise.all(calls.map((call) => call()));
    const lightStatuses = await lightCallsDuring(light, all);
    const outcomes = await all;
    for (const o of outcomes) {
      if (o.status === 200) continue;
      if (o.status === 429) expect(o).toMatchObject({ errorCode: 'HEAVY_LIMIT_PER_USER', retryAfter: '5' });
      else {
        expect(o).toMatchObject({ status: 503, errorCode: 'SERVER_BUSY', retryAfter: '10' });
        expect(o.msg).toBe('The server is busy; please try again in 10 seconds');
      }
    }
    const count = (status: number) => outcomes.filter((o) => o.status === status).length;
    // At most two of a user's four are in at once; computations beyond two running and one waiting find
    // the line full.
    expect(count(429)).toBeGreaterThan(0);
    expect(count(200)).toBeGreaterThan(0);
    expect(count(503)).toBeGreaterThan(0);
    expect(lightStatuses.length).toBeGreaterThan(0);
    expect(lightStatuses.every((s) => s === 200)).toBe(true);
    expect(server.services.admission.load).toEqual({
      compute: { running: 0, waiting: 0 },
      export: { running: 0, waiting: 0 },
    });
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  });
});
