import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionsReplayed } from '../../src/modules/timeseries/index.ts';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { ReplicaReads } from '../../src/platform/db/replica-reads.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createServer, type TServer } from '../../src/server.ts';
import { postgresBinaries, startReplicaCluster, type TReplicaCluster } from '../replica-cluster.ts';
import { startTcpProxy, type TTcpProxy } from '../tcp-proxy.ts';
import { buildStation, buildUser, grantRoleStations, type TTestServer } from '../test-server.ts';
import { seedOriginal } from '../wind-fixtures.ts';

// Issue 43 §5: the compute threads read chunks from a streaming replica (DATABASE_REPLICA_URL) when it has
// replayed the version, else from the primary — on a real primary and a real hot standby of it.
const bin = postgresBinaries();
if (!bin) {
  console.warn(
    'replica-reads: no PostgreSQL server binaries with pg_basebackup (Debian package postgresql): skipped',
  );
}

const START = Date.UTC(2025, 0, 1);
const SLOTS = 144 * 40;
/** How long a thread leaves a replica that failed, here (5 s in production). */
const RETRY_MS = 300;

let cluster: TReplicaCluster;
/** The server reaches the standby through it (to freeze the standby). */
let proxy: TTcpProxy;
let server: TServer;
let replicaDb: Database;
let token: string;
let stationId: number;
let versionId: number;

const speeds = (scale: number) => Array.from({ length: SLOTS }, (_, i) => scale * (6 + 3 * Math.sin(i / 37)));

async function analysis(body: Record<string, unknown>) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/data-process/statistics/analysis',
    headers: { token },
    payload: { versionId, ...body },
  });
  const envelope = response.json() as {
    msg: string;
    data: { basis?: { channels: { name: string; present: number }[] } };
  };
  expect(response.statusCode, envelope.msg).toBe(200);
  return envelope.data;
}

/** A version's time-series CSV (export format 1), streamed from an export thread. */
async function csvExport(): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/web/version/export',
    headers: { token, 'utc-code': 'UTC+00:00' },
    payload: { versionId, format: 1 },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** Runs `call` and answers how many chunk reads it made on each server. */
