// Lidar-versus-mast API figure for `npm run bench` (issue 31):
// - `api.lidar_verify_ms.year_12heights`: POST /api/data-process/lidar/verify timed end to end over HTTP
//   (login excluded) on two synthetic sites in an embedded PostgreSQL — a mast and a lidar, each a year of
//   10-min speed and direction at 12 heights (48 channels, 52 560 slots), built from one truth plus noise and
//   written straight into the store. Reading both versions, the check in a worker thread and the answer with
//   its scatter points: median of 5 runs after one warm-up.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TimeSeriesRepository } from '../apps/server/src/modules/timeseries/timeseries.repository.ts';
import { writeSeries } from '../apps/server/src/modules/timeseries/version-series.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { findFreePort } from '../apps/server/src/platform/db/embedded.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';

type TResult = { name: string; value: number; unit: string };

const HEIGHTS = [40, 60, 80, 90, 100, 120, 140, 160, 180, 200, 220, 240];
const SLOTS = 52_560;
const START_MS = Date.UTC(2025, 0, 1);
const ADMIN_PASSWORD = 'Bench#2026pw';

/** Deterministic LCG in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4_294_967_296;
  };
}

/** The synthetic truth at 100 m: Weibull speeds and a wandering direction. */
function truth() {
  const next = random(31);
  const speed = new Float32Array(SLOTS);
  const direction = new Float32Array(SLOTS);
  let d = 200;
  for (let i = 0; i < SLOTS; i++) {
    speed[i] = 8 * Math.sqrt(-Math.log(1 - next() * 0.9999));
    d = (d + 12 * (next() - 0.5) + 360) % 360;
    direction[i] = d;
  }
  return { speed, direction };
}

type TServer = Awaited<ReturnType<typeof createServer>>;

/** A synthetic site: per height the truth sheared by 1/7 plus noise, speed and direction. */
async function syntheticSite(server: TServer, name: string, seed: number, base: ReturnType<typeof truth>) {
  const station = await server.db
    .insertInto('station')
    .values({ station_code: String(710000 + seed), project_name: name, longitude: 115, latitude: 40 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const next = random(seed);
  return server.db.transaction().execute(async (trx) => {
    const store = new TimeSeriesRepository(trx);
    const version = await store.ensureOriginalVersion(station.id, null);
    await store.lockVersion(version.id);
    const rows = await store.insertChannels(
      version.id,
      HEIGHTS.flatMap((h, k) => [
        {
          dataKey: `ws_${h}`,
          name: `WS ${h}m`,
          element: 'ws',
          heightM: h,
          statistic: 'mean',
          unit: 'm/s',
          intervalS: 600,
          position: 2 * k,
        },
        {
          dataKey: `wd_${h}`,
          name: `WD ${h}m`,
          element: 'wd',
          heightM: h,
          statistic: 'mean',
          unit: 'deg',
          intervalS: 600,
          position: 2 * k + 1,
        },
      ]),
    );
    for (const [k, h] of HEIGHTS.entries()) {
      const ws = new Float32Array(SLOTS);
      const wd = new Float32Array(SLOTS);
      for (let i = 0; i < SLOTS; i++) {
        ws[i] = base.speed[i]! * (h / 100) ** (1 / 7) + 0.3 * (next() - 0.5);
        wd[i] = (base.direction[i]! + 4 * (next() - 0.5) + 360) % 360;
      }
      await writeSeries(store, version.id, rows[2 * k]!, START_MS, ws, new Uint8Array(SLOTS));
      await writeSeries(store, version.id, rows[2 * k + 1]!, START_MS, wd, new Uint8Array(SLOTS));
    }
    await store.refreshSummary(version.id);
    return version.id;
  });
}

export async function benchLidarApi(): Promise<TResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-lidar-'));
  const port = await findFreePort();
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'fatal',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const server = await createServer(config, createLogger(config));
  try {
    const base = truth();
    const mastVersionId = await syntheticSite(server, 'bench synthetic mast', 1, base);
    const lidarVersionId = await syntheticSite(server, 'bench synthetic lidar', 2, base);
    await server.app.listen({ port, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${port}/api`;
    const login = await fetch(`${api}/security/sys/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const candidates = await fetch(
      `${api}/data-process/lidar/candidates?lidarVersionId=${lidarVersionId}&mastVersionId=${mastVersionId}`,
      { headers: { token } },
    );
    const { pairs } = ((await candidates.json()) as { data: { pairs: unknown[] } }).data;
    if (pairs.length !== HEIGHTS.length)
      throw new Error(`expected ${HEIGHTS.length} pairs, got ${pairs.length}`);
    const verify = async () => {
      const t = performance.now();
      const r = await fetch(`${api}/data-process/lidar/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, language: 'EN' },
        body: JSON.stringify({ lidarVersionId, mastVersionId, pairs }),
      });
      const text = await r.text();
      const ms = performance.now() - t;
      if (r.status !== 200) throw new Error(`verify answered ${r.status}: ${text.slice(0, 300)}`);
      return { ms, bytes: text.length };
    };
    const warm = await verify();
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push((await verify()).ms);
    runs.sort((a, b) => a - b);
    console.log(
      `  (lidar verify: 12 heights × ${SLOTS} slots on both sides, response ${(warm.bytes / 1e6).toFixed(2)} MB, runs ${runs
        .map((r) => Math.round(r))
        .join('/')} ms)`,
    );
    return [{ name: 'api.lidar_verify_ms.year_12heights', value: Math.round(runs[2]!), unit: 'ms' }];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchLidarApi()) console.log(r.name, r.value, r.unit);
}
