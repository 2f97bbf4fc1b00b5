import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 30_000 };
let browser: Browser;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-e2e-doubts-'));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/**
 * A logger export whose units row names a speed unit MastHub does not know and a pressure in hPa whose
 * values are tenths of a hectopascal (≈ 9 660): two doubts the preview must show.
 */
function writeDoubtfulCsv(name: string, year: number): string {
  const lines = ['Timestamp,WS_80m_Avg,WD_80m_Avg,P_2m_Avg', 'TS,furlongs/fortnight,Deg,hPa'];
  const start = Date.UTC(year, 0, 1);
  for (let i = 0; i < 144; i += 1) {
    const stamp = new Date(start + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    lines.push([stamp, (6 + Math.sin(i / 9)).toFixed(2), (i * 7) % 360, 9_660 + (i % 7)].join(','));
  }
  const file = path.join(tmp, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const TEXT = {
  'zh-CN': {
    siteData: '站点数据',
    open: /有 2 处存疑，确认后才能入库/,
    unit: '单位“furlongs/fortnight”无法识别',
    pressure: /像以 daPa 计的气压，而不是 hPa/,
    accept: '按当前识别确认',
    confirm: /确认入库/,
    parsed: '已解析',
    done: '完成',
  },
  'en-US': {
    siteData: 'Site data',
    open: /2 doubts to confirm before the file is stored/,
    unit: 'the unit “furlongs/fortnight” is not known',
    pressure: /look like air pressure in daPa, not hPa/,
    accept: 'Confirm as it is',
    confirm: /Confirm and store/,
    parsed: 'Parsed',
    done: 'Done',
  },
} as const;

describe('[INGESTION][DOUBTS]', () => {
  for (const [locale, year, site] of [
    ['zh-CN', 2019, 6],
    ['en-US', 2018, 7],
  ] as const) {
    it(`[INGESTION][DOUBTS]: shows each doubt next to its column and stores the file only once every doubt is answered (${locale})`, async () => {
      const text = TEXT[locale];
      const page = await (await newContext(browser, locale)).newPage();
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto('/stationManage');
      await expect.poll(() => rows(page).count(), POLL).toBeGreaterThan(site);
      const row = rows(page).nth(site);
      const code = (await row.locator('td').first().textContent())?.trim() ?? '';
      await row.getByRole('link', { name: code }).click();
      await page.waitForURL('**/StationDetail/StationInfo?stationId=*');
      await page.getByText(text.siteData).first().waitFor();

      const name = `${code}_doubts_${locale}.csv`;
      await page.locator('.ant-upload-drag input[type="file"]').setInputFiles(writeDoubtfulCsv(name, year));
      const dialog = page.getByRole('dialog');
      const panel = dialog.getByTestId('doubts-panel');
      await panel.waitFor({ timeout: 60_000 });
      await expect.poll(async () => (await panel.textContent()) ?? '', POLL).toMatch(text.open);
      // Each doubt sits in its column's row: the speed's unit, the pressure's values.
      const speedRow = dialog.locator('.ant-table-row', { hasText: 'WS_80m_Avg' }).first();
      await speedRow.getByTestId('doubt-unit:2').getByText(text.unit).waitFor();
      const pressureRow = dialog.locator('.ant-table-row', { hasText: 'P_2m_Avg' }).first();
      await expect
        .poll(async () => (await pressureRow.getByTestId('doubt-values:4').textContent()) ?? '', POLL)
        .toMatch(text.pressure);
      const confirm = dialog.getByRole('button', { name: text.confirm });
      expect(await confirm.isDisabled()).toBe(true);
      await screenshot(page, `doubts-preview-${locale}`);

      // The speed's unit is confirmed as it is; the pressure's is changed to what its values say (daPa).
      await speedRow.getByTestId('doubt-unit:2').getByText(text.accept).click();
      const unitInput = pressureRow.locator('.ant-select-auto-complete input');
      await unitInput.fill('daPa');
      await page.keyboard.press('Escape');
      await expect.poll(async () => (await pressureRow.textContent()) ?? '', POLL).not.toMatch(text.pressure);
      await expect.poll(() => confirm.isDisabled(), POLL).toBe(false);
      await confirm.click();
      await dialog.getByText(text.parsed).first().waitFor({ timeout: 60_000 });
      await screenshot(page, `doubts-confirmed-${locale}`);
      await dialog.getByRole('button', { name: text.done }).click();
      await page
        .locator('.ant-table-row', { hasText: name })
        .getByText(text.parsed, { exact: true })
        .waitFor();
    });
  }
});
