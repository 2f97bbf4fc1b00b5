import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, screenshot } from './support/browser.ts';

/**
 * Issue 41 §3, "numbers and words a user reads", at 1366×768 in both languages: the analysed periods of
 * site suitability and lidar verification in the reader's zone (Beijing time, the default), measuring days
 * counted from the first to the last day, the R² the lidar KPI judges, built-in names in the reader's
 * language, and English wording (no mid-word breaks, plurals).
 */
const POLL = { timeout: 90_000 };
const ZONE_MINUTES = 8 * 60;
const DAY_MS = 86_400_000;
let browser: Browser;
let mast: { id: number; firstMs: number; lastMs: number; zoneMinutes: number };
let lidarPair: { first: number; second: number };

/** The date of an instant on the clock of a fixed offset. */
const dateAt = (ms: number, zoneMinutes = ZONE_MINUTES) =>
  new Date(ms + zoneMinutes * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const m = await client.query<{ id: string; first: Date; last: Date; zone: number }>(
      `SELECT s.id, x.first_time AS first, x.last_time AS last, s.logger_utc_offset_minutes AS zone
         FROM station s JOIN dataset_version v ON v.station_id = s.id AND v.kind = 'original'
         JOIN ts_version_summary x ON x.version_id = v.id
        WHERE EXISTS (SELECT 1 FROM ts_chunk c WHERE c.version_id = v.id) ORDER BY s.id LIMIT 1`,
    );
    const row = m.rows[0]!;
    mast = {
      id: Number(row.id),
      firstMs: row.first.getTime(),
      lastMs: row.last.getTime(),
      zoneMinutes: row.zone,
    };
    const r = await client.query<{ a: string; b: string }>(
      `SELECT va.station_id AS a, vb.station_id AS b
         FROM dataset_version va
         JOIN dataset_version vb ON vb.kind = 'original' AND vb.station_id > va.station_id
        WHERE va.kind = 'original'
          AND EXISTS (SELECT 1 FROM ts_channel ca JOIN ts_channel cb ON cb.height_m = ca.height_m
                       WHERE ca.version_id = va.id AND cb.version_id = vb.id
                         AND ca.element = 'ws' AND cb.element = 'ws' AND ca.statistic = 'mean' AND cb.statistic = 'mean')
          AND EXISTS (SELECT 1 FROM ts_chunk x JOIN ts_chunk y ON y.month_start = x.month_start
                       WHERE x.version_id = va.id AND y.version_id = vb.id)
        ORDER BY va.station_id, vb.station_id LIMIT 1`,
    );
    lidarPair = { first: Number(r.rows[0]!.a), second: Number(r.rows[0]!.b) };
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await browser.close();
});

async function open(locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    locale,
    viewport: { width: 1366, height: 768 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  page.on('pageerror', (e) => console.log('[pageerror]', e.message));
  await logIn(page, 'admin', inject('adminPassword'));
  return page;
}

/** The analysed period [start, end) of an analysis answer as dates of the reader's zone. */
async function periodOf(page: Page, url: string, run: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.url().includes(url) && r.request().method() === 'POST');
  await run();
  const body = (await (await answer).json()) as { data: { startTime: string; endTime: string } };
  const { startTime, endTime } = body.data;
  return {
    start: dateAt(Date.parse(startTime)),
    end: dateAt(Date.parse(endTime) - 1),
    utcStart: startTime.slice(0, 10),
  };
}

/** The lines a text takes on screen (a word broken over two lines takes two). */
function linesOf(locator: Locator, text: string): Promise<number> {
  return locator.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(wanted)) continue;
      const range = document.createRange();
      const at = node.textContent.indexOf(wanted);
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    }
    return 0;
  }, text);
}

/** Latin words of the visible table headers that a line break cuts in two ("Attemp / ts"). */
function brokenHeaderWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const th of Array.from(document.querySelectorAll('.ant-table-thead th'))) {
      if (!(th as HTMLElement).offsetParent) continue;
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.textContent?.matchAll(/[A-Za-z]{2,}/g) ?? []) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1)
            broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

