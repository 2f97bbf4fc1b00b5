import { execFileSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot, settled } from './support/browser.ts';
import { confirmHeldFile } from './support/held-files.ts';

/**
 * MeasureWind and StasticAnalysis in Chromium (issue 7) on a site holding the real five-year NREL M5
 * mast, imported through the upload call in this file's setup: page the data, copy a version, mark a
 * range invalid and see the statistics change, run tower-shadow correction with progress, and open the
 * 11 statistics tabs in both languages with their charts drawn.
 */

const M5_GZ = path.resolve(
  import.meta.dirname,
  '../../shared/samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz',
);
const hasM5 = existsSync(M5_GZ);
if (!hasM5) console.warn(`measure-wind e2e: ${M5_GZ} not found (../shared is absent) — skipped`);

const POLL = { timeout: 60_000, interval: 500 };
const STAT_TABS = [
  'summary',
  'recovery',
  'frequency',
  'turbulence',
  'airDensity',
  'monthly',
  'daily',
  'rose',
  'correlation',
  'extreme',
  'shear',
] as const;

let browser: Browser;
let token: string;
let stationId: number;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-e2e-m5-'));

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

/** The south-boom 80 m cup of September 2017 as its own logger file (10-minute, UTC). */
function writeSouthCup(): string {
  const lines = ['Timestamp,WS_80m_S_Avg'];
  const start = Date.UTC(2017, 8, 1);
  for (let i = 0; i < 30 * 144; i++) {
    const stamp = new Date(start + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(`${stamp},${(6 + 3 * Math.sin(i / 30)).toFixed(2)}`);
  }
  const file = path.join(tmp, 'm5_south_80m_201709.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A met mast of the demo register that holds no data yet. */
async function emptyMast(): Promise<number> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const r = await client.query<{ id: string }>(
      `SELECT s.id FROM station s
       WHERE s.station_type = 'met_mast' AND NOT s.is_deleted
         AND NOT EXISTS (SELECT 1 FROM raw_file f WHERE f.station_id = s.id)
       ORDER BY s.id DESC LIMIT 1`,
    );
    return Number(r.rows[0]!.id);
  } finally {
    await client.end();
  }
}

/** Uploads the M5 CSV to the site through the real upload call and waits until it is parsed. */
async function importM5(): Promise<void> {
  const csv = path.join(tmp, 'nrel_nwtc_m5_10min_2012-08_2017-09.csv');
  await pipeline(createReadStream(M5_GZ), createGunzip(), createWriteStream(csv));
  expect(statSync(csv).size).toBeGreaterThan(100_000_000);
  const form = new FormData();
  form.append('stationId', String(stationId));
  form.append('file', new Blob([readFileSync(csv)]), path.basename(csv));
  const r = await fetch(`${inject('baseUrl')}/api/web/station/data/upload`, {
    method: 'POST',
    headers: { token },
    body: form,
  });
  expect(r.status).toBe(200);
  // expect.poll only works inside a test: a plain wait loop in the setup.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const page = await api<{ records: { id: number; status: string; reason: string | null }[] }>(
      'POST',
      '/web/station/raw_file/page',
      { stationId, pageNo: 1, pageSize: 20 },
    );
    const status = page.records[0]?.status;
    if (status === 'parsed') return;
    // Its two humidity sensors read above 110 % in 1.7 % of the records (the real mast's own glitches):
    // a doubt that holds the file until the data administrator confirms it as it is (issue 40).
    if (status === 'held') {
      await confirmHeldFile(inject('baseUrl'), token, stationId, page.records[0]!.id, ['valuesOutsideRange']);
      continue;
    }
    if (status === 'failed') throw new Error(`the M5 file failed: ${page.records[0]?.reason}`);
    if (Date.now() > deadline) throw new Error(`the M5 file is still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  if (!hasM5) return;
  const login = await fetch(`${inject('baseUrl')}/api/security/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: inject('adminPassword') }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  stationId = await emptyMast();
  await importM5();
}, 180_000);

