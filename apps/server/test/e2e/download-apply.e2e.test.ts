import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFigures } from '../../src/modules/reports/group/collect.ts';
import { seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import {
  backfillStationDays,
  currentWindowTo,
  rollStationWindows,
} from '../../src/modules/timeseries/station-days.repository.ts';
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

const DAY_MS = 86_400_000;
let server: TTestServer;
let smtp: TTestSmtpServer;
let tmp: string;
let adminToken: string;
let site: { id: number; stationCode: string };
let hidden: { id: number; stationCode: string };
let applicant: { id: number; token: string };
let reviewer: { id: number; token: string };
let narrowReviewer: { id: number; token: string };
let stranger: { id: number; token: string };
/** The demo data's two months: the previous and the current UTC month. */
const firstMonth = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
})();

async function user(features: string[], stationIds: number[], email: string | null) {
  const u = await buildUser(server.db, { features: features as never });
  if (stationIds.length > 0) await grantRoleStations(server.db, u.roleId, stationIds);
  await server.db
    .updateTable('app_user')
    .set({ email, user_name: `用户${u.id}` })
    .where('id', '=', u.id)
    .execute();
  return { id: u.id, token: await server.login(u.account, u.password) };
}

function applyBody(overrides: Record<string, unknown> = {}) {
  return {
    stationIds: [site.id],
    fileType: 1,
    startTime: new Date(firstMonth).toISOString(),
    endTime: new Date(firstMonth + 3 * DAY_MS).toISOString(),
    applyReason: '微观选址需要',
    ...overrides,
  };
}

async function apply(
  overrides: Record<string, unknown> = {},
  token = applicant.token,
  language: 'EN' | 'ZH' = 'EN',
) {
  return server.call('POST', '/api/web/apply/save', { token, body: applyBody(overrides), language });
}

async function waitForExport(id: number) {
  for (let i = 0; i < 400; i++) {
    const row = await server.db
      .selectFrom('download_application')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.export_status === 'ready' || row.export_status === 'failed') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export is still running');
}

/** The link of the delivered e-mail for an application: `/download/{id}?exp=…&sig=…`. */
function linkIn(text: string, id: number): { exp: number; sig: string } {
  const m = new RegExp(`/download/${id}\\?exp=(\\d+)&sig=([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no link for application ${id} in: ${text}`);
  return { exp: Number(m[1]), sig: m[2]! };
}

