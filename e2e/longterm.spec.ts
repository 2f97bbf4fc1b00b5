import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

const POLL = { timeout: 90_000 };
let browser: Browser;
let stationId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  // The first demo mast with its synthetic reference and default (seeded after the demo import, which
  // has finished before the browser tests start).
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const r = await client.query<{ station_id: string }>(
      'SELECT station_id FROM longterm_site_default ORDER BY station_id LIMIT 1',
    );
    stationId = Number(r.rows[0]!.station_id);
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await browser.close();
});

describe('[LONGTERM]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`[LONGTERM]: compares every method against a demo mast's reference, generates the LT version and opens its statistics; the site shows its convergence (${locale})`, async () => {
      const zh = locale === 'zh-CN';
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));

      // The site page: the convergence of its campaign against the default reference.
      await page.goto(`/StationDetail/StationInfo?stationId=${stationId}`);
      const convergence = page.getByTestId('lt-convergence-chart');
      await convergence.locator('canvas').first().waitFor(POLL);
      await convergence.scrollIntoViewIfNeeded();
      await page
        .getByText(zh ? '长期订正收敛' : 'Long-term convergence')
        .first()
        .waitFor(POLL);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `${inject('outputDir')}/longterm-convergence-${locale}.png` });

      // The workbench starts from the site's default reference (the labelled synthetic node).
      await page.goto(`/report/windSourceAssement?stationId=${stationId}`);
      await page.getByTestId('wsa-longterm').click();
      const drawer = page.getByTestId('lt-drawer');
      await drawer.waitFor(POLL);
      await drawer
        .getByText(/合成演示参考 Synthetic demo reference/)
        .first()
        .waitFor(POLL);
      // The channels fill in once the reference's version has arrived; a click before that is refused by the
      // form (its field then says so), as it would be for a user who clicks that fast.
      await drawer.getByText('WS50m_m/s').first().waitFor(POLL);
      await drawer.getByText('WD50m_deg').first().waitFor(POLL);
      await page.getByTestId('lt-run').click();
      await page.getByTestId('lt-recommended').first().waitFor(POLL);
      // Five methods, overall and by 12 sectors.
      await expect
        .poll(() => page.getByTestId('lt-methods').locator('tr.ant-table-row').count(), POLL)
        .toBe(10);
      await page.getByTestId('lt-summary').waitFor(POLL);
      // Issue 46 §3: the answer names the long-term series, the campaign window and the sector minimum.
      await page
        .getByTestId('lt-choices')
        .getByText(
          zh
            ? /仅预测序列.*目标全部数据.*扇区最少 30 个时段/
            : /Prediction only.*the whole target.*sector minimum 30 periods/,
        )
        .waitFor(POLL);
      // What the comparison stood on, as on the statistics page (issue 41 §1).
      await page
        .getByTestId('lt-basis-target')
        .getByText(zh ? /^分析依据：/ : /^Stood on /)
        .waitFor(POLL);
      await expect.poll(() => drawer.locator('canvas').count(), POLL).toBeGreaterThanOrEqual(5);
      await page.waitForTimeout(1200);
      await screenshot(page, `longterm-workbench-${locale}`);

      // Generate the recommended row's long-term series as a new version.
      const name = zh ? '演示长期订正' : 'Demo LT corrected';
      const recommended = page.getByTestId('lt-methods').locator('tr.ant-table-row', {
        has: page.getByTestId('lt-recommended'),
      });
      await recommended.getByTestId('lt-generate-open').click();
      await page.getByTestId('lt-generate-name').fill(name);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: zh ? /确\s*定/ : /OK/ })
        .click();
      await drawer
        .getByText(zh ? `长期订正版本“${name}”已生成` : `Long-term version “${name}” generated`)
        .first()
        .waitFor(POLL);

      // Its statistics say that they describe the long-term series.
      await page.goto(`/StationDetail/StasticAnalysis?stationId=${stationId}`);
      await page.getByTestId('statistics-page').waitFor(POLL);
      await page.locator('#versionId').click({ force: true });
      await page.locator('.ant-select-item-option', { hasText: name }).click();
      await page.getByTestId('statistics-longterm').waitFor(POLL);
      await page
        .getByRole('button', { name: zh ? /统\s*计/ : /Analyse/ })
        .first()
        .click();
      await page.getByTestId('stat-chart-summary').locator('canvas').first().waitFor({ timeout: 120_000 });
      await page.waitForTimeout(1200);
      await screenshot(page, `longterm-version-statistics-${locale}`);
      await context.close();
    }, 420_000);
  }
});
