import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

/**
 * A lidar site in the browser (issue 31): registered through the API as a floating lidar, a real
 * WindCube buoy `.sta` uploaded (../shared/samples/windcube_sta), then its channels per height on the
 * site information tab and the statistics over all 12 heights with the lidar TI note, in both languages.
 */
const POLL = { timeout: 90_000 };
const STA = path.resolve(
  import.meta.dirname,
  '../../shared/samples/windcube_sta/tsdat_lidar.z06.00.20201201.000000.sta',
);
let browser: Browser;
let stationId: number;

async function api(url: string, token: string | undefined, body: BodyInit, contentType?: string) {
  const response = await fetch(`${inject('baseUrl')}/api${url}`, {
    method: 'POST',
    headers: { ...(token ? { token } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
    body,
  });
  const json = (await response.json()) as { code: number; msg: string; data: any };
  if (!response.ok) throw new Error(`${url}: ${response.status} ${json.msg}`);
  return json.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await api(
    '/security/sys/user/login',
    undefined,
    JSON.stringify({ account: 'admin', password: inject('adminPassword') }),
    'application/json',
  );
  const token = login.token as string;
  const saved = await api(
    '/web/station/save_or_update',
    token,
    JSON.stringify({
      stationCode: '31031',
      projectName: 'Lidar e2e site',
      stationType: 'floating_lidar',
      // The buoy's logger writes UTC, as its file says (else the zone would be a doubt to confirm).
      loggerUtcOffset: 0,
      regionCode: '330000',
      longitude: 121.9,
      latitude: 29.8,
      status: 0,
    }),
    'application/json',
  );
  stationId = saved.id;
  const form = new FormData();
  form.append('stationId', String(stationId));
  form.append('file', new Blob([readFileSync(STA)]), path.basename(STA));
  const outcomes = await api('/web/station/data/upload', token, form);
  expect(outcomes.map((o: { status: string }) => o.status)).toEqual(['parsed']);
});
afterAll(async () => {
  await browser.close();
});

describe('[LIDAR]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[LIDAR]: a floating lidar's channels per height and its statistics over all heights with the lidar TI note (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/StationInfo?stationId=${stationId}`);
      const card = page.getByTestId('remote-sensing-card');
      await card.waitFor(POLL);
      await card.getByText(zh ? '遥感设备与测量高度' : 'Remote-sensing device and heights').waitFor(POLL);
      await card.getByText('WLS866-24').waitFor(POLL);
      const heights = page.getByTestId('remote-sensing-heights');
      await expect.poll(() => heights.locator('.ant-table-row').count(), POLL).toBe(12);
      await heights.getByText('240 m', { exact: true }).waitFor(POLL);
      await heights
        .getByText(zh ? '数据可用率 · 平均值 (%)' : 'Data availability · mean (%)')
        .first()
        .waitFor(POLL);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `lidar-channels-${locale}`);

      await page.goto(`/StationDetail/StasticAnalysis?stationId=${stationId}`);
      await page.getByTestId('statistics-page').waitFor(POLL);
      await page.locator('#versionId').click({ force: true });
      await page.locator('.ant-select-item-option').first().click();
      await page
        .getByRole('button', { name: zh ? /统\s*计/ : /Analyse/ })
        .first()
        .click();
      await page.getByTestId('stat-chart-summary').locator('canvas').first().waitFor({ timeout: 120_000 });
      await page.getByRole('tab', { name: zh ? '湍流强度' : 'Turbulence' }).click();
      await page
        .getByTestId('stat-lidar-ti-note')
        .getByText(
          zh ? /激光雷达湍流强度.*不可与风杯湍流强度直接比较/ : /Lidar TI .*not comparable to cup TI/,
        )
        .waitFor(POLL);
      await page.getByRole('tab', { name: zh ? '风切变' : 'Shear' }).click();
      await page.getByTestId('stat-chart-shear').locator('canvas').first().waitFor(POLL);
      await page.waitForTimeout(1200);
      await screenshot(page, `lidar-shear-${locale}`);
      await context.close();
    }, 300_000);
  }
});
