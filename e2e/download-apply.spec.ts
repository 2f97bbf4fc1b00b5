import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../apps/server/test/smtp.ts';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 60_000 };
const PASSWORD = 'Apply#Flow2026';
let browser: Browser;
let smtp: TTestSmtpServer;
let senderName: string;
let site: { id: number; code: string; lastTime: Date };
const suffix = String(Date.now() % 100000);
const applicantAccount = `apply_${suffix}`;
const reviewerAccount = `review_${suffix}`;

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

/** A user in a role of its own: the applicant sees one demo mast and may not download; the reviewer decides. */
async function makeUsers(): Promise<void> {
  const { db } = createDatabase(inject('databaseUrl'), 2);
  try {
    const found = await db
      .selectFrom('dataset_version as v')
      .innerJoin('ts_version_summary as sm', 'sm.version_id', 'v.id')
      .innerJoin('station as s', 's.id', 'v.station_id')
      .select(['s.id', 's.station_code', 'sm.last_time'])
      .where('v.kind', '=', 'original')
      .where('sm.last_time', 'is not', null)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    site = { id: Number(found.id), code: found.station_code, lastTime: found.last_time! };
    const hash = await hashPassword(PASSWORD);
    for (const [account, name, features, scope] of [
      [applicantAccount, '申请人小赵', [], 'list'],
      [reviewerAccount, 'Reviewer Qian', ['system.apply'], 'all'],
    ] as const) {
      const role = await db
        .insertInto('role')
        .values({ name: `E2E ${account}`, data_scope: scope })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (features.length > 0) {
        await db
          .insertInto('role_feature')
          .values(features.map((feature) => ({ role_id: role.id, feature })))
          .execute();
      }
      if (scope === 'list')
        await db.insertInto('role_station').values({ role_id: role.id, station_id: site.id }).execute();
      await db
        .insertInto('app_user')
        .values({
          account,
          user_name: name,
          password_hash: hash,
          role_id: role.id,
          email: `${account}@masthub.test`,
        })
        .execute();
    }
  } finally {
    await db.destroy();
  }
}

async function setLinkExpiry(applicationId: number, at: Date): Promise<void> {
  const { db } = createDatabase(inject('databaseUrl'), 2);
  try {
    await db
      .updateTable('download_application')
      .set({ link_expires_at: at })
      .where('id', '=', applicationId)
      .execute();
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startTestSmtpServer({ users: { 'apply@masthub.test': 'smtp-secret' } });
  await makeUsers();
  const { token } = await api('/security/sys/user/login', {
    account: 'admin',
    password: inject('adminPassword'),
  });
  senderName = `E2E 申请发件箱 ${suffix}`;
  await api(
    '/web/data_source/save_or_update',
    {
      name: senderName,
      fetchType: 'email',
      protocol: 'imap',
      host: '127.0.0.1',
      port: 10143,
      username: 'apply@masthub.test',
      password: 'imap-unused',
      isEnabled: false,
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecurity: 'none',
      smtpPassword: 'smtp-secret',
    },
    token,
  );
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await smtp?.close();
});

/** The file the page downloads when `open` runs, as text. */
async function downloaded(page: Page, open: () => Promise<unknown>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', POLL), open()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file!, 'utf8') };
}

