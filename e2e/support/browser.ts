import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Debian's Chromium, started with the flags this machine kind needs (no background networking). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh browser profile (no stored login) in the given browser language. */
export async function newContext(
  browser: Browser,
  locale: 'zh-CN' | 'en-US' = 'zh-CN',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    locale,
    viewport: { width: 1440, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Saves a screenshot under test-results/e2e for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = inject('outputDir');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Logs in through the login form (labels in either language). */
export async function logIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^(账号|Account)$/).fill(account);
  await page.getByLabel(/^(密码|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
  await page.waitForURL('**/index');
}

/**
 * Waits until the element's finite CSS animations (and its subtree's) are over: an antd dialog or dropdown
 * opening. Endless ones (a spinner) are left out, they never finish.
 */
export async function settled(target: Locator): Promise<void> {
  await target.waitFor();
  await target.evaluate((element) => {
    const running = element
      .getAnimations({ subtree: true })
      .filter((animation) => animation.playState === 'running')
      .filter((animation) =>
        Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
      )
      .map((animation) => animation.finished.catch(() => undefined));
    // An animation that stalls (its element hidden meanwhile) must not hold the test: two seconds at most.
    return Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 2_000))]).then(
      () => undefined,
    );
  });
}

/**
 * Picks an option of an antd select by its text once the dialog holding it and the dropdown have stopped
 * moving, and checks the select shows it: a click on an option while the dialog still zooms in lands on the
 * dialog's wrapper, which closes the dropdown (seen in CI). Tries three times.
 */
export async function pickOption(page: Page, trigger: Locator, text: string): Promise<void> {
  const ancestor = (cls: string) =>
    trigger.locator(
      `xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ${cls} ")][1]`,
    );
  const dialog = ancestor('ant-modal');
  if (await dialog.count()) await settled(dialog);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  for (let attempt = 1; ; attempt += 1) {
    if (!(await dropdown.isVisible())) await trigger.click();
    await settled(dropdown);
    const option = dropdown.locator('.ant-select-item-option', { hasText: text }).first();
    try {
      await option.click({ timeout: 5_000 });
      const field = ancestor('ant-select');
      await expect.poll(async () => (await field.textContent()) ?? '', { timeout: 2_000 }).toContain(text);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
