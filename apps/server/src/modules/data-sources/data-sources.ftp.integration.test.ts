import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FtpSrv } from 'ftp-srv';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/dovecot.ts';
import {
  buildStation,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../../../test/test-server.ts';

/**
 * FTP fetching against a real FTP server on loopback (ftp-srv in-process, RECIPES.md §2): nested
 * folders with Chinese names, fetched once across pulls; wrong logins and dead addresses reported.
 */

/** ftp-srv logs through bunyan by default; the tests want silence. */
const silentLog = {
  child: () => silentLog,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

describe('FTP data sources against ftp-srv', () => {
  let root: string;
  let ftp: FtpSrv;
  let ftpPort: number;
  let server: TTestServer;
  let token: string;
  let station: { id: number; stationCode: string };
  let sourceId: number;

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, language: 'ZH' | 'EN' = 'EN') =>
    server.call(method, url, { token, body, language });

  function put(relative: string, content: Buffer | string): void {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }

  async function rawFiles() {
    return server.db
      .selectFrom('raw_file')
      .select(['file_name', 'station_id', 'source_ref'])
      .where('source', '=', 'ftp')
      .orderBy('id')
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer({ JOBS_ENABLED: 'false' });
    token = await server.login('admin', TEST_ADMIN_PASSWORD);
    station = await buildStation(server.db);
    root = mkdtempSync(path.join(os.tmpdir(), 'masthub-ftp-root-'));
    const csv = iconv.encode(
      '时间,80m风速\n2026-01-01 00:00,7.1\n2026-01-01 00:10,7.4\n2026-01-01 00:20,7.0\n',
      'gbk',
    );
    put(`测风数据/2026/01/${station.stationCode}_一月.csv`, csv);
    put(
      `测风数据/2026/02/${station.stationCode}_二月.csv`,
      iconv.encode('时间,80m风速\n2026-02-01 00:00,6.1\n2026-02-01 00:10,6.4\n', 'gbk'),
    );
    put('测风数据/说明.txt', '这是说明文件');
    put('其他/ignored.csv', 'a,b\n1,2\n');
    // Deeper than the walk goes (5 levels below the rule's folder).
    put(`测风数据/1/2/3/4/5/6/${station.stationCode}_太深.csv`, csv);
    ftpPort = await freePort();
    const pasvMin = 31000 + Math.floor(Math.random() * 2000);
    ftp = new FtpSrv({
      url: `ftp://127.0.0.1:${ftpPort}`,
      pasv_url: '127.0.0.1',
      pasv_min: pasvMin,
      pasv_max: pasvMin + 50,
      anonymous: false,
      log: silentLog as never,
    });
    ftp.on('login', ({ username, password }, resolve, reject) => {
      if (username === 'ftpuser' && password === 'secret') resolve({ root });
      else reject(new Error('bad login'));
    });
    await ftp.listen();
  }, 120_000);

  afterAll(async () => {
    await ftp?.close().catch(() => undefined);
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('saves an FTP source and browses its Chinese folders', async () => {
    const saved = await call('POST', '/api/web/data_source/save_or_update', {
      name: '测风FTP',
      fetchType: 'ftp',
      protocol: 'ftp',
      host: '127.0.0.1',
      port: ftpPort,
      username: 'ftpuser',
      password: 'secret',
      folder: '/测风数据',
      scheduleCron: '*/10 * * * *',
    });
    expect(saved.status, saved.body.msg).toBe(200);
    sourceId = saved.body.data.id;
    const dirs = await call('GET', `/api/web/data_source/ftp_dirs?id=${sourceId}&keywords=20`);
    expect(dirs.status, dirs.body.msg).toBe(200);
    expect(dirs.body.data).toEqual([{ path: '/测风数据/2026', name: '2026' }]);
    const all = await call(
      'GET',
      `/api/web/data_source/ftp_dirs?id=${sourceId}&path=${encodeURIComponent('/测风数据')}`,
    );
    expect(all.body.data.map((d: { path: string }) => d.path)).toEqual(['/测风数据/1', '/测风数据/2026']);
    const top = await call('GET', `/api/web/data_source/ftp_dirs?id=${sourceId}&path=/`);
    expect(top.body.data.map((d: { name: string }) => d.name).sort()).toEqual(['其他', '测风数据'].sort());
    const rule = await call('POST', '/api/web/rule/file_match/save_or_update', {
      name: 'FTP站点编号',
      dataSourceId: sourceId,
      folder: '/测风数据/2026',
      fileTypeSuffixes: ['csv', 'TXT'],
      stationMode: 'fromName',
      stationCodeRegex: '^(\\d{6})_',
    });
    expect(rule.status, rule.body.msg).toBe(200);
  });

  it('fetches the nested files with their Chinese names; files no rule matches are kept unmatched', async () => {
    const r = await call('POST', '/api/web/data_source/pull', { id: sourceId });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'success', error: '' });
    // /其他 is outside the source's folder; the file 6 levels down is beyond the walk.
    expect(r.body.data.summary).toMatchObject({ items: 3, files: 3, unmatched: 1, errors: 0 });
    const files = await rawFiles();
    // A folder's own files first, then its sub-folders.
    expect(files.map((f) => [f.file_name, f.station_id])).toEqual([
      ['说明.txt', null],
      [`${station.stationCode}_一月.csv`, station.id],
      [`${station.stationCode}_二月.csv`, station.id],
    ]);
    expect(files[1]!.source_ref).toContain(`/测风数据/2026/01/${station.stationCode}_一月.csv`);
  });

  it('fetches nothing the second time: every file is stored once', async () => {
    const r = await call('POST', '/api/web/data_source/pull', { id: sourceId });
    expect(r.body.data.summary).toMatchObject({ items: 0, files: 0 });
    expect(await rawFiles()).toHaveLength(3);
  });

  it('fetches a file again when it grew on the server', async () => {
    // LIST gives minute-resolution times, so a change is seen by its size (or a later minute).
    put(
      `测风数据/2026/02/${station.stationCode}_二月.csv`,
      iconv.encode('时间,80m风速\n2026-02-01 00:00,6.1\n2026-02-01 00:10,6.4\n2026-02-01 00:20,6.0\n', 'gbk'),
    );
    const r = await call('POST', '/api/web/station/manual_pull', { stationId: station.id });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data.runs[0]).toMatchObject({ dataSourceId: sourceId, status: 'success' });
    expect(r.body.data.runs[0].summary).toMatchObject({ items: 1, files: 1 });
    expect(await rawFiles()).toHaveLength(4);
  });

  it('reports a wrong password and a dead address clearly, storing nothing', async () => {
    const form = {
      name: 'FTP密码错误',
      fetchType: 'ftp',
      protocol: 'ftp',
      host: '127.0.0.1',
      port: ftpPort,
      username: 'ftpuser',
      password: 'wrong',
    };
    const wrong = await call('POST', '/api/web/data_source/test_connection', form, 'ZH');
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.errorCode).toBe('DATA_SOURCE_AUTH_FAILED');
    expect(wrong.body.msg).toBe('登录 127.0.0.1 失败：用户名、密码或授权码错误');
    const dead = await call('POST', '/api/web/data_source/test_connection', {
      ...form,
      port: await freePort(),
    });
    expect(dead.status).toBe(422);
    expect(dead.body.data.errorCode).toBe('DATA_SOURCE_UNREACHABLE');
    const saved = await call('POST', '/api/web/data_source/save_or_update', form);
    const pull = await call('POST', '/api/web/data_source/pull', { id: saved.body.data.id });
    expect(pull.body.data).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Login to 127.0.0.1 failed'),
    });
    expect(await rawFiles()).toHaveLength(4);
  });

  it('reports a folder that does not exist', async () => {
    const r = await call('POST', '/api/web/data_source/test_connection', {
      id: sourceId,
      name: '测风FTP',
      fetchType: 'ftp',
      protocol: 'ftp',
      host: '127.0.0.1',
      port: ftpPort,
      username: 'ftpuser',
      folder: '/没有这个目录',
    });
    expect(r.status).toBe(422);
    expect(r.body.data.errorCode).toBe('DATA_SOURCE_FOLDER_NOT_FOUND');
  });

  it('never sends the stored password to another server: a changed port, account or security needs it again', async () => {
    // A second real FTP server that records every password it is offered.
    const offered: string[] = [];
    const trapPort = await freePort();
    const trap = new FtpSrv({
      url: `ftp://127.0.0.1:${trapPort}`,
      anonymous: false,
      log: silentLog as never,
    });
    trap.on('login', ({ password }, _resolve, reject) => {
      offered.push(password);
      reject(new Error('no'));
    });
    await trap.listen();
    try {
      const stored = {
        id: sourceId,
        name: '测风FTP',
        fetchType: 'ftp',
        protocol: 'ftp',
        host: '127.0.0.1',
        username: 'ftpuser',
        folder: '/测风数据',
      };
      for (const form of [
        { ...stored, port: trapPort },
        { ...stored, port: ftpPort, username: 'other' },
        // The same server over TLS: the password was stored for a plain connection.
        { ...stored, port: ftpPort, isSsl: true },
      ]) {
        const test = await call('POST', '/api/web/data_source/test_connection', form, 'EN');
        expect(test.status).toBe(400);
        expect(test.body.data.fields).toContainEqual({
          field: 'password',
          message:
            'The server, port, protocol, encryption or account has changed: please enter the password or authorisation code again',
        });
        const zh = await call('POST', '/api/web/data_source/save_or_update', form, 'ZH');
        expect(zh.status).toBe(400);
        expect(zh.body.data.fields).toContainEqual({
          field: 'password',
          message: '服务器、端口、协议、加密方式或账号已更改，请重新输入密码或授权码',
        });
      }
      expect(offered).toEqual([]);
      const row = await server.db
        .selectFrom('data_source')
        .select(['port', 'username'])
        .where('id', '=', sourceId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ port: ftpPort, username: 'ftpuser' });
      // The same server and account still reuses the stored password.
      const same = await call('POST', '/api/web/data_source/test_connection', { ...stored, port: ftpPort });
      expect(same.status, same.body.msg).toBe(200);
    } finally {
      await trap.close().catch(() => undefined);
    }
  });
});
