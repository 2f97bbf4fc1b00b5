import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ATTACHMENT_MAX_BYTES } from '@masthub/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, type TFormPart } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let dataDir: string;
let port: number;
let uploaderToken: string;
let noFeatureToken: string;
let outsiderToken: string;
let station: { id: number; stationCode: string };
let hidden: { id: number; stationCode: string };

const UPLOAD = '/api/web/station/attachment/upload';
const LIST = '/api/web/station/attachment/list';
const DOWNLOAD = '/api/web/station/attachment/download';
const DELETE = '/api/web/station/attachment/delete';

const filesDir = () => path.join(dataDir, 'files');
const tmpDir = () => path.join(filesDir(), 'tmp');
const blobPath = (sha: string) => path.join(filesDir(), sha.slice(0, 2), sha.slice(2, 4), sha);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function pdf(size: number): Buffer {
  const body = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(body);
  return body;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-attach-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
  station = await buildStation(server.db);
  hidden = await buildStation(server.db);
  const uploader = await buildUser(server.db, {
    features: ['attachment.upload', 'attachment.download', 'attachment.delete'],
  });
  await grantRoleStations(server.db, uploader.roleId, [station.id]);
  uploaderToken = await server.login(uploader.account, uploader.password);
  const noFeature = await buildUser(server.db, { features: [] });
  await grantRoleStations(server.db, noFeature.roleId, [station.id]);
  noFeatureToken = await server.login(noFeature.account, noFeature.password);
  const outsider = await buildUser(server.db, {
    features: ['attachment.upload', 'attachment.download', 'attachment.delete'],
  });
  outsiderToken = await server.login(outsider.account, outsider.password);
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(
  parts: TFormPart[],
  options: { token?: string; query?: string; language?: 'ZH' | 'EN' } = {},
) {
  const { payload, contentType } = multipartBody(parts);
  const r = await server.app.inject({
    method: 'POST',
    url: `${UPLOAD}${options.query ?? ''}`,
    headers: {
      'content-type': contentType,
      token: options.token ?? uploaderToken,
      ...(options.language ? { language: options.language } : {}),
    },
    payload,
  });
  return { status: r.statusCode, body: r.json() };
}

async function attachmentCount(): Promise<number> {
  return (await server.db.selectFrom('station_attachment').select('id').execute()).length;
}

function tmpFiles(): string[] {
  return existsSync(tmpDir()) ? readdirSync(tmpDir()) : [];
}

/**
 * The staged parts once a refused upload has been cleaned up: the unlink runs as the refusal is sent,
 * which on a loaded two-core machine can take a few seconds.
 */
async function settledTmpFiles(): Promise<string[]> {
  for (let i = 0; i < 250 && tmpFiles().length > 0; i++) await new Promise((w) => setTimeout(w, 20));
  return tmpFiles();
}

/**
 * Streams a request over a real socket: `head`, then `fillBytes` bytes, then `tail`, stopping as soon
 * as the response arrives. Reports how much had been sent when it did.
 */
function streamRequest(options: {
  path: string;
  headers: Record<string, string>;
  head: Buffer;
  fillBytes: number;
  tail: Buffer;
  /** Never finish the body: for checks that must answer before the body is read. */
  isEndless?: boolean;
}): Promise<{ status: number; body: any; sentAtResponse: number; total: number }> {
  return new Promise((resolve, reject) => {
    const total = options.head.length + options.fillBytes + options.tail.length;
    let sent = 0;
    let hasResponse = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: options.path,
      headers: options.headers,
    });
    req.on('error', (error) => {
      if (!hasResponse) reject(error);
    });
    req.on('response', (res) => {
      hasResponse = true;
      const sentAtResponse = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          sentAtResponse,
          total,
        });
      });
    });
    const write = (chunk: Buffer) =>
      new Promise<void>((done) => {
        sent += chunk.length;
        if (req.write(chunk)) done();
        else req.once('drain', done);
      });
    void (async () => {
      await write(options.head);
      const block = Buffer.alloc(1024 * 1024);
      let left = options.fillBytes;
      while (left > 0 && !hasResponse && !req.destroyed) {
        const n = Math.min(left, block.length);
        await write(n === block.length ? block : block.subarray(0, n));
        left -= n;
        if (options.isEndless && left === 0) return;
      }
      if (!hasResponse && !req.destroyed && !options.isEndless) {
        await write(options.tail);
        req.end();
      }
    })();
  });
}

