import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const OWNER_NAME = 'E2E测试业主';
const TAG_NAME = 'E2E标签';
const TAG_GROUP = 'E2E分组';
const DEVICE_TYPE = 'E2E测试设备';
const SUPPLIER = 'E2E测风仪器';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the API as the logged-in browser user (for the site change, whose screen is another issue's). */
async function callApi<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ path, body }) => {
      const login = JSON.parse(localStorage.getItem('masthub.login') ?? '{}') as { token?: string };
      const response = await fetch(`/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          token: login.token ?? '',
          language: 'ZH',
          'utc-code': '+08:00',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { path, body },
  );
  const envelope = reply as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

/** The visible confirmation dialog (antd modal.confirm / modal.warning). */
function confirmDialog(page: Page) {
  return page.locator('.ant-modal-confirm:visible');
}

/** The title of the visible confirmation dialog. */
function confirmTitle(page: Page, text: string) {
  return confirmDialog(page).locator('.ant-modal-confirm-title', { hasText: text });
}

/** Lets an opening dialog finish its zoom animation, so the screenshot shows it as people see it. */
function settle(page: Page): Promise<void> {
  return page.waitForTimeout(400);
}

/** An instant shown as `YYYY-MM-DD HH:mm:ss` in UTC+08:00 (the default zone), as epoch ms. */
function beijingWallTimeToMs(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}+08:00`);
}

