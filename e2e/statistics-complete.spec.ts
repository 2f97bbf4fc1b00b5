import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

/**
 * Issue 29 "complete the statistics" on screen: on a demo mast, the joint speed × direction table and the
 * .tab download (rose), TI by sector with the P90 (turbulence), MOMM both ways (yearly), density by
 * year-month and the monthly maxima with their time (extreme), and the recovery tab's two figures,
 * measured and after reconstruction (issue 45 §1), in both languages.
 */
const POLL = { timeout: 90_000 };
let browser: Browser;
let stationId: number;

beforeAll(async () => {
  browser = await launchBrowser();
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

describe('[STATISTICS]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[STATISTICS]: shows the completed statistics of a demo mast and downloads its .tab (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/StasticAnalysis?stationId=${stationId}`);
      await page.getByTestId('statistics-page').waitFor(POLL);
      await page.getByTestId('statistics-momm-coverage').waitFor(POLL);
      await page.getByRole('button', { name: zh ? /统\s*计/ : /Analyse/ }).click();
      const open = async (tab: string) => {
        await page.locator(`.ant-tabs-tab[data-node-key="${tab}"]`).click();
      };
      // The summary names the vanes' direction SD by its estimator (issue 46 §3).
      await page
        .getByRole('columnheader', { name: /Yamartino/ })
        .first()
        .waitFor(POLL);
      await open('rose');
      const joint = page.getByTestId('stat-joint-table');
      await joint.waitFor(POLL);
      await expect.poll(() => joint.locator('.ant-table-row').count(), POLL).toBeGreaterThan(3);
      await joint.getByText(zh ? '扇区合计' : 'Sector total').waitFor(POLL);
      // Issue 46 §3: bins centred on integers by default, named above the table.
      await joint.getByText(zh ? /以整数为中心/ : /Centred on integers/).waitFor(POLL);
      await joint.getByText('0.5–1.5').first().waitFor(POLL);
      const download = page.waitForEvent('download');
      await page.getByTestId('stat-tab-download').click();
      expect((await download).suggestedFilename()).toMatch(/\.tab$/);
      await screenshot(page, `statistics-complete-rose-${locale}`);
      await open('turbulence');
      const ti = page.getByTestId('stat-turbulence-detail');
      await ti.waitFor(POLL);
      await ti.getByText(zh ? '分扇区湍流强度' : 'TI by direction sector').waitFor(POLL);
      await expect.poll(() => ti.locator('.ant-table-row').count(), POLL).toBe(16);
      await open('monthly');
      const momm = page.getByTestId('stat-momm');
      await momm.waitFor(POLL);
      await momm
        .getByText(zh ? /MOMM，brightwind/ : /MOMM, brightwind/)
        .first()
        .waitFor(POLL);
      await open('airDensity');
      await page.getByTestId('stat-density-by-month').waitFor(POLL);
      await open('extreme');
      const maxima = page.getByTestId('stat-monthly-maxima');
      await maxima.waitFor(POLL);
      await expect.poll(() => maxima.locator('.ant-table-row').count(), POLL).toBeGreaterThan(0);
      await screenshot(page, `statistics-complete-extreme-${locale}`);
      // Issue 45 §1: the recovery tab shows measured recovery and recovery after reconstruction, labelled.
      await open('recovery');
      const recovery = page.getByTestId('stat-recovery-table');
      await recovery.waitFor(POLL);
      await expect.poll(() => recovery.locator('.ant-table-row').count(), POLL).toBeGreaterThan(0);
      const headers = await recovery.locator('th').allTextContents();
      expect(headers).toContain(zh ? '实测完整率 (%)' : 'Measured recovery (%)');
      expect(headers).toContain(zh ? '填补数目' : 'Filled');
      expect(headers).toContain(zh ? '重建后完整率 (%)' : 'Recovery after reconstruction (%)');
      expect(await page.getByTestId('stat-recovery-two-figures').textContent()).toContain(
        zh ? '重建后完整率把它们计为有效' : 'recovery after reconstruction counts them as valid',
      );
      await page.getByTestId('stat-recovery-two-figures').scrollIntoViewIfNeeded();
      await screenshot(page, `statistics-complete-recovery-${locale}`);
      await context.close();
    }, 300_000);
  }
});
