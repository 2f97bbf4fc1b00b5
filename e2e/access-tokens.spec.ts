import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const PASSWORD = 'Token#Script2026';
const account = `pat_${String(Date.now() % 100000)}`;
let browser: Browser;

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
        user_name: '令牌用户',
        password_hash: await hashPassword(PASSWORD),
        role_id: role.id,
      })
      .execute();
  } finally {
    await db.destroy();
  }
}

/** The HTTP status of a site-list call made with the token, as a script would make it. */
async function statusWith(secret: string): Promise<number> {
  const response = await fetch(`${inject('baseUrl')}/api/web/station/page`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return response.status;
}

interface TTexts {
  create: string;
  createOk: string;
  name: string;
  once: string;
  copied: string;
  done: string;
  active: string;
  revoke: string;
  revoked: string;
  revokedTag: string;
}

/** Creates a token in the personal centre, sees it once, copies it, uses it, revokes it. */
async function createCopyRevoke(page: Page, texts: TTexts, tokenName: string, shot: string): Promise<void> {
  await page.goto('/personCenter');
  await page.getByTestId('access-tokens-card').waitFor();
  await page.getByRole('button', { name: texts.create }).click();
  await page.getByLabel(texts.name).fill(tokenName);
  await page.getByRole('button', { name: texts.createOk }).click();
  const secretText = page.getByTestId('access-token-secret');
  await secretText.waitFor();
  const secret = (await secretText.innerText()).trim();
  expect(secret).toMatch(/^mht_[A-Za-z0-9_-]{43}$/);
  await page.getByText(texts.once).waitFor();
  await screenshot(page, `${shot}-secret`);
  await page.getByTestId('access-token-copy').click();
  await page.getByText(texts.copied).first().waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect(await statusWith(secret)).toBe(200);
  await page.getByRole('button', { name: texts.done }).click();
  await secretText.waitFor({ state: 'detached' });
  // Shown once: after closing, the page no longer holds the secret anywhere.
  expect(await page.content()).not.toContain(secret);
  const row = page.getByRole('row', { name: new RegExp(tokenName) });
  await row.getByText(texts.active).waitFor();
  await row.getByRole('button', { name: texts.revoke }).click();
  await page.getByRole('tooltip').getByRole('button', { name: texts.revoke }).click();
  await page.getByText(texts.revoked).first().waitFor();
  await row.getByText(texts.revokedTag).waitFor();
  await screenshot(page, `${shot}-revoked`);
  expect(await statusWith(secret)).toBe(401);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await makeUser();
}, 120_000);
afterAll(async () => {
  await browser.close();
});

describe('[AUTH][TOKENS]', () => {
  it('[AUTH][TOKENS]: a user creates a personal access token, copies it once and revokes it (Chinese)', async () => {
    const context = await newContext(browser, 'zh-CN');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await logIn(page, account, PASSWORD);
    await createCopyRevoke(
      page,
      {
        create: '新建令牌',
        createOk: '创建',
        name: '名称',
        once: '请立即复制令牌：它只显示这一次，之后无法再次查看。',
        copied: '复制成功',
        done: '我已复制',
        active: '有效',
        revoke: '撤销',
        revoked: '令牌已撤销',
        revokedTag: '已撤销',
      },
      '同步脚本',
      'access-token-zh',
    );
    await context.close();
  }, 300_000);

  it('[AUTH][TOKENS]: the same steps read in English', async () => {
    const context = await newContext(browser, 'en-US');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await logIn(page, account, PASSWORD);
    await createCopyRevoke(
      page,
      {
        create: 'New token',
        createOk: 'Create',
        name: 'Name',
        once: 'Copy the token now: it is shown only this once and cannot be shown again.',
        copied: 'Copied',
        done: 'I have copied it',
        active: 'Active',
        revoke: 'Revoke',
        revoked: 'Token revoked',
        revokedTag: 'Revoked',
      },
      'nightly-sync',
      'access-token-en',
    );
    await context.close();
  }, 300_000);

  it('[AUTH][TOKENS]: an administrator sees a user’s tokens, revokes one, and its calls are in the login log', async () => {
    const base = inject('baseUrl');
    const login = await fetch(`${base}/api/security/sys/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: PASSWORD }),
    });
    const session = ((await login.json()) as { data: { token: string } }).data.token;
    const created = await fetch(`${base}/api/security/sys/user/access_token/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: session },
      body: JSON.stringify({ name: 'admin-check', expiresInDays: 30, scopes: ['read'] }),
    });
    const secret = ((await created.json()) as { data: { secret: string } }).data.secret;
    expect(await statusWith(secret)).toBe(200);

    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/systemManage/UserManage/UserList');
    await page.getByRole('cell', { name: 'eng_zhang01' }).waitFor();
    await page.getByLabel('Account').fill(account);
    // The organisation tree has a search button of its own: the form's is the submit button.
    await page.locator('button[type="submit"]', { hasText: 'Search' }).click();
    // The user's tokens are under the row's "More" (at most three actions show in a row).
    await page
      .getByRole('row', { name: new RegExp(account) })
      .getByRole('button', { name: 'More' })
      .click();
    await page.getByRole('menuitem', { name: 'Access tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Access tokens of “令牌用户”' });
    await dialog
      .getByRole('row', { name: /nightly-sync/ })
      .getByText('Revoked')
      .waitFor();
    const row = dialog.getByRole('row', { name: /admin-check/ });
    await row.getByText('Active').waitFor();
    await row.getByText('127.0.0.1').waitFor();
    await screenshot(page, 'access-token-admin-en');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Token revoked').first().waitFor();
    await row.getByText('Revoked').waitFor();
    expect(await statusWith(secret)).toBe(401);

    await page.goto('/systemManage/loginLog');
    await page.getByLabel('Account').fill(account);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('API call with an access token: “admin-check”').first().waitFor();
    await screenshot(page, 'access-token-login-log-en');
    await context.close();
  }, 300_000);
});
