import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 90_000 };
let browser: Browser;
let stationId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  // The first demo mast (the demo import has finished before the browser tests start).
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const r = await client.query<{ id: string }>(
      `SELECT s.id FROM station s JOIN dataset_version v ON v.station_id = s.id AND v.kind = 'original'
        WHERE EXISTS (SELECT 1 FROM ts_chunk c WHERE c.version_id = v.id) ORDER BY s.id LIMIT 1`,
    );
    stationId = Number(r.rows[0]!.id);
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await browser.close();
});

describe('[SUITABILITY]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[SUITABILITY]: checks a demo mast against the IEC classes, reads the verdict, the charts and the workbook (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/SiteSuitability?stationId=${stationId}`);
      await page.getByTestId('suit-page').waitFor(POLL);
      // The tab of the site's pages names the screen in the reader's language.
      await page
        .getByRole('tab', { name: zh ? '场址适用性' : 'Site suitability' })
        .first()
        .waitFor(POLL);
      // The form fills itself from the version: the highest speed, its height as the hub height, its σ and gust.
      await expect.poll(() => page.locator('#suitForm_hubHeight').inputValue(), POLL).not.toBe('');
      // The measured density's temperature and pressure default to the version's channels, not "none".
      for (const field of ['temperatureChannelId', 'pressureChannelId']) {
        const item = page.locator('.ant-form-item').filter({ has: page.locator(`#suitForm_${field}`) });
        await item.waitFor(POLL);
        await expect.poll(() => item.locator('.ant-select-placeholder').count(), POLL).toBe(0);
      }
      await page.getByTestId('suit-run').click();
      const table = page.getByTestId('suit-table');
      await table.waitFor(POLL);
      // Seven checks, a column per class I/II/III × A+/A/B/C, ✓ or ✗ in the judged rows.
      await expect.poll(() => table.locator('.ant-table-row').count(), POLL).toBe(7);
      await table.getByText('III C', { exact: true }).first().waitFor(POLL);
      await expect.poll(() => table.getByText(/✓|✗/).count(), POLL).toBeGreaterThan(0);
      const verdict = page.getByTestId('suit-verdict');
      await verdict.waitFor(POLL);
      await expect
        .poll(() => verdict.textContent(), POLL)
        .toMatch(zh ? /场址等级|无法确认场址等级/ : /Site class|cannot be confirmed/);
      // A demo mast holds under 10 years: the note says the annual maxima are too few.
      await page
        .getByTestId('suit-notes')
        .getByText(zh ? /年最大值少于 10 个/ : /Fewer than 10 annual maxima/)
        .waitFor(POLL);
      await page.getByTestId('suit-chart-ti').locator('canvas').first().waitFor(POLL);
      await page.getByTestId('suit-chart-extreme').locator('canvas').first().waitFor(POLL);
      await page.waitForTimeout(1200);
      await screenshot(page, `suitability-${locale}`);
      await page.getByTestId('suit-chart-extreme').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${inject('outputDir')}/suitability-charts-${locale}.png` });
      // The workbook downloads with the screen's name.
      const download = page.waitForEvent('download');
      await page.getByTestId('suit-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(zh ? /^场址适用性_.*\.xlsx$/ : /^Site suitability_.*\.xlsx$/);
      await context.close();
    }, 300_000);
  }
});
