import { renderText, type TText } from '@masthub/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondProcess } from '../second-process.ts';
import { saveTestSender, startTestSmtpServer, type TTestSmtpServer } from '../smtp.ts';
import { buildUser, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

/**
 * The lock of a second factor after wrong codes (issue 39 §4): counted in the database, so guesses spread
 * over two API processes on one database share one count; the user is told by message and e-mail; a
 * recovery code still logs in; an administrator unlocks.
 */
const LOGIN = '/api/security/sys/user/login';
const LOGIN_CODE = '/api/security/sys/user/login/second_factor';
const UNLOCK = '/api/security/sys/user/unlock_second_factor';
// Both processes open the keys sealed by the other: one installation key, as the README asks.
const KEY = 'issue-39-lock-test-key-0123456789abcdef';
const QUICK = { LOGIN_DELAY_BASE_MS: '10', LOGIN_DELAY_MAX_MS: '100' };

let server: TTestServer;
let second: Awaited<ReturnType<typeof startSecondProcess>>;
let smtp: TTestSmtpServer;
let adminToken: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ PASSWORD_RECORD_KEY: KEY, MAIL_RETRY_DELAY_SECONDS: '1' });
  second = await startSecondProcess(server.databaseUrl, { PASSWORD_RECORD_KEY: KEY, ...QUICK });
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await second?.stop();
  await server?.stop();
  await smtp?.close();
});

type TReply = { status: number; body: { code: number; msg: string; data: any } };

