import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderText, type TStatisticsResult, type TText } from '@masthub/shared';
import { sql } from 'kysely';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAnalysisReport } from '../../src/modules/reports/analysis/analysis-report.ts';
import { renderDocx, renderPdf } from '../../src/modules/reports/render/render.ts';
import { DEMO_ANALYSIS_REPORT_NAME, seedDemoDataReports } from '../../src/modules/seed/demo-operations.ts';
import { seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { multipartBody, type TFormPart } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let adminToken: string;
let site: { id: number; stationCode: string };
let other: { id: number; stationCode: string };
let versionId: number;
let fields: {
  speeds: { id: number; heightM: number }[];
  directions: { id: number; heightM: number }[];
  dataStartDate: string;
  dataEndDate: string;
};
let tmp: string;
let dataDir: string;

/** True while the content-addressed store holds the content (`files/ab/cd/<sha256>`). */
async function stored(sha256: string): Promise<boolean> {
  return existsSync(path.join(dataDir, 'files', sha256.slice(0, 2), sha256.slice(2, 4), sha256));
}

const WINDOGRAPHER = Buffer.from(
  [
    'Created 10-05-2019 14:36 by Windographer 4.1.14',
    '',
    'Latitude = N 40.000000',
    'Longitude = E 115.000000',
    'Elevation = 1200 m',
    '',
    'Mean wind speed at 80 m: 6.52 m/s',
    '',
  ].join('\r\n'),
);

async function upload(parts: TFormPart[], token = adminToken, language = 'EN') {
  const { payload, contentType } = multipartBody(parts);
  const r = await server.app.inject({
    method: 'POST',
    url: '/api/web/report/data/save',
    headers: { token, 'content-type': contentType, language },
    payload,
  });
  return { status: r.statusCode, body: r.json() };
}

async function waitForReport(id: number) {
  for (let i = 0; i < 240; i++) {
    const row = await server.db
      .selectFrom('data_report')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.status !== 'generating') return row;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the analysis report is still generating');
}

function analysisBody(overrides: Record<string, unknown> = {}) {
  const top = fields.speeds.at(-1)!;
  const low = fields.speeds[0]!;
  return {
    versionId,
    reportName: '测风塔数据分析报告',
    reportStartDate: fields.dataStartDate,
    reportEndDate: fields.dataEndDate,
    speedChannelIds: fields.speeds.map((s) => s.id),
    directionChannelIds: [fields.directions.at(-1)!.id],
    targetHeight: 100,
    sectorWidth: 30,
    averagePeriods: [],
    shearChannelIds: [low.id, top.id],
    ...overrides,
  };
}

async function download(id: number, format: 'txt' | 'docx' | 'pdf', token = adminToken) {
  return server.app.inject({
    method: 'POST',
    url: '/api/web/report/data/downLoad',
    headers: { token, 'content-type': 'application/json' },
    payload: { id, format },
  });
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-data-reports-'));
  dataDir = path.join(tmp, 'data');
  server = await startTestServer({ DATA_DIR: dataDir });
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  site = await buildStation(server.db, { projectName: '分析报告测试风电场' });
  other = await buildStation(server.db, { projectName: '别人的风电场' });
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1350 })
    .where('id', 'in', [site.id, other.id])
    .execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 1,
    firstMonth: Date.UTC(2026, 9, 1),
  });
  const version = await server.db
    .selectFrom('dataset_version')
    .select('id')
    .where('station_id', '=', site.id)
    .where('kind', '=', 'original')
    .executeTakeFirstOrThrow();
  versionId = Number(version.id);
  const r = await server.call('GET', `/api/web/report/data/fields?versionId=${versionId}`, {
    token: adminToken,
    headers: { 'utc-code': '+08:00' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  fields = r.body.data;
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('uploaded text reports', () => {
  it('stores a Windographer report byte for byte with its SHA-256, first lines and tool', async () => {
    const r = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'reportName', value: 'Windographer 年报' },
      { name: 'reportStartDate', value: '2025-01-01' },
      { name: 'reportEndDate', value: '2025-12-31' },
      { name: 'file', fileName: 'annual-report.txt', content: WINDOGRAPHER, contentType: 'text/plain' },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const page = await server.call('POST', '/api/web/report/data/page', {
      token: adminToken,
      language: 'EN',
      body: { stationId: site.id },
    });
    const row = page.body.data.records.find((x: { id: number }) => x.id === r.body.data.id);
    expect(row).toMatchObject({
      stationCode: site.stationCode,
      reportName: 'Windographer 年报',
      typeName: 'Uploaded report',
      project: '分析报告测试风电场',
      reportStartDate: '2025-01-01',
      reportEndDate: '2025-12-31',
      owner: expect.any(String),
      status: 'success',
      fileName: 'annual-report.txt',
      sizeBytes: WINDOGRAPHER.length,
      sha256: createHash('sha256').update(WINDOGRAPHER).digest('hex'),
      sourceTool: 'Windographer 4.1.14',
      formats: ['txt'],
    });
    expect(row.headText.split('\n')[0]).toBe('Created 10-05-2019 14:36 by Windographer 4.1.14');
    const file = await download(row.id, 'txt');
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, WINDOGRAPHER)).toBe(0);
  });

  it('refuses a file that is not a .txt or holds binary content, in the caller’s language, recording nothing', async () => {
    const before = await server.db.selectFrom('data_report').select('id').execute();
    const xlsx = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'reportName', value: '表格' },
      { name: 'file', fileName: 'report.xlsx', content: Buffer.from('PK\u0003\u0004 not really') },
    ]);
    expect(xlsx.status).toBe(415);
    expect(xlsx.body.msg).toContain('“report.xlsx” is not a .txt file');
    const binary = await upload(
      [
        { name: 'stationId', value: String(site.id) },
        { name: 'reportName', value: '二进制' },
        { name: 'file', fileName: 'renamed.txt', content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) },
      ],
      adminToken,
      'ZH',
    );
    expect(binary.status).toBe(415);
    expect(binary.body.msg).toContain('不是文本文件');
    const nameless = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'reportName', value: ' ' },
      { name: 'file', fileName: 'a.txt', content: WINDOGRAPHER },
    ]);
    expect(nameless.status).toBe(400);
    expect(nameless.body.data.fields).toContainEqual({
      field: 'reportName',
      message: 'Please enter the report name',
    });
    expect(await server.db.selectFrom('data_report').select('id').execute()).toEqual(before);
  });

  it('refuses an upload for a site the user may not see, and to a user without the upload permission', async () => {
    const viewer = await buildUser(server.db, { features: ['report.add'] });
    await grantRoleStations(server.db, viewer.roleId, [other.id]);
    const token = await server.login(viewer.account, viewer.password);
    const noFeature = await upload(
      [
        { name: 'stationId', value: String(other.id) },
        { name: 'file', fileName: 'a.txt', content: WINDOGRAPHER },
      ],
      token,
    );
    expect(noFeature.status).toBe(403);
    const uploader = await buildUser(server.db, { features: ['report.upload'] });
    await grantRoleStations(server.db, uploader.roleId, [other.id]);
    const uploaderToken = await server.login(uploader.account, uploader.password);
    const hidden = await upload(
      [
        { name: 'stationId', value: String(site.id) },
        { name: 'file', fileName: 'a.txt', content: WINDOGRAPHER },
      ],
      uploaderToken,
    );
    expect(hidden.status).toBe(403);
    // The reports of a hidden site are neither listed nor downloadable.
    const page = await server.call('POST', '/api/web/report/data/page', { token: uploaderToken, body: {} });
    expect(page.body.data.records.filter((x: { stationId: number }) => x.stationId === site.id)).toEqual([]);
    const any = await server.db
      .selectFrom('data_report')
      .select('id')
      .where('station_id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect((await download(Number(any.id), 'txt', uploaderToken)).statusCode).toBe(403);
  });

  it('keeps content another record names when a report is deleted, and removes it when nothing does', async () => {
    const bytes = Buffer.from(`Created 01-01-2026 08:00 by Windographer 4.2.0\r\nshared ${Date.now()}\r\n`);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // The same bytes in an upload preview (parse_preview names them for a day).
    const { payload, contentType } = multipartBody([
      { name: 'file', fileName: 'shared.txt', content: bytes },
    ]);
    await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/parse/text/preview_recognize',
      headers: { token: adminToken, 'content-type': contentType },
      payload,
    });
    expect(
      await server.db
        .selectFrom('parse_preview')
        .select('sha256')
        .where('sha256', '=', sha256)
        .executeTakeFirst(),
    ).toBeDefined();
    const saved = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'reportName', value: '共享内容' },
      { name: 'file', fileName: 'shared.txt', content: bytes },
    ]);
    const del = await server.call('GET', `/api/web/report/data/delete?id=${saved.body.data.id}`, {
      token: adminToken,
    });
    expect(del.status).toBe(200);
    expect(await stored(sha256)).toBe(true);
    await server.db.deleteFrom('parse_preview').where('sha256', '=', sha256).execute();
    const again = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'reportName', value: '共享内容' },
      { name: 'file', fileName: 'shared.txt', content: bytes },
    ]);
    await server.call('GET', `/api/web/report/data/delete?id=${again.body.data.id}`, { token: adminToken });
    expect(await stored(sha256)).toBe(false);
  });
});

