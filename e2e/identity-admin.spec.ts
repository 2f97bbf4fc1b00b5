import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const ROLE_NAME = 'E2E受限角色';
const USER_ACCOUNT = 'e2e_limit01';
const USER_NAME = 'E2E受限用户';
const USER_PASSWORD = 'Limit#User2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Picks an option of a searchable antd Select of the open dialog: types its text, takes the first match. */
async function choose(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await page.locator('.ant-select-item-option-active', { hasText: text }).waitFor();
  await page.keyboard.press('Enter');
}

/** Ticks a node of the (flat, virtual) antd Tree by its label. */
async function tickFeature(page: Page, label: string): Promise<void> {
  await page
    .locator('.ant-tree-treenode', {
      has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${label}$`) }),
    })
    .locator('.ant-tree-checkbox')
    .click();
}

describe('[SYSTEM]', () => {
  it('[SYSTEM][ROLES]: an administrator creates a role with a limited feature set and a user with it; that user logs in and sees only the permitted menu items and buttons; a forbidden URL typed directly shows "no access permission"', async () => {
    const admin = await (await newContext(browser, 'zh-CN')).newPage();
    admin.on('console', (m) => console.log('[console]', m.type(), m.text().slice(0, 500)));
    admin.on('pageerror', (e) =>
      console.log('[pageerror]', e.message, e.stack, JSON.stringify(e).slice(0, 300)),
    );
    await logIn(admin, 'admin', inject('adminPassword'));

    // A new role goes straight on to its rights.
    await admin.goto('/systemManage/RoleManage/RoleList');
    await admin
      .getByRole('cell', { name: /系统管理员|管理员/ })
      .first()
      .waitFor();
    await screenshot(admin, 'role-list');
    // Editing opens with the role's current values.
    await admin
      .getByRole('row', { name: /风资源工程师/ })
      .getByRole('button', { name: '编辑' })
      .click();
    await expect
      .poll(() => admin.getByRole('dialog').getByLabel('角色名称').inputValue())
      .toBe('风资源工程师');
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: /取消|取 消/ })
      .click();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: '新增角色' }).click();
    // A fresh, empty form (not the one just edited), fully open before saving it empty.
    const createDialog = admin.getByRole('dialog', { name: '新增角色' });
    await createDialog.getByLabel('角色名称').waitFor();
    await expect.poll(() => createDialog.getByLabel('角色名称').inputValue()).toBe('');
    await createDialog.getByRole('button', { name: '保存' }).click();
    await createDialog.getByText('请输入角色名称').waitFor({ timeout: 30_000 });
    await admin.getByRole('dialog').getByLabel('角色名称').fill(ROLE_NAME);
    await admin.getByRole('dialog').getByLabel('描述').fill('只允许用户管理和登录日志');
    await admin.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await admin.waitForURL('**/systemManage/RoleManage/RoleRight?roleId=*');
    await admin.getByRole('heading', { name: `角色「${ROLE_NAME}」的权限` }).waitFor();
    await tickFeature(admin, '用户管理');
    await tickFeature(admin, '登录日志');
    await tickFeature(admin, '预览报表');
    await admin.getByText('已选 3 项').waitFor();
    // Data scope: a chosen list with one site moved across the transfer list.
    await admin.getByRole('radio', { name: '指定站点' }).check();
    await screenshot(admin, 'role-right-before-save');
    const available = admin.locator('.ant-transfer-section').first();
    await available.locator('.ant-transfer-list-content-item').first().click();
    await admin.locator('.ant-transfer-actions button, .ant-transfer-operation button').first().click();
    await expect
      .poll(() =>
        admin.locator('.ant-transfer-section').nth(1).locator('.ant-transfer-list-content-item').count(),
      )
      .toBe(1);
    await admin.getByRole('button', { name: '保存权限' }).click();
    await admin.getByText('保存成功').first().waitFor();
    await screenshot(admin, 'role-right-limited');

    // A user with that role; the form applies the shared rules before anything is sent.
    await admin.goto('/systemManage/UserManage/UserList');
    await admin.getByRole('cell', { name: 'eng_zhang01' }).waitFor();
    await admin.getByRole('button', { name: '新增用户' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('登录账号').fill('abc');
    await dialog.getByLabel('电话').fill('12345');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('账号为 4–20 位，须同时包含数字、字母和特殊字符').waitFor();
    await dialog.getByText('电话号码格式不正确').waitFor();
    await dialog.getByText('请选择角色').waitFor();
    await screenshot(admin, 'user-form-validation');
    await dialog.getByLabel('登录账号').fill(USER_ACCOUNT);
    await dialog.getByLabel('用户名').fill(USER_NAME);
    await dialog.getByLabel('电话').fill('13900000001');
    await dialog.getByLabel('邮箱').fill('e2e.limit@masthub.example');
    await choose(admin, '角色', ROLE_NAME);
    await choose(admin, '公司', '中能风电集团');
    await choose(admin, '部门', '运维部');
    await dialog.getByLabel('初始密码').fill(USER_PASSWORD);
    await dialog.getByRole('button', { name: '保存' }).click();
    await admin.getByText('用户已创建').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('cell', { name: USER_ACCOUNT }).waitFor();
    await screenshot(admin, 'user-list');

    // Deleting a user who owns sites leads to the transfer dialog instead (delete is under the row's "更多").
    await admin
      .getByRole('row', { name: /eng_zhang01/ })
      .getByRole('button', { name: '更多' })
      .click();
    await admin.getByRole('menuitem', { name: '删除' }).click();
    await admin.locator('.ant-modal-confirm-title', { hasText: '请先移交站点' }).waitFor();
    await admin.getByRole('button', { name: '移交站点' }).click();
    await admin.getByText(/全部拥有的站点（\d+ 个）/).waitFor();
    await expect.poll(() => admin.locator('.ant-modal-confirm:visible').count()).toBe(0);
    await screenshot(admin, 'user-delete-transfer');
    await admin
      .getByRole('dialog', { name: /移交「张伟」的站点/ })
      .getByRole('button', { name: '取消' })
      .click();

    // The administrator's view of the new user's rights.
    await admin
      .getByRole('row', { name: new RegExp(USER_ACCOUNT) })
      .getByRole('button', { name: '权限' })
      .click();
    await admin.getByRole('heading', { name: `${USER_NAME} 的权限` }).waitFor();
    await admin.locator('[data-granted="true"]', { hasText: '登录日志' }).waitFor();
    await screenshot(admin, 'user-right-admin-view');
    const newUserUrl = admin.url();

    // The limited user: only the permitted menu items.
    const limitedContext = await newContext(browser, 'zh-CN');
    const limited = await limitedContext.newPage();
    await logIn(limited, USER_ACCOUNT, USER_PASSWORD);
    await limited.getByRole('menuitem', { name: /系统设置/ }).click();
    await limited.getByRole('menuitem', { name: '登录日志' }).waitFor();
    await limited.getByRole('menuitem', { name: '用户管理' }).waitFor();
    for (const forbidden of ['角色管理', '业主管理', '规则管理', '下载审批', '站点操作日志']) {
      expect(await limited.getByRole('menuitem', { name: forbidden }).count(), forbidden).toBe(0);
    }
    await screenshot(limited, 'limited-user-menu');

    // Buttons that need a feature the user lacks are disabled with 'no permission'.
    await limited.goto(newUserUrl.replace(/^https?:\/\/[^/]+/, ''));
    const editRole = limited.getByRole('button', { name: '编辑角色权限' });
    await editRole.waitFor();
    expect(await editRole.isDisabled()).toBe(true);
    await editRole.hover({ force: true });
    await limited.getByRole('tooltip', { name: '暂无权限' }).waitFor();
    await screenshot(limited, 'limited-user-no-permission-button');

    // A forbidden URL typed directly.
    await limited.goto('/systemManage/RoleManage/RoleList');
    await limited.getByText('无访问权限').waitFor();
    expect(await limited.getByRole('button', { name: '新增角色' }).count()).toBe(0);
    await screenshot(limited, 'limited-user-forbidden-url');
    await limitedContext.close();
    await admin.context().close();
  });

  it('[SYSTEM][LOGIN_LOG]: failed and successful logins are listed with account, role, IP, time and result, and can be filtered', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Account').fill(USER_ACCOUNT);
    await page.getByLabel('Password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Incorrect account or password').waitFor();

    await logIn(page, 'admin', inject('adminPassword'));
    await page.goto('/systemManage/loginLog');
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor();
    await page.getByLabel('Account').fill(USER_ACCOUNT);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    // Only the new user's attempts: the failed one just now and the first login of the previous test.
    await expect.poll(() => rows.filter({ hasNotText: USER_ACCOUNT }).count()).toBe(0);
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await rows.filter({ hasText: 'Wrong password' }).first().waitFor();
    await rows.filter({ hasText: 'Logged in' }).first().waitFor();
    expect(await rows.first().getByRole('cell', { name: '127.0.0.1' }).count()).toBe(1);
    await screenshot(page, 'login-log-filtered');

    await page.getByLabel('Result').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Failure' })
      .click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.filter({ hasText: 'Success' }).count()).toBe(0);
    await rows.filter({ hasText: 'Wrong password' }).first().waitFor();
    await context.close();
  });
});
