import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let dataDir: string;
let editorToken: string;
let viewerToken: string;
let outsiderToken: string;
let station: { id: number; stationCode: string };

const LIST = '/api/web/station/password_record/list';
const ADD = '/api/web/station/password_record/add';
const DELETE = '/api/web/station/password_record/delete';
const PASSWORD = 'Logger#Pw-8848';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-pw-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  station = await buildStation(server.db);
  const editor = await buildUser(server.db, { features: ['station.edit'] });
  await grantRoleStations(server.db, editor.roleId, [station.id]);
  editorToken = await server.login(editor.account, editor.password);
  // Sees the site but may not edit it.
  const viewer = await buildUser(server.db, { features: ['attachment.download'] });
  await grantRoleStations(server.db, viewer.roleId, [station.id]);
  viewerToken = await server.login(viewer.account, viewer.password);
  // May edit sites but cannot reach this one.
  const outsider = await buildUser(server.db, { features: ['station.edit'] });
  outsiderToken = await server.login(outsider.account, outsider.password);
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('password records', () => {
  let recordId: number;

  it('adds a record that the editor lists with the password in clear', async () => {
    const r = await server.call('POST', ADD, {
      token: editorToken,
      body: {
        stationId: station.id,
        kind: 'logger',
        target: 'CR1000-1234567',
        password: PASSWORD,
        effectiveTime: '2026-03-01T00:00:00Z',
        notes: '年检后修改',
      },
      language: 'EN',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      stationId: station.id,
      kind: 'logger',
      kindName: 'Data logger',
      target: 'CR1000-1234567',
      password: PASSWORD,
      isDecryptable: true,
      effectiveTime: '2026-03-01T00:00:00.000Z',
      notes: '年检后修改',
    });
    recordId = r.body.data.id;
    await server.call('POST', ADD, {
      token: editorToken,
      body: { stationId: station.id, kind: 'sim', target: '89860012345678901234', password: '1234' },
    });
    const list = await server.call('GET', `${LIST}?stationId=${station.id}`, { token: editorToken });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.map((p: { kindName: string }) => p.kindName).sort()).toEqual([
      'SIM 卡',
      '数据采集器',
    ]);
    expect(list.body.data.find((p: { id: number }) => p.id === recordId).password).toBe(PASSWORD);
  });

  it('stores the password encrypted, under a key kept in DATA_DIR/secret.key (0600)', async () => {
    const row = await server.db
      .selectFrom('station_password_record')
      .select('secret')
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(row.secret.includes(Buffer.from(PASSWORD))).toBe(false);
    expect(row.secret.length).toBe(1 + 12 + 16 + Buffer.byteLength(PASSWORD));
    const keyFile = path.join(dataDir, 'secret.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hides the records from a user without edit rights on the site', async () => {
    const viewer = await server.call('GET', `${LIST}?stationId=${station.id}`, {
      token: viewerToken,
      language: 'EN',
    });
    expect(viewer.status).toBe(403);
    expect(viewer.body.msg).toBe('No access permission');
    const outsider = await server.call('GET', `${LIST}?stationId=${station.id}`, { token: outsiderToken });
    expect(outsider.status).toBe(403);
    const add = await server.call('POST', ADD, {
      token: outsiderToken,
      body: { stationId: station.id, kind: 'logger', password: 'x' },
    });
    expect(add.status).toBe(403);
    const del = await server.call('GET', `${DELETE}?id=${recordId}`, { token: outsiderToken });
    expect(del.status).toBe(403);
    expect(await server.db.selectFrom('station_password_record').select('id').execute()).toHaveLength(2);
  });

  it('refuses bad input with localised field errors', async () => {
    for (const [language, message] of [
      ['ZH', '请输入密码'],
      ['EN', 'Please enter the password'],
    ] as const) {
      const r = await server.call('POST', ADD, {
        token: editorToken,
        body: { stationId: station.id, kind: 'logger', password: '' },
        language,
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'password', message }]);
    }
    const badKind = await server.call('POST', ADD, {
      token: editorToken,
      body: { stationId: station.id, kind: 'modem', password: 'x' },
      language: 'EN',
    });
    expect(badKind.body.data.fields).toEqual([{ field: 'kind', message: 'Please choose a valid option' }]);
  });

  it('deletes a record and logs every change without the password', async () => {
    const r = await server.call('GET', `${DELETE}?id=${recordId}`, { token: editorToken });
    expect(r.status).toBe(200);
    const list = await server.call('GET', `${LIST}?stationId=${station.id}`, { token: editorToken });
    expect(list.body.data).toHaveLength(1);
    const log = await server.db
      .selectFrom('station_log')
      .selectAll()
      .where('location', '=', 'passwordRecords')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.type)).toEqual(['add', 'add', 'delete']);
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
  });
});

describe('PASSWORD_RECORD_KEY', () => {
  it('decrypts with the configured key, and reports records sealed under another key as unreadable', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'masthub-pw-key-'));
    const first = await startTestServer({ DATA_DIR: dir, PASSWORD_RECORD_KEY: 'a'.repeat(40) });
    try {
      const site = await buildStation(first.db);
      const admin = await first.login('admin', 'Admin#2026pw');
      await first.call('POST', ADD, {
        token: admin,
        body: { stationId: site.id, kind: 'other', password: 'gate-4471' },
      });
      const list = await first.call('GET', `${LIST}?stationId=${site.id}`, { token: admin });
      expect(list.body.data[0]).toMatchObject({ password: 'gate-4471', isDecryptable: true });
      // No key file is written when the key is configured.
      expect(() => statSync(path.join(dir, 'secret.key'))).toThrow();
      // The same rows read under another key do not open.
      const row = await first.db.selectFrom('station_password_record').selectAll().executeTakeFirstOrThrow();
      const { SecretBox, createKeySource } = await import('../../src/platform/secrets/secret-box.ts');
      const other = new SecretBox(
        createKeySource({
          configuredSecret: 'b'.repeat(40),
          dataDir: dir,
          purpose: 'station-password-record',
        }),
      );
      expect(await other.open(row.secret, `station-password-record:${site.id}`)).toBeUndefined();
      const same = new SecretBox(
        createKeySource({
          configuredSecret: 'a'.repeat(40),
          dataDir: dir,
          purpose: 'station-password-record',
        }),
      );
      expect(await same.open(row.secret, `station-password-record:${site.id}`)).toBe('gate-4471');
      // Bound to its station: the value does not open as another station's.
      expect(await same.open(row.secret, `station-password-record:${site.id + 1}`)).toBeUndefined();
    } finally {
      await first.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
