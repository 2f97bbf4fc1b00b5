// Scale-out for `npm run bench` (issue 43 §5): the topology of README "Running on several machines" on
// this machine — two API processes (main-api.ts, JOBS_ENABLED=false) and one then two worker processes
// (main-worker.ts), each the real entry point, over one PostgreSQL primary and a streaming standby of it
// (DATABASE_REPLICA_URL; apps/server/test/replica-cluster.ts) and an S3 bucket (s3rver,
// apps/server/test/s3.ts). In each of two rounds — one worker, then two — the simulated users of
// bench/load.ts (SCALEOUT_USERS, default 200, round-robin per user over the two API ports, for
// SCALEOUT_SECONDS, default 60) run while a fleet's daily files (SCALEOUT_FILES, default 600: 20 sites ×
// 30 days of bench/ingest-daily.ts's 40-channel files, stored in the bucket and queued at once, as an
// FTP drop is) are parsed by the workers. Figures: `scaleout.p95_ms.<n>users.<1w|2w>`,
// `scaleout.errors.<n>users.<1w|2w>`, `scaleout.ingest_files_per_min.<1w|2w>` and
// `scaleout.ingest_speedup_2w` (2w / 1w files per minute). The users read three masts whose month of data
// went in before the rounds. Skipped with a message without the PostgreSQL server binaries.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { findFreePort } from '../apps/server/src/platform/db/embedded.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import { postgresBinaries, startReplicaCluster } from '../apps/server/test/replica-cluster.ts';
import { startTestS3Server } from '../apps/server/test/s3.ts';
import { dailyFile, rememberLayout } from './daily-files.ts';
import {
  accountsFor,
  findMasts,
  LOAD_PASSWORD,
  loginAt,
  percentile,
  printLoad,
  runUsers,
  waitFor,
} from './load-users.ts';
import type { TBenchResult } from './run.ts';

const USERS = Number(process.env.SCALEOUT_USERS ?? 200);
const LOAD_MS = Number(process.env.SCALEOUT_SECONDS ?? 60) * 1000;
const FILES = Number(process.env.SCALEOUT_FILES ?? 600);
const DAYS = 30;
const MASTS = 3;
const root = path.resolve(import.meta.dirname, '..');

interface TProcess {
  child: ChildProcess;
  port: number;
  stop: () => Promise<void>;
}

