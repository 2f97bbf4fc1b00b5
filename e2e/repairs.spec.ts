import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { standaloneAlarmService } from '../apps/server/src/modules/alarms/alarms.service.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../apps/server/test/smtp.ts';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 30_000 };
let browser: Browser;
let smtp: TTestSmtpServer;
let senderName: string;

async function api(path: string, body: unknown, token?: string) {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: number; msg: string; data: any };
  if (reply.code !== 200) throw new Error(`${path}: ${reply.msg}`);
  return reply.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startTestSmtpServer({ users: { 'ops@masthub.test': 'smtp-secret' } });
  // A sender e-mail whose SMTP server is the test server on loopback.
  const { token } = await api('/security/sys/user/login', {
    account: 'admin',
    password: inject('adminPassword'),
  });
  senderName = `E2E 发件箱 ${Date.now() % 100000}`;
  await api(
    '/web/data_source/save_or_update',
    {
      name: senderName,
      fetchType: 'email',
      protocol: 'imap',
      host: '127.0.0.1',
      port: 10143,
      username: 'ops@masthub.test',
      password: 'imap-unused',
      isEnabled: false,
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecurity: 'none',
      smtpPassword: 'smtp-secret',
    },
    token,
  );
});

afterAll(async () => {
  await browser?.close();
  await smtp?.close();
});