function multipartStreamParts(stationIdField: number | undefined, fileName: string, firstBytes: Buffer) {
  const boundary = `----masthubstream${randomBytes(6).toString('hex')}`;
  const field =
    stationIdField === undefined
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="stationId"\r\n\r\n${stationIdField}\r\n`;
  const head = Buffer.concat([
    Buffer.from(
      `${field}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    firstBytes,
  ]);
  return {
    head,
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('POST /api/web/station/attachment/upload', () => {
  it('stores a file, lists it, and downloads the same bytes with a UTF-8 file name', async () => {
    const content = pdf(300_000);
    const r = await upload([
      { name: 'stationId', value: String(station.id) },
      { name: 'file', fileName: '测风塔验收报告.pdf', content, contentType: 'application/pdf' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      stationId: station.id,
      fileName: '测风塔验收报告.pdf',
      extension: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: content.length,
      sha256: sha256(content),
    });
    expect(existsSync(blobPath(sha256(content)))).toBe(true);

    const list = await server.call('GET', `${LIST}?stationId=${station.id}`, { token: uploaderToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { id: number }) => a.id)).toContain(r.body.data.id);

    const download = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD}?id=${r.body.data.id}`,
      headers: { token: uploaderToken },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent('测风塔验收报告.pdf')}`,
    );
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('takes stationId from the query string as well', async () => {
    const content = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(5000)]);
    const r = await upload([{ name: 'file', fileName: 'Logger config.XLSX', content }], {
      query: `?stationId=${station.id}`,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.extension).toBe('xlsx');
    expect(r.body.data.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('stores equal content once and removes the blob only with its last attachment', async () => {
    const content = pdf(10_000);
    const first = await upload([
      { name: 'stationId', value: String(station.id) },
      { name: 'file', fileName: 'a.pdf', content },
    ]);
    const second = await upload([
      { name: 'stationId', value: String(station.id) },
      { name: 'file', fileName: 'copy of a.pdf', content },
    ]);
    expect(second.body.data.sha256).toBe(first.body.data.sha256);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    const blob = blobPath(sha256(content));
    expect(existsSync(blob)).toBe(true);

    expect(
      (await server.call('GET', `${DELETE}?id=${first.body.data.id}`, { token: uploaderToken })).status,
    ).toBe(200);
    expect(existsSync(blob)).toBe(true);
    const stillThere = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD}?id=${second.body.data.id}`,
      headers: { token: uploaderToken },
    });
    expect(stillThere.rawPayload.equals(content)).toBe(true);

    expect(
      (await server.call('GET', `${DELETE}?id=${second.body.data.id}`, { token: uploaderToken })).status,
    ).toBe(200);
    expect(existsSync(blob)).toBe(false);
    const gone = await server.call('GET', `${DOWNLOAD}?id=${second.body.data.id}`, { token: uploaderToken });
    expect(gone.status).toBe(404);
    expect(await settledTmpFiles()).toEqual([]);
  });

  it('writes uploads and deletions to the station log', async () => {
    const content = pdf(2000);
    const r = await upload([
      { name: 'stationId', value: String(station.id) },
      { name: 'file', fileName: 'log-me.pdf', content },
    ]);
    await server.call('GET', `${DELETE}?id=${r.body.data.id}`, { token: uploaderToken });
    const rows = await server.db
      .selectFrom('station_log')
      .select(['type', 'location', 'objects', 'station_id'])
      .where('station_id', '=', station.id)
      .where(sql<boolean>`objects_text->'params'->>'file' = 'log-me.pdf'`)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.type, row.location])).toEqual([
      ['add', 'attachments'],
      ['delete', 'attachments'],
    ]);
  });

  it.each([
    ['an extension that is not allowed', 'setup.exe', pdf(100)],
    ['a .pdf that is not a PDF', 'fake.pdf', Buffer.from('MZ\x90\x00 this is an executable', 'latin1')],
    ['a .docx that is not a ZIP package', 'notes.docx', Buffer.from('plain text')],
  ])('refuses %s with 415 in zh and en, storing nothing', async (_label, fileName, content) => {
    const before = await attachmentCount();
    const zh = await upload(
      [
        { name: 'stationId', value: String(station.id) },
        { name: 'file', fileName, content },
      ],
      { language: 'ZH' },
    );
    expect(zh.status).toBe(415);
    expect(zh.body.data.errorCode).toBe('ATTACHMENT_TYPE_NOT_ALLOWED');
    expect(zh.body.msg).toBe(`附件“${fileName}”的格式不支持，仅支持 .docx、.pdf、.xls、.xlsx 文件`);
    const en = await upload(
      [
        { name: 'stationId', value: String(station.id) },
        { name: 'file', fileName, content },
      ],
      { language: 'EN' },
    );
    expect(en.body.msg).toBe(
      `The attachment “${fileName}” is not accepted: only .docx, .pdf, .xls and .xlsx files are`,
    );
    expect(await attachmentCount()).toBe(before);
    expect(await settledTmpFiles()).toEqual([]);
    expect(existsSync(blobPath(sha256(content)))).toBe(false);
  });

  it('asks for the site when stationId comes after the file or not at all', async () => {
    const content = pdf(100);
    const late = await upload(
      [
        { name: 'file', fileName: 'late.pdf', content },
        { name: 'stationId', value: String(station.id) },
      ],
      { language: 'EN' },
    );
    expect(late.status).toBe(400);
    expect(late.body.data.fields).toEqual([{ field: 'stationId', message: 'This field is required' }]);
    const noFile = await upload([{ name: 'stationId', value: String(station.id) }], { language: 'EN' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.msg).toBe('Please choose a file to upload');
  });

  it('refuses a JSON body with 415', async () => {
    const r = await server.call('POST', `${UPLOAD}?stationId=${station.id}`, {
      token: uploaderToken,
      body: { file: 'x' },
    });
    expect(r.status).toBe(415);
  });

  it('refuses a 201 MB file with 413 while it streams, leaving no record and no temp file', async () => {
    const before = await attachmentCount();
    const size = ATTACHMENT_MAX_BYTES + 1024 * 1024;
    const { head, tail, contentType } = multipartStreamParts(
      station.id,
      'huge.pdf',
      Buffer.from('%PDF-1.7\n'),
    );
    const r = await streamRequest({
      path: UPLOAD,
      headers: { token: uploaderToken, 'content-type': contentType, language: 'EN' },
      head,
      fillBytes: size - 9,
      tail,
      // The body never ends: an answer proves the refusal came while streaming, not at the end.
      isEndless: true,
    });
    expect(r.status).toBe(413);
    expect(r.body.data.errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(r.body.msg).toBe('The request is too large');
    expect(r.sentAtResponse).toBeGreaterThan(ATTACHMENT_MAX_BYTES);
    expect(await attachmentCount()).toBe(before);
    // The partial temp file is removed as the refusal is sent; give the unlink a moment.
    expect(await settledTmpFiles()).toEqual([]);
  }, 120_000);

  it('refuses a caller without the feature with 403 before reading the body', async () => {
    const { head, tail, contentType } = multipartStreamParts(station.id, 'x.pdf', Buffer.from('%PDF-1.7\n'));
    const r = await streamRequest({
      path: UPLOAD,
      headers: { token: noFeatureToken, 'content-type': contentType, language: 'EN' },
      head,
      fillBytes: 64 * 1024,
      tail,
      isEndless: true,
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('No access permission');
  });

  it('refuses a site the caller cannot reach with 403 before the file is stored (query or first field)', async () => {
    const before = await attachmentCount();
    for (const [query, field] of [
      [`?stationId=${hidden.id}`, undefined],
      ['', hidden.id],
    ] as const) {
      const { head, tail, contentType } = multipartStreamParts(field, 'x.pdf', Buffer.from('%PDF-1.7\n'));
      const r = await streamRequest({
        path: `${UPLOAD}${query}`,
        headers: { token: uploaderToken, 'content-type': contentType, language: 'EN' },
        head,
        fillBytes: 64 * 1024,
        tail,
        isEndless: true,
      });
      expect(r.status).toBe(403);
      expect(r.body.msg).toBe('No access permission');
    }
    expect(await attachmentCount()).toBe(before);
    expect(await settledTmpFiles()).toEqual([]);
  });
});

describe('attachment list, download and delete', () => {
  let attachmentId: number;
  beforeAll(async () => {
    const r = await upload([
      { name: 'stationId', value: String(station.id) },
      { name: 'file', fileName: 'kept.pdf', content: pdf(500) },
    ]);
    attachmentId = r.body.data.id;
  });

  it('hides them from a user who cannot reach the site', async () => {
    const list = await server.call('GET', `${LIST}?stationId=${station.id}`, { token: outsiderToken });
    expect(list.status).toBe(403);
    const download = await server.call('GET', `${DOWNLOAD}?id=${attachmentId}`, { token: outsiderToken });
    expect(download.status).toBe(403);
    const del = await server.call('GET', `${DELETE}?id=${attachmentId}`, { token: outsiderToken });
    expect(del.status).toBe(403);
    expect(
      await server.db.selectFrom('station_attachment').select('id').where('id', '=', attachmentId).execute(),
    ).toHaveLength(1);
  });

  it('needs the download and delete features', async () => {
    expect(
      (await server.call('GET', `${DOWNLOAD}?id=${attachmentId}`, { token: noFeatureToken })).status,
    ).toBe(403);
    expect((await server.call('GET', `${DELETE}?id=${attachmentId}`, { token: noFeatureToken })).status).toBe(
      403,
    );
    // Listing only needs access to the site.
    expect(
      (await server.call('GET', `${LIST}?stationId=${station.id}`, { token: noFeatureToken })).status,
    ).toBe(200);
  });

  it('answers 404 for an unknown attachment or site', async () => {
    expect((await server.call('GET', `${DOWNLOAD}?id=999999`, { token: uploaderToken })).status).toBe(404);
    expect((await server.call('GET', `${LIST}?stationId=999999`, { token: uploaderToken })).status).toBe(404);
  });
});
