import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

let server: TTestServer;
let token: string;
let station: { id: number; stationCode: string };

beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  station = await buildStation(server.db);
});
afterAll(async () => {
  await server.stop();
});

const call = (method: 'GET' | 'POST', url: string, body?: unknown, language: 'ZH' | 'EN' = 'EN') =>
  server.call(method, url, { token, body, language });

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: '站点规则',
  folder: '/data',
  stationMode: 'fixed',
  stationId: station.id,
  fileTypeSuffixes: ['.CSV', 'dat'],
  conditions: [{ component: 'fileName', operator: 'prefix', value: station.stationCode }],
  ...overrides,
});

describe('file-match rules (SPEC §5)', () => {
  let firstId: number;

  it('lists the match components and file type suffixes', async () => {
    const components = await call('GET', '/api/web/rule/match/component', undefined, 'ZH');
    expect(components.body.data.components.map((c: { value: string }) => c.value)).toEqual([
      'fileName',
      'subject',
      'sender',
      'folder',
    ]);
    expect(components.body.data.operators[0]).toEqual({ value: 'prefix', name: '以…开头' });
    const suffixes = await call('GET', '/api/web/rule/file_match/fileTypeSuffix');
    expect(suffixes.body.data).toContainEqual({ value: 'rld', name: '.rld', isParsed: false });
  });

  it('saves a rule, normalising its suffixes', async () => {
    const r = await call('POST', '/api/web/rule/file_match/save_or_update', rule());
    expect(r.status, r.body.msg).toBe(200);
    firstId = r.body.data.id;
    const page = await call('POST', '/api/web/rule/file_match/page', {});
    expect(page.body.data.records[0]).toMatchObject({
      id: firstId,
      name: '站点规则',
      fileTypeSuffixes: ['csv', 'dat'],
      stationCode: station.stationCode,
    });
  });

  it('refuses a duplicate name', async () => {
    const r = await call('POST', '/api/web/rule/file_match/save_or_update', rule({ folder: '/other' }), 'ZH');
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('规则名称“站点规则”已存在');
  });

  it('refuses whitespace in the name or folder', async () => {
    const r = await call(
      'POST',
      '/api/web/rule/file_match/save_or_update',
      rule({ name: '站点 规则' }),
      'ZH',
    );
    expect(r.status).toBe(400);
    expect(r.body.data.fields).toContainEqual({ field: 'name', message: '不能包含空字符' });
    const folder = await call(
      'POST',
      '/api/web/rule/file_match/save_or_update',
      rule({ name: 'x', folder: '/a b' }),
    );
    expect(folder.body.data.fields).toContainEqual({
      field: 'folder',
      message: 'Must not contain empty characters (whitespace)',
    });
  });

  it('refuses a rule whose folder and inbox are both empty', async () => {
    const r = await call(
      'POST',
      '/api/web/rule/file_match/save_or_update',
      rule({ name: 'empty', folder: '', inbox: '' }),
      'ZH',
    );
    expect(r.status).toBe(400);
    expect(r.body.data.fields).toContainEqual({ field: 'folder', message: '文件夹和收件箱不能同时为空' });
  });

  it('keeps at least one rule', async () => {
    const second = await call(
      'POST',
      '/api/web/rule/file_match/save_or_update',
      rule({ name: '邮件规则', folder: '', inbox: 'INBOX' }),
    );
    expect(second.status, second.body.msg).toBe(200);
    expect((await call('GET', `/api/web/rule/file_match/delete?id=${second.body.data.id}`)).status).toBe(200);
    const last = await call('GET', `/api/web/rule/file_match/delete?id=${firstId}`, undefined, 'ZH');
    expect(last.status).toBe(409);
    expect(last.body.msg).toBe('至少保留一条规则，不能删除最后一条文件匹配规则');
  });

  it('offers the rules that can reach a site', async () => {
    const r = await call('POST', '/api/web/rule/file_match/options', { stationId: station.id });
    expect(r.body.data.map((o: { id: number }) => o.id)).toEqual([firstId]);
  });
});

