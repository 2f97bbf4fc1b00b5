import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const PASSWORD = 'Second#Step2026';
const account = `tfa_${String(Date.now() % 100000)}`;
let browser: Browser;
let secret = '';
let recoveryCodes: string[] = [];

/** The code an authenticator app shows for the scanned key, `stepsAhead` 30-second steps from now. */
function codeOf(stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** A user in a role of its own, without any function permission. */
async function makeUser(): Promise<void> {
  const { db } = createDatabase(inject('databaseUrl'), 2);
  try {
    const role = await db
      .insertInto('role')
      .values({ name: `E2E ${account}`, data_scope: 'list' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('app_user')
      .values({
        account,
        user_name: '两步验证用户',
        password_hash: await hashPassword(PASSWORD),
        role_id: role.id,
      })
      .execute();
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  await makeUser();
});
afterAll(async () => {
  await browser.close();
});

describe('[AUTH][2FA]', () => {
  it('[AUTH][2FA]: a user turns on two-factor login in the personal centre (Chinese)', async () => {
    const context = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    await logIn(page, account, PASSWORD);
    await page.goto('/personCenter');
    await page.getByText('两步验证未开启').waitFor();
    await page.getByRole('button', { name: '开启两步验证' }).click();
    await page.getByRole('img', { name: '验证器密钥二维码' }).waitFor();
    const text = await page.getByTestId('second-factor-secret').innerText();
    secret = /[A-Z2-7]{32}/.exec(text)?.[0] ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'second-factor-scan-zh');
    // A wrong code is refused, in Chinese, and nothing is turned on.
    await page.getByLabel('验证器中的验证码').fill(codeOf() === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '确认并开启' }).click();
    await page.getByText('验证码或恢复码不正确').first().waitFor();
    await page.getByLabel('验证器中的验证码').fill(codeOf());
    await page.getByRole('button', { name: '确认并开启' }).click();
    const list = page.getByRole('list', { name: '您的恢复码' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    await page.getByText('恢复码只显示这一次').waitFor();
    await screenshot(page, 'second-factor-recovery-codes-zh');
    await page.getByRole('button', { name: '完成' }).click();
    await page.getByText(/两步验证已开启（自 .+ 起）/).waitFor();
    await page.getByText('剩余恢复码：10 个').waitFor();
    await context.close();
  });

  it('[AUTH][2FA]: the login asks for the code after the password and opens the app with it (Chinese)', async () => {
    const context = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('账号').fill(account);
    await page.getByLabel('密码').fill(PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('请输入验证器应用显示的 6 位验证码，或一个恢复码。').waitFor();
    await page.getByText('在此浏览器上记住 30 天').waitFor();
    await screenshot(page, 'second-factor-login-zh');
    // The next step's code: the one used to turn it on is never accepted again.
    await page.getByLabel('验证码', { exact: true }).fill(codeOf(1));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.waitForURL('**/index');
    await context.close();
  });

  it('[AUTH][2FA]: the same steps read in English, and a recovery code logs in once', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Account').fill(account);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByText('Enter the 6-digit code your authenticator app shows, or one of your recovery codes.')
      .waitFor();
    await page.getByText('Remember this browser for 30 days').waitFor();
    await page.getByRole('button', { name: 'Back to account and password' }).waitFor();
    await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL('**/index');
    await page.goto('/personCenter');
    await page.getByText(/^Two-factor login is on \(since .+\)$/).waitFor();
    await page.getByText('Recovery codes left: 9').waitFor();
    await screenshot(page, 'second-factor-person-center-en');
    await context.close();
  });
});
