import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotUnavailableReason, freePort, startDovecot, type TDovecot } from '../../../test/dovecot.ts';
import { startTestSmtpServer } from '../../../test/smtp.ts';
import {
  buildStation,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../../../test/test-server.ts';

/**
 * E-mail fetching against a real IMAP server on loopback (Debian dovecot-imapd, RECIPES.md §1):
 * GBK CSV attachments with Chinese names (RFC 2047 and RFC 2231), fetched once across pulls.
 */
const unavailable = dovecotUnavailableReason();
if (unavailable) console.warn(`[data-sources IMAP] skipped: ${unavailable}`);

const gbk = (text: string) => iconv.encode(text, 'gbk');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function csvOf(stationCode: string): Buffer {
  return gbk(
    `站点编号,${stationCode}\n时间,10m风速平均值,10m风向\n2026-01-01 00:00,5.1,180\n2026-01-01 00:10,5.3,182\n2026-01-01 00:20,5.6,185\n`,
  );
}

let messageSequence = 0;

/** A raw RFC 5322 message with one attachment whose name is encoded the given way. */
function messageWith(options: {
  subject: string;
  attachment?: { name: string; content: Buffer; nameEncoding: 'rfc2047' | 'rfc2231' };
}): Buffer {
  messageSequence += 1;
  const boundary = `----=_masthub_${messageSequence}`;
  const subject = `=?UTF-8?B?${Buffer.from(options.subject, 'utf8').toString('base64')}?=`;
  const head = [
    'From: Logger <logger@site.example>',
    'To: ingest@test.local',
    `Subject: ${subject}`,
    `Message-ID: <msg-${messageSequence}-${Date.now()}@site.example>`,
    'Date: Thu, 01 Jan 2026 00:30:00 +0800',
    'MIME-Version: 1.0',
  ];
  if (!options.attachment) {
    return Buffer.from(
      [...head, 'Content-Type: text/plain; charset=utf-8', '', '今天没有数据。', ''].join('\r\n'),
      'utf8',
    );
  }
  const { name, content, nameEncoding } = options.attachment;
  const nameBytes = gbk(name);
  const disposition =
    nameEncoding === 'rfc2047'
      ? `attachment; filename="=?GBK?B?${nameBytes.toString('base64')}?="`
      : `attachment; filename*=GBK''${[...nameBytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')}`;
  const base64 = content.toString('base64').replace(/.{1,76}/g, '$&\r\n');
  return Buffer.from(
    [
      ...head,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      '数据见附件',
      `--${boundary}`,
      'Content-Type: text/csv',
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: ${disposition}`,
      '',
      base64,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
    'utf8',
  );
}

describe.skipIf(unavailable !== undefined)('e-mail data sources against dovecot', () => {
  let dovecot: TDovecot;
  let server: TTestServer;
  let token: string;
  let stationA: { id: number; stationCode: string };
  let stationB: { id: number; stationCode: string };
  let sourceId: number;

  /** The test mailbox as an IMAP source form names it (its password added where a test sends one). */
  function mailbox(name = '测风邮箱') {
    return {
      name,
      fetchType: 'email',
      protocol: 'imap',
      host: dovecot.host,
      port: dovecot.port,
      username: dovecot.user,
    };
  }

  async function append(raw: Buffer): Promise<void> {
    const client = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: dovecot.user, pass: dovecot.password },
      logger: false,
    });
    client.on('error', () => undefined);
    await client.connect();
    await client.append('INBOX', raw);
    await client.logout();
  }

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, language: 'ZH' | 'EN' = 'EN') =>
    server.call(method, url, { token, body, language });

  async function rawFiles() {
    return server.db
      .selectFrom('raw_file')
      .select(['id', 'file_name', 'station_id', 'source', 'source_ref', 'sha256'])
      .where('source', '=', 'email')
      .orderBy('id')
      .execute();
  }

  beforeAll(async () => {
    dovecot = await startDovecot();
    server = await startTestServer({ JOBS_ENABLED: 'false' });
    token = await server.login('admin', TEST_ADMIN_PASSWORD);
    stationA = await buildStation(server.db);
    stationB = await buildStation(server.db);
    await append(
      messageWith({
        subject: '测风数据 A',
        attachment: {
          name: `${stationA.stationCode}_测风数据_20260101.csv`,
          content: csvOf(stationA.stationCode),
          nameEncoding: 'rfc2047',
        },
      }),
    );
    await append(
      messageWith({
        subject: '测风数据 B',
        attachment: {
          name: `${stationB.stationCode}_风速记录.csv`,
          content: csvOf(stationB.stationCode),
          nameEncoding: 'rfc2231',
        },
      }),
    );
    await append(messageWith({ subject: '没有附件' }));
    await append(
      messageWith({
        subject: '未知站点',
        attachment: { name: '123456_未知站点.csv', content: csvOf('123456'), nameEncoding: 'rfc2047' },
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await dovecot?.stop();
  });

  it('tests the connection of an unsaved source', async () => {
    const r = await call('POST', '/api/web/data_source/test_connection', {
      ...mailbox(),
      password: dovecot.password,
      folder: 'INBOX',
    });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ isOk: true, folder: 'INBOX' });
  });

  it('saves the source with its password sealed and never returned', async () => {
    const r = await call('POST', '/api/web/data_source/save_or_update', {
      ...mailbox(),
      password: dovecot.password,
      folder: 'INBOX',
      intervalMinutes: 30,
    });
    expect(r.status, r.body.msg).toBe(200);
    sourceId = r.body.data.id;
    const row = await server.db
      .selectFrom('data_source')
      .selectAll()
      .where('id', '=', sourceId)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toBeNull();
    expect(row.secret!.includes(Buffer.from(dovecot.password))).toBe(false);
    const page = await call('POST', '/api/web/data_source/page', {});
    expect(JSON.stringify(page.body.data)).not.toContain(`"${dovecot.password}"`);
    expect(page.body.data.records[0]).toMatchObject({ id: sourceId, hasPassword: true, intervalMinutes: 30 });
    expect(page.body.data.records[0].nextRunTime).not.toBeNull();
    const rule = await call('POST', '/api/web/rule/file_match/save_or_update', {
      name: '邮件站点编号',
      dataSourceId: sourceId,
      inbox: 'INBOX',
      fileTypeSuffixes: ['csv'],
      stationMode: 'fromName',
      stationCodeStart: 1,
      stationCodeLength: 6,
    });
    expect(rule.status, rule.body.msg).toBe(200);
  });

  it('browses the mailboxes of a saved source', async () => {
    const r = await call('GET', `/api/web/data_source/ftp_dirs?id=${sourceId}`);
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data.map((d: { path: string }) => d.path)).toContain('INBOX');
  });

  it('fetches the GBK attachments with their Chinese names, matched to their sites', async () => {
    const r = await call('POST', '/api/web/data_source/pull', { id: sourceId });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'success', error: '' });
    // Three messages carry a file; the one without an attachment is passed over.
    expect(r.body.data.summary).toMatchObject({ items: 3, files: 3, unmatched: 1, errors: 0 });
    const files = await rawFiles();
    expect(files.map((f) => [f.file_name, f.station_id])).toEqual([
      [`${stationA.stationCode}_测风数据_20260101.csv`, stationA.id],
      [`${stationB.stationCode}_风速记录.csv`, stationB.id],
      ['123456_未知站点.csv', null],
    ]);
    // Byte for byte what was sent: GBK content, not re-encoded.
    expect(files[0]!.sha256).toBe(sha256(csvOf(stationA.stationCode)));
    const unmatched = await call('POST', '/api/web/data_source/fetched_files', { isMatched: false });
    expect(unmatched.body.data.records.map((f: { fileName: string }) => f.fileName)).toEqual([
      '123456_未知站点.csv',
    ]);
    expect(unmatched.body.data.records[0].reason).toBe('Rule “邮件站点编号”: no site has the code 123456');
  });

  it('fetches nothing the second time: every message is stored once', async () => {
    const r = await call('POST', '/api/web/data_source/pull', { id: sourceId });
    expect(r.body.data).toMatchObject({ status: 'success' });
    expect(r.body.data.summary).toMatchObject({ items: 0, files: 0 });
    expect(await rawFiles()).toHaveLength(3);
  });

  it('remembers fetched messages in the database, not only in the UID cursor (a restart)', async () => {
    await server.db
      .updateTable('data_source')
      .set({ imap_cursor: '{}' })
      .where('id', '=', sourceId)
      .execute();
    const r = await call('POST', '/api/web/data_source/pull', { id: sourceId });
    expect(r.body.data.summary).toMatchObject({ items: 0 });
    expect(await rawFiles()).toHaveLength(3);
  });

  it('fetches a message again that was claimed but never finished (a crash), storing nothing twice', async () => {
    await server.db
      .updateTable('fetched_item')
      .set({ status: 'pending' })
      .where('data_source_id', '=', sourceId)
      .where('subject', '=', '测风数据 A')
      .execute();
    const r = await call('POST', '/api/web/data_source/pull', { id: sourceId });
    expect(r.body.data.summary).toMatchObject({ items: 1, files: 1, duplicates: 1 });
    expect(await rawFiles()).toHaveLength(3);
    const pending = await server.db
      .selectFrom('fetched_item')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
  });

  it('picks up a message that arrives later, through a manual pull of its site', async () => {
    await append(
      messageWith({
        subject: '测风数据 A 第二天',
        attachment: {
          name: `${stationA.stationCode}_测风数据_20260102.csv`,
          content: gbk('时间,10m风速\n2026-01-02 00:00,6.1\n'),
          nameEncoding: 'rfc2231',
        },
      }),
    );
    const r = await call('POST', '/api/web/station/manual_pull', { stationId: stationA.id });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data.runs).toHaveLength(1);
    expect(r.body.data.runs[0]).toMatchObject({ dataSourceId: sourceId, status: 'success' });
    expect(r.body.data.stationFiles).toBe(1);
    expect(await rawFiles()).toHaveLength(4);
  });

  it('reports a wrong password clearly and stores nothing', async () => {
    const wrong = { ...mailbox('密码错误的邮箱'), password: 'wrong-password' };
    const test = await call('POST', '/api/web/data_source/test_connection', wrong);
    expect(test.status).toBe(422);
    expect(test.body.msg).toBe('Login to 127.0.0.1 failed: wrong user name, password or authorisation code');
    expect(test.body.data.errorCode).toBe('DATA_SOURCE_AUTH_FAILED');
    const zh = await call('POST', '/api/web/data_source/test_connection', wrong, 'ZH');
    expect(zh.body.msg).toBe('登录 127.0.0.1 失败：用户名、密码或授权码错误');
    const saved = await call('POST', '/api/web/data_source/save_or_update', wrong);
    const pull = await call('POST', '/api/web/data_source/pull', { id: saved.body.data.id });
    expect(pull.status).toBe(200);
    expect(pull.body.data).toMatchObject({ status: 'failed', error: test.body.msg });
    const page = await call('POST', '/api/web/data_source/page', { keywords: '密码错误' });
    expect(page.body.data.records[0]).toMatchObject({ lastRunStatus: 'failed', lastRunError: test.body.msg });
    expect(await rawFiles()).toHaveLength(4);
  });

  it('reports a server address that does not answer, or does not exist, as a server address error', async () => {
    const closedPort = await freePort();
    const base = {
      name: '地址错误',
      fetchType: 'email',
      protocol: 'imap',
      username: dovecot.user,
      password: 'x',
    };
    const refused = await call('POST', '/api/web/data_source/test_connection', {
      ...base,
      host: '127.0.0.1',
      port: closedPort,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.data.errorCode).toBe('DATA_SOURCE_UNREACHABLE');
    expect(refused.body.msg).toContain('Server address error');
    const unknown = await call(
      'POST',
      '/api/web/data_source/test_connection',
      { ...base, host: 'no-such-host.invalid', port: 143 },
      'ZH',
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.errorCode).toBe('DATA_SOURCE_ADDRESS_ERROR');
    expect(unknown.body.msg).toBe('服务器地址错误：找不到服务器“no-such-host.invalid”，请检查服务器地址');
  });

  it('reports a mailbox that does not exist', async () => {
    const r = await call('POST', '/api/web/data_source/test_connection', {
      id: sourceId,
      ...mailbox(),
      folder: '不存在的文件夹',
    });
    expect(r.status).toBe(422);
    expect(r.body.data.errorCode).toBe('DATA_SOURCE_FOLDER_NOT_FOUND');
  });

  it('never sends a stored password to another SMTP server: a sender the form moves needs its password typed', async () => {
    // Two real SMTP servers on loopback: the source's own, and one standing in for a stranger's that
    // records every login it is offered.
    const own = await startTestSmtpServer({ users: { [dovecot.user]: 'smtp-code' } });
    const stranger = await startTestSmtpServer({ users: {} });
    try {
      const stored = {
        id: sourceId,
        name: '测风邮箱',
        fetchType: 'email',
        protocol: 'imap',
        host: dovecot.host,
        port: dovecot.port,
        username: dovecot.user,
        folder: 'INBOX',
        intervalMinutes: 30,
        smtpSecurity: 'none',
      };
      const toStranger = { ...stored, smtpHost: '127.0.0.1', smtpPort: stranger.port };
      // No sender stored yet: the stored inbox password is the inbox server's, not the SMTP server's.
      const first = await call('POST', '/api/web/data_source/test_connection', toStranger);
      expect(first.status).toBe(400);
      expect(first.body.data.fields).toContainEqual({
        field: 'smtpPassword',
        message: 'Please enter the password or authorisation code of the sending (SMTP) server',
      });
      // A sender stored for its own server is reused there, and there only.
      const saved = await call('POST', '/api/web/data_source/save_or_update', {
        ...stored,
        smtpHost: '127.0.0.1',
        smtpPort: own.port,
        smtpPassword: 'smtp-code',
      });
      expect(saved.status, saved.body.msg).toBe(200);
      const same = await call('POST', '/api/web/data_source/test_connection', {
        ...stored,
        smtpHost: '127.0.0.1',
        smtpPort: own.port,
      });
      expect(same.status, same.body.msg).toBe(200);
      expect(own.authAttempts).toEqual([{ username: dovecot.user, password: 'smtp-code' }]);
      for (const [url, language, message] of [
        [
          '/api/web/data_source/test_connection',
          'EN',
          'The SMTP server, port, security or account has changed: please enter the SMTP password again',
        ],
        [
          '/api/web/data_source/save_or_update',
          'ZH',
          '发件服务器、端口、加密方式或账号已更改，请重新输入 SMTP 密码或授权码',
        ],
      ] as const) {
        const moved = await call('POST', url, toStranger, language);
        expect(moved.status, url).toBe(400);
        expect(moved.body.data.fields).toContainEqual({ field: 'smtpPassword', message });
      }
      expect(stranger.authAttempts).toEqual([]);
      const row = await server.db
        .selectFrom('data_source')
        .select(['smtp_host', 'smtp_port'])
        .where('id', '=', sourceId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ smtp_host: '127.0.0.1', smtp_port: own.port });
    } finally {
      await own.close();
      await stranger.close();
    }
  });
});
