import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { exportStreamFromPool, type TExportJob } from '../../src/modules/wind-data/data/export-run.ts';
import { startTcpProxy, type TTcpProxy } from '../tcp-proxy.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';
import { seedOriginal } from '../wind-fixtures.ts';

/**
 * A worker thread that fails under its request (issue 26): four concurrent exports of a long site once
 * crashed the API because the export thread's database connection timed out before `ready` and the
 * failure became an uncaught exception. Reproduced without load: the server reaches PostgreSQL through a
 * real TCP proxy that stops answering new connections, so the threads (which open their own) time out
 * while the event loop's open connections keep working.
 */
let server: TTestServer;
let proxy: TTcpProxy;
let token: string;
let versionId: number;
const START = Date.parse('2025-01-01T00:00:00Z');
const ROWS = 6 * 24 * 30;

beforeAll(async () => {
  server = await startTestServer(
    { COMPUTE_THREADS: '1', JOBS_ENABLED: 'false' },
    {
      routeDatabase: async (url) => {
        const target = new URL(url);
        proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
        target.hostname = '127.0.0.1';
        target.port = String(proxy.port);
        return target.toString();
      },
    },
  );
  const station = await buildStation(server.db);
  const user = await buildUser(server.db, { features: ['station.downloadRaw', 'data.process'] });
  await grantRoleStations(server.db, user.roleId, [station.id]);
  token = await server.login(user.account, user.password);
  const speeds = Float64Array.from({ length: ROWS }, (_, i) => 6 + 3 * Math.sin(i / 37));
  const seeded = await seedOriginal(server, station.id, START, [
    { dataKey: 'ws80', element: 'ws', heightM: 80, values: speeds },
    { dataKey: 'wd78', element: 'wd', heightM: 78, unit: '°', values: speeds.map((_, i) => (i * 13) % 360) },
  ]);
  versionId = seeded.versionId;
});

afterAll(async () => {
  proxy?.thaw();
  await server?.stop();
  await proxy?.close();
});

describe('a worker thread that fails under its request', () => {
  it('answers an export whose thread cannot reach the database with the localised 503, and the process stays up', async () => {
    // Open connections of the event loop's pool keep answering; only new sessions (the threads') hang.
    await Promise.all([1, 2, 3].map(() => server.call('GET', '/api/health')));
    proxy.holdNew();
    try {
      const exportIn = (language: 'ZH' | 'EN') =>
        server.call('POST', '/api/web/version/export', { token, language, body: { versionId, format: 1 } });
      const [zh, en] = await Promise.all([exportIn('ZH'), exportIn('EN')]);
      expect(zh.status).toBe(503);
      expect(zh.body).toMatchObject({
        msg: '数据库暂时不可用，请稍后重试',
        data: { errorCode: 'DATABASE_UNAVAILABLE' },
      });
      expect(en.body.msg).toBe('The database is unavailable at the moment; please try again shortly');
      // The statistics thread meets the same database the same way.
      const stats = await server.call('POST', '/api/data-process/statistics/analysis', {
        token,
        language: 'EN',
        body: { versionId },
      });
      expect(stats.status).toBe(503);
      expect(stats.body.data.errorCode).toBe('DATABASE_UNAVAILABLE');
    } finally {
      proxy.thaw();
    }
    // Still the same process, answering, and the export works once the database takes sessions again.
    expect((await server.call('GET', '/api/health')).status).toBe(200);
    const page = await server.call('POST', '/api/web/station/page', {
      token,
      body: { pageNo: 1, pageSize: 20 },
    });
    expect(page.status).toBe(200);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/web/version/export',
      headers: { token },
      payload: { versionId, format: 1 },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body.split('\n').length).toBeGreaterThan(ROWS);
  });

  it('cuts off a download whose thread dies after its first bytes, and keeps answering', async () => {
    const channels = await new TimeSeriesRepository(server.db).listChannels(versionId);
    const job: TExportJob = {
      format: 1,
      channels,
      fromMs: START,
      toMs: START + ROWS * 600_000,
      utcOffsetMinutes: 480,
      versionId,
      includeSuspicious: true,
      names: channels.map((c) => [c.id, c.name]),
      station: { code: '610001', latitude: 38.5, longitude: 106.2, altitudeM: 1200 },
      versionName: '原始数据',
      createdAt: '2026-11-26 10:00',
      messageChars: 2_000,
    };
    const access = {
      pool: server.services.compute,
      databaseUrl: server.databaseUrl,
      streams: server.services.computeStreams,
    };
    const stream = await exportStreamFromPool(access, job);
    await new Promise((resolve) => stream.once('readable', resolve));
    // The export's thread dies (its pool runs one thread): the download fails, nothing is thrown uncaught.
    await expect(server.services.computeStreams.run({ kind: 'crash' })).rejects.toThrow();
    await expect(buffer(stream)).rejects.toThrow();
    expect((await server.call('GET', '/api/health')).status).toBe(200);
    const again = await exportStreamFromPool(access, job);
    expect((await buffer(again)).toString('utf8').split('\n').length).toBeGreaterThan(ROWS);
  });
});
