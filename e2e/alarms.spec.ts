import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { standaloneAlarmService } from '../apps/server/src/modules/alarms/alarms.service.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { launchBrowser, logIn, newContext, pickOption, screenshot } from './support/browser.ts';

const POLL = { timeout: 30_000 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A site of its own, monitored, whose data stopped ten days ago; the sweep then raises its alarm. */
async function silentSite(): Promise<{ id: number; code: string }> {
  const { db } = createDatabase(inject('databaseUrl'), 2);
  try {
    const code = `98${String(Date.now()).slice(-4)}`;
    const row = await db
      .insertInto('station')
      .values({
        station_code: code,
        project_name: 'E2E告警测风塔',
        province: '河北省',
        longitude: 115,
        latitude: 41,
        status: 0,
        start_time: new Date(Date.now() - 90 * 86_400_000),
        data_time: new Date(Date.now() - 10 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await standaloneAlarmService(db, createLogger({ LOG_LEVEL: 'silent' })).sweepNoData(new Date());
    return { id: Number(row.id), code };
  } finally {
    await db.destroy();
  }
}

describe('[ALARMS]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[ALARMS]: a silent site's alarm is on its Alarm tab and as a notification; handled as suspicious, the site is watched (${locale})`, async () => {
      const site = await silentSite();
      const zh = locale === 'zh-CN';
      const page = await (await newContext(browser, locale)).newPage();
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/Alarm?stationId=${site.id}`);
      const row = page.locator('[data-testid="alarm-page"] .ant-table-row').first();
      await row.waitFor(POLL);
      expect(await row.textContent()).toContain(zh ? '数据缺失' : 'Data missing');
      expect(await row.textContent()).toContain(zh ? '未处理' : 'Unprocessed');
      expect(await page.getByTestId('station-header').textContent()).toContain(zh ? '告警' : 'Alarming');
      await screenshot(page, `alarms-open-${locale}`);
      // The alarm was also stored as a message for the administrator (pushed live when connected).
      await page.getByRole('button', { name: zh ? '消息通知' : 'Messages' }).click();
      // In the reader's language only (it was one bilingual string before issue 26).
      await page
        .getByText(zh ? `站点 ${site.code} 数据缺失` : `Site ${site.code}: data missing`, { exact: true })
        .first()
        .waitFor(POLL);
      await page.keyboard.press('Escape');

      await row.locator('.ant-checkbox-input').check();
      await page.getByTestId('alarm-handle-selected').click();
      const dialog = page.getByRole('dialog');
      await pickOption(
        page,
        dialog.getByLabel(zh ? '处理方式' : 'Decision'),
        zh ? '疑似，重点关注' : 'Suspicious, watch closely',
      );
      await dialog
        .getByLabel(zh ? '原因' : 'Reason')
        .fill(zh ? '风速计疑似结冰' : 'Cup anemometer may be iced');
      await dialog.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(async () => (await row.textContent()) ?? '', POLL)
        .toContain(zh ? '疑似，重点关注' : 'Suspicious, watch closely');
      await expect
        .poll(async () => (await page.getByTestId('station-header').textContent()) ?? '', POLL)
        .toContain(zh ? '重点关注' : 'Under watch');
      await screenshot(page, `alarms-handled-${locale}`);
      await page.context().close();
    });
  }
});