describe('analysis reports', () => {
  it('offers the version’s speeds and directions by height and its data dates', () => {
    expect(fields.speeds.length).toBeGreaterThanOrEqual(2);
    expect(fields.directions.length).toBeGreaterThanOrEqual(1);
    expect(fields.dataStartDate).toBe('2026-10-01');
  });

  it('refuses each SPEC §5 wind report rule with its own localised field error and stores nothing', async () => {
    const r = await server.call('POST', '/api/web/report/data/save', {
      token: adminToken,
      language: 'EN',
      body: analysisBody({
        reportName: '',
        reportStartDate: '2026-10-20',
        reportEndDate: '2026-10-10',
        speedChannelIds: [fields.speeds[0]!.id],
        directionChannelIds: [],
        targetHeight: 80.5,
        sectorWidth: 200,
        averagePeriods: [
          { startYear: 2010, endYear: 2005 },
          { startYear: 2001, endYear: 2010 },
          { startYear: 2011, endYear: 2020 },
          { startYear: 1991, endYear: 2020 },
        ],
        windYearStart: '2026-01',
        windYearEnd: '2026-06',
        shearChannelIds: fields.speeds.slice(0, 1).map((s) => s.id),
      }),
    });
    expect(r.status).toBe(400);
    const messages = Object.fromEntries(
      r.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(messages).toMatchObject({
      reportName: 'Please enter the report name',
      reportEndDate: 'The report end date must not be before the start date',
      speedChannelIds: 'Choose 2 to 12 wind speeds',
      directionChannelIds: 'Choose at least one wind direction',
      targetHeight: 'The target height must be a whole number of metres above 0 and at most 500',
      sectorWidth: 'The sector width must be a whole number of degrees above 0 and at most 180',
      averagePeriods: 'At most 3 multi-year average periods',
      'averagePeriods.0.endYear': 'The start year must be before the end year',
      windYearEnd: 'The wind year must be a full year (12 consecutive months)',
      shearChannelIds: 'Choose wind speeds at 2 different heights for the shear',
    });
    const zh = await server.call('POST', '/api/web/report/data/save', {
      token: adminToken,
      body: analysisBody({ targetHeight: 501, sectorWidth: 7 }),
    });
    expect(zh.status).toBe(400);
    const zhMessages = zh.body.data.fields.map((f: { message: string }) => f.message);
    expect(zhMessages).toContain('目标风速高度须为大于 0 且不超过 500 的整数（米）');
    expect(zhMessages).toContain('扇区宽度须能整除 360（如 30、45）');
    // A speed that is not a speed, and a wind year outside the report period, need the version to judge.
    const wrong = await server.call('POST', '/api/web/report/data/save', {
      token: adminToken,
      language: 'EN',
      body: analysisBody({ speedChannelIds: [fields.speeds[0]!.id, fields.directions[0]!.id] }),
    });
    expect(wrong.body.data.fields).toEqual([
      { field: 'speedChannelIds', message: 'Choose 2 to 12 wind speeds' },
    ]);
    const outside = await server.call('POST', '/api/web/report/data/save', {
      token: adminToken,
      language: 'EN',
      body: analysisBody({ windYearStart: '2025-01', windYearEnd: '2025-12' }),
    });
    expect(outside.body.data.fields).toEqual([
      { field: 'windYearEnd', message: 'The wind year must lie within the report period' },
    ]);
    expect(
      await server.db.selectFrom('data_report').select('id').where('type', '=', 'analysis').execute(),
    ).toEqual([]);
  });

  it('builds a Word and PDF report in GB/T 18710 chapter order from the version’s statistics', async () => {
    const saved = await server.call('POST', '/api/web/report/data/save', {
      token: adminToken,
      headers: { 'utc-code': '+08:00' },
      body: analysisBody(),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = await waitForReport(saved.body.data.id);
    expect(row.status, row.reason).toBe('success');
    expect(row.element).toMatch(/^风速 .+；风向 /);
    const docx = await download(row.id, 'docx');
    expect(docx.statusCode).toBe(200);
    const { value: text } = await mammoth.extractRawText({ buffer: docx.rawPayload });
    const chapters = [
      '1. 测风概况',
      '2. 数据验证与完整率',
      '3. 风速与风功率密度',
      '4. 风速分布与威布尔参数',
      '5. 风向与风能玫瑰图',
      '6. 湍流强度',
      '7. 风切变',
      '8. 各高度风速相关性',
      '9. 空气密度',
      '10. 极端风速',
      '11. 场址适用性',
      '12. 多年平均对比',
      '13. 结论',
    ];
    let at = -1;
    for (const chapter of chapters) {
      const next = text.indexOf(chapter, at + 1);
      expect(next, chapter).toBeGreaterThan(at);
      at = next;
    }
    expect(text).toContain(site.stationCode);
    expect(text).toContain('100 m 高度推算平均风速 / 风功率密度');
    expect(text).toContain('IEC 61400-1 湍流类别');
    // Both recovery figures, each labelled (issue 45 §1): measured and after reconstruction.
    const recovery = text.slice(text.indexOf('2. 数据验证与完整率'), text.indexOf('3. 风速与风功率密度'));
    expect(recovery).toContain('实测完整率 %');
    expect(recovery).toContain('重建后完整率 %');
    // The site suitability chapter (issue 29) checks the highest speed at the target height.
    const suitability = text.slice(text.indexOf('11. 场址适用性'), text.indexOf('12. 多年平均对比'));
    expect(suitability).toContain('等级判定表');
    expect(suitability).toContain('轮毂高度 100 米的 IEC 61400-1 等级检查');
    expect(suitability).toMatch(/✓|✗/);
    // Correlation sectors carry the SPEC §5 wording.
    expect(text).toMatch(/(强|中等|弱)相关，拟合度(高|中等|低)/);
    // The report's numbers are the statistics call's numbers for the same channels and period.
    const stats = await server.call('POST', '/api/data-process/statistics/analysis', {
      token: adminToken,
      headers: { 'utc-code': '+08:00' },
      body: {
        versionId,
        channelIds: [...fields.speeds.map((s) => s.id), fields.directions.at(-1)!.id],
        startTime: `${fields.dataStartDate}T00:00:00+08:00`,
        endTime: new Date(Date.parse(`${fields.dataEndDate}T00:00:00+08:00`) + 86_400_000).toISOString(),
        sectors: 12,
      },
    });
    const top = fields.speeds.at(-1)!;
    const mean = stats.body.data.summary.rows.find((r: { channelId: number }) => r.channelId === top.id).mean;
    expect(text).toContain(`${mean.toFixed(2)} m/s`);
    const pdf = await download(row.id, 'pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(tmp, 'analysis.pdf');
    writeFileSync(file, pdf.rawPayload);
    const fonts = execFileSync('pdffonts', [file]).toString();
    expect(fonts).toMatch(/NotoSansSC/);
    expect(fonts).not.toMatch(/\bno\s+no\s+no\b/);
    const pdfText = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(pdfText).toContain('测风概况');
    expect(pdfText).not.toMatch(/\b(low|moderate|high|weak|strong|above)\b/i);
    // One month of data is not a year: the multi-year comparison says so in Word and PDF.
    const periodChapter = text.slice(text.indexOf('12. 多年平均对比'), text.indexOf('13. 结论'));
    expect(periodChapter).toMatch(/2026 年 \d 个月，完整率 \d+\.\d %/);
    expect(periodChapter).toContain('不可比（不足 12 个月）');
    expect(pdfText.replace(/\s+/g, '')).toContain('不可比（不足12个月）');
    // The owner is told.
    const message = await server.db
      .selectFrom('message')
      .select('message_text')
      .where(sql<string>`message_text->'params'->>'name'`, 'like', '%测风塔数据分析报告%')
      .executeTakeFirst();
    expect(renderText(message?.message_text as TText, 'zh')).toContain('已生成');
    expect(renderText(message?.message_text as TText, 'en')).toMatch(
      /^Analysis report “.*” \(.+\) is ready$/,
    );
  }, 120_000);

  it('words the turbulence grade and IEC class of a Chinese report in Chinese, in Word and PDF', async () => {
    // The statistics of the version, with the 15 m/s figures a windier mast gives (one month here has none).
    const channels = await server.db
      .selectFrom('ts_channel')
      .select('id')
      .where('version_id', '=', versionId)
      .execute();
    const stats = await server.call('POST', '/api/data-process/statistics/analysis', {
      token: adminToken,
      headers: { 'utc-code': '+08:00' },
      body: {
        versionId,
        channelIds: channels.map((c) => Number(c.id)),
        startTime: `${fields.dataStartDate}T00:00:00+08:00`,
        endTime: `${fields.dataEndDate}T23:50:00+08:00`,
        sectors: 12,
      },
    });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const result = stats.body.data as TStatisticsResult;
    expect(result.turbulence.items.length).toBeGreaterThan(0);
    const grades = [
      ['moderate', 'above A+'],
      ['high', 'A'],
      ['low', 'C'],
    ] as const;
    result.turbulence.items.forEach((item, i) => {
      item.ti15 = 0.2;
      item.gbGrade = grades[i % grades.length]![0];
      item.iecCategory = grades[i % grades.length]![1];
    });
    const meta = {
      reportName: '湍流等级测试',
      station: {
        code: site.stationCode,
        projectName: '分析报告测试风电场',
        location: '',
        longitude: 115,
        latitude: 40,
        altitudeM: 1350,
        mastHeightM: 100,
        manufacturerName: '',
      },
      versionName: '原始数据',
      longTerm: null,
      startDate: fields.dataStartDate,
      endDate: fields.dataEndDate,
      targetHeightM: 100,
      sectorWidthDeg: 30,
      generatedAt: new Date('2026-11-20T00:00:00Z'),
      ownerName: 'admin',
    };
    const { blocks, charts } = composeAnalysisReport(result, meta, ['turbulence', 'conclusion'], 'zh');
    const file = path.join(tmp, 'turbulence-zh.pdf');
    writeFileSync(file, await renderPdf(blocks, charts, meta.reportName));
    const pdfText = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, '');
    expect(pdfText).toContain('GB/T18710评价：中等');
    expect(pdfText).toContain('IEC61400-1湍流类别高于A+');
    expect(pdfText).not.toMatch(/moderate|high|low|above/i);
    const { value: docx } = await mammoth.extractRawText({ buffer: await renderDocx(blocks, charts) });
    expect(docx).toMatch(/GB\/T 18710 评价：(较低|中等|较高)。/);
    const english = composeAnalysisReport(result, meta, ['turbulence'], 'en').blocks;
    expect(JSON.stringify(english)).toContain('GB/T 18710 grade: moderate');
    // A long-term corrected version says so in the overview, with its reference, method and u_total.
    const longTerm = {
      step: 'longterm_mcp' as const,
      referenceName: 'M5 · 10 m',
      method: 'ols',
      methodName: '',
      concurrentPeriods: 11043,
      r: 0.95,
      uMcp: 0.01,
      uLt: 0.02,
      uTotal: 0.0224,
      averageYearMps: 7.5,
    };
    for (const [language, methodName, expected] of [
      ['zh', '普通最小二乘', '本报告的数据版本经过长期订正：风速由参考序列“M5 · 10 m”按普通最小二乘合成。'],
      [
        'en',
        'Ordinary least squares',
        'its speed was synthesised from the reference M5 · 10 m by Ordinary least squares',
      ],
    ] as const) {
      const lt = composeAnalysisReport(
        result,
        { ...meta, longTerm: { ...longTerm, methodName } },
        ['overview'],
        language,
      );
      expect(JSON.stringify(lt.blocks)).toContain(expected);
      expect(JSON.stringify(lt.blocks)).toContain('u_total 2.24 %');
      expect(
        JSON.stringify(composeAnalysisReport(result, meta, ['overview'], language).blocks),
      ).not.toContain('u_total');
    }
  }, 120_000);

  it('writes the English report for an English user and stores the failure reason when no value is usable', async () => {
    const saved = await server.call('POST', '/api/web/report/data/save', {
      token: adminToken,
      language: 'EN',
      body: analysisBody({
        reportName: 'Mast analysis',
        reportStartDate: '2020-01-01',
        reportEndDate: '2020-01-31',
      }),
    });
    const row = await waitForReport(saved.body.data.id);
    expect(row.status).toBe('failure');
    const page = await server.call('POST', '/api/web/report/data/page', {
      token: adminToken,
      language: 'EN',
      body: { type: 'analysis' },
    });
    const listed = page.body.data.records.find((x: { id: number }) => x.id === row.id);
    expect(listed).toMatchObject({ statusName: 'Failed', formats: [] });
    expect(listed.reason.length).toBeGreaterThan(0);
    expect((await download(row.id, 'pdf')).statusCode).toBe(409);
    const english = await server.call('POST', '/api/web/report/data/save', {
      token: adminToken,
      language: 'EN',
      body: analysisBody({
        reportName: 'Mast analysis',
        averagePeriods: [{ startYear: 2025, endYear: 2026 }],
      }),
    });
    const done = await waitForReport(english.body.data.id);
    expect(done.status, done.reason).toBe('success');
    const { value: text } = await mammoth.extractRawText({
      buffer: (await download(done.id, 'docx')).rawPayload,
    });
    expect(text).toContain('1. Measurement overview');
    expect(text).toContain('11. Site suitability');
    expect(text).toContain('Measured %');
    expect(text).toContain('After reconstruction %');
    expect(text).toContain('13. Conclusion');
    expect(text).toContain('2025–2026');
    // The 2025–2026 average holds October (and Beijing's first hours of November): flagged, with its months
    // and recovery, in both files.
    expect(text).toMatch(/2025: no data; 2026: \d months?, \d+\.\d % recovery/);
    expect(text).toContain('no: under 12 months');
    expect(text).toContain('Note: a year with fewer than 12 months of data');
    const file = path.join(tmp, 'analysis-en.pdf');
    writeFileSync(file, (await download(done.id, 'pdf')).rawPayload);
    const pdfText = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
    expect(pdfText).toContain('no: under 12 months');
  }, 120_000);

  it('deletes a report only with the delete permission: “no permission to delete report” otherwise', async () => {
    const any = await server.db
      .selectFrom('data_report')
      .selectAll()
      .where('type', '=', 'analysis')
      .where('status', '=', 'success')
      .executeTakeFirstOrThrow();
    const reader = await buildUser(server.db, { features: ['report.preview', 'report.download'] });
    await grantRoleStations(server.db, reader.roleId, [site.id]);
    const token = await server.login(reader.account, reader.password);
    const refused = await server.call('GET', `/api/web/report/data/delete?id=${any.id}`, {
      token,
      language: 'EN',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No permission to delete report');
    expect((await download(Number(any.id), 'pdf', token)).statusCode).toBe(200);
    const deleted = await server.call('GET', `/api/web/report/data/delete?id=${any.id}`, {
      token: adminToken,
    });
    expect(deleted.status).toBe(200);
    expect(await stored(any.pdf_sha256!)).toBe(false);
  });

  it('lists the analysis templates with their chapters', async () => {
    const r = await server.call('POST', '/api/web/report/data/tempPage', {
      token: adminToken,
      language: 'EN',
      body: { pageSize: 1000 },
    });
    expect(r.body.data.records[0]).toMatchObject({
      type: 2,
      // A built-in template is named in the reader's language (a user's own stays as written).
      tempName: 'Wind measurement analysis report (GB/T 18710)',
      sectionNames: expect.arrayContaining(['Measurement overview', 'Turbulence intensity', 'Conclusion']),
    });
    const zh = await server.call('POST', '/api/web/report/data/tempPage', {
      token: adminToken,
      language: 'ZH',
      body: { pageSize: 1000, tempName: 'analysis report' },
    });
    expect(zh.body.data.records.map((t: { tempName: string }) => t.tempName)).toEqual([
      '测风数据分析报告（GB/T 18710）',
    ]);
  });
});

describe('demo data', () => {
  it('builds the demo analysis report once from the first demo mast with data', async () => {
    await server.db.deleteFrom('data_report').execute();
    const log = createLogger({ LOG_LEVEL: 'silent' });
    expect(await seedDemoDataReports(server.db, server.services.dataReports, log)).toBe(true);
    const rows = await server.db.selectFrom('data_report').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      station_id: site.id,
      report_name: DEMO_ANALYSIS_REPORT_NAME,
      type: 'analysis',
      status: 'success',
    });
    expect(await seedDemoDataReports(server.db, server.services.dataReports, log)).toBe(false);
  }, 60_000);
});
