// First statistics call after a start, for `npm run bench` (issue 26):
// - `api.stats_ms.first_after_start`: a real server process (the `npm start` entry point, embedded
//   PostgreSQL) is started on a data folder holding a month of one mast; the moment it logs "MastHub
//   ready", a user logs in and POST /api/data-process/statistics/analysis is timed end to end (login
//   excluded). Median of 3 starts. Before the worker threads started with the server this paid for
//   starting a thread (≈ 7.7 s on a loaded machine); target ≤ 1 000 ms.
// - `api.stats_ms.second_after_start`: the next call (another range: computed, on a running thread), for
//   comparison.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { findFreePort } from '../apps/server/src/platform/db/embedded.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import type { TBenchResult } from './run.ts';

const ADMIN_PASSWORD = 'Bench#First2026';
const root = path.resolve(import.meta.dirname, '..');
const START = Date.UTC(2025, 0, 1);
const ROWS = 6 * 24 * 31;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A month of a 10-minute logger: two speeds and a vane. */
function loggerCsv(): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WS_60m_Avg,WD_78m_Avg'];
  for (let i = 0; i < ROWS; i++) {
    const t = new Date(START + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    const v = 6 + 3 * Math.sin(i / 37);
    lines.push(`${t},${v.toFixed(2)},${(v * 0.93).toFixed(2)},${(i * 13) % 360}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Creates the data folder with the mast's original version; returns the version's id. */
async function prepare(dataDir: string): Promise<number> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'fatal',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const server = await createServer(config, createLogger(config));
  try {
    const station = await server.db
      .insertInto('station')
      .values({ station_code: '900026', project_name: 'First call', longitude: 105, latitude: 38 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ingested = await server.services.ingestion.ingestFile({
      stationId: station.id,
      fileName: 'logger.csv',
      source: 'seed',
      bytes: loggerCsv(),
    });
    if (ingested.status !== 'parsed') throw new Error(`logger not parsed: ${ingested.status}`);
    const version = await server.db
      .selectFrom('dataset_version')
      .select('id')
      .where('station_id', '=', station.id)
      .executeTakeFirstOrThrow();
    return Number(version.id);
  } finally {
    await server.close();
  }
}

/**
 * Starts `npm start`'s entry point and resolves once it logs "MastHub ready", with the start's duration
 * it logs there (readiness must not suffer from the threads starting beside it).
 */
async function startReady(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; startupMs: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main-api.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
  });
  const startupMs = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.split('\n').find((line) => line.includes('"MastHub ready"'));
      if (ready) resolve((JSON.parse(ready) as { startupMs: number }).startupMs);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
  });
  return { child, startupMs };
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
}

export async function benchFirstCall(): Promise<TBenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-first-'));
  try {
    const versionId = await prepare(dataDir);
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}/api`;
    const first: number[] = [];
    const second: number[] = [];
    const ready: number[] = [];
    for (let run = 0; run < 3; run++) {
      const { child, startupMs } = await startReady(dataDir, port);
      ready.push(startupMs);
      try {
        const login = await fetch(`${base}/security/sys/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
        });
        const token = ((await login.json()) as { data: { token: string } }).data.token;
        const analyse = async (startTime: string) => {
          const t = performance.now();
          const r = await fetch(`${base}/data-process/statistics/analysis`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token },
            body: JSON.stringify({ versionId, startTime }),
          });
          await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`statistics answered ${r.status}`);
          return performance.now() - t;
        };
        first.push(await analyse('2025-01-02T00:00:00Z'));
        second.push(await analyse('2025-01-03T00:00:00Z'));
      } finally {
        await stop(child);
      }
    }
    console.log(
      `  (first statistics call after a start: ${first.map(Math.round).join('/')} ms; ` +
        `the next one ${second.map(Math.round).join('/')} ms; ready after ${ready.join('/')} ms)`,
    );
    return [
      { name: 'api.stats_ms.first_after_start', value: Math.round(median(first)), unit: 'ms' },
      { name: 'api.stats_ms.second_after_start', value: Math.round(median(second)), unit: 'ms' },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/first-call.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchFirstCall());
}
