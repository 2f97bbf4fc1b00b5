import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 90_000 };
let browser: Browser;
let sites: { first: number; second: number };

beforeAll(async () => {
  browser = await launchBrowser();
  // Two demo masts with data in a common month and a speed at a common height (the demo import has
  // finished before the browser tests start): the first plays the lidar, the second the mast.
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const r = await client.query<{ a: string; b: string }>(
      `SELECT va.station_id AS a, vb.station_id AS b
         FROM dataset_version va
         JOIN dataset_version vb ON vb.kind = 'original' AND vb.station_id > va.station_id
        WHERE va.kind = 'original'
          AND EXISTS (SELECT 1 FROM ts_channel ca JOIN ts_channel cb ON cb.height_m = ca.height_m
                       WHERE ca.version_id = va.id AND cb.version_id = vb.id
                         AND ca.element = 'ws' AND cb.element = 'ws' AND ca.statistic = 'mean' AND cb.statistic = 'mean')
          AND EXISTS (SELECT 1 FROM ts_chunk x JOIN ts_chunk y ON y.month_start = x.month_start
                       WHERE x.version_id = va.id AND y.version_id = vb.id)
        ORDER BY va.station_id, vb.station_id LIMIT 1`,
    );
    sites = { first: Number(r.rows[0]!.a), second: Number(r.rows[0]!.b) };
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await browser.close();
});

describe('[LIDAR]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[LIDAR]: compares one site against another, reads the KPI table, its source, a scatter chart and the workbook (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/LidarVsMast?stationId=${sites.first}&otherStationId=${sites.second}`);
      await page.getByTestId('lidar-page').waitFor(POLL);
      // The tab of the site's pages names the screen in the reader's language.
      await page
        .getByRole('tab', { name: zh ? '激光雷达与测风塔对比' : 'Lidar vs mast' })
        .first()
        .waitFor(POLL);
      // The height pairs are proposed from both versions (heights matched by channel height).
      const pairs = page.getByTestId('lidar-pairs');
      await expect.poll(() => pairs.locator('.ant-table-row').count(), POLL).toBeGreaterThan(0);
      await page.getByTestId('lidar-run').click();
      const table = page.getByTestId('lidar-table');
      await table.waitFor(POLL);
      const rows = await pairs.locator('.ant-table-row').count();
      await expect.poll(() => table.locator('.ant-table-row').count(), POLL).toBe(rows);
      await expect.poll(() => table.getByText(/✓|✗/).count(), POLL).toBeGreaterThan(0);
      await table
        .getByText(zh ? '最佳实践' : 'Best practice', { exact: true })
        .first()
        .waitFor(POLL);
      await expect
        .poll(() => page.getByTestId('lidar-summary').textContent(), POLL)
        .toMatch(zh ? /个高度/ : /\bheights?\b/);
      await expect
        .poll(() => page.getByTestId('lidar-kpi-source').textContent(), POLL)
        .toMatch(zh ? /浮式激光雷达技术商业认可路线图/ : /Carbon Trust Offshore Wind Accelerator/);
      await page.getByTestId('lidar-chart-speed-0').locator('canvas').first().waitFor(POLL);
      await page.waitForTimeout(1200);
      await screenshot(page, `lidar-verify-${locale}`);
      await page.getByTestId('lidar-chart-speed-0').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${inject('outputDir')}/lidar-verify-charts-${locale}.png` });
      // The workbook downloads with the screen's name.
      const download = page.waitForEvent('download');
      await page.getByTestId('lidar-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        zh ? /^激光雷达与测风塔对比_.*\.xlsx$/ : /^Lidar vs mast_.*\.xlsx$/,
      );
      await context.close();
    }, 300_000);
  }
});