describe('[DOWNLOAD-APPLY]', () => {
  it('[DOWNLOAD-APPLY]: a restricted user applies, the reviewer approves, the e-mailed link downloads the file for the applicant only, and not after expiry', async () => {
    // The applicant (no download right, one site) applies from the site list.
    const applicant = await (await newContext(browser, 'zh-CN')).newPage();
    applicant.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await logIn(applicant, applicantAccount, PASSWORD);
    await applicant.goto('/stationManage');
    const row = applicant.locator('.ant-table-row', { hasText: site.code });
    await row.waitFor(POLL);
    expect(await applicant.getByTestId('stations-download-raw').isDisabled()).toBe(true);
    await row.locator('.ant-checkbox-input').check();
    await applicant.getByTestId('stations-apply').click();
    const dialog = applicant.getByRole('dialog', { name: '申请下载 1 个站点的数据' });
    await dialog.waitFor(POLL);
    const last = site.lastTime;
    const day = (offset: number) => new Date(last.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
    const range = dialog.locator('.ant-picker-range input');
    await range.first().click();
    await range.first().fill(day(4));
    await range.first().press('Enter');
    await range.last().fill(day(2));
    await range.last().press('Enter');
    // A reason over 50 characters is refused next to the field, in the user's language.
    await dialog.getByLabel('申请原因').fill('测'.repeat(51));
    await dialog.getByRole('button', { name: '下载申请' }).click();
    await dialog.getByText('输入内容不能超过 50 个字符').waitFor(POLL);
    await screenshot(applicant, 'apply-form-invalid-zh-CN');
    await dialog.getByLabel('申请原因').fill('微观选址：核对近期风速');
    await screenshot(applicant, 'apply-form-zh-CN');
    await dialog.getByRole('button', { name: '下载申请' }).click();
    await dialog.waitFor({ state: 'hidden', ...POLL });

    // The reviewer (English) sees it first in the approval list and approves it with the test mailbox.
    const reviewer = await (await newContext(browser, 'en-US')).newPage();
    reviewer.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await logIn(reviewer, reviewerAccount, PASSWORD);
    await reviewer.goto('/systemManage/applyManage');
    const pending = reviewer.locator('.ant-table-row', { hasText: '微观选址：核对近期风速' });
    await pending.waitFor(POLL);
    expect(await reviewer.locator('.ant-table-row').first().textContent()).toContain('Pending');
    expect(await pending.textContent()).toContain('申请人小赵');
    await screenshot(reviewer, 'apply-manage-en-US');
    const before = smtp.received.length;
    await pending.getByRole('button', { name: 'Approve' }).click();
    const review = reviewer.getByRole('dialog', { name: 'Approve 1 application' });
    await review.getByLabel('Sender e-mail').click();
    await reviewer.locator('.ant-select-item-option', { hasText: senderName }).click();
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.waitFor({ state: 'hidden', ...POLL });
    // Progress shows while the export runs; then the link is active.
    await expect.poll(async () => (await pending.textContent()) ?? '', POLL).toContain('Active');
    await screenshot(reviewer, 'apply-manage-approved-en-US');

    // The link arrives by e-mail (no attachment) and opens the file for the applicant.
    const [mail] = (await smtp.waitFor(before + 1, 60_000)).slice(before);
    expect(mail!.rcpt).toEqual([`${applicantAccount}@masthub.test`]);
    expect(mail!.parsed.attachments).toEqual([]);
    const url = /(https?:\/\/\S+\/download\/\d+\?exp=\d+&sig=[A-Za-z0-9_-]+)/.exec(
      mail!.parsed.text ?? '',
    )?.[1];
    expect(url).toBeDefined();
    const path = new URL(url!).pathname + new URL(url!).search;
    const file = await downloaded(applicant, () => applicant.goto(path));
    expect(file.name).toMatch(new RegExp(`^${site.code}_.*\\.csv$`));
    const lines = file.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // Three whole days of 10-minute records and the header.
    expect(lines.length).toBeGreaterThanOrEqual(3 * 144);
    await applicant.getByTestId('download-link').getByText('文件已就绪').waitFor(POLL);
    await screenshot(applicant, 'apply-link-downloaded-zh-CN');

    // The same link opens nothing for another user.
    await reviewer.goto(path);
    await reviewer
      .getByTestId('download-refused')
      .getByText('This download link belongs to another user; log in with the applicant’s account')
      .waitFor(POLL);
    await screenshot(reviewer, 'apply-link-other-user-en-US');

    // After expiry the applicant gets a clear page, not an error.
    const id = Number(/\/download\/(\d+)/.exec(path)![1]);
    await setLinkExpiry(id, new Date(Date.now() - 60_000));
    await applicant.goto(path);
    await applicant
      .getByTestId('download-refused')
      .getByText(/下载链接已于 .* 过期，请重新提交下载申请/)
      .waitFor(POLL);
    await screenshot(applicant, 'apply-link-expired-zh-CN');

    // The applicant's own list shows the download that happened.
    await applicant.goto('/stationManage?applications=1');
    const mine = applicant.getByTestId('my-applications').locator('.ant-table-row').first();
    await mine.waitFor(POLL);
    expect(await mine.textContent()).toContain('已过期');
  });

  it('[DOWNLOAD-APPLY]: the demo holds pending, approved and rejected applications for the data administrator to see', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/systemManage/applyManage');
    await page.locator('.ant-table-row', { hasText: 'WAsP 风资源复核' }).waitFor(POLL);
    for (const text of ['待审批', '已通过', '已驳回']) {
      await page.locator('.ant-table-row', { hasText: text }).first().waitFor(POLL);
    }
    await screenshot(page, 'apply-manage-demo-zh-CN');
  });
});

describe('[HUB]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[HUB]: the fleet on one screen with the demo data (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto('/hub');
      await page.getByTestId('hub-status').waitFor(POLL);
      await page.getByTestId('hub-recovery-7').waitFor(POLL);
      expect(await page.getByTestId('hub-kpi').count()).toBe(6);
      expect(await page.getByTestId('hub').textContent()).toContain(zh ? '站点总数' : 'Sites');
      expect(await page.getByTestId('hub-status').textContent()).toContain(zh ? '正常' : 'Normal');
      // Recovery before/after (issue 45 §1): both figures, each labelled.
      const both = await page.getByTestId('hub-recovery-7').getByTestId('hub-recovery-both').textContent();
      expect(both).toContain(zh ? '实测完整率' : 'Measured recovery');
      expect(both).toContain(zh ? '重建后完整率' : 'Recovery after reconstruction');
      await screenshot(page, `hub-${locale}`);
      // A laptop screen.
      await page.setViewportSize({ width: 1366, height: 768 });
      await screenshot(page, `hub-1366-${locale}`);
      // Every figure leads to its screen: the status bar's legend opens the filtered site list.
      await page.getByTestId('hub-status').getByRole('link').last().click();
      await page.waitForURL('**/stationManage?status=*');
      await context.close();
    });
  }
});