/** A call to the second process over HTTP. */
async function callSecond(url: string, body: unknown, language: 'ZH' | 'EN' = 'ZH'): Promise<TReply> {
  const r = await fetch(`http://127.0.0.1:${second.port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as TReply['body'] };
}

/** A call to this process (in-process). */
function callFirst(url: string, body: unknown, language: 'ZH' | 'EN' = 'ZH'): Promise<TReply> {
  return server.call('POST', url, { body, language });
}

function codeOf(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

function wrongCodeOf(secret: string): string {
  const near = new Set([-1, 0, 1, 2].map((k) => codeOf(secret, k)));
  for (let n = 0; ; n++) {
    const candidate = String(234567 + n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

/** A user with two-factor login on: their key and recovery codes. */
async function userWithSecondFactor() {
  const user = await buildUser(server.db);
  const token = await server.login(user.account, user.password);
  const setup = await server.call('POST', '/api/security/sys/user/second_factor/setup', { token });
  const secret = setup.body.data.secret as string;
  const enabled = await server.call('POST', '/api/security/sys/user/second_factor/enable', {
    token,
    body: { code: codeOf(secret) },
  });
  expect(enabled.status).toBe(200);
  return { ...user, secret, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
}

/** The password step through `call`: the challenge of the code step. */
async function challengeOf(
  call: typeof callFirst,
  user: { account: string; password: string },
): Promise<string> {
  const r = await call(LOGIN, { account: user.account, password: user.password });
  expect(r.body.data.secondFactor, JSON.stringify(r.body)).toBe('verify');
  return r.body.data.challenge as string;
}

/** `count` wrong codes through `call` (a new challenge every five, as the login asks); the last answer. */
async function wrongCodes(
  call: typeof callFirst,
  user: { account: string; password: string; secret: string },
  count: number,
): Promise<TReply> {
  let last: TReply | undefined;
  let challenge = '';
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) challenge = await challengeOf(call, user);
    last = await call(LOGIN_CODE, { challenge, code: wrongCodeOf(user.secret) }, 'EN');
    if (i < count - 1) expect(last.status, last.body.msg).toBe(400);
  }
  return last!;
}

async function lockRow(userId: number) {
  return server.db
    .selectFrom('user_second_factor')
    .select(['failures', 'locked_until'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function lockMessages(userId: number) {
  const rows = await server.db
    .selectFrom('message')
    .select(['message_text', 'description_text', 'message_type'])
    .where('user_id', '=', userId)
    .execute();
  return rows.filter((r) => (r.message_text as TText | null)?.key === 'message.secondFactorLocked');
}

describe('wrong second-factor codes across two API processes', () => {
  it('share one count in the database: ten wrong codes split over both lock the codes in both, told once', async () => {
    const user = await userWithSecondFactor();
    await wrongCodes(callFirst, user, 5);
    const fifth = await wrongCodes(callSecond, user, 5);
    expect(fifth.status).toBe(423);
    expect(fifth.body.data.errorCode).toBe('SECOND_FACTOR_LOCKED');
    expect(fifth.body.msg).toBe(
      'Too many wrong codes: two-factor login is locked for 30 minutes; log in with a recovery code, or ask an administrator to unlock it',
    );
    const row = await lockRow(user.id);
    expect(row.failures).toBe(10);
    expect(row.locked_until!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(row.locked_until!.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    // Even the right code is refused now, by either process, in the caller's language.
    const viaFirst = await callFirst(LOGIN_CODE, {
      challenge: await challengeOf(callFirst, user),
      code: codeOf(user.secret, 1),
    });
    expect(viaFirst.status).toBe(423);
    expect(viaFirst.body.msg).toBe(
      '验证码错误次数过多，两步验证已锁定 30 分钟；可使用恢复码登录，或请管理员解锁',
    );
    const viaSecond = await callSecond(LOGIN_CODE, {
      challenge: await challengeOf(callSecond, user),
      code: codeOf(user.secret, 1),
    });
    expect(viaSecond.status).toBe(423);
    expect(viaSecond.body.data.errorCode).toBe('SECOND_FACTOR_LOCKED');
    // Refused unread: the count stays, and the login log says why.
    expect((await lockRow(user.id)).failures).toBe(10);
    const refused = await server.db
      .selectFrom('login_attempt')
      .select(['reason', 'success'])
      .where('user_id', '=', user.id)
      .where('reason', '=', 'second_factor_locked')
      .execute();
    expect(refused).toEqual([
      { reason: 'second_factor_locked', success: false },
      { reason: 'second_factor_locked', success: false },
    ]);
    // One process locked it, so the user is told once; without an address no e-mail is written.
    expect(await lockMessages(user.id)).toHaveLength(1);
    const mails = await server.db
      .selectFrom('mail_send_log')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(mails).toEqual([]);
  });
});

describe('the lock after wrong codes', () => {
  it('tells the user by message and by e-mail in both languages; a recovery code still logs in and ends it', async () => {
    await saveTestSender(server, adminToken, '安全提醒发件箱', smtp.port);
    const user = await userWithSecondFactor();
    await server.db
      .updateTable('app_user')
      .set({ email: 'locked.user@masthub.example.com' })
      .where('id', '=', user.id)
      .execute();
    const before = smtp.received.length;
    const tenth = await wrongCodes(callFirst, user, 10);
    expect(tenth.status).toBe(423);

    const [message] = await lockMessages(user.id);
    expect(message?.message_type).toBe('warning');
    expect(renderText(message!.message_text as TText, 'en')).toBe('Two-factor login locked for 30 minutes');
    expect(renderText(message!.message_text as TText, 'zh')).toBe('两步验证已锁定 30 分钟');
    expect(renderText(message!.description_text as TText, 'en')).toContain('10 wrong codes in a row');
    expect(renderText(message!.description_text as TText, 'zh')).toContain('连续 10 次输错了验证码');

    const mail = (await smtp.waitFor(before + 1, 30_000))[before]!;
    expect(mail.rcpt).toEqual(['locked.user@masthub.example.com']);
    expect(mail.parsed.subject).toBe('【MastHub】两步验证已锁定 / [MastHub] Two-factor login locked');
    expect(mail.parsed.text).toContain(`账号“${user.account}”`);
    expect(mail.parsed.text).toContain('连续 10 次输错两步验证码，因此验证码登录已锁定 30 分钟');
    expect(mail.parsed.text).toContain(`the account “${user.account}” and then 10 wrong two-factor codes`);
    expect(mail.parsed.text).toContain('locked for 30 minutes');
    const logged = await server.db
      .selectFrom('mail_send_log')
      .select(['kind', 'status'])
      .where('user_id', '=', user.id)
      .execute();
    expect(logged).toEqual([{ kind: 'security', status: 'sent' }]);

    // A recovery code (80 random bits, not guessable) still opens the locked factor and clears the count.
    const viaRecovery = await callFirst(LOGIN_CODE, {
      challenge: await challengeOf(callFirst, user),
      code: user.recoveryCodes[0],
    });
    expect(viaRecovery.status).toBe(200);
    expect(await lockRow(user.id)).toEqual({ failures: 0, locked_until: null });
    const viaCode = await callFirst(LOGIN_CODE, {
      challenge: await challengeOf(callFirst, user),
      code: codeOf(user.secret, 1),
    });
    expect(viaCode.status).toBe(200);
  });

  it('locks twice as long after each further ten wrong codes', async () => {
    const user = await userWithSecondFactor();
    await server.db
      .updateTable('user_second_factor')
      .set({ failures: 10, locked_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const twentieth = await wrongCodes(callFirst, user, 10);
    expect(twentieth.status).toBe(423);
    expect(twentieth.body.msg).toContain('locked for 60 minutes');
    const row = await lockRow(user.id);
    expect(row.failures).toBe(20);
    expect(row.locked_until!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  it('is lifted by an administrator, logged with their account; never on their own account', async () => {
    const user = await userWithSecondFactor();
    const lockedUntil = new Date(Date.now() + 30 * 60_000);
    await server.db
      .updateTable('user_second_factor')
      .set({ failures: 10, locked_until: lockedUntil })
      .where('user_id', '=', user.id)
      .execute();
    const page = await server.call('POST', '/api/security/sys/user/page', {
      token: adminToken,
      body: { account: user.account },
    });
    expect(page.body.data.records[0].secondFactorLockedUntil).toBe(lockedUntil.toISOString());

    const plain = await buildUser(server.db);
    const plainToken = await server.login(plain.account, plain.password);
    expect((await server.call('POST', UNLOCK, { token: plainToken, body: { id: user.id } })).status).toBe(
      403,
    );
    const adminId = (
      await server.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const self = await server.call('POST', UNLOCK, {
      token: adminToken,
      body: { id: adminId },
      language: 'EN',
    });
    expect(self.status).toBe(409);
    expect(self.body.data.errorCode).toBe('CANNOT_RESET_SELF');

    const r = await server.call('POST', UNLOCK, { token: adminToken, body: { id: user.id } });
    expect(r.status).toBe(200);
    expect(await lockRow(user.id)).toEqual({ failures: 0, locked_until: null });
    const again = await server.call('POST', UNLOCK, {
      token: adminToken,
      body: { id: user.id },
      language: 'EN',
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This user’s two-factor login is not locked');
    const log = await server.call('POST', '/api/security/sys/login_log/page', {
      token: adminToken,
      body: { account: user.account },
    });
    const entry = log.body.data.records.find(
      (e: { reason: string }) => e.reason === 'second_factor_unlocked',
    );
    expect(entry).toMatchObject({ operatorAccount: user.account, actorAccount: 'admin', result: 'success' });
    const ok = await callFirst(LOGIN_CODE, {
      challenge: await challengeOf(callFirst, user),
      code: codeOf(user.secret, 1),
    });
    expect(ok.status).toBe(200);
  });
});