describe('[REGISTRY]', () => {
  it('[REGISTRY]: an administrator adds an owner, a tag and a manufacturer with a device type, sees the manufacturer used by a demo site refused for deletion, and finds the changes in the station log when they concern a site', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await logIn(page, 'admin', inject('adminPassword'));

    // ── Owners: the shared rules before anything is sent, then a new owner.
    await page.goto('/systemManage/OwnerManage');
    await page.getByRole('cell', { name: '华能新能源', exact: true }).waitFor();
    await screenshot(page, 'registry-owner-list');
    await page.getByRole('button', { name: '新增业主' }).click();
    const ownerDialog = page.getByRole('dialog');
    await ownerDialog.getByLabel('电话').fill('12345');
    await ownerDialog.getByLabel('邮箱').fill('not-an-email');
    await ownerDialog.getByRole('button', { name: '保存' }).click();
    await ownerDialog.getByText('请输入业主名称').waitFor();
    await ownerDialog.getByText('电话号码格式不正确').waitFor();
    await ownerDialog.getByText('邮箱格式不正确').waitFor();
    await settle(page);
    await screenshot(page, 'registry-owner-form-validation');
    await ownerDialog.getByLabel('业主名称').fill(OWNER_NAME);
    await ownerDialog.getByLabel('电话').fill('010-88886666');
    await ownerDialog.getByLabel('邮箱').fill('e2e.owner@masthub.example');
    await ownerDialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('业主已创建').first().waitFor();
    await ownerDialog.waitFor({ state: 'hidden' });
    await page.getByPlaceholder('搜索业主名称、电话或邮箱').fill('E2E');
    await page.getByPlaceholder('搜索业主名称、电话或邮箱').press('Enter');
    const ownerRow = page.getByRole('row', { name: new RegExp(OWNER_NAME) });
    await ownerRow.getByRole('cell', { name: '010-88886666', exact: true }).waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);

    // A demo owner is linked to sites: the server's refusal is shown, nothing is deleted.
    await page.getByPlaceholder('搜索业主名称、电话或邮箱').fill('华能');
    await page.getByPlaceholder('搜索业主名称、电话或邮箱').press('Enter');
    await page
      .getByRole('row', { name: /华能新能源/ })
      .getByRole('button', { name: '删除' })
      .click();
    await confirmTitle(page, '无法删除业主「华能新能源」').waitFor();
    await confirmDialog(page)
      .getByText(/该业主关联了 \d+ 个站点，不能删除/)
      .waitFor();
    await settle(page);
    await screenshot(page, 'registry-owner-delete-refused');
    await confirmDialog(page)
      .getByRole('button', { name: /知道了|OK|确定/ })
      .click();

    // ── Tags: a new tag in a new group with a chosen colour.
    await page.goto('/systemManage/TagsManagement');
    await page.getByRole('cell', { name: '重点关注', exact: true }).waitFor();
    await page.getByRole('button', { name: '新增标签' }).click();
    const tagDialog = page.getByRole('dialog');
    await tagDialog.getByLabel('标签名称').fill(TAG_NAME);
    await tagDialog.getByLabel('分组').fill(TAG_GROUP);
    await tagDialog.locator('.ant-color-picker-trigger').click();
    await page.locator('.ant-color-picker-presets-color').nth(7).click();
    // A second click on the trigger closes the picker.
    await tagDialog.locator('.ant-color-picker-trigger').click();
    await page.locator('.ant-color-picker-presets-color').first().waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await tagDialog.locator('.ant-color-picker-trigger').innerText()).toUpperCase())
      .toContain('3949AB');
    await settle(page);
    await screenshot(page, 'registry-tag-form');
    await tagDialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('标签已创建').first().waitFor();
    await tagDialog.waitFor({ state: 'hidden' });
    const tagRow = page.getByRole('row', { name: new RegExp(TAG_NAME) });
    await tagRow.getByRole('cell', { name: TAG_GROUP, exact: true }).waitFor();
    await tagRow.getByRole('cell', { name: '#3949ab', exact: true }).waitFor();
    // Disable, then enable again (only enabled tags can be given to a site).
    const tagSwitch = page.getByRole('switch', { name: `标签「${TAG_NAME}」的状态` });
    await tagSwitch.click();
    await page.getByText('已停用 1 个标签').first().waitFor();
    await expect.poll(() => tagSwitch.getAttribute('aria-checked')).toBe('false');
    await settle(page);
    await screenshot(page, 'registry-tag-list');
    await tagSwitch.click();
    await expect.poll(() => tagSwitch.getAttribute('aria-checked')).toBe('true');
    // Filter by the new group.
    await page.getByLabel('分组').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: TAG_GROUP })
      .click();
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await settle(page);
    await screenshot(page, 'registry-tag-filtered');

    // ── Manufacturers: a new device type, a manufacturer under it.
    await page.goto('/systemManage/ManufacturerManage');
    await page.getByRole('cell', { name: 'NRG Systems', exact: true }).waitFor();
    await page.getByRole('button', { name: '新增类型' }).click();
    const typeDialog = page.getByRole('dialog');
    await typeDialog.getByLabel('设备类型').fill(DEVICE_TYPE);
    await typeDialog.getByRole('button', { name: '保存' }).click();
    await typeDialog.waitFor({ state: 'hidden' });
    // The new type is selected: its (empty) manufacturer list shows.
    await page.getByText(`${DEVICE_TYPE}的厂家`).waitFor();
    await page.getByRole('button', { name: '新增厂家' }).click();
    const makerDialog = page.getByRole('dialog');
    await expect.poll(() => makerDialog.getByLabel('设备类型').inputValue()).toBe(DEVICE_TYPE);
    await makerDialog.getByRole('button', { name: '保存' }).click();
    await makerDialog.getByText('请输入厂家名称').waitFor();
    await makerDialog.getByLabel('厂家名称').fill(SUPPLIER);
    await makerDialog.getByLabel('型号').fill('WM-1');
    await makerDialog.getByLabel('联系人').fill('赵工');
    await makerDialog.getByLabel('电话').fill('13800138000');
    await makerDialog.getByLabel('邮箱').fill('e2e.maker@masthub.example');
    await makerDialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('厂家已创建').first().waitFor();
    await makerDialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('row', { name: new RegExp(SUPPLIER) })
      .getByRole('cell', { name: 'WM-1', exact: true })
      .waitFor();
    await settle(page);
    await screenshot(page, 'registry-manufacturer-new-type');

    // A manufacturer used by demo sites cannot be deleted, and the dialog says why.
    await page.locator('.ant-tree-title').getByText('数据采集器', { exact: true }).click();
    await page.getByText('数据采集器的厂家').waitFor();
    await page
      .getByRole('row', { name: /NRG Systems/ })
      .getByRole('button', { name: '删除' })
      .click();
    await confirmTitle(page, '无法删除厂家「NRG Systems SymphoniePRO」').waitFor();
    await confirmDialog(page)
      .getByText(/该厂家被 \d+ 个站点使用，不能删除/)
      .waitFor();
    await settle(page);
    await screenshot(page, 'registry-manufacturer-delete-refused');
    await confirmDialog(page)
      .getByRole('button', { name: /知道了|OK|确定/ })
      .click();
    await expect.poll(() => confirmDialog(page).count()).toBe(0);
    await page.getByRole('row', { name: /NRG Systems/ }).waitFor();

    // The new type is not used: deleting it is confirmed together with its manufacturer.
    await page.getByRole('button', { name: `设备类型「${DEVICE_TYPE}」的操作` }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await confirmDialog(page)
      .getByText(`删除设备类型「${DEVICE_TYPE}」将同时删除其下 1 个厂家，确定删除吗？`)
      .waitFor();
    await settle(page);
    await screenshot(page, 'registry-device-type-delete-confirm');
    await confirmDialog(page).getByRole('button', { name: '删除' }).click();
    await page.getByText('删除成功').first().waitFor();
    await expect.poll(() => page.locator('.ant-tree-title', { hasText: DEVICE_TYPE }).count()).toBe(0);
    expect(await page.getByRole('cell', { name: SUPPLIER, exact: true }).count()).toBe(0);

    // ── A change that concerns a site: the new tag given to a demo site (the site list is another
    // screen), which the station log then shows.
    const tags = await callApi<{ id: number; name: string }[]>(page, '/web/sys/tag/list');
    const tagId = tags.find((tag) => tag.name === TAG_NAME)?.id;
    expect(tagId).toBeDefined();
    const sites = await callApi<{ records: { id: number; stationCode: string; tags: { id: number }[] }[] }>(
      page,
      '/web/station/page',
      { pageNo: 1, pageSize: 1 },
    );
    const site = sites.records[0]!;
    const before = site.tags.map((tag) => tag.id);
    await callApi(page, '/web/station/tags', { stationId: site.id, tagIds: [...before, tagId] });

    await page.goto('/systemManage/stationLog');
    await page.getByLabel('站点编号').fill(site.stationCode);
    await page.getByLabel('操作类型').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '编辑' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    const logRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: TAG_NAME });
    await logRow.waitFor();
    await logRow.getByRole('cell', { name: '站点标签', exact: true }).waitFor();
    await logRow.getByRole('cell', { name: 'admin', exact: true }).waitFor();
    // The time column shows the user's zone (UTC+08:00 by default), whatever the browser's zone.
    const shown = await logRow.locator('td').nth(3).innerText();
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(beijingWallTimeToMs(shown) - Date.now())).toBeLessThan(5 * 60_000);
    await logRow.locator('.ant-table-row-expand-icon').click();
    await page.getByText('变更详情').waitFor();
    await page.locator('.ant-descriptions-item-content', { hasText: TAG_NAME }).first().waitFor();
    await settle(page);
    await screenshot(page, 'registry-station-log');

    // Nothing logged for the site outside the filter: another type gives no such row.
    await page.getByLabel('操作类型').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '删除' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await expect
      .poll(() => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: TAG_NAME }).count())
      .toBe(0);
    await page.context().close();
  });

  it('[REGISTRY][EN]: the registry screens read in English', async () => {
    const page = await (await newContext(browser, 'en-US')).newPage();
    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/systemManage/ManufacturerManage');
    await page.getByRole('cell', { name: 'NRG Systems', exact: true }).waitFor();
    await page.getByText('All manufacturers').waitFor();
    await page.getByRole('columnheader', { name: 'Supplier' }).waitFor();
    await settle(page);
    await screenshot(page, 'registry-manufacturer-en');
    await page.goto('/systemManage/stationLog');
    await page.getByRole('columnheader', { name: 'Operator account' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Site tags' }).first().waitFor();
    await settle(page);
    await screenshot(page, 'registry-station-log-en');
    await page.goto('/systemManage/TagsManagement');
    await page.getByRole('columnheader', { name: 'Sites using it' }).waitFor();
    await settle(page);
    await screenshot(page, 'registry-tags-en');
    await page.context().close();
  });
});
