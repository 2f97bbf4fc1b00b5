import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { saveTestSender, startTestSmtpServer, type TTestSmtpServer } from '../smtp.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let smtp: TTestSmtpServer;
let adminToken: string;
let sites: { id: number; stationCode: string }[];
let templates: { weekly: number; monthly: number };
let senderId: number;
let tmp: string;

async function masts(count: number) {
  const out: { id: number; stationCode: string }[] = [];
  for (let i = 0; i < count; i++) {
    const site = await buildStation(server.db, { projectName: `报告测试风电场${i + 1}` });
    await server.db
      .updateTable('station')
      .set({ station_type: 'met_mast', pylon_height_m: 80 + 10 * i, altitude_m: 1200 })
      .where('id', '=', site.id)
      .execute();
    out.push(site);
  }
  return out;
}

function groupBody(overrides: Record<string, unknown> = {}) {
  return {
    name: '华北测风周月报',
    effectiveDate: ['2026-01-01', '2027-12-31'],
    reportType: ['weekly', 'monthly'],
    weeklyTemplateId: templates.weekly,
    monthlyTemplateId: templates.monthly,
    autoGenerate: false,
    autoSend: false,
    generateTimes: '08:00',
    week: 1,
    month: 1,
    receiverAddress: [],
    language: 'zh',
    stationIds: sites.map((s) => s.id),
    ...overrides,
  };
}

async function waitForReport(id: number) {
  for (let i = 0; i < 120; i++) {
    const row = await server.db
      .selectFrom('group_report')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.status !== 'generating') return row;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the report is still generating');
}

