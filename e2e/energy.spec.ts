import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 60_000 };
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

describe('[ENERGY]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[ENERGY]: refuses a hub height above 500 m, then compares two reference turbines on a demo mast (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/ElectricComputer?stationId=${stationId}`);
      await page.getByTestId('energy-page').waitFor(POLL);
      // The form fills itself from the version: top speed, its vane, its height, two library turbines.
      await expect.poll(() => page.locator('#energyForm_hubHeight').inputValue(), POLL).not.toBe('');
      await page.locator('#energyForm_hubHeight').fill('600');
      await page.getByTestId('energy-run').click();
      const message = zh
        ? '目标风速高度须为大于 0 且不超过 500 的整数（米）'
        : 'The target height must be a whole number of metres above 0 and at most 500';
      await page.locator('.ant-form-item-explain-error', { hasText: message }).waitFor(POLL);
      await page.locator('#energyForm_hubHeight').fill('120');
      await page.getByTestId('energy-run').click();
      const table = page.getByTestId('energy-table');
      await table.waitFor(POLL);
      await expect.poll(() => table.locator('.ant-table-row').count(), POLL).toBe(2);
      await page.getByTestId('energy-chart-month').locator('canvas').first().waitFor(POLL);
      await page.waitForTimeout(1200);
      await screenshot(page, `energy-${locale}`);
      await page.getByTestId('energy-result').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${inject('outputDir')}/energy-result-${locale}.png` });
      await page.getByRole('button', { name: zh ? '风机库' : 'Turbine library' }).click();
      await page.locator('.ant-drawer').getByText('IEA 3.4 MW RWT (130 m)').waitFor(POLL);
      await screenshot(page, `energy-library-${locale}`);
      await context.close();
    });
  }
});