describe('[WORDS]', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const zh = locale === 'zh-CN';

    it(`[WORDS][DATES]: periods in the reader's zone, measuring days first to last day, the lidar KPI's R² (${locale})`, async () => {
      const page = await open(locale);
      // Measuring days: calendar days of the site's zone from its first to its last record, both counted.
      await page.goto(`/StationDetail/StationInfo?stationId=${mast.id}`);
      const header = page.getByTestId('station-header');
      await header.waitFor(POLL);
      const dayOf = (ms: number) => Math.floor((ms + mast.zoneMinutes * 60_000) / DAY_MS);
      const days = dayOf(mast.lastMs) - dayOf(mast.firstMs) + 1;
      expect(days).not.toBe(Math.floor((mast.lastMs - mast.firstMs) / DAY_MS));
      await expect.poll(() => header.textContent(), POLL).toContain(zh ? `${days} 天` : `${days} days`);

      // Site suitability: the header's period starts on the first local day, not the UTC one.
      await page.goto(`/StationDetail/SiteSuitability?stationId=${mast.id}`);
      await page.getByTestId('suit-page').waitFor(POLL);
      await expect.poll(() => page.locator('#suitForm_hubHeight').inputValue(), POLL).not.toBe('');
      const suitability = await periodOf(page, '/data-process/suitability/check', () =>
        page.getByTestId('suit-run').click(),
      );
      expect(suitability.start).not.toBe(suitability.utcStart);
      const result = page.getByTestId('suit-result');
      await result.waitFor(POLL);
      await expect
        .poll(() => result.textContent(), POLL)
        .toContain(`${suitability.start} – ${suitability.end}`);

      // Lidar versus mast: the same for its period; the speed KPI's R² is the regression with offset's.
      await page.goto(
        `/StationDetail/LidarVsMast?stationId=${lidarPair.first}&otherStationId=${lidarPair.second}`,
      );
      await page.getByTestId('lidar-page').waitFor(POLL);
      const pairs = page.getByTestId('lidar-pairs');
      await expect.poll(() => pairs.locator('.ant-table-row').count(), POLL).toBeGreaterThan(0);
      const lidar = await periodOf(page, '/data-process/lidar/verify', () =>
        page.getByTestId('lidar-run').click(),
      );
      expect(lidar.start).not.toBe(lidar.utcStart);
      const summary = page.getByTestId('lidar-summary');
      await summary.waitFor(POLL);
      await expect.poll(() => summary.textContent(), POLL).toContain(`${lidar.start} – ${lidar.end}`);
      // The sites' first versions by their built-in name in the reader's language.
      await expect.poll(() => summary.textContent(), POLL).toContain(zh ? '原始数据' : 'Original data');
      const table = page.getByTestId('lidar-regression-table');
      await table
        .getByText(zh ? 'R²（KPI）' : 'R² (KPI)', { exact: true })
        .first()
        .waitFor(POLL);
      // No R² through the origin on the screen: every R² shown is a coefficient of determination, 0 … 1.
      const cells = await table.locator('.ant-table-row td').allTextContents();
      expect(cells.filter((c) => /^-\d\.\d{4}$/.test(c.trim()))).toEqual([]);
      expect(await brokenHeaderWords(page)).toEqual([]);
      await screenshot(page, `words-lidar-${locale}`);
      await page.context().close();
    }, 300_000);

    it(`[WORDS][NAMES]: built-in names in the reader's language (${locale})`, async () => {
      const page = await open(locale);
      const admin = zh ? '系统管理员' : 'System administrator';
      // The header's user menu, the user list and the role list.
      await page.getByText(admin, { exact: true }).first().waitFor(POLL);
      await page.goto('/systemManage/RoleManage/RoleList');
      const roles = page.locator('.ant-table-tbody');
      await roles.getByText(admin, { exact: true }).first().waitFor(POLL);
      await roles
        .getByText(
          zh ? '全部功能与全部站点（含新增站点）' : 'Every function and every site (new sites included)',
        )
        .first()
        .waitFor(POLL);
      await roles
        .getByText(zh ? '风资源工程师' : 'Wind resource engineer', { exact: true })
        .first()
        .waitFor(POLL);
      expect(await brokenHeaderWords(page)).toEqual([]);
      // The site's channel configuration the seed wrote, who wrote it, and how long it is in force.
      await page.goto(`/StationDetail/ChannelConfiguration?stationId=${mast.id}`);
      await page
        .getByText(zh ? '初始配置' : 'Initial configuration')
        .first()
        .waitFor(POLL);
      const inForce = page.getByText(zh ? '至今' : 'Still in force', { exact: true }).first();
      await inForce.waitFor(POLL);
      expect(await linesOf(inForce, zh ? '至今' : 'Still in force')).toBe(1);
      await page.getByText(admin).first().waitFor(POLL);
      if (!zh) expect(await page.getByText(/初始配置|系统管理员|原始数据/).count()).toBe(0);
      await screenshot(page, `words-channel-config-${locale}`);
      await page.context().close();
    }, 300_000);

    it(`[WORDS][WORDING]: plurals, the hub's silence, no word broken over two lines (${locale})`, async () => {
      const page = await open(locale);
      await page.goto('/systemManage/TimedTask');
      const card = page.getByTestId('reminder-report');
      await card.waitFor(POLL);
      await card
        .getByRole('radio', { name: zh ? '从每月 1 日起每隔 N 天' : 'Every N days from the 1st' })
        .check();
      const input = card.getByRole('spinbutton').first();
      await input.waitFor(POLL);
      const suffix = card.locator('.ant-input-number-suffix').first();
      await input.fill('1');
      await expect.poll(() => suffix.textContent(), POLL).toBe(zh ? '天' : 'day');
      await input.fill('3');
      await expect.poll(() => suffix.textContent(), POLL).toBe(zh ? '天' : 'days');
      // The send log's "Attempts" header is one word on one line.
      const attempts = page.locator('.ant-table-thead th').filter({ hasText: zh ? '尝试次数' : 'Attempts' });
      await attempts.first().waitFor(POLL);
      expect(await linesOf(attempts.first(), zh ? '尝试次数' : 'Attempts')).toBe(1);
      expect(await brokenHeaderWords(page)).toEqual([]);
      await screenshot(page, `words-timedtask-${locale}`);
      // The hub counts the sites that never reported.
      await page.goto('/hub');
      await page
        .getByText(zh ? /从未上报 \d+/ : /never reported \d+/)
        .first()
        .waitFor(POLL);
      if (zh) expect(await page.getByText('从未来数').count()).toBe(0);
      await page.context().close();
    }, 300_000);
  }
});