afterAll(async () => {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function openMeasureWind(page: Page): Promise<void> {
  await page.goto(`/StationDetail/MeasureWind?stationId=${stationId}`);
  await page.getByTestId('mw-table').waitFor();
  await expect
    .poll(() => page.locator('[data-testid="mw-table"] .ant-table-row').count(), POLL)
    .toBeGreaterThan(10);
}

/** Valid values of all channels over the version's whole record, from the statistics call. */
async function validCount(versionId: number): Promise<number> {
  const result = await api<{ recovery: { rows: { isMonth: boolean; validCount: number }[] } }>(
    'POST',
    '/data-process/statistics/analysis',
    { versionId },
  );
  return result.recovery.rows.filter((r) => !r.isMonth).reduce((sum, r) => sum + r.validCount, 0);
}

describe('[MEASURE-WIND]', () => {
  it('[MEASURE-WIND]: pages the NREL M5 data, copies a version, marks a range invalid (statistics change) and runs tower-shadow correction with progress', async () => {
    const context = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    // Five years of 100 channels: copying, marking and re-rendering take seconds each on two cores.
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    // Seconds since the start at each step, in the log: where a slow machine spends the time.
    const t0 = Date.now();
    const step = (name: string) =>
      console.log(`[M5 flow] ${name}: ${Math.round((Date.now() - t0) / 1000)} s`);
    await logIn(page, 'admin', inject('adminPassword'));
    await openMeasureWind(page);
    await page.getByTestId('mw-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'measure-wind-original');
    step('opened');

    // Page through the table: the first time on page 2 is later than on page 1.
    const firstTime = () =>
      page
        .locator('[data-testid="mw-table"] .ant-table-row')
        .first()
        .locator('.ant-table-cell')
        .first()
        .textContent();
    // SPEC §9: the table shows up to 500 rows, and does so from the start; they are virtual (only those
    // in view are in the page), the last one a scroll away.
    await expect.poll(() => page.getByTestId('mw-table').getAttribute('data-rows'), POLL).toBe('500');
    expect(await page.locator('[data-testid="mw-table"] .ant-table-row').count()).toBeLessThan(60);
    const lastShown = () =>
      page
        .locator('[data-testid="mw-table"] .ant-table-row')
        .last()
        .locator('.ant-table-cell')
        .first()
        .textContent();
    const top = await lastShown();
    await page
      .locator('[data-testid="mw-table"] .ant-table-tbody-virtual-holder')
      .evaluate((holder) => holder.scrollTo(0, holder.scrollHeight));
    await expect.poll(lastShown, POLL).not.toBe(top);
    await page
      .locator('[data-testid="mw-table"] .ant-table-tbody-virtual-holder')
      .evaluate((holder) => holder.scrollTo(0, 0));
    expect(await page.getByTestId('mw-export-name').first().textContent()).toMatch(/· (WS|WD|T|P|RH)_/);
    const before = await firstTime();
    await page.getByTestId('mw-pagination').locator('.ant-pagination-next').click();
    await expect.poll(firstTime, POLL).not.toBe(before);

    // The export dialog says "leave empty for all data" and leaves it empty; the shown period is one click.
    await page.getByTestId('mw-export').click();
    const exportDialog = page.getByRole('dialog');
    // A click while the dialog still zooms in can land beside the link (seen once in CI): wait for it to stop.
    await settled(page.locator('.ant-modal').first());
    const rangeInputs = exportDialog.locator('.ant-picker-range input');
    await rangeInputs.first().waitFor();
    expect(await rangeInputs.first().inputValue()).toBe('');
    expect(await rangeInputs.last().inputValue()).toBe('');
    await exportDialog.getByTestId('export-use-shown-range').click();
    await expect
      .poll(() => rangeInputs.first().inputValue(), POLL)
      .toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await screenshot(page, 'measure-wind-export');
    step('paged and export dialog');
    await exportDialog.getByRole('button', { name: /取\s*消/ }).click();
    await exportDialog.waitFor({ state: 'hidden' });

    // A working version copied from the view-only original.
    await page.getByTestId('mw-version-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('版本名称').fill('塔影修正');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => page.getByTestId('mw-version').textContent(), POLL).toContain('塔影修正');
    await openMeasureWind(page);
    const versions = await api<{ id: number; name: string }[]>(
      'GET',
      `/web/version/list?stationId=${stationId}`,
    );
    const working = versions.find((v) => v.name === '塔影修正')!;
    expect(working).toBeDefined();
    step('version copied');

    // Mark the shown range invalid: the valid speed values drop.
    const validBefore = await validCount(working.id);
    step('statistics before the mark');
    await page.getByTestId('mw-mark').click();
    const markDialog = page.getByRole('dialog');
    await markDialog.getByLabel('标记为').click();
    await page.locator('.ant-select-dropdown:visible').getByText('无效', { exact: true }).click();
    await markDialog.getByRole('button', { name: /标\s*记/ }).click();
    await page
      .getByText(/标记已保存/)
      .first()
      .waitFor();
    step('mark saved and counted');
    await expect.poll(() => validCount(working.id), POLL).toBeLessThan(validBefore);
    await screenshot(page, 'measure-wind-marked');
    // The mark is listed under its tab (and can be undone there).
    await page.getByRole('tab', { name: '标记记录' }).click();
    await expect.poll(() => page.locator('[data-testid="mw-marks"] tr.ant-table-row').count(), POLL).toBe(1);
    expect(await page.getByTestId('mw-marks').textContent()).toContain('无效');
    await page.getByRole('tab', { name: '图表与数据' }).click();
    step('mark listed');

    // The mast has one cup per height: import a second 80 m cup (the south boom's logger file) into the
    // working version, so the height has the pair tower-shadow correction merges.
    await page.getByTestId('mw-import').click();
    const importDialog = page.getByRole('dialog');
    await importDialog.locator('input[type="file"]').setInputFiles(writeSouthCup());
    await importDialog.getByRole('button', { name: /开始导入/ }).click();
    await expect
      .poll(async () => {
        const list = await api<{ name: string }[]>('GET', `/web/version/channels?versionId=${working.id}`);
        return list.some((c) => c.name === 'WS_80m_S_Avg');
      }, POLL)
      .toBe(true);
    await expect
      .poll(async () => {
        const tasks = await api<{ records: { kind: string; status: string }[] }>(
          'POST',
          '/data-process/process/task/page',
          { stationId, versionId: working.id },
        );
        return tasks.records.find((t) => t.kind === 'import')?.status;
      }, POLL)
      .toBe('succeeded');
    step('south cup imported');
    await openMeasureWind(page);

    // Tower-shadow correction (max-value method) on the working version: progress, then completion.
    await page.getByTestId('mw-process').click();
    await page.getByTestId('mw-process-tower_shadow').click();
    const tsDialog = page.getByRole('dialog');
    await tsDialog.getByText('最大值法').click();
    await tsDialog.getByRole('button', { name: /开始处理/ }).click();
    // The task's banner: progress while it runs, then its outcome (the task may end within a second).
    await page.getByTestId('mw-task-progress').waitFor();
    await screenshot(page, 'measure-wind-tower-shadow-running');
    await expect
      .poll(
        async () => {
          const tasks = await api<{ records: { kind: string; status: string }[] }>(
            'POST',
            '/data-process/process/task/page',
            { stationId, versionId: working.id },
          );
          return tasks.records.find((t) => t.kind === 'tower_shadow')?.status;
        },
        { timeout: 300_000, interval: 1000 },
      )
      .toBe('succeeded');
    const banner = page.locator('[data-testid="mw-task"][data-task-status="succeeded"]');
    await banner.waitFor({ timeout: 120_000 });
    expect(await banner.textContent()).toMatch(/塔影修正 · 任务 #\d+ · 已完成/);
    expect(await banner.textContent()).toMatch(/80 m：生成 .+_TS（取 A \d+ 个，取 B \d+ 个/);
    const channels = await api<{ dataKey: string }[]>('GET', `/web/version/channels?versionId=${working.id}`);
    expect(channels.some((c) => c.dataKey.endsWith('_TS'))).toBe(true);
    await screenshot(page, 'measure-wind-tower-shadow-done');
    step('tower shadow done');
    // The five-year chart page must not stay open behind the next tests.
    await context.close();
  }, 600_000);

  it.skipIf(!hasM5).each(['zh-CN', 'en-US'] as const)(
    '[MEASURE-WIND]: opens each of the 11 statistics tabs in %s and draws its chart',
    async (locale) => {
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/StasticAnalysis?stationId=${stationId}`);
      await page.getByTestId('statistics-page').waitFor();
      await page.getByRole('button', { name: locale === 'zh-CN' ? /统\s*计/ : /Analyse/ }).click();
      for (const tab of STAT_TABS) {
        await page.locator(`.ant-tabs-tab[data-node-key="${tab}"]`).click();
        const chart = page.getByTestId(`stat-chart-${tab}`);
        await chart.locator('canvas').first().waitFor({ timeout: 60_000 });
        const size = await chart.locator('canvas').first().boundingBox();
        expect(size?.width ?? 0, tab).toBeGreaterThan(100);
        // ECharts animates for about a second: let the picture settle before keeping it.
        await page.waitForTimeout(1200);
        await screenshot(page, `statistics-${locale}-${tab}`);
      }
      await context.close();
    },
    240_000,
  );
  it.skipIf(!hasM5)(
    '[MEASURE-WIND]: refuses an analysis report with invalid inputs field by field, then builds it from the M5 mast (zh-CN) and the Word and PDF files read',
    async () => {
      const context = await newContext(browser, 'zh-CN');
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/StasticAnalysis?stationId=${stationId}`);
      await page.getByTestId('statistics-page').waitFor();
      await page.getByTestId('data-reports-open').click();
      await page.getByTestId('analysis-report-new').click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '生成测风数据分析报告' });
      await dialog.waitFor();
      // The form opens with the version's speeds, a direction, the top height and the best wind year.
      await expect.poll(() => dialog.locator('#analysisReportForm_targetHeight').inputValue()).not.toBe('');
      await dialog.locator('#analysisReportForm_targetHeight').fill('600');
      await dialog.locator('#analysisReportForm_sectorWidth').fill('7');
      await dialog.getByRole('button', { name: '添加时段' }).click();
      await dialog.locator('#analysisReportForm_averagePeriods_0_startYear').fill('2016');
      await dialog.locator('#analysisReportForm_averagePeriods_0_endYear').fill('2013');
      await dialog.getByRole('button', { name: /生\s*成/ }).click();
      for (const message of [
        '请输入报告名称',
        '目标风速高度须为大于 0 且不超过 500 的整数（米）',
        '扇区宽度须能整除 360（如 30、45）',
        '开始年份须早于结束年份',
      ]) {
        await dialog.locator('.ant-form-item-explain-error', { hasText: message }).waitFor();
      }
      await screenshot(page, 'analysis-report-invalid-zh-CN');
      const before = await api<{ total: number }>('POST', '/web/report/data/page', { stationId });
      expect(before.total).toBe(0);
      await dialog.locator('#analysisReportForm_reportName').fill('M5 测风数据分析报告');
      await dialog.locator('#analysisReportForm_targetHeight').fill('100');
      await dialog.locator('#analysisReportForm_sectorWidth').fill('30');
      await dialog.locator('#analysisReportForm_averagePeriods_0_startYear').fill('2013');
      await dialog.locator('#analysisReportForm_averagePeriods_0_endYear').fill('2016');
      await dialog.getByRole('button', { name: /生\s*成/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      const table = page.getByTestId('data-report-table');
      await table.getByText('M5 测风数据分析报告').waitFor();
      await expect
        .poll(
          async () =>
            (await api<{ records: { status: string }[] }>('POST', '/web/report/data/page', { stationId }))
              .records[0]?.status,
          { timeout: 300_000, interval: 2000 },
        )
        .toBe('success');
      await table.getByText('成功').waitFor({ timeout: 30_000 });
      await screenshot(page, 'analysis-report-list-zh-CN');
      const report = (
        await api<{ records: { id: number }[] }>('POST', '/web/report/data/page', { stationId })
      ).records[0]!;
      const downloaded = page.waitForEvent('download');
      await table.getByTestId('data-report-docx').first().click();
      const docxPath = path.join(tmp, 'm5-analysis.docx');
      await (await downloaded).saveAs(docxPath);
      expect(readFileSync(docxPath).subarray(0, 2).toString()).toBe('PK');
      const pdf = await page.request.post('/api/web/report/data/downLoad', {
        headers: { token, 'content-type': 'application/json' },
        data: { id: report.id, format: 'pdf' },
      });
      const out = path.join(inject('outputDir'), 'analysis-report-m5-zh-CN.pdf');
      writeFileSync(out, await pdf.body());
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', out, out.replace(/\.pdf$/, '')]);
      const text = execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' });
      for (const heading of [
        '1. 测风概况',
        '4. 风速分布与威布尔参数',
        '8. 各高度风速相关性',
        '11. 场址适用性',
        '12. 多年平均对比',
        '13. 结论',
      ]) {
        expect(text).toContain(heading);
      }
      expect(text).toContain('2013–2016');
      // The M5 gives TI per cup, not σ: the turbulence chapter is built from it (deriveSdFromTi).
      expect(text).toContain('IEC 61400-1 湍流类别');
      await context.close();
    },
    420_000,
  );
  it.skipIf(!hasM5).each(['zh-CN', 'en-US'] as const)(
    '[MEASURE-WIND]: computes the AEP of two reference turbines at 130 m on the M5 mast and shows the tables and charts (%s)',
    async (locale) => {
      const context = await newContext(browser, locale);
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/StationDetail/ElectricComputer?stationId=${stationId}`);
      await page.getByTestId('energy-page').waitFor();
      // The form fills in from the site's channels (the top anemometer's height) once they are read.
      await expect.poll(() => page.locator('#energyForm_hubHeight').inputValue(), POLL).not.toBe('');
      await page.locator('#energyForm_hubHeight').fill('130');
      await page.getByTestId('energy-run').click();
      const table = page.getByTestId('energy-table');
      await table.waitFor();
      await expect.poll(() => table.locator('.ant-table-row').count()).toBe(2);
      await table.getByText('IEA 3.4 MW RWT (130 m)').waitFor();
      for (const chart of ['month', 'hour', 'sector', 'curve']) {
        await page.getByTestId(`energy-chart-${chart}`).locator('canvas').first().waitFor();
      }
      await page.waitForTimeout(1200);
      await page.getByTestId('energy-result').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(inject('outputDir'), `energy-m5-${locale}.png`) });
      await context.close();
    },
    240_000,
  );

  it.skipIf(!hasM5)(
    '[MEASURE-WIND]: uploads a synthetic text .wnd (made by the test), scales it to the M5 mast, generates a version and opens it in the statistics (zh-CN)',
    async () => {
      // Synthetic test data, labelled so in its file and dataset names: hourly UTC 2008–2017; where the M5
      // mast measured, the speed is (its 130 m hourly mean − 0.3)/1.1 and the direction its 122 m vane's
      // + 10°, elsewhere made up.
      const csv = readFileSync(path.join(tmp, 'nrel_nwtc_m5_10min_2012-08_2017-09.csv'), 'latin1');
      const hourly = new Map<number, { s: number; sin: number; cos: number; n: number }>();
      for (const line of csv.split('\n').slice(1)) {
        const cells = line.split(',');
        const t = Date.parse(`${line.slice(0, 10)}T${line.slice(11, 25)}`);
        const v = Number(cells[1]);
        const d = Number(cells[5]);
        if (
          !Number.isFinite(t) ||
          !Number.isFinite(v) ||
          !Number.isFinite(d) ||
          cells[1] === '' ||
          cells[5] === ''
        )
          continue;
        const h = Math.floor(t / 3_600_000) * 3_600_000;
        const a = hourly.get(h) ?? { s: 0, sin: 0, cos: 0, n: 0 };
        a.s += v;
        a.sin += Math.sin((d * Math.PI) / 180);
        a.cos += Math.cos((d * Math.PI) / 180);
        a.n++;
        hourly.set(h, a);
      }
      let seed = 5;
      const rnd = () => {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        return seed / 4_294_967_296;
      };
      const lines = ['Timestamp,WS_130m,WD_122m'];
      for (let t = Date.UTC(2008, 0, 1); t < Date.UTC(2018, 0, 1); t += 3_600_000) {
        const m = hourly.get(t);
        const v = m
          ? (m.s / m.n - 0.3) / 1.1 + (rnd() - 0.5) * 0.4
          : 5 + 2.5 * Math.sin(t / 2.6e8) + rnd() * 2;
        const d = m ? ((Math.atan2(m.sin, m.cos) * 180) / Math.PI + 370) % 360 : (t / 3_600_000) % 360;
        lines.push(
          `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')},${Math.max(0, v).toFixed(3)},${d.toFixed(1)}`,
        );
      }
      const wnd = path.join(tmp, 'synthetic-test-data_mesoscale_130m.wnd');
      writeFileSync(wnd, `${lines.join('\n')}\n`);

      const context = await newContext(browser, 'zh-CN');
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      page.on('pageerror', (e) => console.log('[pageerror]', e.message));
      await logIn(page, 'admin', inject('adminPassword'));
      await page.goto(`/report/windSourceAssement?stationId=${stationId}`);
      await page.getByTestId('wsa-page').waitFor();
      await page.getByTestId('wsa-upload').click();
      const modal = page.locator('.ant-modal').filter({ hasText: '上传中尺度数据' });
      await modal.waitFor();
      await modal.locator('#mesoUpload_name').fill('合成测试数据（测试生成）');
      await modal.locator('input[type=file]').setInputFiles(wnd);
      await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
      await modal.waitFor({ state: 'hidden' });
      const row = page
        .getByTestId('wsa-datasets')
        .locator('.ant-table-row', { hasText: '合成测试数据（测试生成）' });
      await row.getByText('已解析').waitFor();
      await row.getByTestId('wsa-scale').click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '中尺度订正' });
      await drawer.waitFor();
      await expect
        .poll(() => drawer.locator('#scaleForm_speedChannelId').locator('..').locator('..').innerText())
        .toContain('130');
      await drawer.getByTestId('scale-run').click();
      const result = drawer.getByTestId('scale-result');
      await result.waitFor();
      await result
        .getByText(/强相关/)
        .first()
        .waitFor();
      await drawer.getByTestId('scale-chart-scatter').locator('canvas').first().waitFor();
      await page.waitForTimeout(1200);
      await screenshot(page, 'wsa-scale-zh-CN');
      await drawer.getByTestId('scale-generate').click();
      await drawer.getByText('已生成', { exact: true }).waitFor({ timeout: 120_000 });
      await context.close();

      // The generated version is an ordinary version: the statistics open it.
      const versions = await api<{ id: number; name: string }[]>(
        'GET',
        `/web/version/list?stationId=${stationId}`,
      );
      const generated = versions.find((v) => v.name === '合成测试数据（测试生成） LT');
      expect(generated).toBeDefined();
      const statsContext = await newContext(browser, 'zh-CN');
      const statsPage = await statsContext.newPage();
      statsPage.setDefaultTimeout(60_000);
      await logIn(statsPage, 'admin', inject('adminPassword'));
      await statsPage.goto(`/StationDetail/StasticAnalysis?stationId=${stationId}`);
      await statsPage.getByTestId('statistics-page').waitFor();
      await statsPage.locator('#versionId').click({ force: true });
      await statsPage.locator('.ant-select-item-option', { hasText: '合成测试数据（测试生成） LT' }).click();
      await statsPage.getByRole('button', { name: /统\s*计/ }).click();
      await statsPage
        .getByTestId('stat-chart-summary')
        .locator('canvas')
        .first()
        .waitFor({ timeout: 120_000 });
      await statsPage.waitForTimeout(1200);
      await screenshot(statsPage, 'wsa-generated-version-statistics-zh-CN');
      await statsContext.close();
    },
    420_000,
  );
});