/** A monitored site whose data stops (ten days silent), then the sweep runs as its schedule would. */
async function siteFallsSilent(repairEmail: string): Promise<{ id: number; code: string }> {
  const { db } = createDatabase(inject('databaseUrl'), 2);
  try {
    const code = `97${String(Date.now()).slice(-4)}`;
    const row = await db
      .insertInto('station')
      .values({
        station_code: code,
        project_name: 'E2E维修测风塔',
        province: '内蒙古自治区',
        longitude: 112,
        latitude: 42,
        pylon_height_m: 100,
        status: 0,
        start_time: new Date(Date.now() - 90 * 86_400_000),
        data_time: new Date(Date.now() - 10 * 86_400_000),
        repair_emails: [repairEmail],
        cc_emails: ['owner@masthub.test'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await standaloneAlarmService(db, createLogger({ LOG_LEVEL: 'silent' })).sweepNoData(new Date());
    return { id: Number(row.id), code };
  } finally {
    await db.destroy();
  }
}

/** The logger is back: its data arrives again. */
async function dataFlowsAgain(stationId: number): Promise<void> {
  const { db } = createDatabase(inject('databaseUrl'), 2);
  try {
    await db.updateTable('station').set({ data_time: new Date() }).where('id', '=', stationId).execute();
  } finally {
    await db.destroy();
  }
}

describe('[REPAIRS]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[REPAIRS]: data stops → alarm and notification → repair e-mail → repair recorded → site normal (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const repairEmail = `fix-${locale.toLowerCase()}@maint.test`;
      const page = await (await newContext(browser, locale)).newPage();
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await expect
        .poll(
          () => page.evaluate(() => (window as { __masthubSocketState?: string }).__masthubSocketState),
          POLL,
        )
        .toBe('open');

      // The site falls silent while the user is looking: the alarm is pushed to them.
      const site = await siteFallsSilent(repairEmail);
      await page
        .locator('.ant-notification-notice', {
          hasText: zh ? `站点 ${site.code} 数据缺失` : `Site ${site.code}: data missing`,
        })
        .waitFor(POLL);
      await screenshot(page, `repairs-notification-${locale}`);

      await page.goto(`/StationDetail/Alarm?stationId=${site.id}`);
      const row = page.locator('[data-testid="alarm-page"] .ant-table-row').first();
      await row.waitFor(POLL);
      expect(await row.textContent()).toContain(zh ? '数据缺失' : 'Data missing');

      // Request a repair for the alarm: the e-mail goes to the site's repair address.
      await row.locator('.ant-checkbox-input').check();
      await page.getByTestId('alarm-request-repair').click();
      const dialog = page.getByRole('dialog', {
        name: zh ? '申请维修（1 个站点）' : 'Request repair (sites: 1)',
      });
      await dialog.waitFor(POLL);
      expect(await dialog.getByTestId('repair-recipient').textContent()).toContain(repairEmail);
      await dialog.getByLabel(zh ? '发件邮箱' : 'Sender e-mail').click();
      await page.locator('.ant-select-item-option', { hasText: senderName }).click();
      await dialog
        .getByLabel(zh ? '维修原因' : 'Reason for the repair')
        .fill(zh ? '采集器连续 10 天无数据，请检查供电' : 'No data for 10 days: check the logger power');
      await screenshot(page, `repairs-request-${locale}`);
      const before = smtp.received.length;
      await dialog.getByRole('button', { name: zh ? '发送维修邮件' : 'Send repair e-mail' }).click();
      await dialog.waitFor({ state: 'hidden', ...POLL });
      const mail = (await smtp.waitFor(before + 1)).slice(before).find((m) => m.rcpt.includes(repairEmail));
      expect(mail?.rcpt).toEqual(expect.arrayContaining([repairEmail, 'owner@masthub.test']));
      expect(mail?.parsed.subject).toBe(
        zh
          ? `【测风塔维修申请】站点 ${site.code} E2E维修测风塔`
          : `[Met mast repair request] Site ${site.code} E2E维修测风塔`,
      );
      await expect
        .poll(async () => (await row.textContent()) ?? '', POLL)
        .toContain(zh ? '申请维修' : 'Repair requested');
      await expect
        .poll(async () => (await page.getByTestId('station-header').textContent()) ?? '', POLL)
        .toContain(zh ? '维护中' : 'In maintenance');

      // The maintainer fixed it: data flows again and the result is recorded.
      await dataFlowsAgain(site.id);
      await page.getByRole('tab', { name: zh ? '维修记录' : 'Repair records' }).click();
      await page.getByTestId('repair-close').first().click();
      const close = page.getByRole('dialog', {
        name: zh ? '登记维修结果并关闭维修' : 'Record the result and close the repair',
      });
      await close
        .getByLabel(zh ? '维修结果' : 'Maintenance result')
        .fill(zh ? '更换电源模块' : 'Power module replaced');
      await close.getByLabel(zh ? '维修人员' : 'Maintained by').fill(zh ? '王工' : 'Wang');
      await close.getByRole('button', { name: zh ? '登记维修结果' : 'Record result' }).click();
      // The offer to mark the outage invalid (this site has no working version: it says so).
      const offer = page.getByRole('dialog', {
        name: zh ? '将故障期间的数据标记为无效？' : 'Mark the data of the outage as invalid?',
      });
      await offer.waitFor(POLL);
      await screenshot(page, `repairs-mark-offer-${locale}`);
      await offer.getByRole('button', { name: zh ? '暂不标记' : 'Not now' }).click();
      await expect
        .poll(async () => (await page.getByTestId('station-header').textContent()) ?? '', POLL)
        .toContain(zh ? '正常' : 'Normal');
      const repairRow = page.locator('.ant-table-row', {
        hasText: zh ? '更换电源模块' : 'Power module replaced',
      });
      await expect
        .poll(async () => (await repairRow.textContent()) ?? '', POLL)
        .toContain(zh ? '已完成' : 'Done');
      expect(await repairRow.textContent()).toContain(zh ? '数据缺失' : 'Data missing');
      await screenshot(page, `repairs-closed-${locale}`);

      // The fault report log lists the request.
      await page.goto('/systemManage/repairList');
      await page.locator('.ant-table-row', { hasText: site.code }).waitFor(POLL);
      expect(await page.locator('.ant-table-row', { hasText: site.code }).textContent()).toContain(
        repairEmail,
      );
      await screenshot(page, `repairs-log-${locale}`);
      await page.context().close();
    });
  }

  it('[REPAIRS][TIMEDTASK]: the reminders and the send log are on TimedTask (zh-CN)', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/systemManage/TimedTask');
    await page.getByTestId('reminder-warn').waitFor(POLL);
    await page.getByTestId('reminder-report').getByText('每月最后一天').click();
    await page.getByTestId('reminder-report').getByText('30 8 L * *').waitFor(POLL);
    await page.locator('.ant-table-row', { hasText: '维修申请' }).first().waitFor(POLL);
    await screenshot(page, 'repairs-timedtask-zh-CN');
    await page.context().close();
  });
});
