import { ERROR_CODES, ERROR_MESSAGES, ERROR_STATUS } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(async () => {
  await server.stop();
});

const LOGIN = '/api/security/sys/user/login';

async function raw(options: {
  method: 'GET' | 'POST';
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}) {
  const r = await server.app.inject(options);
  return {
    status: r.statusCode,
    body: r.json() as {
      code: number;
      msg: string;
      data: { errorCode: string; fields: { field: string; message: string }[] };
    },
  };
}

describe('the error catalogue (SPEC §8)', () => {
  it('gives every error code a status and a message in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_MESSAGES[code].zh.trim()).not.toBe('');
      expect(ERROR_MESSAGES[code].en.trim()).not.toBe('');
    }
  });

  it.each([
    ['ZH', '请求内容不是有效的 JSON'],
    ['EN', 'The request body is not valid JSON'],
  ])('answers 400 BAD_JSON to malformed JSON in %s', async (language, msg) => {
    const r = await raw({
      method: 'POST',
      url: LOGIN,
      payload: '{"account": ',
      headers: { 'content-type': 'application/json', language },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, msg, data: { errorCode: 'BAD_JSON' } });
  });

  it.each([
    ['ZH', '此项为必填项'],
    ['EN', 'This field is required'],
  ])('lists each missing field in %s', async (language, message) => {
    const r = await raw({
      method: 'POST',
      url: '/api/web/message/page',
      payload: '{}',
      headers: { 'content-type': 'application/json', language },
    });
    // No token: authentication comes before the body is read.
    expect(r.status).toBe(401);
    const token = await server.login('admin', TEST_ADMIN_PASSWORD);
    const missing = await raw({
      method: 'GET',
      url: '/api/web/message/ignore',
      headers: { token, language },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errorCode).toBe('VALIDATION_FAILED');
    expect(missing.body.data.fields).toEqual([{ field: 'id', message }]);
  });

  it.each([
    ['ZH', '格式不正确'],
    ['EN', 'Invalid value'],
  ])('names each field of the wrong type in %s', async (language, message) => {
    const r = await raw({
      method: 'POST',
      url: LOGIN,
      payload: JSON.stringify({ account: 12, password: ['x'] }),
      headers: { 'content-type': 'application/json', language },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.fields.map((f) => f.field).sort()).toEqual(['account', 'password']);
    expect(r.body.data.fields.every((f) => f.message === message)).toBe(true);
  });

  it.each([
    ['ZH', '请先登录'],
    ['EN', 'Please log in first'],
  ])('answers 401 to an unknown token in %s', async (language, msg) => {
    const r = await raw({
      method: 'GET',
      url: '/api/web/message/has_not_read',
      headers: { token: 'not-a-token', language },
    });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 401, msg, data: { errorCode: 'NOT_LOGGED_IN' } });
  });

  it.each([
    ['ZH', '接口不存在：GET /api/no/such/route'],
    ['EN', 'No such API: GET /api/no/such/route'],
  ])('answers 404 to an unknown API route in %s', async (language, msg) => {
    const r = await raw({ method: 'GET', url: '/api/no/such/route?x=1', headers: { language } });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, msg });
  });

  it.each([
    ['ZH', '请求内容过大'],
    ['EN', 'The request is too large'],
  ])('answers 413 to an oversized body in %s', async (language, msg) => {
    const r = await raw({
      method: 'POST',
      url: LOGIN,
      payload: JSON.stringify({ account: 'admin', password: 'x'.repeat(4096) }),
      headers: { 'content-type': 'application/json', language },
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 413, msg });
  });

  it('answers 415 to a body that is not JSON', async () => {
    const r = await raw({
      method: 'POST',
      url: LOGIN,
      payload: 'account=admin',
      headers: { 'content-type': 'text/csv', language: 'EN' },
    });
    expect(r.status).toBe(415);
    expect(r.body.msg).toBe('Unsupported content type');
  });

  it('echoes a request id on every reply, errors included', async () => {
    const r = await server.app.inject({ method: 'GET', url: '/api/nope' });
    expect(r.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });
});

describe('the NUL character', () => {
  it.each([
    ['ZH', '不能包含空字符（NUL，\\u0000）'],
    ['EN', 'Must not contain the NUL character (\\u0000)'],
  ])('is refused in the login with a localised 400 in %s, and no attempt is recorded', async (language, message) => {
    const before = await server.db.selectFrom('login_attempt').select('id').execute();
    const r = await raw({
      method: 'POST',
      url: LOGIN,
      payload: JSON.stringify({ account: 'adm\u0000in', password: 'x' }),
      headers: { 'content-type': 'application/json', language },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.errorCode).toBe('VALIDATION_FAILED');
    expect(r.body.data.fields).toEqual([{ field: 'account', message }]);
    expect(await server.db.selectFrom('login_attempt').select('id').execute()).toHaveLength(before.length);
  });

  it('is refused in nested strings, object keys and query strings of any call', async () => {
    const token = await server.login('admin', TEST_ADMIN_PASSWORD);
    const nested = await server.call('POST', '/api/web/station/page', {
      token,
      body: { keywords: 'a', tagIds: [], extra: { ['k\u0000']: 1 } },
      language: 'EN',
    });
    expect(nested.status).toBe(400);
    expect(nested.body.data.fields[0].field).toBe('extra.k\u0000');
    const query = await server.call('GET', '/api/web/sys/tag/list?keywords=%00', { token, language: 'EN' });
    expect(query.status).toBe(400);
    expect(query.body.data.fields).toEqual([
      { field: 'keywords', message: 'Must not contain the NUL character (\\u0000)' },
    ]);
  });
});
