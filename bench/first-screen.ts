// The browser's first screens for `npm run bench` (issue 43 §3): what a user waits for, in the built web
// app (apps/web/dist) in Debian Chromium through playwright-core, each run in a fresh browser context (an
// empty HTTP cache: a first visit). Time from navigation start to the content drawn, median of the runs,
// and the bytes transferred before it (CDP `Network.loadingFinished.encodedDataLength`: compressed, with
// headers). Target ≤ 1 500 ms each; cold statistics: its API time plus ≤ 300 ms.
// - `home_map`: from the click on "Log in" to the home map idle with the sites drawn (cluster markers or
//   the `site` layer's rendered features); its bytes count from the login page's navigation on;
// - `site_list`: /stationManage to the first table row;
// - `wind_data`: a demo mast's MeasureWind page to its chart's canvas with points;
// - `statistics_cached` / `statistics_cold`: the NREL M5 mast's statistics page, "Run" clicked as soon as
//   its version is chosen, to the first tab's (summary) chart; cached = the server's result cache holds
//   the answer, cold = another time zone each run (another cache key, the same computation).
// The demo data (SEED_DEMO_DATA) for the first three, the real M5 mast of ../shared for statistics.
// FIRST_SCREEN_REQUESTS=1 also lists every response before the content (first run), with its KB.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import { ingestM5, M5_GZ } from './m5.ts';
import type { TBenchResult } from './run.ts';

const ADMIN_PASSWORD = 'Bench#First2026';
const RUNS = 5;
const COLD_STATISTICS_RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** FIRST_SCREEN_WEB_DIST serves another build (e.g. an older commit's) to compare under the same load. */
const WEB_DIST_DIR =
  process.env.FIRST_SCREEN_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const WEB_DIST = path.join(WEB_DIST_DIR, 'index.html');
const DRAWN_TIMEOUT_MS = 180_000;

type TStorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface TScreen {
  /** Figure suffix. */
  name: string;
  url: string;
  /** A JS expression, true once the content is drawn. */
  drawn: string;
  /** A JS statement run each frame before `drawn` (e.g. clicking "Run" once the form is ready). */
  step?: string;
  /** A path part of the API call whose duration (resource timing) to report. */
  api?: string;
}

interface TRun {
  ms: number;
  /** Bytes transferred by URL path, before the content was drawn. */
  bytes: Map<string, number>;
  /** The `api` call's request start → response end, in the browser. */
  apiMs?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function sum(bytes: Map<string, number>): number {
  let total = 0;
  for (const b of bytes.values()) total += b;
  return total;
}

/** Counts the bytes each response transferred (CDP); `snapshot()` freezes what has finished so far. */
async function countBytes(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    urls.set(event.requestId, url.protocol === 'data:' ? 'data:' : `${url.pathname}`);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId) ?? '?';
    bytes.set(url, (bytes.get(url) ?? 0) + event.encodedDataLength);
  });
  await cdp.send('Network.enable');
  return { snapshot: () => new Map(bytes) };
}

/**
 * Polls each animation frame until `drawn`, then resolves at the next frame (painted) with
 * performance.now() minus `since` (a string: tsx would wrap named functions in a helper the page lacks).
 */