async function readsOf(call: () => Promise<unknown>): Promise<{ primary: number; standby: number }> {
  const before = cluster.chunkReads();
  await call();
  const after = cluster.chunkReads();
  return { primary: after.primary - before.primary, standby: after.standby - before.standby };
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out: ${what}`);
}

describe.skipIf(!bin)('compute reads on a streaming replica', () => {
  beforeAll(async () => {
    cluster = await startReplicaCluster(bin!);
    proxy = await startTcpProxy('127.0.0.1', Number(new URL(cluster.standbyUrl).port));
    const replicaUrl = new URL(cluster.standbyUrl);
    replicaUrl.port = String(proxy.port);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_REPLICA_URL: replicaUrl.toString(),
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'Admin#2026pw',
      SEED_DEMO_DATA: 'false',
      JOBS_ENABLED: 'false',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      COMPUTE_THREADS: '1',
      // Every analysis reads its chunks (no decoded columns kept between them): the reads are what is counted.
      COLUMN_CACHE_MB: '0',
    });
    server = await createServer(config, createLogger(config), { replicaRetryMs: RETRY_MS });
    replicaDb = createDatabase(cluster.standbyUrl, 2).db;
    const station = await buildStation(server.db);
    stationId = station.id;
    const user = await buildUser(server.db, { features: ['data.process', 'station.downloadRaw'] });
    await grantRoleStations(server.db, user.roleId, [station.id]);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/security/sys/user/login',
      payload: { account: user.account, password: user.password },
    });
    token = (login.json() as { data: { token: string } }).data.token;
    const seeded = await seedOriginal({ db: server.db } as TTestServer, station.id, START, [
      { dataKey: 'WS_80', element: 'ws', heightM: 80, values: speeds(1) },
      { dataKey: 'WD_78', element: 'wd', heightM: 78, values: speeds(1).map((_, i) => (i * 13) % 360) },
    ]);
    versionId = seeded.versionId;
    await server.warmUp();
  }, 120_000);

  afterAll(async () => {
    await replicaDb?.destroy();
    await server?.close();
    await proxy?.close();
    await cluster?.stop();
  });

  it('reads a version the standby has replayed from the standby, none of it from the primary', async () => {
    await cluster.waitForReplay();
    const reads = await readsOf(() => analysis({ sectors: 16 }));
    expect(reads.standby).toBeGreaterThan(0);
    expect(reads.primary).toBe(0);
    // An export chooses once, before its first byte, in its own thread.
    let csv = '';
    const exported = await readsOf(async () => {
      csv = await csvExport();
    });
    expect(exported.standby).toBeGreaterThan(0);
    expect(exported.primary).toBe(0);
    expect(csv.trim().split('\n').length).toBeGreaterThan(SLOTS);
  });

  it('reads a version whose revision is newer than the standby’s from the primary, and the standby again once it has replayed it', async () => {
    await cluster.pauseReplay();
    // A new channel: the version's data revision moves on the primary only.
    await seedOriginal({ db: server.db } as TTestServer, stationId, START, [
      { dataKey: 'WS_60', element: 'ws', heightM: 60, values: speeds(0.93) },
    ]);
    const primaryRevision = await new TimeSeriesRepository(server.db).dataRevision(versionId);
    expect(await new TimeSeriesRepository(replicaDb).dataRevision(versionId)).toBeLessThan(primaryRevision);
    let answer: Awaited<ReturnType<typeof analysis>> | undefined;
    const lagging = await readsOf(async () => {
      answer = await analysis({ sectors: 16 });
    });
    expect(lagging).toMatchObject({ standby: 0 });
    expect(lagging.primary).toBeGreaterThan(0);
    // The answer stands on the new channel's data, which the standby does not have yet.
    expect(answer?.basis?.channels.find((c) => c.name === 'WS_60')?.present).toBe(SLOTS);
    let csv = '';
    const exported = await readsOf(async () => {
      csv = await csvExport();
    });
    expect(exported).toMatchObject({ standby: 0 });
    expect(exported.primary).toBeGreaterThan(0);
    expect(csv.split('\n', 1)[0]).toContain('WS_60');

    await cluster.resumeReplay();
    await cluster.waitForReplay();
    const caughtUp = await readsOf(() => analysis({ sectors: 12 }));
    expect(caughtUp.standby).toBeGreaterThan(0);
    expect(caughtUp.primary).toBe(0);
  });

  it('reads the primary within seconds when the standby freezes, and the standby again once it thaws', async () => {
    proxy.freeze();
    // The stamp read gives up after 2 s (REPLICA_CHECK_TIMEOUT_MS): without that this call would wait for
    // the standby past the test's timeout.
    const frozen = await readsOf(() => analysis({ sectors: 12, weibullMethod: 'moment' }));
    expect(frozen).toMatchObject({ standby: 0 });
    expect(frozen.primary).toBeGreaterThan(0);
    proxy.thaw();
    await new Promise((r) => setTimeout(r, RETRY_MS));
    const thawed = await readsOf(() => analysis({ sectors: 12, weibullMethod: 'mle' }));
    expect(thawed.standby).toBeGreaterThan(0);
    expect(thawed.primary).toBe(0);
  });

  it('reads the primary while the standby is away, with one warning, and the standby again once it is back', async () => {
    await cluster.stopStandby();
    const away = await readsOf(() => analysis({ sectors: 16, weibullMethod: 'moment' }));
    expect(away).toMatchObject({ standby: 0 });
    expect(away.primary).toBeGreaterThan(0);

    // The same choice in this process, to see what it logs.
    const lines: string[] = [];
    const log = {
      warn: (_: Record<string, unknown>, message: string) => lines.push(`warn: ${message}`),
      info: (_: Record<string, unknown>, message: string) => lines.push(`info: ${message}`),
    };
    const reads = new ReplicaReads(log, { retryMs: RETRY_MS });
    const databases = { primary: server.db, replica: replicaDb };
    const check = versionsReplayed([versionId]);
    expect(await reads.choose(databases, check)).toBe('primary');
    expect(await reads.choose(databases, check)).toBe('primary');
    expect(lines).toEqual([expect.stringMatching(/^warn: the read replica failed/)]);

    await cluster.startStandby();
    await cluster.waitForReplay();
    await new Promise((r) => setTimeout(r, RETRY_MS));
    expect(await reads.choose(databases, check)).toBe('replica');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^info: the read replica answers again/);

    // The server's thread finds it again too (its pool reconnects on the next read). Options not asked
    // before, so that no cached answer stands in for a computation.
    const fresh = ['ls', 'mle'].flatMap((weibullMethod) =>
      [12, 16].flatMap((sectors) =>
        [true, false].map((includeSuspicious) => ({ weibullMethod, sectors, includeSuspicious })),
      ),
    );
    let back = { primary: 0, standby: 0 };
    await until('the thread to read the standby again', async () => {
      const options = fresh.shift();
      if (!options) throw new Error('the thread never read the standby again');
      back = await readsOf(() => analysis(options));
      return back.standby > 0;
    });
    expect(back.primary).toBe(0);
  });
});
