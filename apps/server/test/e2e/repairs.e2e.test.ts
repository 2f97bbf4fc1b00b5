import { renderText, type TText } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOutboundEvent } from '../../src/platform/events/outbound-events.ts';
import { deadPort, startTestSmtpServer, type TTestSmtpServer } from '../smtp.ts';
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
let handler: { id: number; roleId: number; token: string };
let senderId: number;
const DAY = 86_400_000;

/** An e-mail data source that sends through the test SMTP server (or `port`, with `password`). */
async function saveSender(name: string, options: { port?: number; password?: string; id?: number } = {}) {
  const r = await server.call('POST', '/api/web/data_source/save_or_update', {
    token: adminToken,
    body: {
      id: options.id,
      name,
      fetchType: 'email',
      protocol: 'imap',
      host: '127.0.0.1',
      port: 10143,
      username: 'sender@test.local',
      password: options.id ? undefined : 'imap-secret',
      isEnabled: false,
      smtpHost: '127.0.0.1',
      smtpPort: options.port ?? smtp.port,
      smtpSecurity: 'none',
      smtpPassword: options.password ?? 'smtp-secret',
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as number;
}

/** A site the handler may see, with repair addresses and an open data-missing alarm. */
async function brokenSite(options: { repairEmails?: string[]; ccEmails?: string[] } = {}) {
  const site = await buildStation(server.db, { projectName: '张北风电场二期' });
  const now = Date.now();
  await server.db
    .updateTable('station')
    .set({
      status: 1,
      start_time: new Date(now - 90 * DAY),
      data_time: new Date(now - 5 * DAY),
      repair_emails: options.repairEmails ?? ['fix@maint.example.com'],
      cc_emails: options.ccEmails ?? ['boss@owner.example.com'],
      pylon_height_m: 80,
    })
    .where('id', '=', site.id)
    .execute();
  const alarm = await server.db
    .insertInto('alarm')
    .values({
      station_id: site.id,
      type: 'data_missing',
      period_start: new Date(now - 5 * DAY),
      period_end: new Date(now),
      content: JSON.stringify({ kind: 'no_data', days: 5 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grantRoleStations(server.db, handler.roleId, [site.id]);
  return { ...site, alarmId: alarm.id };
}

async function sendLog() {
  return server.db.selectFrom('mail_send_log').selectAll().orderBy('id').execute();
}

beforeAll(async () => {
  smtp = await startTestSmtpServer({ refuseRcpt: /^nobody@/ });
  server = await startTestServer({ MAIL_RETRY_DELAY_SECONDS: '1', MAIL_MAX_ATTEMPTS: '3' });
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  const user = await buildUser(server.db, {
    features: ['alarm.view', 'alarm.handle', 'repair.view', 'repair.edit', 'system.repairList'],
  });
  handler = { id: user.id, roleId: user.roleId, token: await server.login(user.account, user.password) };
  await server.db
    .updateTable('app_user')
    .set({ email: 'handler@masthub.example.com', phone: '13800000000' })
    .where('id', '=', handler.id)
    .execute();
  senderId = await saveSender('运维发件箱');
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('repair requests by e-mail', () => {
  it('sends the request to the repair and cc addresses in the caller’s language, then logs it, opens a repair and puts the site into maintenance', async () => {
    const site = await brokenSite();
    await server.call('POST', '/api/web/contacts/carbonCopy/save', {
      token: handler.token,
      body: { emails: ['Me.Too@masthub.example.com'] },
    });
    const before = smtp.received.length;
    const r = await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      language: 'ZH',
      body: {
        stationIds: [site.id],
        dataSourceId: senderId,
        reason: '风速计数据连续 5 天缺失，疑似采集器断电',
        ccEmails: ['extra@owner.example.com'],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ sent: [site.stationCode], skipped: [] });

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.from).toBe('sender@test.local');
    expect(new Set(mail!.rcpt)).toEqual(
      new Set([
        'fix@maint.example.com',
        'boss@owner.example.com',
        'me.too@masthub.example.com',
        'extra@owner.example.com',
      ]),
    );
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe(`【测风塔维修申请】站点 ${site.stationCode} 张北风电场二期`);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('fix@maint.example.com');
    expect(parsed.cc && 'text' in parsed.cc ? parsed.cc.text : '').toContain('boss@owner.example.com');
    // Chinese survives the trip: base64 body, encoded-word subject.
    expect(mail!.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(parsed.text).toContain('维修原因：风速计数据连续 5 天缺失，疑似采集器断电');
    expect(parsed.text).toContain('项目名称：张北风电场二期');
    expect(parsed.text).toContain('塔高：80 m');
    expect(parsed.text).toMatch(/告警时段：\d{4}-\d\d-\d\d \d\d:\d\d \(UTC\+08:00\) — /);
    expect(parsed.text).toContain('电话 13800000000');

    const request = await server.db
      .selectFrom('repair_request')
      .selectAll()
      .where('station_id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(request.receiver_addrs).toEqual(['fix@maint.example.com']);
    expect(request.period_start).not.toBeNull();
    const record = await server.db
      .selectFrom('repair_record')
      .selectAll()
      .where('station_id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(record.is_closed).toBe(false);
    expect(record.request_id).toBe(request.id);
    const alarm = await server.db
      .selectFrom('alarm')
      .selectAll()
      .where('id', '=', site.alarmId)
      .executeTakeFirstOrThrow();
    expect(alarm.handle_status).toBe('repair');
    expect(alarm.repair_id).toBe(record.id);
    const station = await server.db
      .selectFrom('station')
      .select('status')
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(station.status).toBe(3);
    const logged = (await sendLog()).at(-1)!;
    expect(logged.status).toBe('sent');
    expect(logged.kind).toBe('repair');
    const stationLog = await server.db
      .selectFrom('station_log')
      .select('location')
      .where('station_id', '=', site.id)
      .execute();
    expect(stationLog.map((l) => l.location)).toContain('repairs');
    // The fault report notification reaches the handler (who holds the repair log).
    const messages = await server.db
      .selectFrom('message')
      .select(['type', 'message_text'])
      .where('user_id', '=', handler.id)
      .where('type', '=', 'repair')
      .execute();
    expect(
      messages.some(
        (m) => renderText(m.message_text as TText, 'en') === `Site ${site.stationCode}: repair requested`,
      ),
    ).toBe(true);

    // The fault report log lists it with its delivery.
    const page = await server.call('POST', '/api/web/repair/page', {
      token: handler.token,
      language: 'EN',
      body: { keywords: site.stationCode },
    });
    expect(page.body.data.records).toMatchObject([
      {
        stationCode: site.stationCode,
        receiverAddress: 'fix@maint.example.com',
        mailStatusName: 'Sent',
        operator: expect.any(String),
      },
    ]);
  });

  it('writes the e-mail in English for an English caller', async () => {
    const site = await brokenSite();
    const before = smtp.received.length;
    const r = await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      language: 'EN',
      body: { stationIds: [site.id], dataSourceId: senderId, reason: 'Anemometer stuck at 0 m/s' },
    });
    expect(r.status).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.parsed.subject).toBe(`[Met mast repair request] Site ${site.stationCode} 张北风电场二期`);
    expect(mail.parsed.text).toContain('Reason: Anemometer stuck at 0 m/s');
    expect(mail.parsed.text).toContain('Mast height: 80 m');
  });

  it('verifies the selection: a warning when no site has a repair e-mail, the sites left out otherwise', async () => {
    const ready = await brokenSite();
    const bare = await brokenSite({ repairEmails: [] });
    const none = await server.call('GET', `/api/web/repair/repair_verify?stationIds=${bare.id}`, {
      token: handler.token,
      language: 'EN',
    });
    expect(none.status).toBe(422);
    expect(none.body.msg).toBe(
      'None of the chosen sites has a repair e-mail; choose at least one site with a repair e-mail',
    );
    const mixed = await server.call(
      'GET',
      `/api/web/repair/repair_verify?stationIds=${ready.id},${bare.id}`,
      {
        token: handler.token,
      },
    );
    expect(mixed.body.data.ready.map((s: { stationId: number }) => s.stationId)).toEqual([ready.id]);
    expect(mixed.body.data.missing).toEqual([bare.stationCode]);
    const before = (await sendLog()).length;
    const refused = await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      body: { stationIds: [bare.id], dataSourceId: senderId, reason: '测试' },
    });
    expect(refused.status).toBe(422);
    expect((await sendLog()).length).toBe(before);
  });

  it.each<[string, { password?: string; port?: number }, string]>([
    [
      'a wrong SMTP password',
      { password: 'wrong' },
      'Login to 127.0.0.1 failed: wrong user name, password or authorisation code',
    ],
    ['a dead SMTP port', { port: 0 }, 'Server address error: cannot connect to 127.0.0.1:'],
  ])('answers %s with a localised error and a failed send-log row, and changes nothing else', async (_label, setup, message) => {
    const site = await brokenSite();
    const port = setup.port === 0 ? await deadPort() : undefined;
    const badSender = await saveSender(`坏发件箱 ${_label}`, { port, password: setup.password });
    const before = await sendLog();
    const r = await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      language: 'EN',
      body: { stationIds: [site.id], dataSourceId: badSender, reason: '测试' },
    });
    expect(r.status).toBe(422);
    expect(r.body.msg).toContain(message);
    const after = await sendLog();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.status).toBe('failed');
    const requests = await server.db
      .selectFrom('repair_request')
      .select('id')
      .where('station_id', '=', site.id)
      .execute();
    expect(requests).toEqual([]);
    const station = await server.db
      .selectFrom('station')
      .select('status')
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(station.status).toBe(1);
    const alarm = await server.db
      .selectFrom('alarm')
      .select('handle_status')
      .where('id', '=', site.alarmId)
      .executeTakeFirstOrThrow();
    expect(alarm.handle_status).toBe('unprocessed');
    // The send log says why, in the reader's language.
    const log = await server.call('POST', '/api/web/alert/send_log/page', {
      token: adminToken,
      language: 'ZH',
      body: { status: 'failed' },
    });
    expect(log.body.data.records[0]).toMatchObject({ statusDesc: '发送失败', typeDesc: '维修申请' });
    expect(log.body.data.records[0].error).toMatch(/登录 127\.0\.0\.1 失败|服务器地址错误/);
  });

  it('reports a recipient the server refuses, with the server’s words', async () => {
    const site = await brokenSite({ repairEmails: ['nobody@maint.example.com'], ccEmails: [] });
    const r = await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      language: 'EN',
      body: { stationIds: [site.id], dataSourceId: senderId, reason: 'test' },
    });
    expect(r.status).toBe(422);
    expect(r.body.msg).toMatch(/^The mail server refused the message: .*nobody@maint\.example\.com/);
  });

  it('refuses a sender without an SMTP server, and bad input, with localised messages', async () => {
    const site = await brokenSite();
    const inboxOnly = await server.call('POST', '/api/web/data_source/save_or_update', {
      token: adminToken,
      body: {
        name: '只收不发',
        fetchType: 'email',
        protocol: 'imap',
        host: '127.0.0.1',
        username: 'inbox@test.local',
        password: 'x',
        isEnabled: false,
      },
    });
    const noSmtp = await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      language: 'EN',
      body: { stationIds: [site.id], dataSourceId: inboxOnly.body.data.id, reason: 'test' },
    });
    expect(noSmtp.status).toBe(422);
    expect(noSmtp.body.msg).toBe(
      'The sender e-mail “只收不发” has no sending (SMTP) server; add one in Data fetch',
    );
    const bad = await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      language: 'EN',
      body: { stationIds: [site.id], reason: '', ccEmails: ['not-an-address'] },
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(
      bad.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      dataSourceId: 'Please choose the sender e-mail',
      reason: 'Please enter the reason for the repair',
      'ccEmails.0': 'Invalid e-mail format',
    });
  });
});

