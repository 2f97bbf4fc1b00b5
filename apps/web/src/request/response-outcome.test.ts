import { ERROR_MESSAGES } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  decideOutcome,
  NETWORK_FAILURE_CODE,
  type OutcomeContext,
  readEnvelope,
} from './response-outcome.ts';

const zh: OutcomeContext = { language: 'zh', isOnLoginPage: false };
const en: OutcomeContext = { language: 'en', isOnLoginPage: false };

/** A reply with the server's envelope `{ code, msg, data }` as its body. */
const envelope = (status: number, code: number, msg: string, data: unknown = null) =>
  ({ type: 'response', status, body: { code, msg, data } }) as const;

describe('decideOutcome(raw, context)', () => {
  it('returns data for an envelope with code 200', () => {
    const outcome = decideOutcome(envelope(200, 200, 'ok', { a: 1 }), zh);
    expect(outcome).toEqual({ kind: 'success', data: { a: 1 } });
  });

  it('returns null data as success too', () => {
    const outcome = decideOutcome(envelope(200, 200, ''), zh);
    expect(outcome).toEqual({ kind: 'success', data: null });
  });

  it('treats envelope code 401 as unauthorized with the server msg and a redirect', () => {
    const outcome = decideOutcome(envelope(200, 401, '登录已过期，请重新登录'), zh);
    expect(outcome).toEqual({
      kind: 'unauthorized',
      code: 401,
      message: '登录已过期，请重新登录',
      redirectToLogin: true,
    });
  });

  it('treats HTTP 401 without a body as unauthorized with the please-log-in text', () => {
    const outcome = decideOutcome({ type: 'response', status: 401, body: undefined }, en);
    expect(outcome).toMatchObject({ kind: 'unauthorized', message: ERROR_MESSAGES.NOT_LOGGED_IN.en });
  });

  it('only shows the 401 message when already on /login', () => {
    const outcome = decideOutcome(envelope(401, 401, 'Please log in first'), {
      language: 'en',
      isOnLoginPage: true,
    });
    expect(outcome).toMatchObject({ kind: 'unauthorized', redirectToLogin: false });
  });

  it('maps timeouts and network errors to the retry-later text', () => {
    for (const type of ['timeout', 'network'] as const) {
      expect(decideOutcome({ type }, zh)).toMatchObject({
        kind: 'failure',
        code: NETWORK_FAILURE_CODE,
        message: '请求超时，请稍后重试',
      });
    }
    expect(decideOutcome({ type: 'timeout' }, en)).toMatchObject({
      message: 'Request timed out, please retry later',
    });
  });

  it('maps HTTP 500 to the server-error text whatever the body says', () => {
    const outcome = decideOutcome(envelope(500, 500, 'TypeError: x is undefined'), en);
    expect(outcome).toMatchObject({
      kind: 'failure',
      code: 500,
      message: 'Server error, please contact the administrator',
      serverMessage: 'TypeError: x is undefined',
    });
  });

  it('maps HTTP 404 to "404"', () => {
    const outcome = decideOutcome({ type: 'response', status: 404, body: '<html>' }, zh);
    expect(outcome).toMatchObject({ kind: 'failure', code: 404, message: '404' });
  });

  it('shows the server msg for other HTTP errors and keeps the field errors', () => {
    const outcome = decideOutcome(
      {
        type: 'response',
        status: 400,
        body: {
          code: 400,
          msg: '账号或密码错误',
          data: { fields: [{ field: 'password', message: '请输入密码' }, { bad: true }] },
        },
      },
      zh,
    );
    expect(outcome).toEqual({
      kind: 'failure',
      code: 400,
      message: '账号或密码错误',
      serverMessage: '账号或密码错误',
      fields: [{ field: 'password', message: '请输入密码' }],
    });
  });

  it('falls back to the status when another HTTP error has no msg', () => {
    expect(decideOutcome({ type: 'response', status: 502, body: 'Bad gateway' }, zh)).toMatchObject({
      kind: 'failure',
      code: 502,
      message: '502',
    });
  });

  it('shows the msg of a non-200 envelope code on HTTP 200', () => {
    expect(decideOutcome(envelope(200, 409, '版本正在处理中'), zh)).toMatchObject({
      kind: 'failure',
      code: 409,
      message: '版本正在处理中',
    });
  });

  it('reports a 2xx body without an envelope as a server error', () => {
    expect(decideOutcome({ type: 'response', status: 200, body: '<!doctype html>' }, en)).toMatchObject({
      kind: 'failure',
      message: ERROR_MESSAGES.INTERNAL.en,
    });
  });
});

describe('readEnvelope(body)', () => {
  it('accepts only objects with a numeric code', () => {
    expect(readEnvelope({ code: 200, msg: 'ok', data: 1 })).toEqual({ code: 200, msg: 'ok', data: 1 });
    expect(readEnvelope({ code: '200' })).toBeUndefined();
    expect(readEnvelope([])).toBeUndefined();
    expect(readEnvelope(null)).toBeUndefined();
  });

  it('treats a blank msg as missing', () => {
    expect(readEnvelope({ code: 400, msg: '  ' })?.msg).toBeUndefined();
  });
});

describe('decideOutcome error codes', () => {
  it('passes the server errorCode on with a refusal', () => {
    const outcome = decideOutcome(
      {
        type: 'response',
        status: 409,
        body: { code: 409, msg: '请先移交站点', data: { errorCode: 'USER_OWNS_STATIONS', fields: [] } },
      },
      { language: 'zh', isOnLoginPage: false },
    );
    expect(outcome).toMatchObject({ kind: 'failure', code: 409, errorCode: 'USER_OWNS_STATIONS' });
  });

  it('has no errorCode when the server sent none', () => {
    const outcome = decideOutcome(envelope(200, 400, 'x'), { language: 'en', isOnLoginPage: false });
    expect(outcome).not.toHaveProperty('errorCode');
  });
});