describe('data sources', () => {
  it('requires a password on create, keeps it when left blank, and never returns it', async () => {
    const form = {
      name: 'FTP一号',
      fetchType: 'ftp',
      protocol: 'ftp',
      host: 'ftp.example.com',
      username: 'u',
    };
    const missing = await call('POST', '/api/web/data_source/save_or_update', form, 'ZH');
    expect(missing.body.data.fields).toContainEqual({ field: 'password', message: '请输入密码或授权码' });
    const created = await call('POST', '/api/web/data_source/save_or_update', { ...form, password: 'p@ss' });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const before = await server.db
      .selectFrom('data_source')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Another port with a blank password is refused: the stored secret belongs to the old endpoint.
    const moved = await call('POST', '/api/web/data_source/save_or_update', {
      ...form,
      id,
      port: 2121,
      password: '',
    });
    expect(moved.status).toBe(400);
    await call('POST', '/api/web/data_source/save_or_update', {
      ...form,
      id,
      scheduleCron: '0 * * * *',
      password: '',
    });
    const after = await server.db
      .selectFrom('data_source')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.secret).toEqual(before.secret);
    expect(after.schedule_cron).toBe('0 * * * *');
    const detail = await call('GET', `/api/web/data_source/detail?id=${id}`);
    expect(detail.body.data).toMatchObject({ hasPassword: true, port: 21, folder: '' });
    expect(JSON.stringify(detail.body.data)).not.toContain('p@ss');
    const dup = await call('POST', '/api/web/data_source/save_or_update', { ...form, password: 'x' }, 'ZH');
    expect(dup.body.msg).toBe('数据源名称“FTP一号”已存在');
    const list = await call('GET', '/api/web/data_source/list?dataFetchType=email');
    expect(list.body.data).toEqual([]);
  });

  it('refuses an invalid cron, a protocol that does not fit and an e-mail source without an address', async () => {
    const base = {
      name: '邮箱',
      fetchType: 'email',
      protocol: 'imaps',
      host: 'imap.example.com',
      username: 'a@b.cn',
      password: 'x',
    };
    const cron = await call('POST', '/api/web/data_source/save_or_update', {
      ...base,
      scheduleCron: 'every day',
    });
    expect(cron.body.data.fields).toContainEqual({
      field: 'scheduleCron',
      message: 'Invalid cron expression',
    });
    const protocol = await call('POST', '/api/web/data_source/save_or_update', { ...base, protocol: 'ftp' });
    expect(protocol.body.data.fields[0].field).toBe('protocol');
    const address = await call('POST', '/api/web/data_source/save_or_update', { ...base, username: 'user' });
    expect(address.body.data.fields[0].field).toBe('username');
  });

  it('refuses deleting a source that rules use', async () => {
    const created = await call('POST', '/api/web/data_source/save_or_update', {
      name: '被使用的源',
      fetchType: 'ftp',
      protocol: 'ftp',
      host: 'ftp.example.com',
      username: 'u',
      password: 'p',
    });
    const id = created.body.data.id;
    await call(
      'POST',
      '/api/web/rule/file_match/save_or_update',
      rule({ name: '用源的规则', dataSourceId: id }),
    );
    const r = await call('GET', `/api/web/data_source/delete?id=${id}`);
    expect(r.status).toBe(409);
    expect(r.body.data.errorCode).toBe('DATA_SOURCE_IN_USE');
  });

  it('refuses a manual pull of a site no rule can reach', async () => {
    const lonely = await buildStation(server.db);
    await server.db.deleteFrom('file_match_rule').where('station_mode', '=', 'fromName').execute();
    const r = await call('POST', '/api/web/station/manual_pull', { stationId: lonely.id });
    expect(r.status).toBe(422);
    expect(r.body.data.errorCode).toBe('STATION_NO_DATA_SOURCE');
  });
});