async function fetchFile(url: string) {
  return server.app.inject({ method: 'GET', url, headers: { 'user-agent': 'vitest' } });
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-apply-'));
  smtp = await startTestSmtpServer();
  server = await startTestServer({
    DATA_DIR: path.join(tmp, 'data'),
    PUBLIC_URL: 'https://masthub.example.com',
  });
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  site = await buildStation(server.db, { projectName: '申请测试风电场' });
  hidden = await buildStation(server.db, { projectName: '看不见的风电场' });
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1350 })
    .where('id', '=', site.id)
    .execute();
  await server.db.updateTable('station').set({ station_type: 'lidar' }).where('id', '=', hidden.id).execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 2,
    firstMonth,
  });
  applicant = await user([], [site.id], 'applicant@masthub.test');
  reviewer = await user(['system.apply'], [site.id], 'reviewer@masthub.test');
  narrowReviewer = await user(['system.apply'], [], 'narrow@masthub.test');
  stranger = await user([], [site.id], 'stranger@masthub.test');
  await saveTestSender(server, adminToken, '下载申请发件箱', smtp.port);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('applying for data', () => {
  it('records an application for a visible site, pending, with the applicant’s e-mail as the address', async () => {
    const r = await apply();
    expect(r.status).toBe(200);
    const mine = await server.call('POST', '/api/web/apply/mine', {
      token: applicant.token,
      body: {},
      language: 'EN',
    });
    const record = mine.body.data.records.find((a: { id: number }) => a.id === r.body.data.id);
    expect(record).toMatchObject({
      stationCodes: site.stationCode,
      projectNames: '申请测试风电场',
      fileTypeName: 'Time series CSV',
      auditStatus: 'pending',
      auditStatusName: 'Pending',
      toAddr: 'applicant@masthub.test',
      applicantName: `用户${applicant.id}`,
      versionMode: 'original',
      canDownload: false,
    });
    expect(record.timeScope).toMatch(/^\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a site the applicant cannot see, and records nothing', async () => {
    const before = await server.db.selectFrom('download_application').select('id').execute();
    const r = await apply({ stationIds: [site.id, hidden.id] });
    expect(r.status).toBe(403);
    expect(await server.db.selectFrom('download_application').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses a reason over 50 characters, an end before the start and an unknown format, in English and Chinese', async () => {
    const bad = {
      applyReason: '很'.repeat(51),
      endTime: new Date(firstMonth - DAY_MS).toISOString(),
      fileType: 10,
    };
    const en = await apply(bad, applicant.token, 'EN');
    expect(en.status).toBe(400);
    const fields = Object.fromEntries(
      en.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      applyReason: 'The input must not exceed 50 characters',
      fileType: 'Please choose a valid option',
    });
    const zh = await apply({ applyReason: '很'.repeat(51) }, applicant.token, 'ZH');
    expect(zh.body.data.fields[0]).toEqual({ field: 'applyReason', message: '输入内容不能超过 50 个字符' });
    const order = await apply({ endTime: new Date(firstMonth - DAY_MS).toISOString() });
    expect(order.body.data.fields[0]).toEqual({
      field: 'endTime',
      message: 'The start time must not be later than the end time',
    });
    const empty = await apply({ applyReason: '  ' }, applicant.token, 'ZH');
    expect(empty.body.data.fields[0]).toEqual({ field: 'applyReason', message: '请输入申请原因' });
  });

  it('refuses a 21st pending application of one user, and records nothing', async () => {
    const busy = await user([], [site.id], 'busy@masthub.test');
    for (let i = 0; i < 20; i++)
      expect((await apply({ applyReason: `第 ${i} 次` }, busy.token)).status).toBe(200);
    const r = await apply({}, busy.token);
    expect(r.status).toBe(429);
    expect(r.body.msg).toBe(
      'You already have 20 applications waiting for approval; wait for a decision before applying again',
    );
    const rows = await server.db
      .selectFrom('download_application')
      .select('id')
      .where('applicant_id', '=', busy.id)
      .execute();
    expect(rows).toHaveLength(20);
  });

  it('asks for a delivery address when the account has no e-mail', async () => {
    const noMail = await user([], [site.id], null);
    const r = await apply({}, noMail.token);
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('Please give a delivery e-mail address (your account has none)');
    const given = await apply({ toAddr: 'field@masthub.test' }, noMail.token);
    expect(given.status).toBe(200);
  });
});

describe('reviewing', () => {
  it('lists pending applications first to a reviewer who sees their sites, and hides them from one who does not', async () => {
    const { body } = await apply({ applyReason: '排序检查' });
    const list = await server.call('POST', '/api/web/apply/page', { token: reviewer.token, body: {} });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((a: { id: number }) => a.id)).toContain(body.data.id);
    const states = list.body.data.records.map((a: { auditStatus: string }) => a.auditStatus);
    expect(states.indexOf('pending')).toBe(0);
    const narrow = await server.call('POST', '/api/web/apply/page', {
      token: narrowReviewer.token,
      body: {},
    });
    expect(narrow.body.data.records).toEqual([]);
    const refused = await server.call('POST', '/api/web/apply/review', {
      token: narrowReviewer.token,
      body: { ids: [body.data.id], decision: 'approved' },
    });
    expect(refused.status).toBe(403);
    const detail = await server.call('GET', `/api/web/apply/detail?id=${body.data.id}`, {
      token: stranger.token,
    });
    expect(detail.status).toBe(403);
    // Reviewers were told.
    const messages = await server.db
      .selectFrom('message')
      .selectAll()
      .where('user_id', '=', reviewer.id)
      .execute();
    expect(messages.some((m) => m.type === 'approval')).toBe(true);
  });

  it('refuses the review of one’s own application', async () => {
    const own = await apply({}, reviewer.token);
    const r = await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [own.body.data.id], decision: 'approved' },
      language: 'EN',
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('You cannot review your own download application');
  });

  it('needs a comment to reject, then tells the applicant by message and e-mail and releases nothing', async () => {
    const { body } = await apply({ applyReason: '驳回检查' });
    const noComment = await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [body.data.id], decision: 'rejected' },
      language: 'EN',
    });
    expect(noComment.status).toBe(400);
    expect(noComment.body.data.fields[0]).toEqual({
      field: 'comment',
      message: 'Please give a comment when rejecting',
    });
    const mailsBefore = smtp.received.length;
    const r = await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [body.data.id], decision: 'rejected', comment: '时段过长' },
    });
    expect(r.body.data).toEqual({ updated: 1, mailed: true });
    const [mail] = (await smtp.waitFor(mailsBefore + 1)).slice(mailsBefore);
    expect(mail!.rcpt).toEqual(['applicant@masthub.test']);
    expect(mail!.parsed.text).toContain('时段过长');
    const ticket = await server.call('POST', '/api/web/apply/ticket', {
      token: applicant.token,
      body: { id: body.data.id },
      language: 'EN',
    });
    expect(ticket.status).toBe(409);
    expect(ticket.body.msg).toBe('The requested data file is not ready (Rejected)');
    const again = await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [body.data.id], decision: 'approved' },
    });
    expect(again.status).toBe(409);
  });

  it('decides a batch all or none: one decided application leaves every other pending', async () => {
    const a = (await apply({ applyReason: '批量一' })).body.data.id;
    const decided = (
      await server.db
        .selectFrom('download_application')
        .select('id')
        .where('audit_status', '=', 'rejected')
        .executeTakeFirstOrThrow()
    ).id;
    const r = await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [a, decided], decision: 'approved' },
    });
    expect(r.status).toBe(409);
    const row = await server.db
      .selectFrom('download_application')
      .selectAll()
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row.audit_status).toBe('pending');
  });
});

