import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { createTestDatabase } from '../db.ts';
import { freePort } from '../dovecot.ts';
import { multipartBody } from '../multipart.ts';
import { startTestS3Server, type TTestS3Server } from '../s3.ts';
import { until } from '../second-process.ts';
import { deadPort } from '../smtp.ts';
import { buildStation, TEST_ADMIN_PASSWORD } from '../test-server.ts';

/**
 * The scale-out topology of README "Running on several machines" on one machine: two API processes
 * (JOBS_ENABLED=false) and worker processes (`main-worker.ts`) on one PostgreSQL and one S3 bucket
 * (s3rver on loopback), each process the real entry point.
 */
const VERSION_LOCK_CLASS = 74_521_106;

interface TProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let s3: TTestS3Server;
let api1: TProcess;
let api2: TProcess;
let worker: TProcess;
let worker2: TProcess | undefined;
let token: string;
let userId: number;

function env(): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'false',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    PASSWORD_RECORD_KEY: 'topology-test-secret-of-at-least-32-characters',
    FILE_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    COMPUTE_THREADS: '1',
  };
}

/** One process of the installation: `api` answers HTTP without jobs, `worker` runs the jobs only. */
async function startProcess(role: 'api' | 'worker'): Promise<TProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `masthub-topology-${role}-`));
  const port = await deadPort();
  const entry = role === 'api' ? '../../src/main-api.ts' : '../../src/main-worker.ts';
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, entry)], {
    env: {
      ...process.env,
      ...env(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(role === 'api' ? { JOBS_ENABLED: 'false' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  await until(
    `the ${role} process`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${role} exited: ${output.slice(-2000)}`);
      if (role === 'worker') return output.includes('MastHub worker ready') ? true : undefined;
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      return ok ? true : undefined;
    },
    90_000,
  );
  return {
    child,
    port,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(target: TProcess, method: 'GET' | 'POST', url: string, body?: unknown) {
  const r = await fetch(`http://127.0.0.1:${target.port}/api${url}`, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }), language: 'EN' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = Buffer.from(await r.arrayBuffer());
  return { status: r.status, raw: text, json: () => JSON.parse(text.toString('utf8')) };
}

async function upload(target: TProcess, stationId: number, fileName: string, content: Buffer) {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(stationId) },
    { name: 'file', fileName, content },
  ]);
  const r = await fetch(`http://127.0.0.1:${target.port}/api/web/station/data/upload`, {
    method: 'POST',
    headers: { token, 'content-type': contentType },
    body: new Uint8Array(payload),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

/**
 * A file previewed and confirmed as the browser does, its layout remembered for the site (issue 40): the
 * site's next files of that layout, fetched by nobody watching, are read rather than held.
 */
async function confirmInPreview(target: TProcess, stationId: number, fileName: string, content: Buffer) {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(stationId) },
    { name: 'file', fileName, content },
  ]);
  const r = await fetch(
    `http://127.0.0.1:${target.port}/api/data-parse/parse/text/preview_recognize?stationId=${stationId}`,
    { method: 'POST', headers: { token, 'content-type': contentType }, body: new Uint8Array(payload) },
  );
  expect(r.status, await r.clone().text()).toBe(200);
  const data = ((await r.json()) as { data: { token: string; recognition: { doubts: { id: string }[] } } })
    .data;
  const confirmed = await call(target, 'POST', '/data-parse/parse/text/recognize', {
    stationId,
    token: data.token,
    acceptedDoubts: data.recognition.doubts.map((d) => d.id),
    rememberLayout: true,
  });
  expect(confirmed.status, confirmed.raw.toString()).toBe(200);
}

function loggerCsv(rows: number, channels: number, startMs: number): Buffer {
  const header = ['Timestamp', ...Array.from({ length: channels }, (_, c) => `WS_${c + 10}m_Avg`)].join(',');
  const lines = [header];
  for (let r = 0; r < rows; r++) {
    const t = new Date(startMs + r * 600_000).toISOString();
    let line = `${t.slice(0, 10)} ${t.slice(11, 19)}`;
    for (let c = 0; c < channels; c++) line += `,${((r * 7 + c * 13) % 2000) / 100}`;
    lines.push(line);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function statusOf(stationId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('raw_file')
    .select('status')
    .where('station_id', '=', stationId)
    .executeTakeFirst();
  return row?.status;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, 4).db;
  s3 = await startTestS3Server();
  // The first process migrates and seeds; the others join.
  api1 = await startProcess('api');
  [api2, worker] = await Promise.all([startProcess('api'), startProcess('worker')]);
  const login = await fetch(`http://127.0.0.1:${api1.port}/api/security/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: TEST_ADMIN_PASSWORD }),
  });
  const data = ((await login.json()) as { data: { token: string; userId: number } }).data;
  token = data.token;
  userId = data.userId;
}, 240_000);

afterAll(async () => {
  await Promise.all([api1?.stop(), api2?.stop(), worker?.stop(), worker2?.stop()]);
  await db?.destroy();
  await s3?.close();
  await database?.drop();
});

describe('two API processes, a worker, one database and one bucket', () => {
  it('parses in the worker a file uploaded through API 1, and serves it through API 2', async () => {
    const station = await buildStation(db);
    const content = loggerCsv(288, 3, Date.UTC(2025, 3, 1));
    await upload(api1, station.id, 'day.csv', content);
    await until(
      'the parse',
      async () => ((await statusOf(station.id)) === 'parsed' ? true : undefined),
      60_000,
    );
    const original = await call(api2, 'POST', '/data-parse/export/original_file', { stationId: station.id });
    expect(original.status).toBe(200);
    expect(original.raw.equals(content)).toBe(true);
  }, 120_000);

  it('pushes the progress of a task the worker runs to a websocket held by API 2', async () => {
    const station = await buildStation(db);
    await upload(api1, station.id, 'qc.csv', loggerCsv(144 * 10, 2, Date.UTC(2025, 4, 1)));
    await until(
      'the parse',
      async () => ((await statusOf(station.id)) === 'parsed' ? true : undefined),
      60_000,
    );
    const versions = (await call(api1, 'GET', `/web/version/list?stationId=${station.id}`)).json().data;
    const copy = await call(api1, 'POST', '/web/version/save', {
      stationId: station.id,
      sourceVersionId: versions[0].id,
      name: '拓扑测试',
    });
    expect(copy.status).toBe(200);
    const frames: { event?: string; task?: { id: number; status: string } }[] = [];
    const socket = new WebSocket(
      `ws://127.0.0.1:${api2.port}/api/web/websocket/${userId}-topology/en?token=${token}`,
    );
    socket.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      const qc = await call(api1, 'POST', '/data-process/process/qc', { versionId: copy.json().data.id });
      expect(qc.status, qc.raw.toString()).toBe(200);
      const taskId = qc.json().data.id as number;
      const done = await until(
        'the task frames on API 2',
        async () =>
          frames.find((f) => f.event === 'task' && f.task?.id === taskId && f.task.status === 'succeeded'),
        60_000,
      );
      expect(done.task!.status).toBe('succeeded');
    } finally {
      socket.close();
    }
  }, 120_000);

  it('finishes in a second worker a parse whose worker was killed mid-way: nothing partial, nothing twice', async () => {
    const station = await buildStation(db);
    const ROWS = 52_560;
    const CHANNELS = 40;
    // An API process answers the upload at once ('pending'): the worker parses it.
    await upload(api1, station.id, 'year.csv', loggerCsv(ROWS, CHANNELS, Date.UTC(2024, 0, 1)));
    expect(await statusOf(station.id)).toMatch(/^(pending|parsing)$/);
    const holdsLock = async () => {
      const r = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND classid = ${VERSION_LOCK_CLASS} AND granted`.execute(db);
      return r.rows[0]!.n > 0;
    };
    // Kill the worker inside the store transaction of that file.
    const deadline = Date.now() + 90_000;
    let killed = false;
    while (Date.now() < deadline && !killed) {
      if (await holdsLock()) {
        worker.child.kill('SIGKILL');
        killed = true;
      } else await new Promise((r) => setTimeout(r, 2));
    }
    expect(killed, `${await statusOf(station.id)} ${worker.output().slice(-2000)}`).toBe(true);
    await new Promise((r) => worker.child.once('exit', r));
    await until('the rollback', async () => ((await holdsLock()) ? undefined : true), 30_000);
    const partial = await db
      .selectFrom('ts_chunk as c')
      .innerJoin('dataset_version as v', 'v.id', 'c.version_id')
      .select('c.channel_id')
      .where('v.station_id', '=', station.id)
      .execute();
    expect(partial).toEqual([]);
    expect(await statusOf(station.id)).toBe('parsing');
    await worker.stop();
    worker = await startProcess('worker');
    await until(
      'the second worker',
      async () => ((await statusOf(station.id)) === 'parsed' ? true : undefined),
      120_000,
    );
    const total = await db
      .selectFrom('ts_chunk as c')
      .innerJoin('dataset_version as v', 'v.id', 'c.version_id')
      .select((eb) => [
        eb.fn.sum<number>('c.value_count').as('values'),
        eb.fn.countAll<number>().as('chunks'),
      ])
      .where('v.station_id', '=', station.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.values)).toBe(ROWS * CHANNELS);
    expect(Number(total.chunks)).toBe(12 * CHANNELS);
  }, 240_000);
  it('runs a scheduled FTP pull once across two workers: one run per due minute, each file stored once', async () => {
    worker2 = await startProcess('worker');
    const station = await buildStation(db);
    const root = mkdtempSync(path.join(os.tmpdir(), 'masthub-topology-ftp-'));
    const silent = {
      child: () => silent,
      trace() {},
      debug() {},
      info() {},
      warn() {},
      error() {},
      fatal() {},
    };
    const ftpPort = await freePort();
    const pasvMin = 33000 + Math.floor(Math.random() * 2000);
    const ftp = new FtpSrv({
      url: `ftp://127.0.0.1:${ftpPort}`,
      pasv_url: '127.0.0.1',
      pasv_min: pasvMin,
      pasv_max: pasvMin + 50,
      anonymous: false,
      log: silent as never,
    });
    ftp.on('login', ({ username, password }, resolve, reject) => {
      if (username === 'ftpuser' && password === 'secret') resolve({ root });
      else reject(new Error('bad login'));
    });
    await ftp.listen();
    try {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(path.join(root, 'data'), { recursive: true });
      // The site's data administrator confirmed this logger's layout once, on an earlier day's file.
      await confirmInPreview(
        api1,
        station.id,
        `${station.stationCode}_20250531.csv`,
        loggerCsv(144, 2, Date.UTC(2025, 4, 31)),
      );
      for (const day of ['01', '02']) {
        writeFileSync(
          path.join(root, 'data', `${station.stationCode}_202506${day}.csv`),
          loggerCsv(144, 2, Date.UTC(2025, 5, Number(day))),
        );
      }
      const saved = await call(api1, 'POST', '/web/data_source/save_or_update', {
        name: `拓扑FTP ${station.stationCode}`,
        fetchType: 'ftp',
        protocol: 'ftp',
        host: '127.0.0.1',
        port: ftpPort,
        username: 'ftpuser',
        password: 'secret',
        folder: '/data',
        scheduleCron: '* * * * *',
      });
      expect(saved.status, saved.raw.toString()).toBe(200);
      const sourceId = saved.json().data.id as number;
      const rule = await call(api1, 'POST', '/web/rule/file_match/save_or_update', {
        name: `拓扑规则${station.stationCode}`,
        dataSourceId: sourceId,
        folder: '/data',
        fileTypeSuffixes: ['csv'],
        stationMode: 'fromName',
        stationCodeRegex: '^(\\d{6})_',
      });
      expect(rule.status, rule.raw.toString()).toBe(200);
      // The next minute's tick (both workers run the schedule) pulls the source once.
      await until(
        'the scheduled pull',
        async () => {
          const runs = await db
            .selectFrom('data_fetch_run')
            .select(['status'])
            .where('data_source_id', '=', sourceId)
            .execute();
          return runs.length > 0 && runs.every((r) => r.status !== 'running') ? true : undefined;
        },
        150_000,
      );
      await until(
        'the pulled files parsed',
        async () => {
          const rows = await db
            .selectFrom('raw_file')
            .select('status')
            .where('station_id', '=', station.id)
            .where('source', '=', 'ftp')
            .execute();
          return rows.length === 2 && rows.every((r) => r.status === 'parsed') ? true : undefined;
        },
        60_000,
      );
      const runs = await db
        .selectFrom('data_fetch_run')
        .select(['started_at', 'trigger', 'status'])
        .where('data_source_id', '=', sourceId)
        .execute();
      // One run per due minute, however many workers tick.
      const minutes = runs.map((r) => Math.floor(r.started_at.getTime() / 60_000));
      expect(new Set(minutes).size).toBe(minutes.length);
      expect(runs.every((r) => r.trigger === 'schedule')).toBe(true);
      const files = await db
        .selectFrom('raw_file')
        .select('file_name')
        .where('station_id', '=', station.id)
        .where('source', '=', 'ftp')
        .execute();
      expect(files.map((f) => f.file_name).sort()).toEqual([
        `${station.stationCode}_20250601.csv`,
        `${station.stationCode}_20250602.csv`,
      ]);
    } finally {
      await ftp.close().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    }
  }, 300_000);
});
