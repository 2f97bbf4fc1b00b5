import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';
import { chartBoxes, unreadableTexts } from './support/chart-checks.ts';
import {
  cutDataCells,
  headerBodyMisalignment,
  reachableRowActions,
  type TRowActionTexts,
} from './support/table-checks.ts';

let browser: Browser;
/** Demo masts with data: the first is analysed, the two are compared as lidar and mast. */
let masts: number[];
beforeAll(async () => {
  browser = await launchBrowser();
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const r = await client.query<{ id: string }>(
      `SELECT s.id FROM station s JOIN dataset_version v ON v.station_id = s.id AND v.kind = 'original'
        WHERE EXISTS (SELECT 1 FROM ts_chunk c WHERE c.version_id = v.id) ORDER BY s.id LIMIT 2`,
    );
    masts = r.rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await browser.close();
});

/** [scrollWidth, clientWidth] of the visible table bodies: equal when no column hides under another. */
async function tableOverflow(page: Page): Promise<number> {
  await page.locator('.ant-table:visible').first().waitFor();
  await page.waitForTimeout(300);
  return page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'))
        .filter((e) => e.offsetParent !== null)
        .map((e) => e.scrollWidth - e.clientWidth),
    ),
  );
}

describe('[LAYOUT]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[LAYOUT][TABLES]: at 1366 px the rule, data-source and manufacturer tables show every column, none under the pinned actions (${locale})`, async () => {
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      await page.setViewportSize({ width: 1366, height: 800 });
      await logIn(page, 'admin', inject('adminPassword'));
      const tabs =
        locale === 'zh-CN'
          ? ['解析规则', '文件匹配规则', '质量控制规则', '告警规则']
          : ['Parse rules', 'File-match rules', 'Quality-control rules', 'Warning rules'];
      await page.goto('/systemManage/RuleManage');
      for (const tab of tabs) {
        await page.getByRole('tab', { name: tab }).click();
        expect(await tableOverflow(page), tab).toBe(0);
      }
      for (const url of ['/systemManage/DataFetchManage', '/systemManage/ManufacturerManage']) {
        await page.goto(url);
        expect(await tableOverflow(page), url).toBe(0);
      }
      await screenshot(page, `layout-manufacturers-${locale}`);
      await context.close();
    });
  }

  const ACTION_TEXTS: Record<'zh-CN' | 'en-US', TRowActionTexts & { users: string[]; webhooks: string[] }> = {
    'zh-CN': {
      more: '更多',
      users: ['编辑', '权限', '重置密码', '重置两步验证', '访问令牌', '删除'],
      webhooks: ['编辑', '发送测试', '投递日志', '更换密钥', '删除'],
    },
    'en-US': {
      more: 'More',
      users: ['Edit', 'Rights', 'Reset password', 'Reset 2FA', 'Access tokens', 'Delete'],
      webhooks: ['Edit', 'Send test', 'Delivery log', 'Rotate secret', 'Delete'],
    },
  };

  /** A table's rows: every action reachable, at most three in the row; no data cut; header over body. */
  async function checkActionTable(
    page: Page,
    table: Locator,
    expected: string[],
    texts: TRowActionTexts,
    freeText: string[] = [],
  ) {
    const rows = await reachableRowActions(page, table, texts);
    expect(rows.length).toBeGreaterThan(0);
    // A row that offers nothing (a report still being made has no files) has nothing to reach.
    for (const row of rows.filter((r) => r.visible.length > 0)) {
      expect(row.visible.length).toBeLessThanOrEqual(3);
      // Each button in the row is wholly in sight, and so is each item of its "More" menu once opened.
      expect(row.hidden, JSON.stringify(row)).toEqual([]);
      expect([...row.visible, ...row.more].filter((label) => expected.includes(label)).sort()).toEqual(
        [...expected].sort(),
      );
    }
    expect(await cutDataCells(table, freeText)).toEqual([]);
    expect(await headerBodyMisalignment(table)).toBeLessThanOrEqual(1);
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[LAYOUT][ACTIONS]: at 1366×768 every action of the users, webhook, role and report tables is reachable, in the row or under "More", and no data column is cut (${locale})`, async () => {
      const texts = ACTION_TEXTS[locale];
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      await page.setViewportSize({ width: 1366, height: 768 });
      await logIn(page, 'admin', inject('adminPassword'));
      // A webhook of this locale's run to list (disabled: it sends nothing).
      const login = await page.request.post('/api/security/sys/user/login', {
        data: { account: 'admin', password: inject('adminPassword') },
      });
      const session = ((await login.json()) as { data: { token: string } }).data.token;
      const created = await page.request.post('/api/system/webhook/create', {
        headers: { token: session },
        data: {
          name: `layout-${locale}`,
          url: 'http://127.0.0.1:9/hook',
          events: ['file.failed'],
          isEnabled: false,
        },
      });
      expect(created.status()).toBe(200);

      await page.goto('/systemManage/UserManage/UserList');
      const users = page.locator('.ant-table').first();
      await users.getByRole('cell', { name: 'eng_zhang01' }).waitFor();
      // The rows of others offer every action; one's own row shows the security actions and delete disabled.
      await checkActionTable(page, users, texts.users, texts);
      await screenshot(page, `layout-users-${locale}`);
      await users
        .locator('.ant-table-row', { hasText: 'eng_zhang01' })
        .getByTestId('row-actions-more')
        .click();
      await page.locator('.ant-dropdown:visible').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `layout-users-more-${locale}`);
      await page.keyboard.press('Escape');

      await page.goto('/systemManage/webhook');
      const hooks = page.locator('.ant-table').first();
      await hooks.getByRole('cell', { name: `layout-${locale}` }).waitFor();
      await checkActionTable(page, hooks, texts.webhooks, texts);
      await screenshot(page, `layout-webhooks-${locale}`);

      await page.goto('/systemManage/RoleManage/RoleList');
      const roles = page.locator('.ant-table').first();
      await roles.locator('.ant-table-row').first().waitFor();
      // A role's description is free text, meant to end in "…" with the whole of it on hover.
      await checkActionTable(page, roles, [], texts, [locale === 'zh-CN' ? '描述' : 'Description']);

      // A demo report group's generated reports: preview, resend, the Word and PDF files, delete.
      await page.goto('/report/groupReport');
      const groups = page.locator('.ant-table').first();
      await groups.locator('.ant-table-row').first().waitFor();
      await checkActionTable(page, groups, [], texts);
      await groups
        .locator('.ant-table-row', { hasText: '演示测风塔周报' })
        .getByRole('button', { name: locale === 'zh-CN' ? '查看报告' : 'Reports' })
        .click();
      await page.waitForURL(/reportList/);
      await page.getByTestId('report-resend').first().waitFor();
      const reports = page.locator('.ant-table').first();
      await checkActionTable(page, reports, ['Word', 'PDF'], texts);
      await screenshot(page, `layout-reports-${locale}`);
      await context.close();
    });
  }

  /** scrollWidth − clientWidth of a table's scroll box: 0 when it fits its card without sideways scrolling. */
  async function sidewaysOverflow(table: Locator): Promise<number> {
    return table.evaluate((element) => {
      const box = element.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      return box ? box.scrollWidth - box.clientWidth : Number.POSITIVE_INFINITY;
    });
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[LAYOUT][ANALYSES]: at 1366×768 the suitability class table and the lidar KPI table fit their card, and the energy charts' legends, units and labels do not cover one another (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const POLL = { timeout: 120_000 };
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      await page.setViewportSize({ width: 1366, height: 768 });
      await logIn(page, 'admin', inject('adminPassword'));

      // Site suitability: the twelve class columns, class III C (the demo verdict) in sight.
      await page.goto(`/StationDetail/SiteSuitability?stationId=${masts[0]}`);
      await expect.poll(() => page.locator('#suitForm_hubHeight').inputValue(), POLL).not.toBe('');
      await page.getByTestId('suit-run').click();
      const classes = page.getByTestId('suit-table');
      await expect.poll(() => classes.locator('.ant-table-row').count(), POLL).toBe(7);
      expect(await sidewaysOverflow(classes)).toBeLessThanOrEqual(0);
      const third = classes.locator('thead th', { hasText: /^III\sC$/ });
      const [header, card] = [await third.boundingBox(), await classes.boundingBox()];
      expect(header!.x + header!.width).toBeLessThanOrEqual(card!.x + card!.width + 1);
      await classes.scrollIntoViewIfNeeded();
      await screenshot(page, `layout-suitability-${locale}`);

      // Lidar against mast: the regressions and the KPI table with its verdict, both within the card.
      await page.goto(`/StationDetail/LidarVsMast?stationId=${masts[0]}&otherStationId=${masts[1]}`);
      await expect
        .poll(() => page.getByTestId('lidar-pairs').locator('.ant-table-row').count(), POLL)
        .toBeGreaterThan(0);
      await page.getByTestId('lidar-run').click();
      const kpis = page.getByTestId('lidar-table');
      await kpis.locator('.ant-table-row').first().waitFor(POLL);
      expect(await sidewaysOverflow(kpis)).toBeLessThanOrEqual(0);
      expect(await sidewaysOverflow(page.getByTestId('lidar-regression-table'))).toBeLessThanOrEqual(0);
      await kpis.getByText(zh ? '最佳实践' : 'Best practice', { exact: true }).waitFor();
      await kpis.scrollIntoViewIfNeeded();
      await screenshot(page, `layout-lidar-${locale}`);

      // Energy yield: two reference turbines, four charts.
      await page.goto(`/StationDetail/ElectricComputer?stationId=${masts[0]}`);
      await expect.poll(() => page.locator('#energyForm_hubHeight').inputValue(), POLL).not.toBe('');
      await page.getByTestId('energy-run').click();
      await page.getByTestId('energy-table').locator('.ant-table-row').first().waitFor(POLL);
      for (const id of [
        'energy-chart-month',
        'energy-chart-hour',
        'energy-chart-sector',
        'energy-chart-curve',
      ]) {
        const chart = page.getByTestId(id);
        await chart.locator('canvas').first().waitFor(POLL);
        await page.waitForTimeout(800);
        const boxes = await chartBoxes(chart);
        expect(boxes.legend, id).not.toBeNull();
        expect(unreadableTexts(boxes), id).toEqual([]);
      }
      // The units are drawn (not left out) under the legend.
      const units = (await chartBoxes(page.getByTestId('energy-chart-month'))).texts.map((t) => t.text);
      expect(units).toContain('MWh');
      await page.getByTestId('energy-chart-sector').scrollIntoViewIfNeeded();
      await screenshot(page, `layout-energy-charts-${locale}`);
      await context.close();
    }, 400_000);
  }

  it('[LAYOUT][PHONE]: at phone width the menu folds away, opens over the page from the header button and closes after a choice', async () => {
    const context = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, 'admin', inject('adminPassword'));
    const sider = page.getByTestId('main-sider');
    await expect.poll(async () => (await sider.boundingBox())?.width ?? -1).toBeLessThanOrEqual(1);
    const content = await page.locator('#masthub-content').boundingBox();
    expect(content?.width ?? 0).toBeGreaterThan(350);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    await screenshot(page, 'layout-phone-menu');
    await page
      .getByRole('menuitem', { name: /站点列表/ })
      .first()
      .click();
    await page.waitForURL('**/stationManage');
    await expect.poll(async () => (await sider.boundingBox())?.width ?? -1).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('[LAYOUT][TABLET]: below 992 px the menu folds to its icons', async () => {
    const context = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    await page.setViewportSize({ width: 900, height: 800 });
    await logIn(page, 'admin', inject('adminPassword'));
    await expect.poll(async () => (await page.getByTestId('main-sider').boundingBox())?.width ?? -1).toBe(80);
    await context.close();
  });
});
