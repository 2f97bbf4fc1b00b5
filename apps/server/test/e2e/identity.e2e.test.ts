import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '8' });
});
afterAll(async () => {
  await server.stop();
});

const LOGIN = '/api/security/sys/user/login';
const CHANGE = '/api/security/sys/user/change_password';

describe('POST /api/security/sys/user/login', () => {
  it('returns a token and the administrator’s features for the right password', async () => {
    const r = await server.call('POST', LOGIN, { body: { account: 'admin', password: TEST_ADMIN_PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(r.body.data.isAdmin).toBe(true);
    expect(r.body.data.selectedFeatures).toContain('system.user');
  });

  it('accepts the account in any letter case', async () => {
    const r = await server.call('POST', LOGIN, { body: { account: 'ADMIN', password: TEST_ADMIN_PASSWORD } });
    expect(r.status).toBe(200);
  });

  it('refuses a wrong password with the same message as an unknown account, in both languages', async () => {
    const wrong = await server.call('POST', LOGIN, {
      body: { account: 'admin', password: 'Wrong#pass1' },
      language: 'EN',
    });
    const unknown = await server.call('POST', LOGIN, {
      body: { account: 'nobody_1', password: 'Wrong#pass1' },
      language: 'EN',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Incorrect account or password');
    expect(unknown.body.msg).toBe(wrong.body.msg);
    const zh = await server.call('POST', LOGIN, { body: { account: 'admin', password: 'Wrong#pass1' } });
    expect(zh.body.msg).toBe('账号或密码错误');
  });

  it('records every attempt with ip, time and result for the login log', async () => {
    const rows = await server.db.selectFrom('login_attempt').selectAll().orderBy('id').execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => r.success && r.account.toLowerCase() === 'admin')).toBe(true);
    expect(rows.some((r) => !r.success && r.reason === 'unknown_account')).toBe(true);
    for (const row of rows) {
      expect(row.ip).toBeTruthy();
      expect(row.created_at).toBeInstanceOf(Date);
    }
  });

  it('slows down guessing but never refuses the right password, even from the attacked IP address', async () => {
    const user = await buildUser(server.db, { account: 'lock_me1' });
    for (let i = 0; i < 8; i++) {
      const r = await server.call('POST', LOGIN, { body: { account: user.account, password: 'Nope#1234' } });
      expect(r.status).toBe(400);
    }
    const started = Date.now();
    const right = await server.call('POST', LOGIN, {
      body: { account: user.account, password: user.password },
    });
    expect(right.status, right.body.msg).toBe(200);
    // Four failures past the allowance of 5: 10 ms doubled three times (the test server's base delay).
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
  });

  it('lets a password spray from one IP address slow that address down without locking others out', async () => {
    for (let i = 0; i < 22; i++) {
      await server.call('POST', LOGIN, { body: { account: `spray_${i}x`, password: 'Nope#1234' } });
    }
    const user = await buildUser(server.db);
    const r = await server.call('POST', LOGIN, { body: { account: user.account, password: user.password } });
    expect(r.status).toBe(200);
    await server.db.deleteFrom('login_attempt').execute();
  });

  it('gives a browser a device token whose logins are judged by its own failures only', async () => {
    const slow = await startTestServer({
      LOGIN_DELAY_BASE_MS: '5000',
      LOGIN_DELAY_MAX_MS: '5000',
      LOGIN_MAX_WAITING_PER_ACCOUNT: '1',
    });
    try {
      const user = await buildUser(slow.db, { account: 'owner_01' });
      const first = await slow.call('POST', LOGIN, {
        body: { account: user.account, password: user.password },
      });
      const deviceToken = first.body.data.deviceToken as string;
      expect(deviceToken).toMatch(/^[\w-]{20,}$/);
      for (let i = 0; i < 5; i++) {
        await slow.call('POST', LOGIN, { body: { account: user.account, password: 'Nope#1234' } });
      }
      // An attacker's guess now waits 5 s and holds the account's only waiting place…
      const attacker = slow.call('POST', LOGIN, { body: { account: user.account, password: 'Nope#5678' } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const crowd = await slow.call('POST', LOGIN, {
        body: { account: user.account, password: user.password },
        language: 'EN',
      });
      expect(crowd.status).toBe(429);
      // …while the owner's browser, presenting its device token, logs in at once with the right password.
      const owner = await slow.call('POST', LOGIN, {
        body: { account: user.account, password: user.password, deviceToken },
      });
      expect(owner.status, owner.body.msg).toBe(200);
      expect(owner.body.data.deviceToken).toBe(deviceToken);
      // A device token of another account is no pass.
      const other = await buildUser(slow.db);
      const stolen = await slow.call('POST', LOGIN, {
        body: { account: other.account, password: 'Nope#1234', deviceToken },
      });
      expect(stolen.status).toBe(400);
      expect((await attacker).status).toBe(400);
      const devices = await slow.db.selectFrom('login_device').select('token_hash').execute();
      expect(devices.every((d) => d.token_hash.length === 32)).toBe(true);
    } finally {
      await slow.stop();
    }
  });

  it('judges a device by its own failures: ten wrong passwords through it and it is slowed like any other', async () => {
    const user = await buildUser(server.db, { account: 'dev_fail1' });
    const first = await server.call('POST', LOGIN, {
      body: { account: user.account, password: user.password },
    });
    const deviceToken = first.body.data.deviceToken as string;
    for (let i = 0; i < 10; i++) {
      await server.call('POST', LOGIN, {
        body: { account: user.account, password: 'Nope#1234', deviceToken },
      });
    }
    const rows = await server.db
      .selectFrom('login_attempt')
      .select('device_id')
      .where('account', '=', user.account)
      .where('reason', '=', 'bad_password')
      .execute();
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.device_id !== null)).toBe(true);
    const started = Date.now();
    const right = await server.call('POST', LOGIN, {
      body: { account: user.account, password: user.password, deviceToken },
    });
    expect(right.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('upgrades a password hash of the old, cheaper scrypt cost at the next login', async () => {
    const user = await buildUser(server.db, { account: 'old_hash1' });
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const old = [
      'scrypt',
      16384,
      8,
      1,
      salt.toString('base64'),
      scryptSync(user.password, salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64'),
    ].join('$');
    await server.db.updateTable('app_user').set({ password_hash: old }).where('id', '=', user.id).execute();
    expect(
      (await server.call('POST', LOGIN, { body: { account: user.account, password: user.password } })).status,
    ).toBe(200);
    const row = await server.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('scrypt$32768$8$3$')).toBe(true);
  });

  it('refuses a disabled account', async () => {
    const user = await buildUser(server.db, { isEnabled: false });
    const r = await server.call('POST', LOGIN, {
      body: { account: user.account, password: user.password },
      language: 'EN',
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('This account is disabled');
  });
});

describe('tokens', () => {
  it('stores only a hash of the token', async () => {
    const token = await server.login('admin', TEST_ADMIN_PASSWORD);
    const rows = await server.db.selectFrom('auth_token').select('token_hash').execute();
    for (const row of rows) expect(row.token_hash.toString('base64url')).not.toBe(token);
    expect(rows.every((r) => r.token_hash.length === 32)).toBe(true);
  });

  it('answers 401 with the expiry message for an expired token', async () => {
    const token = await server.login('admin', TEST_ADMIN_PASSWORD);
    await sql`UPDATE auth_token SET expires_at = now() - interval '1 minute'`.execute(server.db);
    const r = await server.call('GET', '/api/web/message/has_not_read', { token, language: 'EN' });
    expect(r.status).toBe(401);
    expect(r.body.data.errorCode).toBe('TOKEN_EXPIRED');
    expect(r.body.msg).toBe('Your session has expired, please log in again');
  });

  it('logout revokes the calling token only', async () => {
    const a = await server.login('admin', TEST_ADMIN_PASSWORD);
    const b = await server.login('admin', TEST_ADMIN_PASSWORD);
    expect((await server.call('POST', '/api/security/sys/user/logout', { token: a })).status).toBe(200);
    expect((await server.call('GET', '/api/web/message/has_not_read', { token: a })).status).toBe(401);
    expect((await server.call('GET', '/api/web/message/has_not_read', { token: b })).status).toBe(200);
  });
});

describe('POST /api/security/sys/user/change_password', () => {
  it('rejects a password that breaks the SPEC §5 rule with a field error', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const r = await server.call('POST', CHANGE, {
      token,
      language: 'EN',
      body: { oldPassword: user.password, newPassword: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.fields).toEqual([
      {
        field: 'newPassword',
        message:
          'The password must be 8–20 characters mixing upper and lower case letters, digits and special characters',
      },
    ]);
  });

  it('rejects a new password equal to the old one and a wrong confirmation', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const same = await server.call('POST', CHANGE, {
      token,
      body: { oldPassword: user.password, newPassword: user.password, confirmPassword: user.password },
    });
    expect(same.status).toBe(400);
    expect(same.body.data.fields[0]).toEqual({ field: 'newPassword', message: '新密码不能与原密码相同' });
    const mismatch = await server.call('POST', CHANGE, {
      token,
      body: { oldPassword: user.password, newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass8' },
    });
    expect(mismatch.body.data.fields[0]).toEqual({
      field: 'confirmPassword',
      message: '两次输入的密码不一致',
    });
  });

  it('rejects a wrong old password and changes nothing', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const r = await server.call('POST', CHANGE, {
      token,
      body: { oldPassword: 'Wrong#old1', newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass9' },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.errorCode).toBe('OLD_PASSWORD_WRONG');
    expect(await server.login(user.account, user.password)).toBeTruthy();
  });

  it('changes the password and revokes every token of the user', async () => {
    const user = await buildUser(server.db);
    const first = await server.login(user.account, user.password);
    const second = await server.login(user.account, user.password);
    const r = await server.call('POST', CHANGE, {
      token: first,
      body: { oldPassword: user.password, newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass9' },
    });
    expect(r.status).toBe(200);
    for (const token of [first, second]) {
      expect((await server.call('GET', '/api/web/message/has_not_read', { token })).status).toBe(401);
    }
    const old = await server.call('POST', LOGIN, {
      body: { account: user.account, password: user.password },
    });
    expect(old.status).toBe(400);
    expect(await server.login(user.account, 'Fresh#Pass9')).toBeTruthy();
  });

  it('revokes the user’s personal access tokens too: scripts need new ones', async () => {
    const user = await buildUser(server.db);
    const session = await server.login(user.account, user.password);
    const made = await server.call('POST', '/api/security/sys/user/access_token/create', {
      token: session,
      body: { name: 'nightly export', expiresInDays: 30, scopes: ['read'] },
    });
    expect(made.status).toBe(200);
    const viaToken = () =>
      server.app.inject({
        method: 'GET',
        url: '/api/security/sys/user/profile',
        headers: { authorization: `Bearer ${made.body.data.secret}` },
      });
    expect((await viaToken()).statusCode).toBe(200);
    const r = await server.call('POST', CHANGE, {
      token: session,
      body: { oldPassword: user.password, newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass9' },
    });
    expect(r.status).toBe(200);
    expect((await viaToken()).statusCode).toBe(401);
    const row = await server.db
      .selectFrom('access_token')
      .select(['revoked_at', 'revoked_by'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ revoked_at: expect.any(Date), revoked_by: user.id });
  });
});