/** One process of the installation, its last output kept for an error message. */
async function startProcess(role: 'api' | 'worker', env: Record<string, string>): Promise<TProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `masthub-scaleout-${role}-`));
  const port = await findFreePort();
  const entry = role === 'api' ? 'apps/server/src/main-api.ts' : 'apps/server/src/main-worker.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The worker says it is ready at info level; the API's per-request lines stay out.
      LOG_LEVEL: role === 'api' ? 'warn' : 'info',
      ...(role === 'api' ? { JOBS_ENABLED: 'false' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  let ready = false;
  const keep = (d: Buffer) => {
    tail = (tail + d.toString()).slice(-4000);
    if (tail.includes('MastHub worker ready')) ready = true;
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await waitFor(
    `the ${role} process`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${role} exited: ${tail}`);
      if (role === 'worker') return ready;
      return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
    },
    180_000,
  ).catch((error) => {
    throw child.exitCode !== null ? new Error(`${role} exited: ${tail}`) : error;
  });
  return {
    child,
    port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchScaleOut(): Promise<TBenchResult[]> {
  const bin = postgresBinaries();
  if (!bin) {
    console.log('scale-out: no PostgreSQL server binaries with pg_basebackup (Debian postgresql): skipped');
    return [];
  }
  const cluster = await startReplicaCluster(bin, { logStatements: false });
  const s3 = await startTestS3Server('masthub-scaleout');
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: cluster.primaryUrl,
    DATABASE_REPLICA_URL: cluster.standbyUrl,
    SEED_DEMO_DATA: 'false',
    ADMIN_PASSWORD: LOAD_PASSWORD,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    PASSWORD_RECORD_KEY: 'scale-out-bench-secret-of-at-least-32-characters',
    FILE_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const processes: TProcess[] = [];
  // The bench's own server (no jobs, no port) migrates the database and stores and queues the files, as an
  // FTP fetch does; the processes then join.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-scaleout-bench-'));
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'fatal',
    JOBS_ENABLED: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const server = await createServer(config, createLogger(config));
  const cleanUp = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    await s3.close();
    await cluster.stop();
  };
  // Stopped half-way (Ctrl-C), the processes and clusters go too.
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const sitesPerRound = Math.ceil(FILES / DAYS);
    const stations = await server.db
      .insertInto('station')
      .values(
        Array.from({ length: MASTS + 2 * sitesPerRound }, (_, i) => ({
          station_code: String(900000 + i),
          project_name: `横向扩展基准 ${i + 1}`,
          longitude: 110 + i / 100,
          latitude: 41,
        })),
      )
      .returning('id')
      .execute();
    const ingestion = server.services.ingestion;
    /** Stores (in the bucket) and records the daily files of sites [from, from + count) × days. */
    const store = async (from: number, count: number, days: number, limit: number) => {
      const ids: number[] = [];
      for (let day = 0; day < days; day++) {
        for (let s = from; s < from + count && ids.length < limit; s++) {
          const staged = await ingestion.stage(Readable.from([dailyFile(s, day)]), 10 * 1024 * 1024);
          const stored = await ingestion.recordStaged(staged, {
            stationId: stations[s]!.id,
            fileName: `${900000 + s}_202610${String(day + 1).padStart(2, '0')}.csv`,
            source: 'ftp',
          });
          ids.push(stored.row.id);
        }
      }
      return ids;
    };
    /** Queues the files at once; the minutes until the workers have parsed all of them. */
    const ingest = async (ids: number[]) => {
      const started = performance.now();
      for (const id of ids) await ingestion.enqueueParse(id);
      for (;;) {
        const r = await sql<{ done: number; failed: number }>`
          SELECT count(*) FILTER (WHERE status IN ('parsed', 'failed'))::int AS done,
                 count(*) FILTER (WHERE status = 'failed')::int AS failed
            FROM raw_file WHERE id = ANY(${ids})`.execute(server.db);
        if (r.rows[0]!.failed > 0) throw new Error(`${r.rows[0]!.failed} daily files failed`);
        if (r.rows[0]!.done >= ids.length) break;
        if (performance.now() - started > 30 * 60_000) throw new Error('the files were not parsed in 30 min');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return (performance.now() - started) / 60_000;
    };

    processes.push(await startProcess('api', env));
    processes.push(...(await Promise.all([startProcess('api', env), startProcess('worker', env)])));
    const bases = processes.slice(0, 2).map((p) => `http://127.0.0.1:${p.port}/api`);
    const token = await loginAt(bases[0]!, 'admin');
    // Each site's layout confirmed once, on a day after the rounds' (not the same file: that is a duplicate).
    for (const [s, station] of stations.entries())
      await rememberLayout(bases[0]!, token, station.id, dailyFile(s, DAYS));
    // The masts the users read: a month of data each, in before the rounds.
    await ingest(await store(0, MASTS, DAYS, MASTS * DAYS));
    await cluster.waitForReplay();
    const masts = await findMasts(bases[0]!, token, MASTS);
    if (masts.length < MASTS) throw new Error(`${masts.length} masts with a speed channel, not ${MASTS}`);
    const months = [{ startTime: '2026-10-01T00:00:00.000Z', endTime: '2026-11-01T00:00:00.000Z' }];
    const tokens = await accountsFor(bases[0]!, token, USERS, (account) =>
      loginAt(bases[(Number(account.slice(5)) || 0) % 2]!, account),
    );

    const results: TBenchResult[] = [];
    const filesPerMin: number[] = [];
    for (const workers of [1, 2]) {
      if (workers === 2) processes.push(await startProcess('worker', env));
      const ids = await store(MASTS + (workers - 1) * sitesPerRound, sitesPerRound, DAYS, FILES);
      const load = runUsers({ bases, tokens, masts, months, durationMs: LOAD_MS });
      const minutes = await ingest(ids);
      const outcome = await load;
      const rate = ids.length / minutes;
      filesPerMin.push(rate);
      console.log(`  ${workers} worker(s): ${ids.length} daily files in ${(minutes * 60).toFixed(1)} s`);
      printLoad(outcome);
      const tag = `${USERS}users.${workers}w`;
      results.push(
        { name: `scaleout.p95_ms.${tag}`, value: Math.round(percentile(outcome.times, 95)), unit: 'ms' },
        { name: `scaleout.errors.${tag}`, value: outcome.errors, unit: 'count' },
        { name: `scaleout.ingest_files_per_min.${workers}w`, value: Math.round(rate), unit: 'files/min' },
      );
    }
    results.push({
      name: 'scaleout.ingest_speedup_2w',
      value: Number((filesPerMin[1]! / filesPerMin[0]!).toFixed(2)),
      unit: 'ratio',
    });
    return results;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

// `npx tsx bench/scale-out.ts` runs this benchmark alone (SCALEOUT_USERS, SCALEOUT_SECONDS and
// SCALEOUT_FILES make it smaller). With --json (as `npm run bench` runs it, in a process of its own) the
// figures are the last line, as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchScaleOut();
  console.log(process.argv.includes('--json') ? JSON.stringify(figures) : figures);
  process.exit(0);
}
