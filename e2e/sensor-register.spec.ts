import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

let browser: Browser;
/** The demo sensor that moved between two masts (seed: demo-channel-configs.ts) and its two sites. */
let moved: { serial: string; nowCode: string; beforeCode: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const { db } = createDatabase(inject('databaseUrl'), 2);
  try {
    const rows = await sql<{ serial: string; now_code: string; before_code: string }>`
      SELECT ch.sensor_serial AS serial, s_now.station_code AS now_code, s_before.station_code AS before_code
      FROM channel_config c
      JOIN channel_config_channel ch ON ch.config_id = c.id
      JOIN station s_now ON s_now.id = c.station_id
      JOIN channel_config_channel ch2 ON ch2.sensor_serial = ch.sensor_serial
      JOIN channel_config c2 ON c2.id = ch2.config_id AND c2.station_id <> c.station_id
      JOIN station s_before ON s_before.id = c2.station_id
      WHERE c.builtin_key = 'channelConfig.sensorMovedIn' AND ch.sensor_serial <> ''
      LIMIT 1`.execute(db);
    const row = rows.rows[0]!;
    moved = { serial: row.serial, nowCode: row.now_code, beforeCode: row.before_code };
  } finally {
    await db.destroy();
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('the sensor register', () => {
  for (const [locale, texts] of [
    ['zh-CN', { menu: '传感器台账', search: '查询', now: '当前', untilNow: '至今', serial: '序列号' }],
    [
      'en-US',
      {
        menu: 'Sensor register',
        search: 'Search',
        now: 'Now',
        untilNow: 'until now',
        serial: 'Serial number',
      },
    ],
  ] as const) {
    it(`[SENSORS][${locale}] finds a demo sensor by its serial and shows where it is and was`, async () => {
      const page = await (await newContext(browser, locale)).newPage();
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto('/siteAssets/sensorRegister');
      await page.getByText(texts.menu).first().waitFor();
      await page.getByLabel(texts.serial, { exact: true }).fill(moved.serial.toLowerCase());
      await page.getByRole('button', { name: texts.search }).click();
      const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: moved.serial });
      await row.waitFor();
      // Where it is now: the mast it moved to.
      await row.getByText(moved.nowCode).waitFor();
      await row.getByText(moved.serial).click();
      const drawer = page.locator('.ant-drawer');
      const history = drawer.locator('.ant-table-tbody tr.ant-table-row');
      await history.filter({ hasText: moved.nowCode }).filter({ hasText: texts.now }).waitFor();
      await history.filter({ hasText: moved.beforeCode }).waitFor();
      expect(await history.count()).toBe(2);
      // Newest first: the current period, still in force, above the earlier one.
      expect(await history.first().innerText()).toContain(texts.untilNow);
      expect(await history.first().innerText()).toContain(moved.nowCode);
      await screenshot(page, `sensor-register-${locale}`);
      await page.context().close();
    });
  }
});
