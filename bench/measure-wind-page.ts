// MeasureWind page figures for `npm run bench` (issue 26): the built web app in Chromium, from opening a
// site's MeasureWind tab to its first chart drawn, for a small site (188 ten-minute rows of ten channels:
// the chart is not the cost, the page is) and for a page of 500 rows × 30 channels (the table's largest
// page). Measured in the page (navigation start → the chart's canvas with its points), median of 5,
// assets from the browser cache as for a returning user. No target; issue 26 saw ≈ 3.5 s for the small site.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import type { TBenchResult } from './run.ts';

const ADMIN_PASSWORD = 'Bench#2026pw';
const RUNS = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `rows` ten-minute records from 2026-01-01 of `heights` speed/σ/max triples, a vane, T, p and RH. */
function loggerFile(rows: number, heights: number[]): string {
  const header = ['Timestamp'];
  for (const h of heights) header.push(`Spd${h}mN`, `Spd${h}mNStd`, `Spd${h}mNMax`);
  header.push('Dir78mS', 'T2m', 'P2m', 'RH2m');
  const lines = [header.join(',')];
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < rows; i++) {
    const time = new Date(start + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    const cells = [time];
    for (const h of heights) {
      const v = 4 + (h / 100) * 2 + 3 * Math.sin(i / 30);
      cells.push(v.toFixed(2), (0.1 * v).toFixed(3), (1.4 * v).toFixed(2));
    }
    cells.push(String((i * 7) % 360), (5 + Math.sin(i / 50)).toFixed(1), '950', '70');
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

export async function benchMeasureWindPage(): Promise<TBenchResult[]> {
  if (!existsSync(CHROMIUM) || !existsSync(WEB_DIST)) {
    console.warn('web.measure_wind_first_chart_ms skipped: Chromium or apps/web/dist is missing');
    return [];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-mw-'));
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
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const sites: { name: string; id: number }[] = [];
    for (const [name, rows, heights] of [
      ['188rows', 188, [80, 60]],
      ['500rows_30ch', 2000, [120, 100, 80, 70, 60, 50, 40, 30, 10]],
    ] as const) {
      const station = await server.db
        .insertInto('station')
        .values({
          station_code: String(910000 + sites.length),
          project_name: `bench ${name}`,
          longitude: 115,
          latitude: 40,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const file = path.join(dataDir, `${name}.csv`);
      writeFileSync(file, loggerFile(rows, [...heights]));
      const ingested = await server.services.ingestion.ingestFile({
        stationId: station.id,
        fileName: `${name}.csv`,
        source: 'seed',
        path: file,
      });
      if (ingested.status !== 'parsed') throw new Error(`${name} not parsed: ${ingested.status}`);
      sites.push({ name, id: station.id });
    }
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const context = await browser.newContext({
      baseURL: address,
      locale: 'zh-CN',
      viewport: { width: 1366, height: 768 },
    });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/^(账号|Account)$/).fill('admin');
    await page.getByLabel(/^(密码|Password)$/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
    await page.waitForURL('**/index');
    const results: TBenchResult[] = [];
    for (const site of sites) {
      const url = `/StationDetail/MeasureWind?stationId=${site.id}`;
      // Once to fill the browser cache with the page's chunks.
      await page.goto(url);
      await page.locator('[data-testid="mw-chart"] canvas').first().waitFor();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await page.goto('about:blank');
        await page.goto(url, { waitUntil: 'commit' });
        // A string: tsx would wrap named functions in a `__name` helper the page does not have.
        times.push(
          await page.evaluate<number>(`new Promise((resolve) => {
            const check = () => {
              const chart = document.querySelector('[data-testid="mw-chart"]');
              if (chart && chart.querySelector('canvas') && Number(chart.dataset.points) > 0) {
                resolve(performance.now());
                return;
              }
              requestAnimationFrame(check);
            };
            check();
          })`),
        );
      }
      results.push({
        name: `web.measure_wind_first_chart_ms.${site.name}`,
        value: Math.round(median(times)),
        unit: 'ms',
      });
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(await benchMeasureWindPage()));
}
