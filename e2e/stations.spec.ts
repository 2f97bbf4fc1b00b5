import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const NEW_CODE = '990001';
/** The app answers within the default 15 s wait; vitest's poll default (1 s) is too short under load. */
const POLL = { timeout: 15_000 };
const NEW_PROJECT = 'E2E张北测风塔';

let browser: Browser;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-e2e-stations-'));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function logConsole(page: Page): void {
  page.on('pageerror', (e) => console.log('[pageerror]', e.message));
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const headerTitles = (page: Page) =>
  page
    // The row-selection column has no title.
    .locator('.ant-table-thead th:not(.ant-table-selection-column)')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));

/** A small but valid PDF (the server stores any bytes; the type comes from the extension). */
function writePdf(name: string): string {
  const file = path.join(tmp, name);
  writeFileSync(
    file,
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  return file;
}

describe('[STATIONS]', () => {
  it('[STATIONS][LIST]: an administrator creates a site through the form, finds it with a filter, changes the columns, leaves and returns with the state kept, exports coordinates and opens the xlsx', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    logConsole(page);
    await logIn(page, 'admin', inject('adminPassword'));
    await page.getByRole('menuitem', { name: /站点列表/ }).click();
    await page.waitForURL('**/stationManage');
    await expect.poll(() => rows(page).count(), POLL).toBe(20);
    await page
      .getByText(/共 \d+ 个站点/)
      .first()
      .waitFor();
    await screenshot(page, 'stations-list');

    // Create: the required flags come from the server's edit form.
    await page.getByRole('button', { name: '新增站点' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('请填写站点编号').waitFor();
    await dialog.getByText('请填写项目名称').waitFor();
    await dialog.getByText('请填写经度').waitFor();
    // One message per field, not "required" twice (the form's rule and the shared schema's).
    const perField = await dialog
      .locator('.ant-form-item-explain')
      .evaluateAll((nodes) => nodes.map((n) => n.querySelectorAll('.ant-form-item-explain-error').length));
    expect(perField.length).toBeGreaterThan(2);
    expect(Math.max(...perField)).toBe(1);
    await dialog.getByLabel('站点编号').fill('12a');
    await dialog.getByLabel('纬度').fill('95');
    await dialog.getByText(/站点编号须为 1–6 位数字/).waitFor();
    await dialog.getByText('纬度范围为 [-90, 90]').waitFor();
    await screenshot(page, 'stations-form-validation');
    await dialog.getByLabel('站点编号').fill(NEW_CODE);
    await dialog.getByLabel('项目名称').fill(NEW_PROJECT);
    await dialog.getByLabel('经度').fill('114.705');
    await dialog.getByLabel('纬度').fill('41.152');
    await dialog.getByLabel('省份').click();
    await page.locator('.ant-select-tree-title', { hasText: /^河北省$/ }).click();
    await dialog.getByLabel('SIM 卡号').fill('13800138000');
    await screenshot(page, 'stations-form-filled');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByText(`站点 ${NEW_CODE} 已创建`).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Page 3 with a sort, scrolled down: kept when the user opens a site and comes back.
    await page.getByRole('listitem', { name: '3' }).click();
    await expect.poll(() => page.locator('.ant-pagination-item-active').textContent(), POLL).toBe('3');
    await page.locator('.ant-table-thead th', { hasText: '站点编号' }).click();
    await expect.poll(() => page.locator('.ant-pagination-item-active').textContent(), POLL).toBe('1');
    await page.getByRole('listitem', { name: '3' }).click();
    await expect.poll(() => page.locator('.ant-pagination-item-active').textContent(), POLL).toBe('3');
    await page.evaluate(() => document.getElementById('masthub-content')?.scrollTo(0, 400));
    await page.waitForTimeout(200);
    const firstCodeOnPage3 = (await rows(page).first().locator('td').first().textContent())?.trim();
    // A row in view, so the click does not scroll.
    await rows(page).nth(10).getByRole('link').click();
    await page.waitForURL('**/StationDetail/StationInfo?stationId=*');
    await page.getByTestId('station-title').waitFor();
    await page.goBack();
    await page.waitForURL('**/stationManage');
    await expect.poll(() => page.locator('.ant-pagination-item-active').textContent(), POLL).toBe('3');
    await expect
      .poll(async () => (await rows(page).first().locator('td').first().textContent())?.trim(), POLL)
      .toBe(firstCodeOnPage3);
    await expect
      .poll(() => page.evaluate(() => document.getElementById('masthub-content')?.scrollTop ?? 0), POLL)
      .toBeGreaterThan(100);

    // Find the new site with a filter.
    await page.getByLabel('关键字').fill(NEW_CODE);
    await page.getByRole('button', { name: /^(search )?查询$/ }).click();
    await expect.poll(() => rows(page).count(), POLL).toBe(1);
    await rows(page).first().getByText(NEW_PROJECT).waitFor();
    await page.getByText('共 1 个站点').first().waitFor();

    // Columns: hide the location, show the SIM number, fix the status on the left.
    await page.getByRole('button', { name: '列与查询项设置' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('[data-column="location"]').getByRole('checkbox').uncheck();
    await drawer.locator('[data-column="sim"]').getByRole('checkbox').check();
    await drawer.locator('[data-column="statusName"]').getByRole('button', { name: '固定在左侧' }).click();
    await drawer.getByText('已固定 3/5 列').waitFor();
    await screenshot(page, 'stations-settings');
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('设置已保存').first().waitFor();
    await expect.poll(async () => (await headerTitles(page)).includes('SIM 卡号'), POLL).toBe(true);
    expect(await headerTitles(page)).not.toContain('位置');
    expect((await headerTitles(page)).slice(0, 3)).toEqual(['站点编号', '项目名称', '站点状态']);
    await rows(page).first().getByText('13800138000').waitFor();
    await screenshot(page, 'stations-columns-changed');

    // Leave through the menu and return: filter, columns and rows are as they were.
    await page.getByRole('menuitem', { name: /首页/ }).click();
    await page.waitForURL('**/index');
    await page.getByRole('menuitem', { name: /站点列表/ }).click();
    await page.waitForURL('**/stationManage');
    await expect.poll(() => page.getByLabel('关键字').inputValue(), POLL).toBe(NEW_CODE);
    await expect.poll(() => rows(page).count(), POLL).toBe(1);
    await rows(page).first().getByText(NEW_PROJECT).waitFor();
    // The columns are stored per user on the server: a reload keeps them too.
    await page.reload();
    await expect.poll(async () => (await headerTitles(page)).includes('SIM 卡号'), POLL).toBe(true);
    await expect.poll(() => rows(page).count(), POLL).toBe(1);
    await screenshot(page, 'stations-state-kept');

    // Coordinate export of the filtered sites.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出坐标' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(tmp, 'coordinates.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet).toBeDefined();
    const values: string[] = [];
    sheet?.eachRow((row) => {
      row.eachCell((cell) => {
        values.push(String(cell.value ?? ''));
      });
    });
    expect(values).toContain(NEW_CODE);
    expect(values.some((value) => value.startsWith('114.705'))).toBe(true);
    expect(sheet?.rowCount).toBeGreaterThanOrEqual(2);
    await page.context().close();
  });

  it('[STATIONS][RAW]: ticks sites in the list, downloads their raw files as one ZIP and previews how their files arrive', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    logConsole(page);
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/stationManage');
    await expect.poll(() => rows(page).count(), POLL).toBeGreaterThan(5);
    // Nothing ticked: the download waits for a choice.
    expect(await page.getByTestId('stations-download-raw').isDisabled()).toBe(true);
    await page.getByLabel('关键字').fill('530001');
    await page.getByRole('button', { name: '查询' }).first().click();
    await expect.poll(() => rows(page).count(), POLL).toBe(1);
    await rows(page).first().locator('.ant-checkbox-input').check();
    await page.getByTestId('stations-selection').getByText('已选 1 个站点').waitFor();
    await page.getByTestId('stations-download-raw').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('下载原始数据（1 个站点）').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('530001_原始文件.zip');
    const zip = path.join(tmp, 'raw.zip');
    await download.saveAs(zip);
    expect(readFileSync(zip).subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByTestId('stations-file-rules').click();
    const preview = page.getByTestId('file-rule-preview');
    await preview.locator('.ant-table-row', { hasText: '530001' }).waitFor();
    expect(await preview.locator('.ant-table-row').first().textContent()).toMatch(/\d+ 个文件/);
    await screenshot(page, 'stations-file-rule-preview');
    await page.context().close();
  });

  it('[STATIONS][IMPORT]: imports sites from the template workbook; a wrong row refuses the file and is named', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    logConsole(page);
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/stationManage');
    await page.getByTestId('stations-batch-import').click();
    const dialog = page.getByRole('dialog');
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('import-template').click(),
    ]);
    const templatePath = path.join(tmp, 'template.xlsx');
    await template.saveAs(templatePath);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(templatePath);
    const sheet = book.worksheets[0]!;
    sheet.spliceRows(2, 1);
    sheet.addRow(['880001', 'E2E导入一', '测风塔', '河北省', '', 114.5, 41.1]);
    sheet.addRow(['880002', 'E2E导入二', '测风塔', '河北省', '', 114.6, 95]);
    const bad = path.join(tmp, 'bad.xlsx');
    await book.xlsx.writeFile(bad);
    await dialog.locator('input[type="file"]').setInputFiles(bad);
    await dialog.getByTestId('import-problems').getByText('第 3 行 · 纬度').waitFor();
    await screenshot(page, 'stations-import-refused');
    sheet.getRow(3).getCell(7).value = 41.2;
    const good = path.join(tmp, 'good.xlsx');
    await book.xlsx.writeFile(good);
    await dialog.locator('input[type="file"]').setInputFiles(good);
    await page.getByText('已导入 2 个站点').first().waitFor();
    await page.getByLabel('关键字').fill('88000');
    await page.getByRole('button', { name: '查询' }).first().click();
    await expect.poll(() => rows(page).count(), POLL).toBe(2);
    await page.context().close();
  });

  it('[STATIONS][DETAIL]: uploads and downloads an attachment and adds a channel configuration', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    logConsole(page);
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/stationManage');
    await expect.poll(() => rows(page).count(), POLL).toBeGreaterThan(0);
    // A demo site (not the one the previous test made): the keyword filter may still be stored.
    await page.getByRole('button', { name: '重置' }).click();
    await expect.poll(() => rows(page).count(), POLL).toBe(20);
    const code = (await rows(page).nth(1).locator('td').first().textContent())?.trim() ?? '';
    await rows(page).nth(1).getByRole('link', { name: code }).click();
    await page.waitForURL('**/StationDetail/StationInfo?stationId=*');
    const stationId = new URL(page.url()).searchParams.get('stationId');
    await page.getByTestId('station-title').filter({ hasText: code }).waitFor();
    await page.getByText('附件').first().waitFor();
    await page.getByText('密码记录').first().waitFor();

    // A wrong type is refused in the browser.
    const input = page.locator('input[type="file"]').first();
    const txt = path.join(tmp, 'notes.txt');
    writeFileSync(txt, 'not an attachment');
    await input.setInputFiles(txt);
    await page
      .getByText(/不是允许的文件类型/)
      .first()
      .waitFor();

    // Upload a PDF, then download it again.
    const pdf = writePdf('测风塔验收报告.pdf');
    await input.setInputFiles(pdf);
    await page.getByText('测风塔验收报告.pdf 已上传').first().waitFor();
    const attachmentRow = page.locator('.ant-table-row', { hasText: '测风塔验收报告.pdf' });
    await attachmentRow.waitFor();
    await screenshot(page, 'station-info-attachment');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      attachmentRow.getByRole('button', { name: /下载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('测风塔验收报告.pdf');
    const saved = path.join(tmp, 'downloaded.pdf');
    await download.saveAs(saved);
    expect(readFileSync(saved)).toEqual(readFileSync(pdf));

    // A password record, revealed.
    await page.getByRole('button', { name: '新增密码记录' }).click();
    const passwordDialog = page.getByRole('dialog');
    await passwordDialog.getByLabel('采集器序列号 / SIM 卡号').fill('SN-2026-001');
    await passwordDialog.getByLabel('密码', { exact: true }).fill('Logger#2026');
    await passwordDialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('密码记录已添加').first().waitFor();
    const passwordRow = page.locator('.ant-table-row', { hasText: 'SN-2026-001' });
    await passwordRow.getByRole('button', { name: '显示密码' }).click();
    await passwordRow.getByText('Logger#2026').waitFor();
    await screenshot(page, 'station-info');

    // Channel configuration: the tab keeps the site; a new configuration copies the one in force.
    await page.getByRole('tab', { name: '通道配置' }).click();
    await page.waitForURL(`**/StationDetail/ChannelConfiguration?stationId=${stationId}`);
    await page.getByText('配置历史').waitFor();
    await screenshot(page, 'channel-config-before');
    await page.locator('[data-config-id]').first().waitFor();
    const before = await page.locator('[data-config-id]').count();
    await page
      .getByRole('button', { name: /初始配置/ })
      .getByText('当前生效')
      .or(page.locator('[data-config-id]').getByText('当前生效'))
      .first()
      .waitFor();
    await page.getByRole('button', { name: '新增配置' }).click();
    const configDialog = page.getByRole('dialog');
    await configDialog.getByText(/已复制当前生效配置/).waitFor();
    await expect.poll(() => configDialog.getByLabel('通道名称').first().inputValue(), POLL).not.toBe('');
    const copiedRows = await configDialog.locator('[data-channel-row]').count();
    expect(copiedRows).toBeGreaterThan(0);
    await configDialog.getByLabel('配置名称').fill('E2E 更换传感器');
    await screenshot(page, 'channel-config-add');
    await configDialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('通道配置已新增').first().waitFor();
    await configDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('[data-config-id]').count(), POLL).toBe(before + 1);
    const added = page.locator('[data-config-id]', { hasText: 'E2E 更换传感器' });
    await added.getByText('当前生效').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count(), POLL).toBe(copiedRows);
    await screenshot(page, 'channel-config-added');

    // The wind-data tab keeps the site too (its data, or the empty state of a site without data).
    await page.getByRole('tab', { name: '测风数据' }).click();
    await page.waitForURL(`**/StationDetail/MeasureWind?stationId=${stationId}`);
    await page.getByTestId('mw-page').or(page.getByTestId('mw-empty')).waitFor();
    await page.context().close();
  });
});
