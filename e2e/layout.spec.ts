import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
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
