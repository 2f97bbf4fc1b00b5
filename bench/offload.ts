// Heavy work off the request path, for `npm run bench` (issue 18), over HTTP on a real (embedded)
// PostgreSQL holding the five-year NREL M5 mast (all its channels):
// - `api.stats_ms.m5_all`: the statistics of every channel, cold (a key never computed: each run asks in
//   another time zone), computed in the worker pool. Target ≤ 1 500 ms.
// - `api.stats_ms.m5_all_cached`: the same request again, from the cache, taken uncompressed (the server's
//   path and the loopback transfer). Target ≤ 20 ms (issue 33). `…_cached_br`: the same taken in br as
//   the web app takes it, the client's inflating included.
// - `api.xlsx_ms.m5_all`: the statistics workbook (.xlsx), cold. Target ≤ 2 500 ms.
// - `api.light_p95_ms.during_stats`: p95 of the site-list page call while 4 cold M5 statistics requests
//   run at once, with the pool (target ≤ 100 ms) and `…_event_loop` the same with COMPUTE_THREADS=0
//   (the computation on the event loop, as before issue 18).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer, type TServer } from '../apps/server/src/server.ts';
import { ingestM5, M5_GZ } from './m5.ts';
import type { TBenchResult } from './run.ts';

const ADMIN_PASSWORD = 'Bench#2026pw';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** UTC offsets in 30-minute steps: each gives the statistics request another cache key. */
function zone(k: number): string {
  const minutes = -720 + ((k * 30) % 1560);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

async function start(dataDir: string, threads?: number): Promise<{ server: TServer; address: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'fatal',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // The four concurrent statistics are the administrator's: past the default per-user limit (2) they
    // would be refused instead of measured.
    HEAVY_PER_USER: '8',
    ...(threads === undefined ? {} : { COMPUTE_THREADS: String(threads) }),
  });
  const server = await createServer(config, createLogger(config));
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, address };
}

async function client(address: string) {
  const r = await fetch(`${address}/api/security/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
  });
  const token = ((await r.json()) as { data: { token: string } }).data.token;
  /** `encoding`: what the client accepts — Node's fetch asks for br (as the web app does) unless told. */
  const call = async (url: string, body: unknown, utcCode = '+08:00', encoding?: 'identity') => {
    const t = performance.now();
    const response = await fetch(`${address}/api${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        token,
        'utc-code': utcCode,
        language: 'ZH',
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
      body: JSON.stringify(body),
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return { ms: performance.now() - t, bytes };
  };
  return call;
}

/** p95 of site-list page calls made while `heavy` statistics requests run at once. */
async function lightDuringStats(address: string, versionId: number, firstZone: number): Promise<number> {
  const call = await client(address);
  const heavy = Array.from({ length: 4 }, (_, k) =>
    call('/data-process/statistics/analysis', { versionId }, zone(firstZone + k)),
  );
  let running = true;
  const all = Promise.all(heavy).finally(() => {
    running = false;
  });
  const times: number[] = [];
  // Let the heavy requests start first.
  await new Promise((r) => setTimeout(r, 50));
  while (running) {
    times.push((await call('/web/station/page', { pageNo: 1, pageSize: 20 })).ms);
    await new Promise((r) => setTimeout(r, 20));
  }
  await all;
  console.log(
    `  (light calls during 4 M5 statistics: ${times.length}, slowest ${Math.round(Math.max(...times))} ms)`,
  );
  if (times.length === 0) throw new Error('no light call during the statistics');
  return percentile(times, 95);
}

export async function benchOffload(): Promise<TBenchResult[]> {
  if (!existsSync(M5_GZ)) {
    console.warn(`api.stats_ms.m5_all skipped: ${M5_GZ} not found (../shared is absent in a user's clone)`);
    return [];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-offload-'));
  const results: TBenchResult[] = [];
  try {
    let versionId: number;
    {
      const { server, address } = await start(dataDir);
      try {
        ({ versionId } = await ingestM5(server, dataDir, { code: '900002', name: 'NREL M5 offload' }));
        const call = await client(address);
        // Warm the worker thread (its first task loads the code) on a small request.
        await call('/data-process/statistics/analysis', {
          versionId,
          startTime: '2013-01-01T00:00:00Z',
          endTime: '2013-01-08T00:00:00Z',
        });
        const cold: number[] = [];
        let bytes = 0;
        for (let k = 0; k < 3; k++) {
          const r = await call('/data-process/statistics/analysis', { versionId }, zone(k));
          cold.push(r.ms);
          bytes = r.bytes;
        }
        // The cached answer as it leaves the server (identity: the server's path and the loopback
        // transfer), and as the web app takes it (br, inflated by the client: Node's fetch spends ≈ 12 ms
        // inflating 0.5 MB of br back to 3.4 MB of JSON on this machine).
        const cached: number[] = [];
        const cachedBr: number[] = [];
        for (let k = 0; k < 7; k++) {
          cached.push(
            (await call('/data-process/statistics/analysis', { versionId }, zone(0), 'identity')).ms,
          );
          cachedBr.push((await call('/data-process/statistics/analysis', { versionId }, zone(0))).ms);
        }
        const xlsx: number[] = [];
        for (let k = 0; k < 3; k++)
          xlsx.push((await call('/data-process/statistics/export', { versionId }, zone(10 + k))).ms);
        console.log(
          `  (M5 statistics: ${(bytes / 1e6).toFixed(1)} MB answer, cold ${cold.map(Math.round).join('/')} ms, ` +
            `xlsx ${xlsx.map(Math.round).join('/')} ms, ${server.services.compute.threads} worker thread(s))`,
        );
        results.push(
          { name: 'api.stats_ms.m5_all', value: Math.round(median(cold)), unit: 'ms' },
          { name: 'api.stats_ms.m5_all_cached', value: Math.round(median(cached) * 10) / 10, unit: 'ms' },
          {
            name: 'api.stats_ms.m5_all_cached_br',
            value: Math.round(median(cachedBr) * 10) / 10,
            unit: 'ms',
          },
          { name: 'api.xlsx_ms.m5_all', value: Math.round(median(xlsx)), unit: 'ms' },
          {
            name: 'api.light_p95_ms.during_stats',
            value: Math.round(await lightDuringStats(address, versionId, 20)),
            unit: 'ms',
          },
        );
      } finally {
        await server.close();
      }
    }
    // The same on the event loop (COMPUTE_THREADS=0), on the same database: the figure before the pool.
    const { server, address } = await start(dataDir, 0);
    try {
      results.push({
        name: 'api.light_p95_ms.during_stats_event_loop',
        value: Math.round(await lightDuringStats(address, versionId, 30)),
        unit: 'ms',
      });
    } finally {
      await server.close();
    }
    return results;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/offload.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchOffload());
}
