import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, pickOption, screenshot } from './support/browser.ts';

/**
 * Issue 45 §1 in the browser: on a working copy of a demo mast (outages and sensor faults; four cup
 * heights; the other demo masts nearby share its weather), "Reconstruct gaps" previews the gaps, the
 * sources and their skill, runs, shows the recovery after in the task list, and is undone — in both
 * languages.
 */

const POLL = { timeout: 90_000 };
let browser: Browser;
let token: string;
let stationId: number;
/** The demo mast's top cup (the target the dialog picks), by name. */
let target: string;

async function api<T = any>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const r = await fetch(`${inject('baseUrl')}/api${url}`, {
    method,
    headers: { token, 'content-type': 'application/json', language: 'EN' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await r.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.msg}`);
  return envelope.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${inject('baseUrl')}/api/security/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: inject('adminPassword') }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    // A demo mast whose original version has mean speeds at two heights or more.
    const r = await client.query<{ station_id: string }>(
      `SELECT v.station_id FROM dataset_version v JOIN ts_channel c ON c.version_id = v.id
        WHERE v.kind = 'original' AND c.element = 'ws' AND c.statistic IN ('mean', 'avg')
        GROUP BY v.station_id HAVING count(DISTINCT c.height_m) >= 2
        ORDER BY v.station_id LIMIT 1`,
    );
    stationId = Number(r.rows[0]!.station_id);
  } finally {
    await client.end();
  }
});

afterAll(async () => {
  await browser.close();
});

/** A working copy of the mast's original version, named for the language; its top cup's name. */
async function workingCopy(locale: string): Promise<number> {
  const versions = await api<{ id: number; isViewOnly: boolean }[]>(
    'GET',
    `/web/version/list?stationId=${stationId}`,
  );
  const original = versions.find((v) => v.isViewOnly)!;
  const copy = await api<{ id: number }>('POST', '/web/version/save', {
    stationId,
    sourceVersionId: original.id,
    name: `reconstruct ${locale}`,
  });
  const channels = await api<{ name: string; element: string; statistic: string; heightM: number | null }[]>(
    'GET',
    `/web/version/channels?versionId=${copy.id}`,
  );
  target = channels
    .filter((c) => c.element === 'ws' && (c.statistic === 'avg' || c.statistic === 'mean'))
    .sort((a, b) => (b.heightM ?? 0) - (a.heightM ?? 0))[0]!.name;
  return copy.id;
}

describe('[RECONSTRUCT]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[RECONSTRUCT]: previews the gaps and the ranked sources, runs, shows the recovery after and undoes (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const versionId = await workingCopy(locale);
      const page = await (await newContext(browser, locale)).newPage();
      page.setDefaultTimeout(60_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/MeasureWind?stationId=${stationId}&versionId=${versionId}`);
      await page.getByTestId('mw-page').waitFor();
      await expect
        .poll(() => page.getByTestId('mw-page').getAttribute('data-version-id'), POLL)
        .toBe(String(versionId));

      await page.getByTestId('mw-process').click();
      await page.getByTestId('mw-process-reconstruct').click();
      const dialog = page.getByRole('dialog').filter({ hasText: zh ? '缺测重建' : 'Reconstruct gaps' });
      await dialog.waitFor();
      await pickOption(page, dialog.getByTestId('mw-reconstruct-targets'), target);

      await dialog.getByTestId('mw-reconstruct-preview').click();
      const result = dialog.getByTestId('mw-reconstruct-result');
      await result.waitFor(POLL);
      await dialog.getByTestId('mw-reconstruct-sources').first().waitFor();
      await expect
        .poll(() => result.getByTestId('mw-reconstruct-recovery').first().textContent())
        .toMatch(/% → /);
      // The sources of the top cup: the other heights of the mast, ranked, with their r.
      await result
        .getByText(zh ? '其他高度' : 'Other height')
        .first()
        .waitFor();
      expect(await result.textContent()).toContain(zh ? '交叉验证误差' : 'Cross-validated error');
      await screenshot(page, `reconstruct-preview-${locale}`);

      await dialog.getByRole('button', { name: zh ? '开始处理' : 'Start' }).click();
      await page.getByRole('tab', { name: zh ? '处理任务' : 'Processing tasks' }).click();
      const tasks = page.getByTestId('mw-tasks');
      const runRow = () =>
        tasks
          .locator('.ant-table-row', { hasText: zh ? '缺测重建' : 'Reconstruct gaps' })
          .filter({ hasNotText: zh ? '撤销缺测重建' : 'Gap reconstruction undone' })
          .first();
      const row = runRow();
      await row.getByText(zh ? '已完成' : 'Succeeded').waitFor(POLL);
      await expect
        .poll(() => row.textContent(), POLL)
        .toMatch(zh ? /完整率 [\d.]+% → [\d.]+%/ : /recovery [\d.]+% → [\d.]+%/);
      await screenshot(page, `reconstruct-done-${locale}`);

      await row.getByRole('button', { name: zh ? /^撤\s?销$/ : 'Undo' }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: zh ? /^确\s?定$/ : 'OK' })
        .click();
      const undoRow = tasks.locator('.ant-table-row', {
        hasText: zh ? '撤销缺测重建' : 'Gap reconstruction undone',
      });
      await undoRow.getByText(zh ? '已完成' : 'Succeeded').waitFor(POLL);
      await runRow()
        .getByText(zh ? '已撤销' : 'Undone', { exact: true })
        .waitFor(POLL);
      await screenshot(page, `reconstruct-undone-${locale}`);
      await page.context().close();
    }, 240_000);
  }
});