function drawnScript(screen: Pick<TScreen, 'drawn' | 'step'>, since = '0'): string {
  return `new Promise((resolve) => {
    const check = () => {
      try {
        ${screen.step ?? ''}
        if (${screen.drawn}) {
          requestAnimationFrame(() => resolve(performance.now() - (${since})));
          return;
        }
      } catch {
        // not there yet
      }
      requestAnimationFrame(check);
    };
    check();
  })`;
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: not drawn in ${DRAWN_TIMEOUT_MS} ms`)),
      DRAWN_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function newContext(browser: Browser, address: string, storageState?: TStorageState) {
  const context = await browser.newContext({
    baseURL: address,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    ...(storageState ? { storageState } : {}),
  });
  context.setDefaultTimeout(60_000);
  return context;
}

const HOME: TScreen = {
  name: 'home_map',
  url: '/index',
  drawn: `(() => {
    const map = window.__masthubMap;
    if (!map || !map.isStyleLoaded() || !map.loaded() || map.isMoving()) return false;
    const clusters = document.querySelectorAll('[data-testid="map-cluster"]').length;
    return clusters + map.queryRenderedFeatures({ layers: ['site'] }).length > 0;
  })()`,
};

/** Login page (cold) → typed → click → home map drawn; the time counts from the click. */
async function homeRun(browser: Browser, address: string): Promise<TRun & { loginBytes: number }> {
  const context = await newContext(browser, address);
  try {
    const page = await context.newPage();
    const counter = await countBytes(context, page);
    await page.goto('/login');
    await page.getByLabel(/^(账号|Account)$/).fill('admin');
    await page.getByLabel(/^(密码|Password)$/).fill(ADMIN_PASSWORD);
    await page.evaluate(
      `document.addEventListener('click', () => { window.__benchClickAt ??= performance.now(); }, true)`,
    );
    const loginBytes = sum(counter.snapshot());
    await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
    const ms = await withTimeout(
      page.evaluate<number>(drawnScript(HOME, 'window.__benchClickAt')),
      HOME.name,
    );
    return { ms, bytes: counter.snapshot(), loginBytes };
  } finally {
    await context.close();
  }
}

/** A fresh context (logged in, empty cache) opening `screen.url`: navigation start → drawn. */
async function coldRun(
  browser: Browser,
  address: string,
  storageState: TStorageState,
  screen: TScreen,
): Promise<TRun> {
  const context = await newContext(browser, address, storageState);
  try {
    const page = await context.newPage();
    const counter = await countBytes(context, page);
    await page.goto(screen.url, { waitUntil: 'commit' });
    const ms = await withTimeout(page.evaluate<number>(drawnScript(screen)), screen.name);
    const bytes = counter.snapshot();
    if (!screen.api) return { ms, bytes };
    const apiMs = await page.evaluate<number>(
      `Math.max(0, ...performance.getEntriesByType('resource')
        .filter((e) => e.name.includes(${JSON.stringify(screen.api)}))
        .map((e) => e.responseEnd - e.startTime))`,
    );
    return { ms, bytes, apiMs };
  } finally {
    await context.close();
  }
}

/** The storage state with another `utc-code` (the statistics cache key changes with it). */
function withUtcCode(state: TStorageState, utcCode: string): TStorageState {
  return {
    ...state,
    origins: state.origins.map((origin) => ({
      ...origin,
      localStorage: [
        ...origin.localStorage.filter((item) => item.name !== 'masthub.utcCode'),
        { name: 'masthub.utcCode', value: utcCode },
      ],
    })),
  };
}

function figures(name: string, runs: TRun[]): TBenchResult[] {
  const kb = runs.map((r) => sum(r.bytes) / 1024);
  const first = runs[0]!;
  const top = [...first.bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([url, b]) => `${path.basename(url) || url} ${Math.round(b / 1024)}`)
    .join(', ');
  console.log(
    `  (first screen ${name}: runs ${runs.map((r) => Math.round(r.ms)).join('/')} ms, ` +
      `${first.bytes.size} responses; biggest KB: ${top})`,
  );
  if (process.env.FIRST_SCREEN_REQUESTS) {
    // Every response before the content, in the order it finished (the first run), with its KB.
    for (const [url, b] of first.bytes)
      console.log(`    ${name}: ${(b / 1024).toFixed(1).padStart(7)} KB  ${url}`);
  }
  return [
    { name: `web.first_screen_ms.${name}`, value: Math.round(median(runs.map((r) => r.ms))), unit: 'ms' },
    { name: `web.first_screen_kb.${name}`, value: Math.round(median(kb)), unit: 'KB' },
  ];
}

async function waitForDemoData(address: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const body = (await (await fetch(`${address}/api/health`)).json()) as { data: { demoData?: string } };
    if (body.data.demoData === 'ready') break;
    if (Date.now() - started > 900_000) throw new Error('the demo data import did not finish in 15 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.log(`  (first screen: demo data ready in ${Math.round((Date.now() - started) / 1000)} s)`);
}

export async function benchFirstScreen(): Promise<TBenchResult[]> {
  if (!existsSync(CHROMIUM) || !existsSync(WEB_DIST)) {
    console.warn('web.first_screen_ms skipped: Chromium or apps/web/dist is missing (npm run build first)');
    return [];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-first-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'fatal',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'true',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR,
  });
  const server = await createServer(config, createLogger(config));
  let browser: Browser | undefined;
  try {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    await waitForDemoData(address);
    const demoMast = await server.db
      .selectFrom('dataset_version')
      .select('station_id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    let m5: number | undefined;
    if (existsSync(M5_GZ)) {
      const started = Date.now();
      m5 = (await ingestM5(server, dataDir, { code: '990043', name: 'bench first screen M5' })).stationId;
      console.log(`  (first screen: M5 ingested in ${Math.round((Date.now() - started) / 1000)} s)`);
    } else {
      console.warn(`web.first_screen_ms.statistics_* skipped: ${M5_GZ} not found (../shared is absent)`);
    }
    browser = await chromium.launch({
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
    const results: TBenchResult[] = [];
    // Home: a first visit, from the login page.
    const homeRuns: (TRun & { loginBytes: number })[] = [];
    for (let i = 0; i < RUNS; i++) homeRuns.push(await homeRun(browser, address));
    console.log(
      `  (first screen home_map: of its KB, ${Math.round(median(homeRuns.map((r) => r.loginBytes)) / 1024)} before the click — the login page)`,
    );
    results.push(...figures(HOME.name, homeRuns));
    // The logged-in storage (token, rights) every later fresh context starts with.
    const setup = await newContext(browser, address);
    const page = await setup.newPage();
    await page.goto('/login');
    await page.getByLabel(/^(账号|Account)$/).fill('admin');
    await page.getByLabel(/^(密码|Password)$/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
    await page.waitForURL('**/index');
    const state = withUtcCode(await setup.storageState(), '+08:00');
    await setup.close();

    const screens: TScreen[] = [
      {
        name: 'site_list',
        url: '/stationManage',
        drawn: `document.querySelector('.ant-table-tbody tr.ant-table-row') !== null`,
      },
      {
        name: 'wind_data',
        url: `/StationDetail/MeasureWind?stationId=${demoMast.station_id}`,
        drawn: `(() => {
          const chart = document.querySelector('[data-testid="mw-chart"]');
          return !!chart && !!chart.querySelector('canvas') && Number(chart.dataset.points) > 0;
        })()`,
      },
    ];
    for (const screen of screens) {
      const runs: TRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldRun(browser, address, state, screen));
      results.push(...figures(screen.name, runs));
    }

    if (m5 !== undefined) {
      const statistics: TScreen = {
        name: 'statistics',
        url: `/StationDetail/StasticAnalysis?stationId=${m5}`,
        // "Run" once the version is chosen (the first form item's select has a value), as a user would.
        step: `if (!window.__benchRan) {
          const form = document.querySelector('[data-testid="statistics-page"] form');
          const version = form && form.querySelector('.ant-form-item');
          const run = form && form.querySelector('button.ant-btn-primary');
          if (version && version.querySelector('.ant-select-content-has-value') && run && !run.disabled) {
            window.__benchRan = true;
            run.click();
          }
        }`,
        drawn: `document.querySelector('[data-testid="stat-chart-summary"] canvas') !== null`,
        api: '/statistics/analysis',
      };
      // Once to put the answer in the server's cache; then every run reads it.
      await coldRun(browser, address, state, statistics);
      const cached: TRun[] = [];
      for (let i = 0; i < RUNS; i++) cached.push(await coldRun(browser, address, state, statistics));
      results.push(...figures('statistics_cached', cached));
      const cold: TRun[] = [];
      for (let i = 0; i < COLD_STATISTICS_RUNS; i++) {
        cold.push(await coldRun(browser, address, withUtcCode(state, `+0${i + 1}:30`), statistics));
      }
      results.push(...figures('statistics_cold', cold));
      console.log(
        `  (first screen statistics_cold: its analysis call took ${Math.round(median(cold.map((r) => r.apiMs ?? 0)))} ms of it, in the browser's resource timing)`,
      );
    }
    return results;
  } finally {
    await browser?.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchFirstScreen();
  if (process.argv.includes('--json')) console.log(JSON.stringify(results));
  else for (const r of results) console.log(`${r.name.padEnd(36)} ${String(r.value).padStart(10)} ${r.unit}`);
}
