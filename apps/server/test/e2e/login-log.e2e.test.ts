import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

let server: TTestServer;
let admin: string;
let engineer: { id: number; account: string; password: string };

const PAGE = '/api/security/sys/login_log/page';
const LOGIN = '/api/security/sys/user/login';

beforeAll(async () => {
  server = await startTestServer();
  engineer = await buildUser(server.db, { account: 'log_eng01' });
  await server.db
    .updateTable('role')
    .set({ name: '测风工程师' })
    .where(
      'id',
      '=',
      (
        await server.db
          .selectFrom('app_user')
          .select('role_id')
          .where('id', '=', engineer.id)
          .executeTakeFirstOrThrow()
      ).role_id!,
    )
    .execute();
  await server.db
    .updateTable('app_user')
    .set({ user_name: '日志工程师' })
    .where('id', '=', engineer.id)
    .execute();
  await server.call('POST', LOGIN, { body: { account: engineer.account, password: 'Wrong#pass1' } });
  await server.login(engineer.account, engineer.password);
  await server.call('POST', LOGIN, {
    body: { account: 'nobody_x1', password: 'Wrong#pass1' },
    headers: { 'x-forwarded-for': '10.1.2.3' },
  });
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server.stop();
});

describe('POST /api/security/sys/login_log/page', () => {
  it('lists attempts newest first with account, name, role, ip, time, user type and result', async () => {
    const r = await server.call('POST', PAGE, { token: admin, body: {} });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: 4, pageNo: 1, pageSize: 20 });
    const [adminRow, unknownRow, successRow, failureRow] = r.body.data.records;
    expect(adminRow).toMatchObject({
      operatorAccount: 'admin',
      operatorName: '系统管理员',
      roleName: '系统管理员',
      userType: 'admin',
      result: 'success',
    });
    expect(unknownRow).toMatchObject({
      operatorAccount: 'nobody_x1',
      operatorName: null,
      roleName: null,
      userType: null,
      result: 'failure',
      reason: 'unknown_account',
    });
    expect(successRow).toEqual({
      id: expect.any(Number),
      operatorAccount: 'log_eng01',
      operatorName: '日志工程师',
      roleName: '测风工程师',
      ip: expect.any(String),
      operateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      userType: 'normal',
      result: 'success',
      reason: 'success',
      actorAccount: null,
      tokenName: null,
    });
    expect(failureRow).toMatchObject({
      operatorAccount: 'log_eng01',
      result: 'failure',
      reason: 'bad_password',
    });
  });

  it('keeps the name and role the user had at login time', async () => {
    await server.db
      .updateTable('app_user')
      .set({ user_name: '改名后' })
      .where('id', '=', engineer.id)
      .execute();
    const r = await server.call('POST', PAGE, {
      token: admin,
      body: { account: 'log_eng', result: 'success' },
    });
    expect(r.body.data.records.map((x: { operatorName: string }) => x.operatorName)).toEqual(['日志工程师']);
  });

  it('filters by account, name, result and time range', async () => {
    const byAccount = await server.call('POST', PAGE, { token: admin, body: { account: 'LOG_ENG' } });
    expect(byAccount.body.data.total).toBe(2);
    const byName = await server.call('POST', PAGE, { token: admin, body: { userName: '日志' } });
    expect(byName.body.data.total).toBe(2);
    const failures = await server.call('POST', PAGE, { token: admin, body: { result: 'failure' } });
    expect(failures.body.data.total).toBe(2);
    const future = await server.call('POST', PAGE, {
      token: admin,
      body: { startTime: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(future.body.data.total).toBe(0);
    const window = await server.call('POST', PAGE, {
      token: admin,
      body: { startTime: '2000-01-01T00:00:00Z', endTime: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(window.body.data.total).toBe(4);
  });

  it('filters by ip', async () => {
    const all = await server.call('POST', PAGE, { token: admin, body: {} });
    const ip = all.body.data.records[0].ip as string;
    const r = await server.call('POST', PAGE, { token: admin, body: { ip } });
    expect(r.body.data.total).toBeGreaterThan(0);
    expect(r.body.data.records.every((x: { ip: string }) => x.ip.includes(ip))).toBe(true);
    const none = await server.call('POST', PAGE, { token: admin, body: { ip: '203.0.113.99' } });
    expect(none.body.data.total).toBe(0);
  });

  it('rejects a start time after the end time in both languages', async () => {
    for (const [language, message] of [
      ['ZH', '开始时间不能晚于结束时间'],
      ['EN', 'The start time must not be later than the end time'],
    ] as const) {
      const r = await server.call('POST', PAGE, {
        token: admin,
        language,
        body: { startTime: '2026-02-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' },
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'startTime', message }]);
    }
  });

  it('is refused to a user without the login-log feature', async () => {
    const token = await server.login(engineer.account, engineer.password);
    const r = await server.call('POST', PAGE, { token, body: {}, language: 'EN' });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('No access permission');
  });
});
