import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
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

/** The 1-year P90 of the uncertainty table (first row of the horizons). */
const p90 = (page: Page) =>
  page.getByTestId('energy-uncertainty-horizons').getByTestId('uncertainty-P90').first().innerText();

describe('[UNCERTAINTY]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[UNCERTAINTY]: types the plant performance uncertainty on the energy screen and sees P90 move, kept with who and when (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/ElectricComputer?stationId=${stationId}`);
      await page.getByTestId('energy-page').waitFor(POLL);
      await expect.poll(() => page.locator('#energyForm_hubHeight').inputValue(), POLL).not.toBe('');
      await page.locator('#energyForm_hubHeight').fill('120');
      await page.getByTestId('energy-run').click();
      const card = page.getByTestId('energy-uncertainty');
      await card.waitFor(POLL);
      await card.getByText(zh ? '不确定度与超越概率' : 'Uncertainty and P-values').waitFor(POLL);
      // Computed, default and typed marked; the measurement computed or defaulted from the register.
      await expect
        .poll(() => page.getByTestId('uncertainty-how-verticalExtrapolation').innerText(), POLL)
        .toBe(zh ? '计算' : 'Computed');
      await expect
        .poll(() => page.getByTestId('uncertainty-how-plantPerformance').innerText(), POLL)
        .toBe(zh ? '默认值' : 'Default');
      const before = await p90(page);
      const box = page.getByTestId('uncertainty-input-plantPerformance');
      const input = (await box.evaluate((e) => e.tagName)) === 'INPUT' ? box : box.locator('input');
      await input.fill('9');
      await input.press('Enter');
      await expect
        .poll(() => page.getByTestId('uncertainty-how-plantPerformance').innerText(), POLL)
        .toBe(zh ? '填写' : 'Typed');
      await page.getByTestId('uncertainty-by-plantPerformance').waitFor(POLL);
      await expect.poll(() => p90(page), POLL).not.toBe(before);
      const parse = (s: string) => Number(s.replace(/[^\d.]/g, ''));
      expect(parse(await p90(page))).toBeLessThan(parse(before));
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${inject('outputDir')}/uncertainty-${locale}.png` });
      await page.getByTestId('energy-uncertainty-horizons').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await screenshot(page, `uncertainty-horizons-${locale}`);
      // Back to the stated default: P90 as before.
      await card.getByRole('button', { name: zh ? '恢复默认值' : 'Back to the default' }).click();
      await expect.poll(() => p90(page), POLL).toBe(before);
      await context.close();
    });
  }
});
