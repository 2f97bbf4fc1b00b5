import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 90_000 };
let browser: Browser;
let stationId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  // The first demo mast: its January icing episodes (seed/demo-timeseries.ts, frozen cups and vane below
  // −3 °C in humid air) and its temperature and humidity make it the cold site of this test.
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

describe('[COLD-CLIMATE]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[COLD-CLIMATE]: the suitability screen's cold-climate section and the map's ice-class layer (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      // The home map: the ice-class layer's toggle shows the legend of classes 1–5.
      const layer = page.getByTestId('ice-class-layer');
      await layer.waitFor(POLL);
      const title = zh ? 'IEA 覆冰等级（寒冷气候）' : 'IEA ice class (cold climate)';
      await layer.getByText(title).click();
      await expect.poll(() => page.getByTestId('ice-class-toggle').isChecked(), POLL).toBe(true);
      const legend = page.getByTestId('ice-class-legend');
      await legend.waitFor(POLL);
      await legend.getByText(zh ? /^5 级：覆冰 > 10 %/ : /^Class 5: icing > 10 %/).waitFor(POLL);
      await legend.getByText(zh ? /^1 级/ : /^Class 1/).waitFor(POLL);
      await screenshot(page, `cold-climate-map-${locale}`);

      await page.goto(`/StationDetail/SiteSuitability?stationId=${stationId}`);
      await page.getByTestId('suit-page').waitFor(POLL);
      await expect.poll(() => page.locator('#suitForm_hubHeight').inputValue(), POLL).not.toBe('');
      await page.getByTestId('suit-run').click();
      const cold = page.getByTestId('suit-cold');
      await cold.waitFor(POLL);
      await cold
        .getByText(zh ? '寒冷气候（IEA Wind Task 19）' : 'Cold climate (IEA Wind Task 19)')
        .waitFor(POLL);
      // The badge: the class with its expected loss range (the demo mast has humidity).
      await expect
        .poll(() => cold.getByTestId('suit-ice-class').textContent(), POLL)
        .toMatch(zh ? /^IEA 覆冰等级 [1-5] · 预计损失 / : /^IEA ice class [1-5] · expected loss /);
      // A row a year with the temperature figures, and the demo's January icing as periods with evidence.
      const years = cold.getByTestId('suit-cold-years');
      await expect.poll(() => years.locator('.ant-table-row').count(), POLL).toBeGreaterThan(0);
      await years.getByText(zh ? '低于 −20 °C 小时数' : 'Hours below −20 °C').waitFor(POLL);
      const periods = cold.getByTestId('suit-cold-periods');
      await expect.poll(() => periods.locator('.ant-table-row').count(), POLL).toBeGreaterThan(0);
      // Newest first, ten a page: meteorological and instrumental spells, each with its evidence (records).
      await periods
        .getByText(zh ? /^(气象覆冰|仪器覆冰)$/ : /^(Meteorological icing|Instrumental icing)$/)
        .first()
        .waitFor(POLL);
      await periods
        .getByText(/\(\d+\)$/)
        .first()
        .waitFor(POLL);
      await cold.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${inject('outputDir')}/cold-climate-suitability-${locale}.png` });
      await context.close();
    }, 300_000);
  }
});
