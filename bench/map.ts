// Home map figures for `npm run bench` (issue 8): clustering 10 000 sites with the web's own clusters.ts
// (target ≤ 16 ms per zoom step), the map's one sites call (POST /web/station/search, map mode) over HTTP
// on a real (embedded) PostgreSQL with 10 000 sites (target ≤ 100 ms), and the built web app's first
// render of those sites in Chromium (navigation → the map's first idle with the sites drawn, ≤ 2 s).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import {
  buildClusterIndex,
  CLUSTER_RADIUS,
  clustersInView,
  type MapSite,
  toSitePoints,
} from '../apps/web/src/features/home/map/clusters.ts';
import type { TBenchResult } from './run.ts';

const SITES = 10_000;
const RUNS = 9;
const ADMIN_PASSWORD = 'Bench#2026pw';
const VIEWER_PASSWORD = 'Bench#2026viewer';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');
/** The home map's stage in a 1440 × 900 window. */
const VIEW_PX = { width: 1060, height: 640 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A fixed pseudo-random sequence (mulberry32), so every run clusters the same sites. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** 10 000 sites over China's wind regions: dense groups (wind farms) and a scattered rest. */
export function generateSites(count = SITES): MapSite[] {
  const next = random(8);
  const centres = Array.from({ length: 60 }, () => [80 + next() * 45, 22 + next() * 25] as const);
  return Array.from({ length: count }, (_, i) => {
    const isGrouped = next() < 0.7;
    const [cx, cy] = centres[Math.floor(next() * centres.length)]!;
    return {
      id: i + 1,
      stationCode: String(100000 + i),
      projectName: `风电场 ${Math.floor(i / 20) + 1}`,
      longitude: isGrouped ? cx + (next() - 0.5) * 1.2 : 75 + next() * 55,
      latitude: isGrouped ? cy + (next() - 0.5) * 0.9 : 20 + next() * 30,
      status: Math.floor(next() * 5) - 1,
    };
  });
}

/** The view bbox of the map stage centred on a point at a zoom (web mercator, 512 px tiles). */
function viewBbox(lon: number, lat: number, zoom: number): [number, number, number, number] {
  const worldPx = 512 * 2 ** zoom;
  const x = ((lon + 180) / 360) * worldPx;
  const latRad = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * worldPx;
  const toLon = (px: number) => (px / worldPx) * 360 - 180;
  const toLat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / worldPx))) * 180) / Math.PI;
  return [
    Math.max(-180, toLon(x - VIEW_PX.width / 2)),
    Math.max(-85, toLat(y + VIEW_PX.height / 2)),
    Math.min(180, toLon(x + VIEW_PX.width / 2)),
    Math.min(85, toLat(y - VIEW_PX.height / 2)),
  ];
}

/** Index build (once per site set or radius) and getClusters at each zoom step from 3 to 15. */
function benchClusters(): TBenchResult[] {
  const points = toSitePoints(generateSites());
  const builds: number[] = [];
  let index = buildClusterIndex(points, CLUSTER_RADIUS.default);
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    index = buildClusterIndex(points, CLUSTER_RADIUS.default);
    builds.push(performance.now() - t);
  }
  // Zooming into the densest group, as a user does; each step is what a moveend recomputes.
  const [lon, lat] = points[0]!.geometry.coordinates as [number, number];
  const steps: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (let zoom = 3; zoom <= 15; zoom++) {
      const t = performance.now();
      const features = clustersInView(index, viewBbox(lon, lat, zoom), zoom);
      steps.push(performance.now() - t);
      if (features.length === 0 && zoom < 10) throw new Error(`no clusters at zoom ${zoom}`);
    }
  }
  return [
    { name: 'map.cluster_ms.10k', value: Number(median(steps).toFixed(2)), unit: 'ms' },
    { name: 'map.cluster_index_ms.10k', value: Number(median(builds).toFixed(1)), unit: 'ms' },
  ];
}

