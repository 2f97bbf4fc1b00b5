import { text } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server.stop();
});

const LIST = '/api/web/personalConfig/listByType';
const SAVE = '/api/web/personalConfig/saveOrUpdateBatch';

function columns(fixedCount: number) {
  return Array.from({ length: 8 }, (_, i) => ({
    key: `col${i}`,
    visible: true,
    fixed: i < fixedCount ? 'left' : null,
    width: 120,
  }));
}

describe('personal config', () => {
  it('remembers search fields and columns per user and type', async () => {
    const other = await buildUser(server.db);
    const otherToken = await server.login(other.account, other.password);
    const r = await server.call('POST', SAVE, {
      token: admin,
      body: [
        { type: 'stationList', key: 'columns', value: columns(5) },
        { type: 'stationList', key: 'searchFields', value: [{ key: 'keywords', visible: true }] },
        { type: 'stationList', key: 'pageState', value: { pageNo: 3, filters: { status: [1] } } },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const mine = await server.call('POST', LIST, { token: admin, body: { type: 'stationList' } });
    expect(mine.body.data.map((c: { key: string }) => c.key)).toEqual([
      'columns',
      'pageState',
      'searchFields',
    ]);
    expect(mine.body.data[0].value).toHaveLength(8);
    expect(mine.body.data[1].value).toEqual({ pageNo: 3, filters: { status: [1] } });
    const theirs = await server.call('POST', LIST, { token: otherToken, body: { type: 'stationList' } });
    expect(theirs.body.data).toEqual([]);
    // Saving again replaces the value.
    await server.call('POST', SAVE, {
      token: admin,
      body: [{ type: 'stationList', key: 'searchFields', value: [{ key: 'status', visible: false }] }],
    });
    const again = await server.call('POST', LIST, { token: admin, body: { type: 'stationList' } });
    expect(again.body.data[2].value).toEqual([{ key: 'status', visible: false }]);
  });

  it('refuses more than 5 fixed columns and bad keys, saving nothing of the batch', async () => {
    const before = await server.db.selectFrom('personal_config').selectAll().execute();
    for (const [language, message] of [
      ['ZH', '固定列最多 5 列'],
      ['EN', 'At most 5 columns can be fixed'],
    ] as const) {
      const r = await server.call('POST', SAVE, {
        token: admin,
        body: [
          { type: 'other', key: 'x', value: 1 },
          { type: 'stationList', key: 'columns', value: columns(6) },
        ],
        language,
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toContainEqual({ field: '1.value', message });
    }
    const bad = await server.call('POST', SAVE, {
      token: admin,
      body: [{ type: 'stationList', key: 'drop table', value: 1 }],
      language: 'EN',
    });
    expect(bad.body.data.fields).toContainEqual({ field: '0.key', message: 'Invalid configuration key' });
    const empty = await server.call('POST', SAVE, { token: admin, body: [] });
    expect(empty.status).toBe(400);
    expect(await server.db.selectFrom('personal_config').selectAll().execute()).toEqual(before);
  });
});

describe('station log page', () => {
  it('lists changes newest first with filters and localised names, for system.stationLog holders', async () => {
    const a = await server.call('POST', '/api/web/station/save_or_update', {
      token: admin,
      body: {
        stationCode: '4321',
        projectName: '日志测试项目',
        stationType: 'sodar',
        regionCode: '620000',
        longitude: 98.5,
        latitude: 39.8,
        status: 0,
      },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    await server.call('GET', `/api/web/station/delete/${a.body.data.id}`, { token: admin });
    const page = await server.call('POST', '/api/web/station_log/page', {
      token: admin,
      body: { stationCode: '004321' },
      language: 'EN',
    });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.records.map((r: { type: string }) => r.type)).toEqual(['delete', 'add']);
    expect(page.body.data.records[1]).toMatchObject({
      operatorAccount: 'admin',
      // The built-in administrator's name in the reader's language (issue 41).
      operatorName: 'System administrator',
      typeName: 'Add',
      location: 'Site list',
      locationKey: 'stationList',
      // The description is in the reader's language; the project name stays as its user wrote it.
      objects: 'Site 004321 (日志测试项目)',
      stationCode: '004321',
    });
    const byType = await server.call('POST', '/api/web/station_log/page', {
      token: admin,
      body: { type: 'delete', operator: 'adm' },
    });
    expect(byType.body.data.records.map((r: { typeName: string }) => r.typeName)).toEqual(['删除']);
    expect(byType.body.data.records[0].objects).toBe('站点 004321（日志测试项目）');
    const future = await server.call('POST', '/api/web/station_log/page', {
      token: admin,
      body: { startTime: '2999-01-01T00:00:00Z' },
    });
    expect(future.body.data.total).toBe(0);
    const reversed = await server.call('POST', '/api/web/station_log/page', {
      token: admin,
      body: { startTime: '2026-02-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' },
      language: 'EN',
    });
    expect(reversed.status).toBe(400);
    const badType = await server.call('POST', '/api/web/station_log/page', {
      token: admin,
      body: { type: 'x' },
    });
    expect(badType.status).toBe(400);
  });

  it('records through the service inside a caller transaction and rolls back with it', async () => {
    const station = await buildStation(server.db);
    const operator = { id: 1, account: 'admin', userName: '系统管理员' };
    await expect(
      server.db.transaction().execute(async (trx) => {
        await server.services.stationLog.record(trx, {
          operator,
          type: 'edit',
          stationId: station.id,
          location: 'attachments',
          objects: text('stationLog.attachmentUploaded', { code: station.stationCode, file: 'x.pdf' }),
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const none = await server.db
      .selectFrom('station_log')
      .select('id')
      .where('station_id', '=', station.id)
      .execute();
    expect(none).toEqual([]);
    await server.services.stationLog.record(server.db, {
      operator,
      type: 'edit',
      stationId: station.id,
      location: 'attachments',
      objects: text('stationLog.attachmentUploaded', { code: station.stationCode, file: 'x.pdf' }),
      details: { fileName: 'x.pdf' },
    });
    const page = await server.call('POST', '/api/web/station_log/page', {
      token: admin,
      body: { stationCode: station.stationCode },
    });
    expect(page.body.data.records[0]).toMatchObject({
      location: '站点信息-附件',
      objects: `站点 ${station.stationCode}：上传附件“x.pdf”`,
      details: { fileName: 'x.pdf' },
    });
  });

  it('stores a description as a key and parameters: one entry reads in Chinese or in English, by the reader', async () => {
    const station = await buildStation(server.db);
    await server.services.stationLog.record(server.db, {
      operator: { id: 1, account: 'admin', userName: 'admin' },
      type: 'edit',
      stationId: station.id,
      location: 'dataProcessing',
      objects: text('stationLog.taskDone', { version: 'work-1', kind: text('taskKind.qc'), taskId: 42 }),
    });
    const read = async (language: 'ZH' | 'EN') =>
      (
        await server.call('POST', '/api/web/station_log/page', {
          token: admin,
          language,
          body: { stationCode: station.stationCode },
        })
      ).body.data.records[0];
    const zh = await read('ZH');
    const en = await read('EN');
    expect(zh.objects).toBe('数据版本“work-1”：质量控制（任务 #42）');
    expect(en.objects).toBe('Data version “work-1”: Quality control (task #42)');
    expect(`${en.objects} ${en.location} ${en.typeName}`).not.toMatch(
      /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/,
    );
    const [row] = await server.db
      .selectFrom('station_log')
      .select(['objects', 'objects_text'])
      .where('station_id', '=', station.id)
      .execute();
    expect(row).toEqual({
      objects: '',
      objects_text: {
        key: 'stationLog.taskDone',
        params: { version: 'work-1', kind: { key: 'taskKind.qc' }, taskId: 42 },
      },
    });
  });

  it('shows a row written as prose by an older version as it was written', async () => {
    const station = await buildStation(server.db);
    await server.db
      .insertInto('station_log')
      .values({
        operator_account: 'admin',
        operator_name: 'admin',
        type: 'edit',
        location: 'stationInfo',
        objects: '站点 旧格式的描述',
        station_id: station.id,
        station_code: station.stationCode,
      })
      .execute();
    const page = await server.call('POST', '/api/web/station_log/page', {
      token: admin,
      language: 'EN',
      body: { stationCode: station.stationCode },
    });
    expect(page.body.data.records[0].objects).toBe('站点 旧格式的描述');
  });
});

describe('reference data', () => {
  it('serves regions (34 provincial divisions with GB/T 2260 codes and bounds) in both languages', async () => {
    const zh = await server.call('GET', '/api/web/common/regions', { token: admin });
    expect(zh.body.data).toHaveLength(34);
    const hebei = zh.body.data.find((r: { code: string }) => r.code === '130000');
    expect(hebei).toMatchObject({ name: '河北省', nameEn: 'Hebei', level: 'province' });
    const [minLon, minLat, maxLon, maxLat] = hebei.bbox;
    expect(minLon < 114.7 && 114.7 < maxLon && minLat < 41.15 && 41.15 < maxLat).toBe(true);
    const en = await server.call('GET', '/api/web/common/regions', { token: admin, language: 'EN' });
    expect(en.body.data[0].name).toBe('Beijing');
  });

  it('lists the prefecture-level cities of each province with their GB/T 2260 codes', async () => {
    const zh = await server.call('GET', '/api/web/common/regions', { token: admin });
    const mongolia = zh.body.data.find((r: { code: string }) => r.code === '150000');
    expect(mongolia.children).toContainEqual(
      expect.objectContaining({ code: '150900', name: '乌兰察布市', level: 'city' }),
    );
    const cityCount = zh.body.data.reduce(
      (n: number, r: { children: unknown[] }) => n + r.children.length,
      0,
    );
    expect(cityCount).toBeGreaterThan(300);
    const c = await server.call('GET', '/api/web/common/bounds?type=city&code=150900', { token: admin });
    expect(c.body.data.name).toBe('乌兰察布市');
    expect(
      (await server.call('GET', '/api/web/common/bounds?type=city&code=150999', { token: admin })).status,
    ).toBe(404);
  });

  it('gives bounds by province, city, country and site; 404 for unknown codes', async () => {
    const p = await server.call('GET', '/api/web/common/bounds?type=province&code=150000', { token: admin });
    expect(p.body.data).toMatchObject({ name: '内蒙古自治区', bbox: [97.1, 37.4, 126.1, 53.4] });
    const c = await server.call('GET', '/api/web/common/bounds?type=city&code=150900', { token: admin });
    expect(c.body.data.bbox).toEqual([97.1, 37.4, 126.1, 53.4]);
    const country = await server.call('GET', '/api/web/common/bounds?type=country', { token: admin });
    expect(country.status).toBe(200);
    const station = await buildStation(server.db);
    const s = await server.call('GET', `/api/web/common/bounds?type=station&code=${station.stationCode}`, {
      token: admin,
    });
    expect(s.body.data.bbox[1]).toBe(40);
    for (const url of ['type=province&code=990000', 'type=province&code=abc', 'type=nope&code=1']) {
      const r = await server.call('GET', `/api/web/common/bounds?${url}`, { token: admin });
      expect([400, 404]).toContain(r.status);
    }
  });

  it('serves the option lists', async () => {
    const types = await server.call('GET', '/api/web/common/station_types', { token: admin, language: 'EN' });
    expect(types.body.data).toContainEqual({ value: 'met_mast', name: 'Met mast' });
    const one = await server.call('GET', '/api/web/common/station_types?type=lidar', { token: admin });
    expect(one.body.data).toEqual([{ value: 'lidar', name: '激光雷达' }]);
    const protocols = await server.call('GET', '/api/web/common/protocols', { token: admin });
    expect(protocols.body.data.map((p: { value: string }) => p.value)).toEqual([
      'ftp',
      'ftps',
      'sftp',
      'imap',
      'imaps',
      'pop3',
      'pop3s',
    ]);
    const warranty = await server.call('GET', '/api/web/common/warranty_status', { token: admin });
    expect(warranty.body.data).toEqual([
      { value: 1, name: '质保期内' },
      { value: 0, name: '质保期外' },
    ]);
    const warn = await server.call('GET', '/api/web/common/warnStatus', { token: admin, language: 'EN' });
    expect(warn.body.data[0]).toEqual({ value: 0, name: 'No alarm' });
    const themes = await server.call('GET', '/api/web/common/themes', { token: admin });
    expect(themes.body.data[0]).toMatchObject({ value: 'green', mainColor: 'rgb(5,160,69)' });
    const names = await server.call('GET', '/api/web/common/project_names?keywords=测试', { token: admin });
    expect(names.status).toBe(200);
    expect(names.body.data.every((n: string) => n.includes('测试'))).toBe(true);
  });
});
