import { text } from '@masthub/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MessageRepository } from '../apps/server/src/modules/messages/messages.repository.ts';
import { MessageService } from '../apps/server/src/modules/messages/messages.service.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('[I18N]', () => {
  it('[I18N][LANGUAGE]: an English browser gets English, and the switch turns everything Chinese', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await logIn(page, 'admin', inject('adminPassword'));
    await page
      .getByRole('menuitem', { name: /System settings/ })
      .first()
      .waitFor();
    await screenshot(page, 'index-en');
    await page.getByRole('button', { name: 'language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page
      .getByRole('menuitem', { name: /系统设置/ })
      .first()
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('masthub.lang'))).toBe('zh-CN');
    await screenshot(page, 'index-zh-after-switch');
    await page.reload();
    await page
      .getByRole('menuitem', { name: /系统设置/ })
      .first()
      .waitFor();
    await context.close();
  });

  it('[I18N][LANGUAGE]: switching on the site list turns its server-given filters, headers and states at once', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/stationManage');
    const head = page.locator('.ant-table-thead');
    await head.getByText('Project name').first().waitFor();
    await page.locator('.ant-table-tbody').getByText('Not monitored').first().waitFor();
    await page.getByRole('button', { name: 'language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    // No navigation: the titles, the filter labels and the status names come back from the server in Chinese.
    await head.getByText('项目名称').first().waitFor();
    await page.locator('.ant-table-tbody').getByText('未监测').first().waitFor();
    await page.locator('form label', { hasText: '站点类型' }).first().waitFor();
    expect(await head.textContent()).not.toContain('Project name');
    await screenshot(page, 'stations-language-switched');
    await context.close();
  });
});

describe('[REALTIME]', () => {
  it('[REALTIME][PUSH]: the socket connects after login and a pushed message shows as a notification', async () => {
    const context = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    await logIn(page, 'admin', inject('adminPassword'));
    await expect
      .poll(() => page.evaluate(() => (window as { __masthubSocketState?: string }).__masthubSocketState), {
        timeout: 10_000,
      })
      .toBe('open');
    const userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('masthub.login') ?? '{}').userId as number,
    );
    const { db } = createDatabase(inject('databaseUrl'), 2);
    try {
      // Stored, then announced through PostgreSQL to the server process that holds the socket.
      await new MessageService(new MessageRepository(db)).send(userId, {
        stationIds: [],
        type: 'alarm',
        message: text('message.alarmDataMissing', { code: '150001' }),
        description: text('alarm.noData', { days: 2, rule: '' }),
      });
    } finally {
      await db.destroy();
    }
    await page.getByText('站点 150001 数据缺失').first().waitFor();
    await page.getByText('连续 2 天无数据').first().waitFor();
    await screenshot(page, 'realtime-notification');
    // The drawer gives the time in the user's zone and format, not the stored ISO UTC text.
    await page.getByRole('button', { name: '消息通知' }).click();
    const time = page.getByTestId('message-time').first();
    await time.waitFor();
    expect(await time.textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? · /);
    expect(await time.textContent()).not.toMatch(/T\d{2}:|Z/);
    await context.close();
  });
});
