import { text } from '@masthub/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MessageRepository } from '../apps/server/src/modules/messages/messages.repository.ts';
import { MessageService } from '../apps/server/src/modules/messages/messages.service.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

/** Chinese characters and punctuation: none may be left in a text the server writes for an English reader. */
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const POLL = { timeout: 30_000 };
const RULE_NAME = 'E2E site speed limit';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function api<T>(page: Page, url: string, body: unknown): Promise<T> {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('masthub.login') ?? '{}').token as string,
  );
  const r = await page.request.post(`/api${url}`, {
    headers: { token, 'content-type': 'application/json', language: 'EN' },
    data: body,
  });
  const reply = (await r.json()) as { code: number; msg: string; data: T };
  if (reply.code !== 200) throw new Error(`${url}: ${reply.msg}`);
  return reply.data;
}

/** Stores a message the way a failed group report does, for the user logged in on `page`. */
async function sendFailedReport(page: Page): Promise<void> {
  const userId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('masthub.login') ?? '{}').userId as number,
  );
  const { db } = createDatabase(inject('databaseUrl'), 2);
  try {
    await new MessageService(new MessageRepository(db)).send(userId, {
      stationIds: [],
      type: 'report',
      message: text('message.reportFailed', { name: 'E2E weekly', period: '2026-10-05 ~ 2026-10-11' }),
      description: text('part.localized', {
        value: { zh: '所选时段内没有数据', en: 'No data in the period' },
      }),
      messageType: 'error',
    });
  } finally {
    await db.destroy();
  }
}

describe('[TEXTS]', () => {
  it('[TEXTS][EN]: an English reader gets the site log, messages, report templates and QC rules in English', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await logIn(page, 'admin', inject('adminPassword'));

    // A site change of the test's own: a quality-control rule for one demo site, logged for that site.
    const sites = await api<{ records: { id: number; stationCode: string }[] }>(page, '/web/station/page', {
      pageNo: 1,
      pageSize: 1,
      stationCode: '150001',
    });
    const site = sites.records[0]!;
    await api(page, '/web/rule/save_or_update', {
      ruleType: 'auto_quality',
      kind: 'range',
      name: RULE_NAME,
      stationId: site.id,
      params: { element: 'ws', min: 0, max: 45 },
      isEnabled: true,
      notes: '',
    });

    // The site log: type, where and what, all in English (the operator's own name is data).
    await page.goto('/systemManage/stationLog');
    await page.getByLabel('Site code').fill(site.stationCode);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: RULE_NAME });
    await row.waitFor(POLL);
    const cells = row.locator('td');
    const described = [
      await cells.nth(4).innerText(),
      await cells.nth(5).innerText(),
      await cells.nth(7).innerText(),
    ];
    expect(described).toEqual([
      'Add',
      'Rules - quality-control and warning rules',
      `Site ${site.stationCode}: quality-control rule “${RULE_NAME}” added`,
    ]);
    for (const cell of described) expect(cell).not.toMatch(CJK);
    await screenshot(page, 'texts-station-log-en');

    // The same row read in Chinese after a switch, without reloading: stored once, written per reader.
    await page.getByRole('button', { name: 'language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect
      .poll(() => row.locator('td').nth(7).innerText(), POLL)
      .toBe(`站点 ${site.stationCode}：新增质控规则“${RULE_NAME}”`);
    await page.getByRole('button', { name: 'language' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('columnheader', { name: 'Operator account' }).waitFor();

    // A failed report is pushed in English with the error icon, and listed so.
    await expect
      .poll(
        () => page.evaluate(() => (window as { __masthubSocketState?: string }).__masthubSocketState),
        POLL,
      )
      .toBe('open');
    await sendFailedReport(page);
    const title = 'Report “E2E weekly” (2026-10-05 ~ 2026-10-11) failed';
    const notice = page.locator('.ant-notification-notice', { hasText: title });
    await notice.waitFor(POLL);
    await notice.getByText('No data in the period').waitFor();
    expect(await notice.locator('.ant-notification-notice-icon-error').count()).toBe(1);
    expect(await notice.locator('.ant-notification-notice-icon-info').count()).toBe(0);
    await screenshot(page, 'texts-failed-report-notification-en');
    await page.getByRole('button', { name: 'Messages' }).click();
    const item = page.locator('li[data-kind]', { hasText: title });
    await item.waitFor(POLL);
    expect(await item.getAttribute('data-kind')).toBe('error');
    expect(await item.innerText()).not.toMatch(CJK);
    // No message keeps a Chinese sentence of the server's own (names people gave stay as written).
    const drawer = await page.locator('.ant-drawer-body').innerText();
    expect(drawer).not.toMatch(
      /已生成|生成失败|数据缺失|数据异常|已申请维修|提交了下载申请|已完成（任务|失败（任务/,
    );
    await screenshot(page, 'texts-messages-en');
    await page.keyboard.press('Escape');

    // The built-in quality-control and warning rules.
    await page.goto('/systemManage/RuleManage');
    await page.getByRole('tab', { name: 'Quality-control rules' }).click();
    const rules = page.locator('.ant-table-tbody:visible');
    await rules
      .locator('.ant-table-row', { hasText: 'Wind speed height-difference test 50 m / 30 m' })
      .waitFor(POLL);
    const ruleNames = await rules.locator('.ant-table-row td:first-child').allInnerTexts();
    expect(ruleNames.length).toBeGreaterThan(5);
    expect(ruleNames.filter((name) => CJK.test(name))).toEqual([]);
    await screenshot(page, 'texts-qc-rules-en');
    await page.getByRole('tab', { name: 'Warning rules' }).click();
    await page
      .locator('.ant-table-tbody:visible .ant-table-row', { hasText: 'No data for 3 days in a row' })
      .waitFor(POLL);

    // The built-in report templates, in the group form's pickers.
    await page.goto('/report/groupReport');
    await page.locator('.ant-table-row', { hasText: '演示测风塔周报' }).getByText('Edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Standard weekly report').waitFor(POLL);
    await dialog.getByLabel('Weekly template').click();
    // The dropdown opens after the click: read its options once they are there.
    const optionItems = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The list renders virtually and animates in: poll until both built-in templates are listed.
    await expect
      .poll(() => optionItems.allInnerTexts(), POLL)
      .toEqual(expect.arrayContaining(['Standard weekly report', 'Brief weekly report']));
    const options = await optionItems.allInnerTexts();
    expect(options.filter((option) => CJK.test(option))).toEqual([]);
    await screenshot(page, 'texts-templates-en');
    await context.close();
  });
});
