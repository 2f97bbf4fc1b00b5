import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, screenshot } from './support/browser.ts';

const POLL = { timeout: 30_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * Runs `body` while no e-mail data source can send (their SMTP host blanked), as on a fresh installation;
 * the sources other specs saved are put back afterwards.
 */
async function withoutSenders(body: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  const senders = await client.query<{ id: string; smtp_host: string }>(
    `SELECT id, smtp_host FROM data_source WHERE smtp_host <> ''`,
  );
  try {
    await client.query(`UPDATE data_source SET smtp_host = '' WHERE smtp_host <> ''`);
    await body();
  } finally {
    for (const s of senders.rows) {
      await client.query('UPDATE data_source SET smtp_host = $1 WHERE id = $2', [s.smtp_host, s.id]);
    }
    await client.end();
  }
}

describe('[SCHEDULING]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[SCHEDULING][TIMEDTASK]: without a sender each reminder says where to set one up, and the send log fits 1366 px (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        locale,
        viewport: { width: 1366, height: 768 },
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await withoutSenders(async () => {
        await page.goto('/systemManage/TimedTask');
        for (const type of ['warn', 'report', 'receipt']) {
          const card = page.getByTestId(`reminder-${type}`);
          await card.waitFor(POLL);
          await card
            .getByText(zh ? '没有可发件的邮箱' : 'No e-mail can send yet', { exact: false })
            .waitFor(POLL);
        }
      });
      // Every column of the send log is inside the card: nothing cut, no sideways scrolling.
      const table = page.locator('.ant-table-content').last();
      await table.waitFor(POLL);
      const box = await table.boundingBox();
      const headers = page.locator('.ant-table-thead th');
      const last = await headers.last().boundingBox();
      expect(await headers.last().textContent()).toBe(zh ? '发送时间' : 'Sent at');
      expect(last!.x + last!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
      await screenshot(page, `timedtask-1366-${locale}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