async function timeFirstRender(address: string): Promise<number | undefined> {
  if (!existsSync(CHROMIUM)) {
    console.warn(`map.first_render_ms.10k skipped: ${CHROMIUM} not found`);
    return undefined;
  }
  if (!existsSync(WEB_DIST)) {
    console.warn('map.first_render_ms.10k skipped: apps/web/dist is missing (npm run build first)');
    return undefined;
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: address,
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
    });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/^(账号|Account)$/).fill('admin');
    await page.getByLabel(/^(密码|Password)$/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
    await page.waitForURL('**/index');
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A fresh document each time (assets from the browser cache, as for a returning user).
      await page.goto('about:blank');
      await page.goto('/index', { waitUntil: 'commit' });
      // A string: tsx would wrap named functions in a `__name` helper the page does not have.
      const ms = await page.evaluate<number>(`new Promise((resolve) => {
        const check = () => {
          const map = window.__masthubMap;
          const clusters = document.querySelectorAll('[data-testid="map-cluster"]');
          let inClusters = 0;
          for (const c of clusters) inClusters += Number(c.dataset.count);
          const singles = map && map.isStyleLoaded() ? map.queryRenderedFeatures({ layers: ['site'] }).length : 0;
          if (map && clusters.length > 0 && inClusters + singles > ${SITES} / 2 && map.loaded() && !map.isMoving()) {
            resolve(performance.now());
            return;
          }
          requestAnimationFrame(check);
        };
        check();
      })`);
      times.push(ms);
      if (process.env.BENCH_MAP_DEBUG) {
        const entries = await page.evaluate<string>(
          `JSON.stringify(performance.getEntriesByType('resource').filter((e) => e.responseEnd > 0).map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd)]))`,
        );
        console.log(Math.round(ms), entries);
      }
    }
    return median(times);
  } finally {
    await browser.close();
  }
}

export async function benchMap(): Promise<TBenchResult[]> {
  const results = benchClusters();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-map-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const server = await createServer(config, createLogger(config));
  try {
    const owners = await server.db
      .insertInto('owner')
      .values(Array.from({ length: 40 }, (_, i) => ({ name: `业主 ${i + 1}` })))
      .returning('id')
      .execute();
    const sites = generateSites();
    const ids: number[] = [];
    for (let i = 0; i < sites.length; i += 1000) {
      const rows = await server.db
        .insertInto('station')
        .values(
          sites.slice(i, i + 1000).map((s, j) => ({
            station_code: s.stationCode,
            project_name: s.projectName,
            station_type: j % 5 === 0 ? 'lidar' : 'met_mast',
            longitude: s.longitude,
            latitude: s.latitude,
            status: s.status,
            owner_party_id: owners[(i + j) % owners.length]!.id,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    // A list-scope viewer whose role reaches every site: the access predicate on each row.
    const role = await server.db
      .insertInto('role')
      .values({ name: 'bench viewer', data_scope: 'list' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('role_station')
      .values(ids.map((station_id) => ({ role_id: role.id, station_id })))
      .execute();
    await server.db
      .insertInto('app_user')
      .values({
        account: 'viewer',
        user_name: 'Viewer',
        password_hash: await hashPassword(VIEWER_PASSWORD),
        role_id: role.id,
        is_enabled: true,
      })
      .execute();
    await sql`ANALYZE station`.execute(server.db);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (url: string, body: unknown, token?: string) => {
      const r = await fetch(`${address}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      });
      return (await r.json()) as { code: number; data: unknown };
    };
    const login = async (account: string, password: string) =>
      ((await post('/security/sys/user/login', { account, password })).data as { token: string }).token;
    const timeSearch = async (token: string, body: unknown, expected: number) => {
      await post('/web/station/search', body, token);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const reply = await post('/web/station/search', body, token);
        times.push(performance.now() - t);
        const n = (reply.data as unknown[]).length;
        if (reply.code !== 200 || n !== expected) throw new Error(`map search gave ${n} sites`);
      }
      return Math.round(median(times));
    };
    const admin = await login('admin', ADMIN_PASSWORD);
    const viewer = await login('viewer', VIEWER_PASSWORD);
    results.push(
      {
        name: 'api.station_search_ms.10k',
        value: await timeSearch(admin, { mode: 'map' }, SITES),
        unit: 'ms',
      },
      {
        name: 'api.station_search_ms.10k_role',
        value: await timeSearch(viewer, { mode: 'map' }, SITES),
        unit: 'ms',
      },
    );
    const firstRender = await timeFirstRender(address);
    if (firstRender !== undefined) {
      results.push({ name: 'map.first_render_ms.10k', value: Math.round(firstRender), unit: 'ms' });
    }
    return results;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
