import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 30_000 };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-e2e-calibrations-'));
let browser: Browser;
/** Two demo masts with a configuration in force whose top cup names its sensor (one per language). */
const sites: {
  stationId: number;
  dataKey: string;
  channelName: string;
  serial: string;
  slope: number;
  offset: number;
}[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const r = await client.query<{
      station_id: string;
      data_key: string;
      channel_name: string;
      sensor_serial: string;
      calibration_slope: number;
      calibration_offset: number;
    }>(
      `SELECT DISTINCT ON (cc.station_id) cc.station_id, c.data_key, c.channel_name, c.sensor_serial, c.calibration_slope,
              c.calibration_offset
         FROM channel_config cc JOIN channel_config_channel c ON c.config_id = cc.id
         JOIN station s ON s.id = cc.station_id AND NOT s.is_deleted AND s.station_type = 'met_mast'
        WHERE c.element = 'ws' AND c.statistic = 'mean' AND c.sensor_serial <> ''
          AND c.calibration_slope IS NOT NULL AND cc.effective_from <= now()
          AND NOT EXISTS (SELECT 1 FROM channel_config later
                           WHERE later.station_id = cc.station_id AND later.effective_from > cc.effective_from)
        ORDER BY cc.station_id, c.height_m DESC LIMIT 2`,
    );
    for (const row of r.rows) {
      sites.push({
        stationId: Number(row.station_id),
        dataKey: row.data_key,
        channelName: row.channel_name,
        serial: row.sensor_serial,
        slope: row.calibration_slope,
        offset: row.calibration_offset,
      });
    }
  } finally {
    await client.end();
  }
  expect(sites).toHaveLength(2);
});
afterAll(async () => {
  await browser.close();
});

function writePdf(name: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  return file;
}

describe('[CALIBRATIONS]', () => {
  for (const [index, locale] of (['zh-CN', 'en-US'] as const).entries()) {
    it(`[CALIBRATIONS]: a certificate typed for a channel's sensor, its PDF attached and downloaded, the mismatch shown on the channel table (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const site = sites[index]!;
      const page = await (await newContext(browser, locale)).newPage();
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/ChannelConfiguration?stationId=${site.stationId}`);
      const cell = page.locator(`[data-calibration-cell="${site.dataKey}"]`);
      await cell.getByRole('button', { name: zh ? '无证书' : 'No certificate' }).click(POLL);

      // The drawer: add a certificate by hand whose offset differs from the programmed one by 0.03.
      const drawer = page.locator('.ant-drawer');
      await drawer
        .getByText(zh ? '暂无校准记录' : 'No calibration yet')
        .first()
        .waitFor();
      await drawer.getByRole('button', { name: zh ? '手工录入' : 'Add by hand' }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.locator('[data-calibration-form]') });
      await dialog.getByLabel(zh ? '斜率' : 'Slope', { exact: true }).fill(String(site.slope));
      const certified = Math.round((site.offset - 0.03) * 10_000) / 10_000;
      await dialog.getByLabel(zh ? '偏移' : 'Offset', { exact: true }).fill(String(certified));
      await dialog.getByLabel(zh ? '校准日期' : 'Date of calibration').fill('2020-01-15');
      await dialog.getByLabel(zh ? '校准日期' : 'Date of calibration').press('Enter');
      await dialog.getByLabel(zh ? '校准机构' : 'Laboratory (organisation)').fill('Deutsche WindGuard');
      await dialog.getByRole('button', { name: zh ? /^确\s?定$/ : 'OK' }).click();
      await page
        .getByText(zh ? '校准记录已保存' : 'Calibration saved')
        .first()
        .waitFor();
      const row = drawer.locator('.ant-table-row', { hasText: 'Deutsche WindGuard' });
      await row.waitFor(POLL);
      await row.getByText('2020-01-15').waitFor();

      // Its PDF: attached, listed, downloaded as it was.
      const pdf = writePdf(`certificate-${locale}.pdf`);
      await row.locator('input[type="file"]').setInputFiles(pdf);
      await page
        .getByText(zh ? 'PDF 已上传' : 'PDF attached')
        .first()
        .waitFor();
      const link = row.getByRole('button', { name: `certificate-${locale}.pdf` });
      await link.waitFor(POLL);
      await screenshot(page, `calibrations-drawer-${locale}`);
      const download = page.waitForEvent('download');
      await link.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`certificate-${locale}.pdf`);
      expect(readFileSync((await file.path())!)).toEqual(readFileSync(pdf));
      // Closed by its close button (Escape goes nowhere once the download took the focus), and gone before the
      // table is hovered: an open drawer takes the pointer.
      await drawer.locator('.ant-drawer-close').click();
      await drawer.locator('.ant-drawer-content').waitFor({ state: 'hidden' });

      // The channel table: the certificate in force and the mismatch mark, its lines on hover.
      const mark = page.locator(`[data-calibration-mismatch="${site.dataKey}"]`);
      await mark.waitFor(POLL);
      await cell.getByText('Deutsche WindGuard').waitFor();
      await mark.hover();
      await page
        .getByText(
          zh
            ? `偏移：设定 ${site.offset}，证书 ${certified}`
            : `Offset: programmed ${site.offset}, certificate ${certified}`,
        )
        .waitFor();
      await page.getByRole('button', { name: zh ? '修正历史数据' : 'Correct history' }).waitFor();
      await screenshot(page, `calibrations-channel-table-${locale}`);

      // The fleet list: the sensor is there with its last calibration, overdue by the default 12 months.
      await page.getByRole('menuitem', { name: zh ? /站点资产/ : /Site assets/ }).click();
      await page.getByRole('menuitem', { name: zh ? /校准到期/ : /Calibrations due/ }).click();
      await page.waitForURL('**/siteAssets/calibrationDue');
      const dueCard = page.locator('.ant-card', {
        hasText: zh ? '传感器校准到期' : 'Sensors due for calibration',
      });
      await dueCard
        .getByPlaceholder(zh ? '序列号、厂家、型号或站点' : 'Serial, make, model or site')
        .fill(site.serial);
      await dueCard
        .getByPlaceholder(zh ? '序列号、厂家、型号或站点' : 'Serial, make, model or site')
        .press('Enter');
      const due = dueCard.locator('.ant-table-row', { hasText: site.serial });
      await expect.poll(() => due.count(), { timeout: 60_000 }).toBe(1);
      await due.getByText('2020-01-15').waitFor();
      await due.getByText(zh ? '已过期' : 'Overdue').waitFor();
      await screenshot(page, `calibrations-due-${locale}`);
    }, 180_000);
  }
});