describe('delivery', () => {
  let id: number;
  let link: { exp: number; sig: string };

  it('exports an approved application in the background and e-mails a signed link, never the file', async () => {
    id = (await apply({ applyReason: '交付检查' })).body.data.id;
    const mailsBefore = smtp.received.length;
    const r = await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [id], decision: 'approved', comment: '同意', linkDays: 7 },
    });
    expect(r.status).toBe(200);
    const row = await waitForExport(id);
    expect(row.export_status).toBe('ready');
    expect(row.file_name).toMatch(/\.csv$/);
    expect(row.link_expires_at!.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
    const [mail] = (await smtp.waitFor(mailsBefore + 1)).slice(mailsBefore);
    expect(mail!.rcpt).toEqual(['applicant@masthub.test']);
    expect(mail!.parsed.attachments).toEqual([]);
    expect(mail!.parsed.text).toContain(`https://masthub.example.com/download/${id}?exp=`);
    link = linkIn(mail!.parsed.text ?? '', id);
    const mine = await server.call('POST', '/api/web/apply/mine', { token: applicant.token, body: {} });
    const record = mine.body.data.records.find((a: { id: number }) => a.id === id);
    expect(record).toMatchObject({
      exportStatus: 'ready',
      exportProgress: 100,
      linkState: 'active',
      canDownload: true,
    });
  });

  it('opens the file for the applicant through the link: the period’s rows, logged with who and from where', async () => {
    const t = await server.call('POST', '/api/web/apply/ticket', {
      token: applicant.token,
      body: { id, ...link },
    });
    expect(t.status).toBe(200);
    const file = await fetchFile(t.body.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('.csv');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // Three days of 10-minute rows (start and end included) and the header.
    expect(lines.length).toBeGreaterThanOrEqual(3 * 144);
    expect(lines.length).toBeLessThanOrEqual(3 * 144 + 3);
    const detail = await server.call('GET', `/api/web/apply/detail?id=${id}`, { token: reviewer.token });
    expect(detail.body.data.downloads).toHaveLength(1);
    expect(detail.body.data.downloads[0]).toMatchObject({
      via: 'link',
      ip: '127.0.0.1',
      userAgent: 'vitest',
    });
    expect(detail.body.data.downloadCount).toBe(1);
  });

  it('opens a ticket once: its second use is refused with the answer an unknown ticket gets, and not logged', async () => {
    const t = await server.call('POST', '/api/web/apply/ticket', { token: applicant.token, body: { id } });
    expect(t.status).toBe(200);
    const before = await server.db
      .selectFrom('download_log')
      .select('id')
      .where('application_id', '=', id)
      .execute();
    expect((await fetchFile(t.body.data.url)).statusCode).toBe(200);
    const second = await fetchFile(t.body.data.url.replace('lang=zh', 'lang=en'));
    expect(second.statusCode).toBe(403);
    expect(second.headers['content-type']).toContain('text/html');
    expect(second.body).toContain('This download ticket is not valid');
    const unknown = await fetchFile(`/api/web/apply/file?ticket=${'A'.repeat(43)}&lang=en`);
    expect(unknown.statusCode).toBe(second.statusCode);
    expect(unknown.body).toBe(second.body);
    const zh = await fetchFile(t.body.data.url.replace('lang=en', 'lang=zh'));
    expect(zh.body).toContain('下载凭据无效');
    const after = await server.db
      .selectFrom('download_log')
      .select('id')
      .where('application_id', '=', id)
      .execute();
    expect(after).toHaveLength(before.length + 1);
  });

  it('opens two tickets fetched at the same moment once between them', async () => {
    const t = await server.call('POST', '/api/web/apply/ticket', { token: applicant.token, body: { id } });
    const answers = await Promise.all([fetchFile(t.body.data.url), fetchFile(t.body.data.url)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
  });

  it('opens nothing for another user holding the link, nor for a changed signature or expiry', async () => {
    const other = await server.call('POST', '/api/web/apply/ticket', {
      token: stranger.token,
      body: { id, ...link },
      language: 'EN',
    });
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe(
      'This download link belongs to another user; log in with the applicant’s account',
    );
    const forged = await server.call('POST', '/api/web/apply/ticket', {
      token: applicant.token,
      body: { id, exp: link.exp + 86_400, sig: link.sig },
    });
    expect(forged.status).toBe(403);
    const garbage = await fetchFile(
      '/api/web/apply/file?ticket=1.2.link.99999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&lang=en',
    );
    expect(garbage.statusCode).toBe(403);
    expect(garbage.headers['content-type']).toContain('text/html');
    expect(garbage.body).toContain('This download ticket is not valid');
  });

  it('refuses an expired link with a clear page, not an error 500', async () => {
    const t = await server.call('POST', '/api/web/apply/ticket', { token: applicant.token, body: { id } });
    await server.db
      .updateTable('download_application')
      .set({ link_expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();
    const viaLink = await server.call('POST', '/api/web/apply/ticket', {
      token: applicant.token,
      body: { id, ...link },
      language: 'EN',
    });
    expect(viaLink.status).toBe(410);
    expect(viaLink.body.msg).toMatch(
      /^The download link expired at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+08:00\); please apply again$/,
    );
    // A ticket issued before the expiry stops too: a page in the reader's language.
    const page = await fetchFile(t.body.data.url.replace('lang=zh', 'lang=zh'));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('下载链接已于');
    await server.db
      .updateTable('download_application')
      .set({ link_expires_at: new Date(link.exp * 1000) })
      .where('id', '=', id)
      .execute();
  });

  it('stops a revoked link at once and tells the applicant', async () => {
    const t = await server.call('POST', '/api/web/apply/ticket', { token: applicant.token, body: { id } });
    expect(t.status).toBe(200);
    const r = await server.call('POST', '/api/web/apply/revoke', { token: reviewer.token, body: { id } });
    expect(r.status).toBe(200);
    expect((await fetchFile(t.body.data.url)).statusCode).toBe(410);
    const again = await server.call('POST', '/api/web/apply/ticket', {
      token: applicant.token,
      body: { id, ...link },
      language: 'EN',
    });
    expect(again.body.msg).toBe('The download link was revoked by the reviewer');
    const detail = await server.call('GET', `/api/web/apply/detail?id=${id}`, {
      token: applicant.token,
      language: 'EN',
    });
    expect(detail.body.data).toMatchObject({
      linkState: 'revoked',
      linkStateName: 'Revoked',
      canDownload: false,
    });
  });

  it('releases nothing to an applicant who lost access to a site after approval', async () => {
    const lost = await user([], [site.id], 'lost@masthub.test');
    const appId = (await apply({ fileType: 5 }, lost.token)).body.data.id;
    await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [appId], decision: 'approved' },
    });
    const row = await waitForExport(appId);
    expect(row.export_status).toBe('ready');
    expect(row.file_name).toMatch(/\.tab$/);
    const roleId = (
      await server.db
        .selectFrom('app_user')
        .select('role_id')
        .where('id', '=', lost.id)
        .executeTakeFirstOrThrow()
    ).role_id!;
    await server.db.deleteFrom('role_station').where('role_id', '=', roleId).execute();
    const t = await server.call('POST', '/api/web/apply/ticket', {
      token: lost.token,
      body: { id: appId },
      language: 'EN',
    });
    expect(t.status).toBe(403);
    expect(t.body.msg).toBe(
      'The applicant may no longer see the sites of this application; nothing is released',
    );
  });

  it('refuses a ticket issued before the applicant lost access to the site, and logs no download', async () => {
    const losing = await user([], [site.id], 'losing@masthub.test');
    const appId = (await apply({ fileType: 5 }, losing.token)).body.data.id;
    await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [appId], decision: 'approved' },
    });
    expect((await waitForExport(appId)).export_status).toBe('ready');
    const t = await server.call('POST', '/api/web/apply/ticket', {
      token: losing.token,
      body: { id: appId },
    });
    expect(t.status).toBe(200);
    const roleId = (
      await server.db
        .selectFrom('app_user')
        .select('role_id')
        .where('id', '=', losing.id)
        .executeTakeFirstOrThrow()
    ).role_id!;
    await server.db.deleteFrom('role_station').where('role_id', '=', roleId).execute();
    const file = await fetchFile(t.body.data.url.replace('lang=zh', 'lang=en'));
    expect(file.statusCode).toBe(403);
    expect(file.body).toContain('The applicant may no longer see the sites of this application');
    expect(
      await server.db.selectFrom('download_log').select('id').where('application_id', '=', appId).execute(),
    ).toEqual([]);
  });

  it('refuses a ticket issued before the applicant’s account was disabled', async () => {
    const leaving = await user([], [site.id], 'leaving@masthub.test');
    const appId = (await apply({ fileType: 5 }, leaving.token)).body.data.id;
    await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [appId], decision: 'approved' },
    });
    expect((await waitForExport(appId)).export_status).toBe('ready');
    const t = await server.call('POST', '/api/web/apply/ticket', {
      token: leaving.token,
      body: { id: appId },
    });
    expect(t.status).toBe(200);
    await server.db.updateTable('app_user').set({ is_enabled: false }).where('id', '=', leaving.id).execute();
    const file = await fetchFile(t.body.data.url);
    expect(file.statusCode).toBe(403);
    expect(
      await server.db.selectFrom('download_log').select('id').where('application_id', '=', appId).execute(),
    ).toEqual([]);
  });

  it('delivers the raw logger files as stored, and names the sites without data in a several-site ZIP', async () => {
    const raw = (await apply({ fileType: 0, endTime: new Date(firstMonth + 40 * DAY_MS).toISOString() })).body
      .data.id;
    await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [raw], decision: 'approved' },
    });
    const row = await waitForExport(raw);
    expect(row.export_status).toBe('ready');
    const stored = await server.db
      .selectFrom('raw_file')
      .select(['sha256', 'file_name'])
      .where('station_id', '=', site.id)
      .execute();
    expect(row.file_name).toMatch(/\.zip$/);
    expect(stored.length).toBe(2);
    // Two sites, one without data in the period: a ZIP with the site's file and a note naming the other.
    const empty = await buildStation(server.db, { projectName: '空站' });
    await grantRoleStations(
      server.db,
      (
        await server.db
          .selectFrom('app_user')
          .select('role_id')
          .where('id', '=', applicant.id)
          .executeTakeFirstOrThrow()
      ).role_id!,
      [empty.id],
    );
    await grantRoleStations(
      server.db,
      (
        await server.db
          .selectFrom('app_user')
          .select('role_id')
          .where('id', '=', reviewer.id)
          .executeTakeFirstOrThrow()
      ).role_id!,
      [empty.id],
    );
    const two = (await apply({ stationIds: [site.id, empty.id], fileType: 4 })).body.data.id;
    await server.call('POST', '/api/web/apply/review', {
      token: reviewer.token,
      body: { ids: [two], decision: 'approved' },
    });
    const zipped = await waitForExport(two);
    expect(zipped.export_status).toBe('ready');
    expect(zipped.export_notes).toEqual([
      { stationCode: empty.stationCode, reason: 'No data in the chosen period' },
    ]);
    const t = await server.call('POST', '/api/web/apply/ticket', {
      token: applicant.token,
      body: { id: two },
    });
    const file = await fetchFile(t.body.data.url);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(file.rawPayload.includes(Buffer.from(`${site.stationCode}.txt`))).toBe(true);
    expect(file.rawPayload.includes(Buffer.from('sites_not_exported.txt'))).toBe(true);
  });
});

