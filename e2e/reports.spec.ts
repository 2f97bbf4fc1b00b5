import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 60_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function groupIdOf(page: import('playwright-core').Page, token: string): Promise<number> {
  const r = await page.request.post('/api/web/statement/group/page', {
    headers: { token, 'content-type': 'application/json' },
    data: { keywords: '演示测风塔月报' },
  });
  return ((await r.json()) as { data: { records: { id: number }[] } }).data.records[0]!.id;
}

describe('[REPORTS]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[REPORTS]: the demo monthly group generates last month's report now, the PDF previews and the Word file downloads (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto('/report/groupReport');
      const row = page.locator('.ant-table-row', { hasText: zh ? '演示测风塔月报' : '演示测风塔月报' });
      await row.waitFor(POLL);
      await screenshot(page, `reports-groups-${locale}`);
      await row.getByText('演示测风塔月报').click();
      await page.getByTestId('group-summary').waitFor(POLL);
      const before = await page.locator('.ant-table-row').count();
      await page.getByTestId('report-generate').hover();
      await page.getByText(zh ? '生成上月月报' : "Last month's report").click();
      // The list polls: the new (or regenerated) report turns from generating to succeeded.
      await expect
        .poll(
          async () => (await page.locator('[data-testid="report-status"]').first().textContent()) ?? '',
          POLL,
        )
        .toBe(zh ? '成功' : 'Succeeded');
      expect(await page.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(Math.max(before, 1));
      await screenshot(page, `reports-list-${locale}`);
      // The PDF as a person sees it: its first page as an image in the artefacts.
      const token = await page.evaluate(
        () => JSON.parse(localStorage.getItem('masthub.login') ?? '{}').token as string,
      );
      const id = await page.evaluate(async (t) => {
        const r = await fetch('/api/web/statement/group/page', {
          method: 'POST',
          headers: { token: t, 'content-type': 'application/json' },
          body: JSON.stringify({ keywords: '演示测风塔月报' }),
        });
        const group = (await r.json()).data.records[0].id as number;
        const list = await fetch('/api/web/statement/page', {
          method: 'POST',
          headers: { token: t, 'content-type': 'application/json' },
          body: JSON.stringify({ groupId: group }),
        });
        return (await list.json()).data.records[0].id as number;
      }, token);
      // The regenerated report is ready (the list may have shown the previous run's state first).
      await expect
        .poll(async () => {
          const r = await page.request.post('/api/web/statement/page', {
            headers: { token, 'content-type': 'application/json' },
            data: { groupId: await groupIdOf(page, token) },
          });
          const body = (await r.json()) as { data: { records: { id: number; status: string }[] } };
          return body.data.records.find((x) => x.id === id)?.status;
        }, POLL)
        .toBe('success');
      const docx = await page.request.get(`/api/web/statement/download?id=${id}&format=docx`, {
        headers: { token },
      });
      expect(docx.headers()['content-disposition']).toMatch(/\.docx/);
      expect((await docx.body()).subarray(0, 2).toString()).toBe('PK');
      const pdf = await page.request.get(`/api/web/statement/preview?id=${id}`, { headers: { token } });
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const out = path.join(inject('outputDir'), `reports-preview-${locale}.pdf`);
      writeFileSync(out, await pdf.body());
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', out, out.replace(/\.pdf$/, '')]);
      expect(execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' })).toContain('演示测风塔月报');
      await context.close();
    });
  }
});
