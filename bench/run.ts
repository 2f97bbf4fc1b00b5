// `npm run bench`: measures the figures the issues ask for, prints them and writes bench/results.json
// as [{ name, value, unit }]. Timings are measured here, never asserted in tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../apps/server/src/platform/db/embedded.ts';
import { benchAlarms } from './alarms.ts';
import { benchEnergy } from './energy.ts';
import { benchExports } from './exports.ts';
import { benchFirstCall } from './first-call.ts';
import { benchFirstScreen } from './first-screen.ts';
import { benchGeoTiff } from './geotiff.ts';
import { benchHub } from './hub.ts';
import { benchIngest } from './ingest.ts';
import { benchIngestParse } from './ingest-parse.ts';
import { benchLidar } from './lidar.ts';
import { benchLidarApi } from './lidar-api.ts';
import { benchMap } from './map.ts';
import { benchMcp } from './mcp.ts';
import { benchMeasureWindPage } from './measure-wind-page.ts';
import { benchOffload } from './offload.ts';
import { benchParquet } from './parquet.ts';
import { benchReceipt } from './receipt.ts';
import { benchReceiptLatency } from './receipt-latency.ts';
import { benchReconstruct } from './reconstruct.ts';
import { benchReplicaReads } from './replica-reads.ts';
import { benchReports } from './reports.ts';
import { benchStatistics } from './statistics.ts';
import { benchStatsPath } from './stats-path.ts';
import { benchStoreCodecs } from './store-codecs.ts';
import { benchSuitability } from './suitability.ts';
import { benchWebhooks } from './webhooks.ts';
import { benchWind } from './wind.ts';
import { benchWindData } from './wind-data.ts';

export interface TBenchResult {
  name: string;
  value: number;
  unit: string;
}

const root = path.resolve(import.meta.dirname, '..');

function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main-api.ts')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
}

async function msToFirstAnswer(server: ChildProcess, port: number, startedAt: number): Promise<number> {
  for (;;) {
    if (server.exitCode !== null) throw new Error('server exited during start');
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return performance.now() - startedAt;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(server: ChildProcess): Promise<void> {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
}

/** Server start to the first answered request: first start (empty data dir) and restart (best of 3). */
async function benchStartup(): Promise<TBenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-'));
  try {
    const port = await findFreePort();
    let t = performance.now();
    let server = startServer(dataDir, port);
    const first = await msToFirstAnswer(server, port, t);
    await stop(server);
    const restarts: number[] = [];
    for (let i = 0; i < 3; i++) {
      t = performance.now();
      server = startServer(dataDir, port);
      restarts.push(await msToFirstAnswer(server, port, t));
      await stop(server);
    }
    return [
      { name: 'server.first_start_ms', value: Math.round(first), unit: 'ms' },
      { name: 'server.cold_start_ms', value: Math.round(Math.min(...restarts)), unit: 'ms' },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a bench module's own entry point in a child process; its last output line is its JSON figures. */
async function inOwnProcess(file: string): Promise<TBenchResult[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file), '--json'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`bench/${file} exited with ${code}`);
  const lines = output.trim().split('\n');
  for (const line of lines.slice(0, -1)) console.log(line);
  return JSON.parse(lines[lines.length - 1]!) as TBenchResult[];
}

async function main(): Promise<void> {
  const results: TBenchResult[] = [];
  const add = (items: TBenchResult[]) => {
    for (const item of items) {
      console.log(`${item.name.padEnd(36)} ${String(item.value).padStart(10)} ${item.unit}`);
      results.push(item);
    }
  };
  add(await benchStartup());
  add(await benchFirstCall());
  add(await benchWind());
  add(await benchIngestParse());
  add(await benchIngest());
  add(await benchWindData());
  add(await benchParquet());
  add(await benchExports());
  add(await benchStatistics());
  add(await benchMap());
  add(await benchGeoTiff());
  add(await benchMeasureWindPage());
  add(await benchFirstScreen());
  add(await benchAlarms());
  add(await benchReports());
  add(await benchEnergy());
  add(await benchMcp());
  add(await benchReconstruct());
  add(await benchSuitability());
  add(await benchReceipt());
  add(await benchReceiptLatency());
  add(await benchLidar());
  add(await benchLidarApi());
  add(await benchHub());
  add(await benchOffload());
  add(await benchStatsPath());
  add(await benchReplicaReads());
  add(await benchStoreCodecs());
  add(await benchWebhooks());
  // In a process of its own: its peak RSS is the worker's, not what the benches before left in this heap.
  add(await inOwnProcess('ingest-daily.ts'));
  // Also alone: the simulated users' client is not slowed by the heap the benches before left.
  add(await inOwnProcess('load.ts'));
  // Alone as well: two API and two worker processes over a primary, a replica and an S3 bucket.
  add(await inOwnProcess('scale-out.ts'));
  // Alone too: the peak RSS of refusing a zip bomb is measured from a fresh heap.
  add(await inOwnProcess('archives.ts'));
  // Last and alone: the synthetic fleet (SCALE_SITES, default 1 000 sites × a year × 40 channels).
  add(await inOwnProcess('scale.ts'));
  writeFileSync(path.join(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote bench/results.json (${results.length} figures)`);
}

await main();
