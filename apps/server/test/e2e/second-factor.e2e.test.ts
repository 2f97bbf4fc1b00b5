import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginAttemptRepository } from '../../src/modules/identity/login-attempts.repository.ts';
import { buildUser, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

/** Two-factor login (issue 26): TOTP keys, recovery codes, role requirement, remembered browsers, reset. */
let server: TTestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server.stop();
});

const LOGIN = '/api/security/sys/user/login';
const LOGIN_CODE = '/api/security/sys/user/login/second_factor';
const STATUS = '/api/security/sys/user/second_factor';
const SETUP = '/api/security/sys/user/second_factor/setup';
const ENABLE = '/api/security/sys/user/second_factor/enable';
const DISABLE = '/api/security/sys/user/second_factor/disable';
const RESET = '/api/security/sys/user/reset_second_factor';
const LOGIN_SETUP = '/api/security/sys/user/login/second_factor/setup';
const LOGIN_ENABLE = '/api/security/sys/user/login/second_factor/enable';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** A code of `secret` other than `code` and the codes around it: wrong whatever the clock says. */
function wrongCodeOf(secret: string): string {
  const near = new Set([-1, 0, 1, 2].map((k) => codeOf(secret, k)));
  for (let n = 0; ; n++) {
    const candidate = String(123456 + n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

async function login(account: string, password: string, deviceToken?: string) {
  return server.call('POST', LOGIN, {
    body: { account, password, ...(deviceToken ? { deviceToken } : {}) },
    language: 'EN',
  });
}

/** A user who turned two-factor login on in the personal centre: their key and recovery codes. */
async function userWithSecondFactor(options: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server.db, options);
  const token = await server.login(user.account, user.password);
  const setup = await server.call('POST', SETUP, { token });
  expect(setup.status).toBe(200);
  const enabled = await server.call('POST', ENABLE, {
    token,
    body: { code: codeOf(setup.body.data.secret) },
  });
  expect(enabled.status).toBe(200);
  return {
    ...user,
    secret: setup.body.data.secret as string,
    recoveryCodes: enabled.body.data.recoveryCodes as string[],
  };
}

describe('turning two-factor login on in the personal centre', () => {
  it('hands out a key to scan, enables it with its first code and shows ten recovery codes once', async () => {
    const user = await buildUser(server.db);
    const token = await server.login(user.account, user.password);
    const before = await server.call('GET', STATUS, { token });
    expect(before.body.data).toMatchObject({ isEnabled: false, isRequired: false, recoveryCodesLeft: 0 });
    const setup = await server.call('POST', SETUP, { token });
    expect(setup.status).toBe(200);
    const { secret, uri, qrCode } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(new RegExp(`^otpauth://totp/MastHub:${user.account}\\?.*secret=${secret}`));
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await server.call('POST', ENABLE, {
      token,
      body: { code: wrongCodeOf(secret) },
      language: 'EN',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The code or recovery code is not right');
    const zh = await server.call('POST', ENABLE, { token, body: { code: wrongCodeOf(secret) } });
    expect(zh.body.msg).toBe('验证码或恢复码不正确');
    const notDigits = await server.call('POST', ENABLE, { token, body: { code: 'abc' }, language: 'EN' });
    expect(notDigits.status).toBe(400);
    expect(notDigits.body.data.fields[0].message).toBe('Enter the 6 digits of your authenticator app');
    expect((await server.call('GET', STATUS, { token })).body.data.isEnabled).toBe(false);

    const enabled = await server.call('POST', ENABLE, { token, body: { code: codeOf(secret) } });
    expect(enabled.status).toBe(200);
    const codes: string[] = enabled.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const after = await server.call('GET', STATUS, { token });
    expect(after.body.data).toMatchObject({ isEnabled: true, recoveryCodesLeft: 10 });
    // A second set-up while one is on is refused; the key stays.
    const again = await server.call('POST', SETUP, { token, language: 'EN' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Two-factor login is already on');
  });

  it('keeps the key sealed and the recovery codes hashed in the database', async () => {
    const user = await userWithSecondFactor();
    const row = await server.db
      .selectFrom('user_second_factor')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const raw = Buffer.from(Secret.fromBase32(user.secret).buffer);
    expect(row.secret.includes(raw)).toBe(false);
    expect(row.secret.toString('latin1')).not.toContain(user.secret);
    const stored = await server.db
      .selectFrom('user_recovery_code')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    const text = stored.map((r) => r.code_hash.toString('latin1')).join('');
    for (const code of user.recoveryCodes) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(code.replaceAll('-', ''));
    }
  });

  it('turns it off only with a current or recovery code', async () => {
    const user = await userWithSecondFactor();
    const first = await login(user.account, user.password);
    expect(first.body.data.token).toBeUndefined(); // the password alone opens no session any more
    const session = await server.call('POST', LOGIN_CODE, {
      body: { challenge: first.body.data.challenge, code: user.recoveryCodes[0] },
    });
    const t = session.body.data.token;
    const wrong = await server.call('POST', DISABLE, {
      token: t,
      body: { code: wrongCodeOf(user.secret) },
      language: 'EN',
    });
    expect(wrong.status).toBe(400);
    expect((await server.call('GET', STATUS, { token: t })).body.data.isEnabled).toBe(true);
    const off = await server.call('POST', DISABLE, { token: t, body: { code: user.recoveryCodes[1] } });
    expect(off.status).toBe(200);
    expect((await server.call('GET', STATUS, { token: t })).body.data.isEnabled).toBe(false);
    expect((await login(user.account, user.password)).body.data.token).toMatch(/^[\w-]{43}$/);
  });
});

describe('logging in with a second factor', () => {
  it('asks for the code after the right password, then opens the session with it', async () => {
    const user = await userWithSecondFactor();
    const first = await login(user.account, user.password);
    expect(first.status).toBe(200);
    expect(first.body.data.token).toBeUndefined();
    expect(first.body.data).toMatchObject({ secondFactor: 'verify' });
    expect(first.body.data.challenge).toMatch(/^[\w-]{43}$/);
    // A wrong password still reads as before: nothing tells whether the account has a second factor.
    const wrongPassword = await login(user.account, 'Wrong#pass1');
    expect(wrongPassword.body.msg).toBe('Incorrect account or password');

    const r = await server.call('POST', LOGIN_CODE, {
      body: { challenge: first.body.data.challenge, code: codeOf(user.secret, 1) },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(r.body.data.account).toBe(user.account);
    const me = await server.call('GET', '/api/security/sys/user/profile', { token: r.body.data.token });
    expect(me.status).toBe(200);
    // The challenge opened one session: it is spent.
    const reused = await server.call('POST', LOGIN_CODE, {
      body: { challenge: first.body.data.challenge, code: codeOf(user.secret, 1) },
      language: 'EN',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('This login step has expired; enter your account and password again');
  });

  it('refuses a code replayed within its window, in English and Chinese', async () => {
    const user = await userWithSecondFactor();
    const code = codeOf(user.secret, 1);
    const first = await login(user.account, user.password);
    const ok = await server.call('POST', LOGIN_CODE, {
      body: { challenge: first.body.data.challenge, code },
    });
    expect(ok.status).toBe(200);
    const second = await login(user.account, user.password);
    const replay = await server.call('POST', LOGIN_CODE, {
      body: { challenge: second.body.data.challenge, code },
      language: 'EN',
    });
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe(
      'This code has already been used; wait for the next code in your authenticator app',
    );
    const zh = await server.call('POST', LOGIN_CODE, {
      body: { challenge: second.body.data.challenge, code },
    });
    expect(zh.body.msg).toBe('该验证码已使用过，请等待验证器显示下一个验证码');
  });

  it('accepts a recovery code once (any case, without dashes), never twice', async () => {
    const user = await userWithSecondFactor();
    const code = user.recoveryCodes[3]!;
    const first = await login(user.account, user.password);
    const ok = await server.call('POST', LOGIN_CODE, {
      body: { challenge: first.body.data.challenge, code: code.replaceAll('-', '').toLowerCase() },
    });
    expect(ok.status).toBe(200);
    const status = await server.call('GET', STATUS, { token: ok.body.data.token });
    expect(status.body.data.recoveryCodesLeft).toBe(9);
    const second = await login(user.account, user.password);
    const again = await server.call('POST', LOGIN_CODE, {
      body: { challenge: second.body.data.challenge, code },
      language: 'EN',
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('The code or recovery code is not right');
  });

  it('counts wrong codes toward the login limits and ends the challenge after five', async () => {
    const user = await userWithSecondFactor();
    const first = await login(user.account, user.password);
    const challenge = first.body.data.challenge;
    for (let i = 0; i < 5; i++) {
      const r = await server.call('POST', LOGIN_CODE, {
        body: { challenge, code: wrongCodeOf(user.secret) },
      });
      expect(r.status).toBe(400);
    }
    const attempts = new LoginAttemptRepository(server.db);
    expect(await attempts.countRecentFailuresForAccount(user.account, 15)).toBe(5);
    const rows = await server.db
      .selectFrom('login_attempt')
      .select(['reason', 'success'])
      .where('user_id', '=', user.id)
      .where('reason', '=', 'bad_second_factor')
      .execute();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => !r.success)).toBe(true);
    // Even the right code does not open this challenge any more: the password must be entered again.
    const right = await server.call('POST', LOGIN_CODE, {
      body: { challenge, code: codeOf(user.secret, 1) },
      language: 'EN',
    });
    expect(right.status).toBe(400);
    expect(right.body.data.errorCode).toBe('SECOND_FACTOR_CHALLENGE_INVALID');
  });

  it('skips the code in a browser whose user ticked “remember this device”, and only there', async () => {
    const user = await userWithSecondFactor();
    const first = await login(user.account, user.password);
    const r = await server.call('POST', LOGIN_CODE, {
      body: { challenge: first.body.data.challenge, code: codeOf(user.secret, 1), rememberDevice: true },
    });
    expect(r.status).toBe(200);
    const deviceToken: string = r.body.data.deviceToken;
    expect(deviceToken).toMatch(/^[\w-]{43}$/);
    const remembered = await login(user.account, user.password, deviceToken);
    expect(remembered.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(remembered.body.data.secondFactor).toBeUndefined();
    // Another browser, or the remembered one with a wrong password, gets no session.
    expect((await login(user.account, user.password)).body.data.secondFactor).toBe('verify');
    expect((await login(user.account, 'Wrong#pass1', deviceToken)).status).toBe(400);
    // A browser that logged in without ticking it is asked every time.
    const plain = await login(user.account, user.password);
    const viaCode = await server.call('POST', LOGIN_CODE, {
      body: { challenge: plain.body.data.challenge, code: user.recoveryCodes[0] },
    });
    const otherDevice: string = viaCode.body.data.deviceToken;
    expect((await login(user.account, user.password, otherDevice)).body.data.secondFactor).toBe('verify');
  });
});

describe('a role requiring a second factor', () => {
  it('leads a holder without one to set it up at the next login, before any session exists', async () => {
    const user = await buildUser(server.db);
    const role = await server.db
      .selectFrom('role')
      .select(['name', 'description'])
      .where('id', '=', user.roleId)
      .executeTakeFirstOrThrow();
    const saved = await server.call('POST', '/api/security/sys/role/save_or_update', {
      token: adminToken,
      body: { id: user.roleId, name: role.name, description: role.description, requiresSecondFactor: true },
    });
    expect(saved.status).toBe(200);
    const detail = await server.call('GET', `/api/security/sys/role/detail?id=${user.roleId}`, {
      token: adminToken,
    });
    expect(detail.body.data.requiresSecondFactor).toBe(true);

    const first = await login(user.account, user.password);
    expect(first.body.data).toMatchObject({ secondFactor: 'setup' });
    expect(first.body.data.token).toBeUndefined();
    const challenge = first.body.data.challenge;
    // A code step does not complete a setup challenge.
    const asCode = await server.call('POST', LOGIN_CODE, { body: { challenge, code: '123456' } });
    expect(asCode.body.data.errorCode).toBe('SECOND_FACTOR_CHALLENGE_INVALID');
    // The administrator hands over the enrolment code the set-up asks for (issue 39).
    const enrolmentCode = (await server.call('POST', RESET, { token: adminToken, body: { id: user.id } }))
      .body.data.enrolmentCode as string;
    const setup = await server.call('POST', LOGIN_SETUP, { body: { challenge, enrolmentCode } });
    expect(setup.status).toBe(200);
    const secret: string = setup.body.data.secret;
    const enabled = await server.call('POST', LOGIN_ENABLE, {
      body: { challenge, code: codeOf(secret), enrolmentCode },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(enabled.body.data.recoveryCodes).toHaveLength(10);
    const token = enabled.body.data.token;
    expect((await server.call('GET', STATUS, { token })).body.data).toMatchObject({
      isEnabled: true,
      isRequired: true,
    });
    const off = await server.call('POST', DISABLE, {
      token,
      body: { code: enabled.body.data.recoveryCodes[0] },
      language: 'EN',
    });
    expect(off.status).toBe(409);
    expect(off.body.msg).toBe('Your role requires two-factor login; it cannot be turned off');
    // From now on the login asks for the code.
    expect((await login(user.account, user.password)).body.data.secondFactor).toBe('verify');
  });

  it('leaves a role’s requirement as it is when a role form does not mention it', async () => {
    const user = await buildUser(server.db);
    await server.db
      .updateTable('role')
      .set({ requires_second_factor: true })
      .where('id', '=', user.roleId)
      .execute();
    const role = await server.db
      .selectFrom('role')
      .select(['name'])
      .where('id', '=', user.roleId)
      .executeTakeFirstOrThrow();
    await server.call('POST', '/api/security/sys/role/save_or_update', {
      token: adminToken,
      body: { id: user.roleId, name: role.name, description: 'renamed' },
    });
    const row = await server.db
      .selectFrom('role')
      .select('requires_second_factor')
      .where('id', '=', user.roleId)
      .executeTakeFirstOrThrow();
    expect(row.requires_second_factor).toBe(true);
  });
});

describe('POST /api/security/sys/user/reset_second_factor', () => {
  it('removes the key, recovery codes and remembered browsers, and writes it to the login log', async () => {
    const user = await userWithSecondFactor();
    const first = await login(user.account, user.password);
    const r = await server.call('POST', LOGIN_CODE, {
      body: { challenge: first.body.data.challenge, code: codeOf(user.secret, 1), rememberDevice: true },
    });
    const deviceToken = r.body.data.deviceToken;
    const reset = await server.call('POST', RESET, { token: adminToken, body: { id: user.id } });
    expect(reset.status).toBe(200);
    // The role requires none: no enrolment code to hand over.
    expect(reset.body.data).toEqual({ wasEnabled: true, enrolmentCode: null });
    expect(
      await server.db.selectFrom('user_recovery_code').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    const device = await server.db
      .selectFrom('login_device')
      .select('second_factor_until')
      .where('user_id', '=', user.id)
      .execute();
    expect(device.every((d) => d.second_factor_until === null)).toBe(true);
    // The password alone logs in again (the role requires nothing).
    const plain = await login(user.account, user.password, deviceToken);
    expect(plain.body.data.token).toMatch(/^[\w-]{43}$/);

    const log = await server.call('POST', '/api/security/sys/login_log/page', {
      token: adminToken,
      body: { account: user.account },
    });
    const entry = log.body.data.records.find((e: { reason: string }) => e.reason === 'second_factor_reset');
    expect(entry).toMatchObject({ operatorAccount: user.account, actorAccount: 'admin', result: 'success' });
  });

  it('is refused for a user the caller may not manage, and changes nothing', async () => {
    const strong = await userWithSecondFactor({ features: ['system.user', 'system.role', 'data.process'] });
    const caller = await buildUser(server.db, { features: ['system.user'] });
    const callerToken = await server.login(caller.account, caller.password);
    const r = await server.call('POST', RESET, {
      token: callerToken,
      body: { id: strong.id },
      language: 'EN',
    });
    expect(r.status).toBe(403);
    expect(r.body.data.errorCode).toBe('TARGET_EXCEEDS_OWN');
    const row = await server.db
      .selectFrom('user_second_factor')
      .select('enabled_at')
      .where('user_id', '=', strong.id)
      .executeTakeFirst();
    expect(row?.enabled_at).toBeInstanceOf(Date);
    expect((await login(strong.account, strong.password)).body.data.secondFactor).toBe('verify');
  });

  it('is refused without user administration', async () => {
    const user = await userWithSecondFactor();
    const plain = await buildUser(server.db);
    const token = await server.login(plain.account, plain.password);
    const r = await server.call('POST', RESET, { token, body: { id: user.id } });
    expect(r.status).toBe(403);
    expect((await login(user.account, user.password)).body.data.secondFactor).toBe('verify');
  });
});

/** A user whose role requires a second factor (none set up yet). */
async function userOfRequiringRole() {
  const user = await buildUser(server.db);
  await server.db
    .updateTable('role')
    .set({ requires_second_factor: true })
    .where('id', '=', user.roleId)
    .execute();
  return user;
}

describe('the enrolment code of a forced set-up (issue 39)', () => {
  it('shows no key to the password alone: the set-up asks for the administrator’s enrolment code, in both languages', async () => {
    const user = await userOfRequiringRole();
    const first = await login(user.account, user.password);
    expect(first.body.data.secondFactor).toBe('setup');
    const challenge = first.body.data.challenge;
    const without = await server.call('POST', LOGIN_SETUP, { body: { challenge }, language: 'EN' });
    expect(without.status).toBe(400);
    expect(without.body.data.fields).toContainEqual({
      field: 'enrolmentCode',
      message: 'Please enter the enrolment code from your administrator',
    });
    const guessed = await server.call('POST', LOGIN_SETUP, {
      body: { challenge, enrolmentCode: 'ABCD-EFGH-JKLM-NPQR' },
      language: 'EN',
    });
    expect(guessed.status).toBe(400);
    expect(guessed.body.msg).toBe(
      'The enrolment code is not right or has expired; ask an administrator for a new one',
    );
    const zh = await server.call('POST', LOGIN_SETUP, {
      body: { challenge, enrolmentCode: 'ABCD-EFGH-JKLM-NPQR' },
    });
    expect(zh.body.msg).toBe('开通码不正确或已过期，请向管理员索取新的开通码');
    // Nor can the first code of a key scanned elsewhere enable one without it.
    const enable = await server.call('POST', LOGIN_ENABLE, {
      body: { challenge, code: '123456', enrolmentCode: 'ABCD-EFGH-JKLM-NPQR' },
    });
    expect(enable.body.data.errorCode).toBe('SECOND_FACTOR_ENROLMENT_CODE_WRONG');
    expect(
      await server.db
        .selectFrom('user_second_factor')
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
    const rows = await server.db
      .selectFrom('login_attempt')
      .select('reason')
      .where('user_id', '=', user.id)
      .where('reason', '=', 'bad_second_factor')
      .execute();
    expect(rows).toHaveLength(3);
  });

  it('after an administrator’s reset only the code shown once to them lets the user enrol, once', async () => {
    const user = await userWithSecondFactor();
    await server.db
      .updateTable('role')
      .set({ requires_second_factor: true })
      .where('id', '=', user.roleId)
      .execute();
    const session = await server.call('POST', LOGIN_CODE, {
      body: {
        challenge: (await login(user.account, user.password)).body.data.challenge,
        code: codeOf(user.secret, 1),
      },
    });
    const sessionToken: string = session.body.data.token;
    const reset = await server.call('POST', RESET, { token: adminToken, body: { id: user.id } });
    expect(reset.status).toBe(200);
    const enrolmentCode: string = reset.body.data.enrolmentCode;
    expect(reset.body.data.wasEnabled).toBe(true);
    expect(enrolmentCode).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    // Only its hash is kept, and the user's sessions ended: none can set up a key in the personal centre.
    const stored = await server.db
      .selectFrom('second_factor_enrolment')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash.toString('latin1')).not.toContain(enrolmentCode.replaceAll('-', ''));
    expect(stored.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await server.call('POST', SETUP, { token: sessionToken })).status).toBe(401);

    const first = await login(user.account, user.password);
    expect(first.body.data.secondFactor).toBe('setup');
    const challenge = first.body.data.challenge;
    const setup = await server.call('POST', LOGIN_SETUP, {
      body: { challenge, enrolmentCode: enrolmentCode.toLowerCase().replaceAll('-', ' ') },
    });
    expect(setup.status).toBe(200);
    const secret: string = setup.body.data.secret;
    const enabled = await server.call('POST', LOGIN_ENABLE, {
      body: { challenge, code: codeOf(secret), enrolmentCode },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.recoveryCodes).toHaveLength(10);
    // Spent: it is gone, and a later forced set-up needs a new one.
    expect(
      await server.db
        .selectFrom('second_factor_enrolment')
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
    const again = await server.call('POST', RESET, { token: adminToken, body: { id: user.id } });
    const next = await login(user.account, user.password);
    const old = await server.call('POST', LOGIN_SETUP, {
      body: { challenge: next.body.data.challenge, enrolmentCode },
    });
    expect(old.body.data.errorCode).toBe('SECOND_FACTOR_ENROLMENT_CODE_WRONG');
    expect(again.body.data.enrolmentCode).not.toBe(enrolmentCode);
  });

  it('refuses an enrolment code past its seven days', async () => {
    const user = await userOfRequiringRole();
    const enrolmentCode = (await server.call('POST', RESET, { token: adminToken, body: { id: user.id } }))
      .body.data.enrolmentCode as string;
    await server.db
      .updateTable('second_factor_enrolment')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const first = await login(user.account, user.password);
    const r = await server.call('POST', LOGIN_SETUP, {
      body: { challenge: first.body.data.challenge, enrolmentCode },
    });
    expect(r.body.data.errorCode).toBe('SECOND_FACTOR_ENROLMENT_CODE_WRONG');
  });
});