describe('repair e-mails per hour', () => {
  it('refuses a user past the hourly limit with a localised 429, sending nothing', async () => {
    const site = await brokenSite();
    const user = await buildUser(server.db, { features: ['alarm.handle'] });
    await grantRoleStations(server.db, user.roleId, [site.id]);
    const token = await server.login(user.account, user.password);
    // The limit is counted on the send log: fill this user's last hour.
    await server.db
      .insertInto('mail_send_log')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          kind: 'repair' as const,
          data_source_id: senderId,
          to_addrs: ['x@example.com'],
          subject: 's',
          body_text: 'b',
          message_id: `<limit-${i}-${user.id}@test>`,
          user_id: user.id,
          sent_at: null,
          lease_until: null,
          station_id: null,
        })),
      )
      .execute();
    const before = smtp.received.length;
    const r = await server.call('POST', '/api/web/repair/repair', {
      token,
      language: 'EN',
      body: { stationIds: [site.id], dataSourceId: senderId, reason: 'one too many' },
    });
    expect(r.status).toBe(429);
    expect(r.body.msg).toBe('At most 100 repair e-mails can be sent in an hour; please try again later');
    expect(smtp.received.length).toBe(before);
  });
});

describe('repair records', () => {
  it('closes a repair: the linked alarms close and the site returns to normal when its data flows', async () => {
    const site = await brokenSite();
    const announced: TOutboundEvent[] = [];
    server.services.events.subscribe(async (events) => {
      announced.push(...events);
    });
    await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      body: { stationIds: [site.id], dataSourceId: senderId, reason: '更换风速计', alarmIds: [site.alarmId] },
    });
    // Data flows again (the logger was repaired), then the maintainer's result is recorded.
    await server.db.updateTable('station').set({ data_time: new Date() }).where('id', '=', site.id).execute();
    const list = await server.call('POST', '/api/web/repair/record/page', {
      token: handler.token,
      language: 'EN',
      body: { stationId: site.id },
    });
    const record = list.body.data.records[0];
    expect(record).toMatchObject({ isClosed: false, statusName: 'In progress', alarmCount: 1 });
    const closed = await server.call('POST', '/api/web/repair/record/close', {
      token: handler.token,
      language: 'EN',
      body: {
        id: record.id,
        maintainResult: '更换一号风速计，恢复采集',
        maintainStaff: '王工',
        maintainDate: new Date(Date.now() - DAY).toISOString(),
        endTime: new Date().toISOString(),
      },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ isClosed: true, statusName: 'Done', maintainStaff: '王工' });
    const alarm = await server.db
      .selectFrom('alarm')
      .select(['is_open', 'handle_status'])
      .where('id', '=', site.alarmId)
      .executeTakeFirstOrThrow();
    expect(alarm).toEqual({ is_open: false, handle_status: 'repair' });
    // Announced to the webhooks once committed, with the reason.
    expect(announced.filter((e) => e.kind === 'alarm.closed')).toEqual([
      {
        kind: 'alarm.closed',
        stationIds: [site.id],
        data: { alarmIds: [site.alarmId], reason: 'repair_finished' },
      },
    ]);
    const station = await server.db
      .selectFrom('station')
      .select('status')
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(station.status).toBe(0);
    const again = await server.call('POST', '/api/web/repair/record/close', {
      token: handler.token,
      language: 'EN',
      body: {
        ...closed.body.data,
        id: record.id,
        maintainResult: 'x',
        maintainStaff: 'y',
        maintainDate: new Date().toISOString(),
        endTime: new Date().toISOString(),
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This repair record is already closed');
  });

  it('closes a repair of a site still silent: the sweep right after raises a new data-missing alarm', async () => {
    const site = await brokenSite();
    await server.call('POST', '/api/web/repair/repair', {
      token: handler.token,
      body: { stationIds: [site.id], dataSourceId: senderId, reason: '采集器故障' },
    });
    const record = await server.db
      .selectFrom('repair_record')
      .select('id')
      .where('station_id', '=', site.id)
      .executeTakeFirstOrThrow();
    const r = await server.call('POST', '/api/web/repair/record/close', {
      token: handler.token,
      body: {
        id: record.id,
        maintainResult: '现场未找到故障',
        maintainStaff: '李工',
        maintainDate: new Date(Date.now() - DAY).toISOString(),
        endTime: new Date().toISOString(),
      },
    });
    expect(r.status).toBe(200);
    const alarms = await server.db
      .selectFrom('alarm')
      .select(['id', 'is_open', 'handle_status'])
      .where('station_id', '=', site.id)
      .orderBy('id')
      .execute();
    expect(alarms).toHaveLength(2);
    expect(alarms[1]).toMatchObject({ is_open: true, handle_status: 'unprocessed' });
    const station = await server.db
      .selectFrom('station')
      .select('status')
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(station.status).toBe(1);
  });

  it('records a repair by hand, refusing an end before the start with a localised field error', async () => {
    const site = await brokenSite();
    const bad = await server.call('POST', '/api/web/repair/record/save', {
      token: handler.token,
      language: 'EN',
      body: {
        stationId: site.id,
        faultType: '',
        faultStart: '2026-11-20T00:00:00Z',
        endTime: '2026-11-19T00:00:00Z',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual(
      expect.arrayContaining([
        { field: 'faultType', message: 'Please enter the fault type' },
        { field: 'endTime', message: 'The start time must not be later than the end time' },
      ]),
    );
    const ok = await server.call('POST', '/api/web/repair/record/save', {
      token: handler.token,
      body: { stationId: site.id, faultType: '避雷针松动', faultDesc: '巡检发现', maintainStaff: '赵工' },
    });
    expect(ok.status).toBe(200);
    const rows = await server.db
      .selectFrom('repair_record')
      .select(['fault_type', 'is_closed'])
      .where('station_id', '=', site.id)
      .execute();
    expect(rows).toEqual([{ fault_type: '避雷针松动', is_closed: false }]);
  });
});

describe('contacts', () => {
  it('keeps a company address book: add, refuse a repeated e-mail, filter by type, hidden from other companies', async () => {
    const save = (body: object, token = handler.token) =>
      server.call('POST', '/api/web/contacts/save', { token, language: 'EN', body });
    const a = await save({
      type: 2,
      name: '金风运维',
      email: 'Service@Goldwind.example.com',
      function: '运维单位',
    });
    expect(a.status).toBe(200);
    const dup = await save({ type: 2, name: '重复', email: 'service@goldwind.example.com' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe(
      'A contact of this type with the e-mail “service@goldwind.example.com” already exists',
    );
    await save({ type: 1, name: '周报收件人', email: 'weekly@owner.example.com' });
    const repairOnly = await server.call('GET', '/api/web/contacts?type=2', { token: handler.token });
    expect(repairOnly.body.data.map((c: { email: string }) => c.email)).toEqual([
      'service@goldwind.example.com',
    ]);
    const byFunction = await server.call('GET', '/api/web/contacts/list?function=运维', {
      token: handler.token,
    });
    expect(byFunction.body.data).toHaveLength(1);
    const company = await server.db
      .insertInto('company')
      .values({ name: '另一家公司' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stranger = await buildUser(server.db, { features: ['alarm.handle'], companyId: company.id });
    const strangerToken = await server.login(stranger.account, stranger.password);
    const theirs = await server.call('GET', '/api/web/contacts/list', { token: strangerToken });
    expect(theirs.body.data).toEqual([]);
    const steal = await save(
      { id: a.body.data.id, type: 2, name: 'x', email: 'x@example.com' },
      strangerToken,
    );
    expect(steal.status).toBe(404);
    const del = await server.call('GET', `/api/web/contacts/delete?id=${a.body.data.id}`, {
      token: strangerToken,
    });
    expect(del.status).toBe(404);
  });

  it('refuses a bad carbon-copy address with a localised field error and keeps the old list', async () => {
    await server.call('POST', '/api/web/contacts/carbonCopy/save', {
      token: handler.token,
      body: { emails: ['keep@example.com'] },
    });
    const bad = await server.call('POST', '/api/web/contacts/carbonCopy/save', {
      token: handler.token,
      language: 'ZH',
      body: { emails: ['ok@example.com', '不是邮箱'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual([{ field: 'emails.1', message: '邮箱格式不正确' }]);
    const mine = await server.call('GET', '/api/web/contacts/userAndCarbonCopy', { token: handler.token });
    expect(mine.body.data).toMatchObject({
      email: 'handler@masthub.example.com',
      carbonCopy: ['keep@example.com'],
    });
  });
});

describe('the sender’s SMTP password', () => {
  it('must be entered again when the SMTP server or account changes, and is never returned', async () => {
    const id = await saveSender('换服务器的发件箱');
    const moved = await server.call('POST', '/api/web/data_source/save_or_update', {
      token: adminToken,
      language: 'EN',
      body: {
        id,
        name: '换服务器的发件箱',
        fetchType: 'email',
        protocol: 'imap',
        host: '127.0.0.1',
        port: 10143,
        username: 'sender@test.local',
        isEnabled: false,
        smtpHost: 'smtp.attacker.example.com',
        smtpSecurity: 'none',
        smtpPort: smtp.port,
      },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.data.fields).toEqual([
      {
        field: 'smtpPassword',
        message:
          'The SMTP server, port, security or account has changed: please enter the SMTP password again',
      },
    ]);
    const detail = await server.call('GET', `/api/web/data_source/detail?id=${id}`, { token: adminToken });
    expect(detail.body.data).toMatchObject({ smtpHost: '127.0.0.1', hasSmtpPassword: true });
    expect(JSON.stringify(detail.body.data)).not.toContain('smtp-secret');
    const options = await server.call('GET', '/api/web/data_source/list?operationType=send', {
      token: adminToken,
    });
    expect(options.body.data.find((o: { id: number }) => o.id === id)).toMatchObject({ canSend: true });
  });
});

describe('reminders', () => {
  it('saves a reminder on the last day of the month and shows its next send times', async () => {
    const bad = await server.call('POST', '/api/web/interval_task/save', {
      token: adminToken,
      language: 'EN',
      body: {
        type: 'warn',
        isEnabled: true,
        dataSourceId: null,
        sendTime: '25:00',
        frequency: 'days',
        everyDays: 0,
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual(
      expect.arrayContaining([
        { field: 'sendTime', message: 'The send time must look like HH:mm' },
        { field: 'everyDays', message: 'Must not be less than 1' },
      ]),
    );
    const r = await server.call('POST', '/api/web/interval_task/save', {
      token: adminToken,
      language: 'EN',
      body: {
        type: 'report',
        isEnabled: true,
        dataSourceId: senderId,
        sendTime: '08:30',
        frequency: 'lastDay',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      cron: '30 8 L * *',
      typeName: 'No-data reminder',
      timeZone: 'Asia/Shanghai',
    });
    for (const time of r.body.data.nextTimes as string[]) {
      // 08:30 in Beijing is 00:30 UTC, on the last day of a month.
      expect(time).toMatch(/T00:30:00\.000Z$/);
      const next = new Date(time);
      expect(new Date(next.getTime() + 8 * 3_600_000 + DAY).getUTCDate()).toBe(1);
    }
  });

  it('e-mails each user the silent sites they may see, retrying a busy server until it is sent once', async () => {
    const site = await brokenSite();
    await server.db
      .updateTable('app_user')
      .set({ email: 'handler@masthub.example.com' })
      .where('id', '=', handler.id)
      .execute();
    await server.call('POST', '/api/web/interval_task/save', {
      token: adminToken,
      body: {
        type: 'report',
        isEnabled: true,
        dataSourceId: senderId,
        sendTime: '08:30',
        frequency: 'days',
        everyDays: 1,
      },
    });
    smtp.refuseNext(1);
    const before = smtp.received.length;
    const queued = await server.services.reminders.run('report');
    expect(queued).toBeGreaterThanOrEqual(1);
    const received = await smtp.waitFor(before + queued, 30_000);
    const mine = received.slice(before).filter((m) => m.rcpt.includes('handler@masthub.example.com'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.parsed.text).toContain(site.stationCode);
    expect(mine[0]!.parsed.subject).toMatch(
      /个站点超过 1 天无数据 \/ \d+ sites? without data for over a day$/,
    );
    // Give a duplicate the time to arrive: there is none.
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      smtp.received.slice(before).filter((m) => m.rcpt.includes('handler@masthub.example.com')),
    ).toHaveLength(1);
    const rows = (await sendLog()).filter((m) => m.kind === 'reminder_report' && m.user_id === handler.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent' });
    expect(
      rows
        .concat((await sendLog()).filter((m) => m.kind === 'reminder_report'))
        .some((m) => m.attempts === 2),
    ).toBe(true);
  });
});