async function download(id: number, format: 'docx' | 'pdf', token = adminToken) {
  const r = await server.app.inject({
    method: 'GET',
    url: `/api/web/statement/download?id=${id}&format=${format}`,
    headers: { token },
  });
  return r;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-reports-'));
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  sites = await masts(3);
  // October 2026 of three masts through the real ingestion path (the demo generator's files).
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    months: 1,
    firstMonth: Date.UTC(2026, 9, 1),
  });
  const list = async (type: number) =>
    (await server.call('GET', `/api/web/statement/templates?type=${type}`, { token: adminToken })).body.data;
  templates = { weekly: (await list(0))[0].id, monthly: (await list(1))[0].id };
  senderId = await saveTestSender(server, adminToken, '报告发件箱', smtp.port);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('report groups', () => {
  it('refuses an incomplete group with a localised message per field and saves nothing', async () => {
    const r = await server.call('POST', '/api/web/statement/group/add', {
      token: adminToken,
      language: 'EN',
      body: {
        ...groupBody(),
        name: '',
        effectiveDate: ['2026-05-01', '2026-04-01'],
        weeklyTemplateId: null,
        autoSend: true,
        stationIds: [],
      },
    });
    expect(r.status).toBe(400);
    const fields = Object.fromEntries(
      r.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      name: 'Please enter the group name',
      effectiveDate: 'Choose a valid date range (start not later than end)',
      weeklyTemplateId: 'Please choose the report template',
      dataSourceId: 'Please choose the sender e-mail',
      receiverAddress: 'Please enter the receivers',
      stationIds: 'Please choose at least one site',
    });
    expect(await server.db.selectFrom('report_group').select('id').execute()).toEqual([]);
  });

  it('lists a group only to users who may see all its sites, and filters by validity', async () => {
    const saved = await server.call('POST', '/api/web/statement/group/add', {
      token: adminToken,
      body: groupBody(),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await server.call('POST', '/api/web/statement/group/page', {
      token: adminToken,
      language: 'EN',
      body: { validity: 1 },
    });
    expect(page.body.data.records[0]).toMatchObject({
      name: '华北测风周月报',
      reportTypeName: 'Weekly, Monthly',
      stationCount: 3,
      isEffective: true,
    });
    const outside = await server.call('POST', '/api/web/statement/group/page', {
      token: adminToken,
      body: { validity: 0 },
    });
    expect(outside.body.data.total).toBe(0);
    const partial = await buildUser(server.db, { features: ['report.preview'] });
    await grantRoleStations(server.db, partial.roleId, [sites[0]!.id]);
    const token = await server.login(partial.account, partial.password);
    const theirs = await server.call('POST', '/api/web/statement/group/page', { token, body: {} });
    expect(theirs.body.data.total).toBe(0);
    const detail = await server.call('GET', `/api/web/statement/group/detail?id=${saved.body.data.id}`, {
      token,
    });
    expect(detail.status).toBe(403);
  });
});

describe('generated reports', () => {
  let groupId: number;

  beforeAll(async () => {
    const saved = await server.call('POST', '/api/web/statement/group/add', {
      token: adminToken,
      body: groupBody({
        name: '西北测风月报',
        reportType: ['monthly'],
        weeklyTemplateId: null,
        autoSend: true,
        dataSourceId: senderId,
        receiverAddress: ['Manager@Owner.example.com'],
        copyAddress: ['wra@owner.example.com'],
      }),
    });
    groupId = saved.body.data.id;
  });

  it('renders the month as Word and PDF in Chinese, readable by independent readers, and e-mails both', async () => {
    const before = smtp.received.length;
    const r = await server.call('POST', '/api/web/statement/generate', {
      token: adminToken,
      body: { groupId, statementType: 'monthly', date: '2026-10-15' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const report = await waitForReport(r.body.data.id);
    expect(report.status, report.reason).toBe('success');

    const docx = await download(report.id, 'docx');
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-disposition']).toContain("filename*=UTF-8''");
    const text = (await mammoth.extractRawText({ buffer: docx.rawPayload })).value;
    expect(text).toContain('西北测风月报 月报');
    expect(text).toContain('报告期: 2026-10');
    for (const site of sites) expect(text).toContain(site.stationCode);
    expect(text).toContain('一、总体概况');
    expect(text).toMatch(/本组共 3 个站点，报告期内有数据回传 3 个/);

    const pdf = await download(report.id, 'pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(tmp, 'report.pdf');
    writeFileSync(file, pdf.rawPayload);
    const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('西北测风月报');
    expect(pdfText).toContain('各站点数据情况');
    for (const site of sites) expect(pdfText).toContain(site.stationCode);
    // The CJK font travels inside the PDF.
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/NotoSansSC.*yes/);

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(new Set(mail!.rcpt)).toEqual(new Set(['manager@owner.example.com', 'wra@owner.example.com']));
    expect(mail!.parsed.subject).toBe('【MastHub 月报】西北测风月报（2026-10）');
    const attachments = mail!.parsed.attachments.map((a) => [a.filename, a.contentType]);
    expect(attachments).toEqual([
      [
        '西北测风月报_月报_2026-10.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['西北测风月报_月报_2026-10.pdf', 'application/pdf'],
    ]);
    // RFC 2231 for the Chinese file names.
    expect(mail!.raw).toMatch(/filename\*0?\*?=utf-8''/i);
    const list = await server.call('POST', '/api/web/statement/page', {
      token: adminToken,
      language: 'EN',
      body: { groupId },
    });
    await expect
      .poll(
        async () =>
          (
            await server.call('POST', '/api/web/statement/page', {
              token: adminToken,
              language: 'EN',
              body: { groupId },
            })
          ).body.data.records[0].sendStatusName,
        { timeout: 10_000 },
      )
      .toBe('Sent');
    expect(list.body.data.records[0]).toMatchObject({
      statementDate: '2026-10',
      statementTypeName: 'Monthly',
      statusName: 'Succeeded',
    });
  });

  it('produces the weekly report of a week in which no site sent anything, 0 % recovery each, and e-mails it', async () => {
    const saved = await server.call('POST', '/api/web/statement/group/add', {
      token: adminToken,
      body: groupBody({
        name: '沉默周报',
        reportType: ['weekly'],
        monthlyTemplateId: null,
        autoSend: true,
        dataSourceId: senderId,
        receiverAddress: ['silent@owner.example.com'],
      }),
    });
    const before = smtp.received.length;
    const r = await server.call('POST', '/api/web/statement/generate', {
      token: adminToken,
      body: { groupId: saved.body.data.id, statementType: 'weekly', date: '2025-03-10' },
    });
    const report = await waitForReport(r.body.data.id);
    expect(report.status, report.reason).toBe('success');
    const text = (await mammoth.extractRawText({ buffer: (await download(report.id, 'docx')).rawPayload }))
      .value;
    expect(text).toContain('报告期: 2025-03-10 ~ 2025-03-16');
    expect(text).toContain('本组共 3 个站点，报告期内有数据回传 0 个，无数据 3 个。');
    for (const site of sites)
      expect(text).toMatch(new RegExp(`${site.stationCode}\\s*报告测试风电场\\d\\s*0\\.0%`));
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.parsed.subject).toBe('【MastHub 周报】沉默周报（2025-03-10 ~ 2025-03-16）');
  });

  it('stores a failure with its reason and sends nothing when the group has no site left', async () => {
    const lone = await buildStation(server.db, { projectName: '将被删除的站点' });
    const saved = await server.call('POST', '/api/web/statement/group/add', {
      token: adminToken,
      body: groupBody({
        name: '空报告组',
        reportType: ['monthly'],
        weeklyTemplateId: null,
        autoSend: true,
        dataSourceId: senderId,
        receiverAddress: ['empty@owner.example.com'],
        stationIds: [lone.id],
      }),
    });
    await server.db.updateTable('station').set({ is_deleted: true }).where('id', '=', lone.id).execute();
    const before = smtp.received.length;
    const r = await server.call('POST', '/api/web/statement/generate', {
      token: adminToken,
      body: { groupId: saved.body.data.id, statementType: 'monthly', date: '2025-03-10' },
    });
    const report = await waitForReport(r.body.data.id);
    expect(report.status).toBe('failure');
    const list = await server.call('POST', '/api/web/statement/page', {
      token: adminToken,
      language: 'EN',
      body: { groupId: saved.body.data.id },
    });
    const row = list.body.data.records.find((x: { id: number }) => x.id === report.id);
    expect(row.reason).toBe('The report group has no sites');
    const refused = await download(report.id, 'pdf');
    expect(refused.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.length).toBe(before);
  });

  it('lists in its alarm and repair sections the same alarms: open at the start, raised and closed in the month', async () => {
    const site = sites[0]!;
    // Open since September (carried into October), and one raised and closed in October.
    await server.db
      .insertInto('alarm')
      .values([
        {
          station_id: site.id,
          type: 'data_missing',
          channel_key: '',
          period_start: new Date('2026-09-17T00:00:00Z'),
          period_end: new Date('2026-11-20T00:00:00Z'),
          created_at: new Date('2026-09-20T02:00:00Z'),
          is_open: true,
        },
        {
          station_id: site.id,
          type: 'data_abnormal',
          channel_key: 'ws_80',
          period_start: new Date('2026-10-04T00:00:00Z'),
          period_end: new Date('2026-10-08T00:00:00Z'),
          created_at: new Date('2026-10-05T01:00:00Z'),
          is_open: false,
        },
      ])
      .execute();
    const group = async (language: 'zh' | 'en') => {
      const saved = await server.call('POST', '/api/web/statement/group/add', {
        token: adminToken,
        body: groupBody({
          name: `告警一致性月报 ${language}`,
          reportType: ['monthly'],
          weeklyTemplateId: null,
          stationIds: [site.id],
          language,
        }),
      });
      const r = await server.call('POST', '/api/web/statement/generate', {
        token: adminToken,
        body: { groupId: saved.body.data.id, statementType: 'monthly', date: '2026-10-15' },
      });
      const report = await waitForReport(r.body.data.id);
      expect(report.status, report.reason).toBe('success');
      return (await mammoth.extractRawText({ buffer: (await download(report.id, 'docx')).rawPayload })).value;
    };
    const zh = await group('zh');
    expect(zh).toContain('报告期初未关闭告警 1 条，期内新增 1 条、关闭 1 条、处理 0 条，期末未关闭 1 条。');
    const repairs = zh.slice(zh.indexOf('四、维修'));
    expect(repairs).not.toContain('报告期内无告警与维修');
    expect(repairs).toMatch(/2026-09-20 10:00\s*\d+\s*告警（期初未关闭）\s*数据缺失/);
    expect(repairs).toMatch(/2026-10-05 09:00\s*\d+\s*新增告警\s*数据异常/);
    expect(repairs).toMatch(/2026-10-08 08:00\s*\d+\s*告警关闭\s*数据异常/);
    const en = await group('en');
    expect(en).toContain(
      'Alarms open at the start of the period: 1; raised in it: 1, closed: 1, handled: 0; open at its end: 1.',
    );
    expect(en).toContain('Alarm open at start');
    expect(en).not.toContain('No alarms or repairs in the period.');
  });

  it('generates each scheduled slot once, however many ticks race for it', async () => {
    const saved = await server.call('POST', '/api/web/statement/group/add', {
      token: adminToken,
      body: groupBody({
        name: '自动周报',
        reportType: ['weekly'],
        monthlyTemplateId: null,
        autoGenerate: true,
        week: 2,
        generateTimes: '09:30',
      }),
    });
    const id = saved.body.data.id;
    // Tuesday 2026-10-13 10:00 Beijing: the week of 5–11 October is due.
    const now = new Date('2026-10-13T02:00:00Z');
    const early = await server.services.reports.tick(new Date('2026-10-13T01:00:00Z'));
    expect(early).toEqual([]);
    const created = (await Promise.all([1, 2, 3].map(() => server.services.reports.tick(now)))).flat();
    const rows = await server.db.selectFrom('group_report').selectAll().where('group_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(created.filter((c) => c === rows[0]!.id)).toHaveLength(1);
    expect(rows[0]!.period_start.toISOString()).toBe('2026-10-04T16:00:00.000Z');
    expect((await waitForReport(rows[0]!.id)).status).toBe('success');
  });

  it('says “no permission to delete report” to a user without the right, and deletes nothing', async () => {
    const viewer = await buildUser(server.db, { features: ['report.preview'], dataScope: 'all' });
    const token = await server.login(viewer.account, viewer.password);
    const report = await server.db.selectFrom('group_report').select('id').executeTakeFirstOrThrow();
    const r = await server.call('GET', `/api/web/statement/delete?id=${report.id}`, {
      token,
      language: 'EN',
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('No permission to delete report');
    expect(
      await server.db.selectFrom('group_report').select('id').where('id', '=', report.id).execute(),
    ).toHaveLength(1);
  });
});