describe('the hub', () => {
  it('answers the fleet for an administrator, with the recovery the group reports count', async () => {
    const r = await server.call('GET', '/api/web/hub/overview?silentDays=3', {
      token: adminToken,
      language: 'EN',
    });
    expect(r.status).toBe(200);
    const hub = r.body.data;
    expect(hub.stations.total).toBeGreaterThanOrEqual(3);
    expect(hub.stations.byType.find((t: { key: string }) => t.key === 'lidar').count).toBeGreaterThanOrEqual(
      1,
    );
    expect(hub.stations.byStatus.map((s: { color: string }) => s.color)).toContain('#05a045');
    expect(hub.storage.databaseBytes).toBeGreaterThan(0);
    const dayMs = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const figures = await collectFigures(server.db, [site.id], {
      start: new Date(dayMs - 7 * DAY_MS),
      end: new Date(dayMs),
    } as never);
    const expected = figures.sites[0]!.recovery * 100;
    expect(hub.recovery7.sites).toBe(1);
    expect(hub.recovery7.meanPct).toBeCloseTo(expected, 1);
    expect(hub.recovery7.worst[0]).toMatchObject({ stationId: site.id });
    expect(hub.recovery30.bands.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(1);
    expect(hub.ingestion.files).toBeGreaterThanOrEqual(2);
    expect(hub.ingestion.values).toBeGreaterThan(0);
  });

  it('answers a restricted user from their own sites only, and refuses a silent-day count out of range', async () => {
    const r = await server.call('GET', '/api/web/hub/overview', {
      token: narrowReviewer.token,
      language: 'ZH',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.stations.total).toBe(0);
    expect(r.body.data.recovery7.sites).toBe(0);
    expect(r.body.data.storage.databaseBytes).toBeNull();
    expect(r.body.data.ingestion.files).toBe(0);
    const mine = await server.call('GET', '/api/web/hub/overview', { token: applicant.token });
    expect(mine.body.data.stations.total).toBe(2);
    expect(mine.body.data.applications.isReviewer).toBe(false);
    const bad = await server.call('GET', '/api/web/hub/overview?silentDays=0', {
      token: adminToken,
      language: 'EN',
    });
    expect(bad.status).toBe(400);
  });

  it('shows the same recovery while the windows are a day old, writing nothing, and the same once the job rolls them', async () => {
    const before = await server.call('GET', '/api/web/hub/overview', { token: adminToken });
    // As if the rows were written yesterday: the hub (a read) sums the day rows itself and changes none.
    await server.db
      .updateTable('station_recovery')
      .set({ window_to: new Date(Date.now() - DAY_MS).toISOString().slice(0, 10), valid7: 0, valid30: 0 })
      .execute();
    const stale = await server.db.selectFrom('station_recovery').selectAll().execute();
    const after = await server.call('GET', '/api/web/hub/overview', { token: adminToken });
    expect(after.body.data.recovery7.meanPct).toBeCloseTo(before.body.data.recovery7.meanPct, 6);
    expect(after.body.data.recovery30.meanPct).toBeCloseTo(before.body.data.recovery30.meanPct, 6);
    expect(await server.db.selectFrom('station_recovery').selectAll().execute()).toEqual(stale);
    // The nightly job (hub.roll-windows) rolls them to today: the same figures from the rows.
    await rollStationWindows(server.db, currentWindowTo(Date.now()));
    const rows = await server.db.selectFrom('station_recovery').selectAll().execute();
    const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS).getTime();
    expect(rows.every((r) => r.window_to.getTime() === today)).toBe(true);
    const rolled = await server.call('GET', '/api/web/hub/overview', { token: adminToken });
    expect(rolled.body.data.recovery7.meanPct).toBeCloseTo(before.body.data.recovery7.meanPct, 6);
    expect(rolled.body.data.recovery30.meanPct).toBeCloseTo(before.body.data.recovery30.meanPct, 6);
  });

  it('back-fills the per-day recovery of a site that held data before it was kept, once', async () => {
    const before = await server.db
      .selectFrom('station_day')
      .selectAll()
      .where('station_id', '=', site.id)
      .execute();
    await server.db.deleteFrom('station_day').where('station_id', '=', site.id).execute();
    expect(await backfillStationDays(server.db)).toBe(1);
    const after = await server.db
      .selectFrom('station_day')
      .selectAll()
      .where('station_id', '=', site.id)
      .execute();
    // The last 60 days up to today come back as they were (the demo data also holds days after today).
    const recent = (rows: typeof before) =>
      rows
        .filter((r) => r.day.getTime() > Date.now() - 59 * DAY_MS && r.day.getTime() < Date.now() - DAY_MS)
        .map((r) => [r.day.getTime(), r.valid_slots])
        .sort((a, b) => a[0]! - b[0]!);
    expect(recent(after)).toEqual(recent(before));
    expect(await backfillStationDays(server.db)).toBe(0);
  });

  it('keeps per-day recovery with the data: a re-ingested day replaces its row', async () => {
    const rows = await server.db
      .selectFrom('station_day')
      .selectAll()
      .where('station_id', '=', site.id)
      .execute();
    expect(rows.length).toBeGreaterThan(28);
    for (const row of rows) {
      expect(row.expected_slots).toBe(144);
      expect(row.valid_slots).toBeGreaterThan(0);
      expect(row.valid_slots).toBeLessThanOrEqual(144);
    }
  });
});
