import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

/** The app answers within the default 15 s wait; vitest's poll default (1 s) is too short under load. */
const POLL = { timeout: 30_000 };

let browser: Browser;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-e2e-ingestion-'));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/**
 * A small logger export: 2 days of 10-minute data (288 rows) in 2030, later than any demo data, so the
 * site's data range ends with it whatever the site held before.
 */
function writeLoggerCsv(name: string): string {
  const lines = ['Timestamp,Spd80mAvg,Spd80mSD,Dir78mAvg,Tmp'];
  const start = Date.UTC(2030, 0, 1);
  for (let i = 0; i < 288; i += 1) {
    const stamp = new Date(start + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    const speed = (6 + 3 * Math.sin(i / 20)).toFixed(2);
    const sd = (0.4 + 0.1 * Math.cos(i / 7)).toFixed(2);
    const direction = ((180 + i * 3) % 360).toFixed(1);
    const temperature = (-5 + 4 * Math.sin(i / 40)).toFixed(1);
    lines.push([stamp, speed, sd, direction, temperature].join(','));
  }
  const file = path.join(tmp, name);
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

describe('[INGESTION]', () => {
  it('[INGESTION]: upload a logger file on a site, see the recognised preview, confirm, see the data range on the site', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/stationManage');
    await expect.poll(() => rows(page).count(), POLL).toBeGreaterThan(5);
    const row = rows(page).nth(5);
    const code = (await row.locator('td').first().textContent())?.trim() ?? '';
    await row.getByRole('link', { name: code }).click();
    await page.waitForURL('**/StationDetail/StationInfo?stationId=*');
    await page.getByText('站点数据').first().waitFor();
    await page.getByText('原始文件与解析状态').first().waitFor();

    // Drop the file: the recognition preview opens with the recognised structure.
    const csv = writeLoggerCsv(`${code}_202001.csv`);
    await page.locator('.ant-upload-drag input[type="file"]').setInputFiles(csv);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('数据识别预览').waitFor();
    await dialog.getByText('通道（4）').waitFor({ timeout: 60_000 });
    const described = (await dialog.locator('.ant-descriptions').first().textContent()) ?? '';
    expect(described).toMatch(/BrightWind 格式|通用分隔文本/);
    expect(described).toContain('utf-8');
    expect(described).toContain('逗号 ,');
    expect(described).toContain('YYYY-MM-DD HH:mm:ss');
    expect(described).toContain('288');
    expect(described).toContain('10 分钟');
    // The stamps mark the period start (nothing moves); marked as period ends they move back one
    // interval, the times shown with them. The file's 00:00 is the site's logger time (Beijing).
    expect(described).toContain('时间戳表示');
    expect(described).toContain('时间按原样作为时段开始入库');
    expect(described).toContain('2030-01-01 00:00');
    const meaning = dialog.locator('.ant-radio-group').first();
    await meaning.getByText('时段结束').click();
    await dialog.getByText(/2030-01-01 00:00(:00)? → 2029-12-31 23:50/).waitFor();
    expect((await dialog.locator('.ant-descriptions').first().textContent()) ?? '').toContain(
      '2029-12-31 23:50',
    );
    await screenshot(page, 'ingestion-preview-period-end');
    await meaning.getByText('时段开始').click();
    await dialog.getByText('时间按原样作为时段开始入库').waitFor();
    for (const name of ['Spd80mAvg', 'Spd80mSD', 'Dir78mAvg', 'Tmp']) {
      await dialog.locator('.ant-table-row', { hasText: name }).first().waitFor();
    }
    // The channel table is editable: the SD channel becomes a standard deviation with its own key.
    const sdRow = dialog.locator('.ant-table-row', { hasText: 'Spd80mSD' }).first();
    await sdRow.locator('.ant-select').nth(1).click();
    await page.locator('.ant-select-item-option', { hasText: '标准差' }).last().click();
    await sdRow.locator('input[type="text"]').last().fill('ws_80_sd');
    await screenshot(page, 'ingestion-preview');

    // Its stamps lie after tomorrow (2030): a doubt the preview shows and the user confirms as it is.
    await dialog
      .getByTestId('doubts-panel')
      .getByText(/晚于明天/)
      .waitFor();
    await dialog.getByRole('button', { name: /全部按当前识别确认/ }).click();
    // Confirm: the file is parsed and stored.
    await dialog.getByRole('button', { name: /确认入库/ }).click();
    await page
      .getByText(/入库完成/)
      .first()
      .waitFor({ timeout: 60_000 });
    await dialog.getByText('已解析').first().waitFor();
    await screenshot(page, 'ingestion-confirmed');
    await dialog.getByRole('button', { name: '完成' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The site's raw-file list and data range show the new data (its last receipts list the file too).
    const fileRow = page
      .locator('.ant-card')
      .filter({ hasText: '原始文件与解析状态' })
      .last()
      .locator('.ant-table-row', { hasText: `${code}_202001.csv` });
    await fileRow.waitFor();
    await fileRow.getByText('已解析').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('site-data-range').textContent()) ?? '', POLL)
      .toMatch(/2030-01-0[23]/);
    // The header follows the stored data without a reload: monitored, its latest data time, and the
    // upload is in the station log.
    const header = page.getByTestId('station-header');
    await expect.poll(async () => (await header.textContent()) ?? '', POLL).toMatch(/2030-01-02 \d\d:50/);
    expect(await header.textContent()).toContain('正常');
    await screenshot(page, 'ingestion-site-data');
    await page.goto('/systemManage/stationLog');
    await page
      .locator('.ant-table-row', { hasText: `${code}_202001.csv` })
      .first()
      .waitFor();
    expect(
      await page
        .locator('.ant-table-row', { hasText: `${code}_202001.csv` })
        .first()
        .textContent(),
    ).toContain('测风数据-数据文件入库');
    await page.context().close();
  });
  it('[INGESTION][RULES]: an administrator creates a parse rule, sees the file-match rules and the data sources', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/systemManage/RuleManage');
    await page.getByRole('tab', { name: '解析规则' }).waitFor();
    await page.getByRole('tab', { name: '质量控制规则' }).waitFor();
    await page.getByRole('button', { name: '新增解析规则' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('规则名称').fill('E2E分号规则');
    await dialog.getByLabel('日期格式').fill('DD/MM/YYYY HH:mm');
    await dialog.getByLabel('缺测值').fill('-9999|NAN');
    await screenshot(page, 'ingestion-parse-rule-form');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-row', { hasText: 'E2E分号规则' }).waitFor();
    await screenshot(page, 'ingestion-parse-rules');

    await page.getByRole('tab', { name: '文件匹配规则' }).click();
    await page.getByRole('button', { name: '新增文件匹配规则' }).click();
    const matchDialog = page.getByRole('dialog');
    await matchDialog.getByLabel('规则名称').fill('带 空格');
    await matchDialog.getByRole('button', { name: '保存' }).click();
    await matchDialog.getByText('文件夹和收件箱不能同时为空').first().waitFor();
    await screenshot(page, 'ingestion-file-match-form');
    await matchDialog.getByRole('button', { name: /取\s*消/ }).click();

    await page.goto('/systemManage/DataFetchManage');
    await page.getByRole('button', { name: '新增数据源' }).click();
    const sourceDialog = page.getByRole('dialog');
    await sourceDialog.getByLabel('授权码', { exact: true }).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'ingestion-data-source-form');
    await page.context().close();
  });
});
