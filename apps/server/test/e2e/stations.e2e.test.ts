import { renderText, STATION_TAGS_MAX, type TText } from '@masthub/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildXlsxBomb } from '../archives.ts';
import { multipartBody } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let admin: string;
let ownerPartyId: number;
let manufacturerId: number;
let deviceTypeId: number;
let tagIds: number[];

const SAVE = '/api/web/station/save_or_update';
const PAGE = '/api/web/station/page';

function validSite(overrides: Record<string, unknown> = {}) {
  return {
    stationCode: '123',
    projectName: '张北风电场一期',
    stationType: 'met_mast',
    regionCode: '130000',
    location: '河北省张家口市张北县 1号测风塔',
    longitude: 114.7,
    latitude: 41.15,
    altitude: 1420,
    pylonHeight: 120,
    status: 0,
    startTime: '2025-03-01T00:00:00Z',
    ownerPartyId,
    manufacturerId,
    warrantyDateRange: ['2025-03-01', '2028-02-28'],
    installDateRange: ['2025-02-10', '2025-02-20'],
    sim: '89860012345678901234',
    repairEmails: ['repair@nrg.example'],
    ccEmails: ['cc@masthub.example'],
    tagIds: [tagIds[0]],
    notes: '首座测风塔',
    ...overrides,
  };
}

async function countRows() {
  const [stations, tags, logs] = await Promise.all([
    server.db.selectFrom('station').select('id').execute(),
    server.db.selectFrom('station_tag').select('tag_id').execute(),
    server.db.selectFrom('station_log').select('id').execute(),
  ]);
  return { stations: stations.length, tags: tags.length, logs: logs.length };
}

async function snapshot(id: number) {
  return server.db.selectFrom('station').selectAll().where('id', '=', id).executeTakeFirst();
}

async function expectRefused(
  token: string,
  body: Record<string, unknown>,
  expected: { status: number; zh: string; en: string; field?: string },
) {
  const before = await countRows();
  for (const [language, message] of [
    ['ZH', expected.zh],
    ['EN', expected.en],
  ] as const) {
    const r = await server.call('POST', SAVE, { token, body, language });
    expect(r.status, JSON.stringify(r.body)).toBe(expected.status);
    if (expected.field) expect(r.body.data.fields).toContainEqual({ field: expected.field, message });
    else expect(r.body.msg).toBe(message);
  }
  expect(await countRows()).toEqual(before);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
  ownerPartyId = (
    await server.db
      .insertInto('owner')
      .values({ name: '国家电投张家口公司' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  deviceTypeId = (
    await server.db
      .insertInto('device_type')
      .values({ name: '数据采集器' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  manufacturerId = (
    await server.db
      .insertInto('manufacturer')
      .values({ device_type_id: deviceTypeId, name: 'NRG Systems', model: 'SymphoniePRO' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const tags = await server.db
    .insertInto('tag')
    .values(
      Array.from({ length: STATION_TAGS_MAX + 2 }, (_, i) => ({
        name: `标签${i + 1}`,
        color: '#ff0000',
        is_enabled: i !== STATION_TAGS_MAX + 1,
      })),
    )
    .returning('id')
    .execute();
  tagIds = tags.map((t) => t.id);
});
afterAll(async () => {
  await server.stop();
});

describe('station fields and status options', () => {
  it('serves the query form, the edit form with required flags and the columns, localised', async () => {
    const zh = await server.call('GET', '/api/web/station/fields', { token: admin });
    const en = await server.call('GET', '/api/web/station/fields', { token: admin, language: 'EN' });
    expect(zh.status).toBe(200);
    const edit = zh.body.data.edit as {
      key: string;
      required: boolean;
      defaultValue: unknown;
      title: string;
    }[];
    expect(edit.filter((f) => f.required).map((f) => f.key)).toEqual([
      'stationCode',
      'projectName',
      'stationType',
      'status',
      'regionCode',
      'longitude',
      'latitude',
    ]);
    expect(edit.find((f) => f.key === 'stationType')).toMatchObject({
      defaultValue: 'met_mast',
      title: '站点类型',
    });
    expect(en.body.data.edit.find((f: { key: string }) => f.key === 'stationType').title).toBe('Site type');
    expect(zh.body.data.query.map((f: { key: string }) => f.key)).toContain('tagIds');
    const columns = zh.body.data.columns as { key: string; width: number }[];
    expect(columns.find((c) => c.key === 'tagNames')!.width).toBe(320);
    expect(columns.find((c) => c.key === 'startTime')!.width).toBe(170);
  });

  it('lists statuses with the SPEC colours', async () => {
    const r = await server.call('GET', '/api/web/station/station_status', { token: admin, language: 'EN' });
    expect(r.body.data).toEqual([
      { value: -1, name: 'Not monitored', color: '#6b8aa6' },
      { value: 0, name: 'Normal', color: '#05a045' },
      { value: 1, name: 'Alarming', color: '#e53935' },
      { value: 2, name: 'Under watch', color: '#1e88e5' },
      { value: 3, name: 'In maintenance', color: '#fb8c00' },
    ]);
  });
});

describe('creating a site', () => {
  let siteId: number;

  it('zero-pads the code, makes the creator the user-owner, stores every field and logs it', async () => {
    const r = await server.call('POST', SAVE, { token: admin, body: validSite() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.stationCode).toBe('000123');
    siteId = r.body.data.id;
    const detail = await server.call('GET', `/api/web/station/detail?id=${siteId}`, { token: admin });
    expect(detail.body.data).toMatchObject({
      stationCode: '000123',
      projectName: '张北风电场一期',
      stationTypeName: '测风塔',
      regionCode: '130000',
      province: '河北省',
      longitude: 114.7,
      latitude: 41.15,
      altitude: 1420,
      pylonHeight: 120,
      status: 0,
      statusName: '正常',
      statusColor: '#05a045',
      ownerName: '系统管理员',
      creatorName: '系统管理员',
      ownerPartyName: '国家电投张家口公司',
      deviceTypeName: '数据采集器',
      manufacturerIdName: 'NRG Systems SymphoniePRO',
      warrantyDateRange: ['2025-03-01', '2028-02-28'],
      installDateRange: ['2025-02-10', '2025-02-20'],
      sim: '89860012345678901234',
      repairEmails: ['repair@nrg.example'],
      ccEmails: ['cc@masthub.example'],
      tags: [{ id: tagIds[0], name: '标签1', color: '#ff0000' }],
      tagNames: '标签1',
      warnType: 'none',
      warnStatus: 0,
    });
    const row = await snapshot(siteId);
    const adminId = (
      await server.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    expect(row).toMatchObject({ owner_id: adminId, creator_id: adminId });
    const log = await server.db
      .selectFrom('station_log')
      .selectAll()
      .where('station_id', '=', siteId)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ type: 'add', operator_account: 'admin', station_code: '000123' });
    expect(renderText(log.objects_text as TText, 'zh')).toContain('000123');
  });

  it('refuses a duplicate code (also written differently) with a localised message and changes nothing', async () => {
    await expectRefused(admin, validSite({ stationCode: '000123', projectName: '另一个项目' }), {
      status: 409,
      zh: '站点编号“000123”已存在',
      en: 'The site code “000123” is already in use',
    });
  });

  it('refuses a non-numeric or too long code', async () => {
    await expectRefused(admin, validSite({ stationCode: '12a' }), {
      status: 400,
      field: 'stationCode',
      zh: '站点编号须为 1–6 位数字（不足 6 位自动补零）',
      en: 'The site code must be 1–6 digits (shorter codes are zero-padded)',
    });
    await expectRefused(admin, validSite({ stationCode: '1234567' }), {
      status: 400,
      field: 'stationCode',
      zh: '站点编号须为 1–6 位数字（不足 6 位自动补零）',
      en: 'The site code must be 1–6 digits (shorter codes are zero-padded)',
    });
  });

  it('refuses a missing field the server-driven edit form requires', async () => {
    await expectRefused(admin, validSite({ stationCode: '200001', regionCode: null }), {
      status: 400,
      field: 'regionCode',
      zh: '此项为必填项',
      en: 'This field is required',
    });
    await expectRefused(admin, validSite({ stationCode: '200001', projectName: '  ' }), {
      status: 400,
      field: 'projectName',
      zh: '请输入项目名称',
      en: 'Please enter the project name',
    });
    await expectRefused(admin, validSite({ stationCode: '200001', longitude: undefined }), {
      status: 400,
      field: 'longitude',
      zh: '此项为必填项',
      en: 'This field is required',
    });
  });

  it('refuses out-of-range coordinates, bad e-mails, reversed date ranges and unknown references', async () => {
    await expectRefused(admin, validSite({ stationCode: '200002', longitude: 181 }), {
      status: 400,
      field: 'longitude',
      zh: '经度范围为 [-180, 180]',
      en: 'Longitude must be within [-180, 180]',
    });
    await expectRefused(admin, validSite({ stationCode: '200002', repairEmails: ['not-an-email'] }), {
      status: 400,
      field: 'repairEmails.0',
      zh: '邮箱格式不正确',
      en: 'Invalid e-mail format',
    });
    await expectRefused(
      admin,
      validSite({ stationCode: '200002', warrantyDateRange: ['2026-01-02', '2026-01-01'] }),
      {
        status: 400,
        field: 'warrantyDateRange',
        zh: '请选择有效的日期范围（开始日期不晚于结束日期）',
        en: 'Choose a valid date range (start not later than end)',
      },
    );
    await expectRefused(admin, validSite({ stationCode: '200002', ownerPartyId: 999999 }), {
      status: 400,
      field: 'ownerPartyId',
      zh: '所选项不存在或已被删除',
      en: 'The chosen item does not exist or has been deleted',
    });
    await expectRefused(admin, validSite({ stationCode: '200002', manufacturerId: 999999 }), {
      status: 400,
      field: 'manufacturerId',
      zh: '所选项不存在或已被删除',
      en: 'The chosen item does not exist or has been deleted',
    });
    await expectRefused(admin, validSite({ stationCode: '200002', regionCode: '990000' }), {
      status: 400,
      field: 'regionCode',
      zh: '所选项不存在或已被删除',
      en: 'The chosen item does not exist or has been deleted',
    });
  });

  it('refuses too many tags, unknown tags and disabled tags', async () => {
    await expectRefused(
      admin,
      validSite({ stationCode: '200003', tagIds: tagIds.slice(0, STATION_TAGS_MAX + 1) }),
      {
        status: 400,
        field: 'tagIds',
        zh: `每个站点最多可添加 ${STATION_TAGS_MAX} 个标签`,
        en: `A site can have at most ${STATION_TAGS_MAX} tags`,
      },
    );
    await expectRefused(admin, validSite({ stationCode: '200003', tagIds: [999999] }), {
      status: 400,
      field: 'tagIds',
      zh: '所选项不存在或已被删除',
      en: 'The chosen item does not exist or has been deleted',
    });
    await expectRefused(admin, validSite({ stationCode: '200003', tagIds: [tagIds[STATION_TAGS_MAX + 1]] }), {
      status: 400,
      field: 'tagIds',
      zh: '该标签已停用',
      en: 'This tag is disabled',
    });
  });

  it('enforces the tag limit on the tag editor too', async () => {
    const before = await countRows();
    const r = await server.call('POST', '/api/web/station/tags', {
      token: admin,
      body: { stationId: siteId, tagIds: tagIds.slice(0, STATION_TAGS_MAX + 1) },
      language: 'EN',
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`A site can have at most ${STATION_TAGS_MAX} tags`);
    expect(r.body.data.errorCode).toBe('STATION_TAG_LIMIT');
    expect(await countRows()).toEqual(before);
    const ok = await server.call('POST', '/api/web/station/tags', {
      token: admin,
      body: { stationId: siteId, tagIds: tagIds.slice(0, STATION_TAGS_MAX) },
    });
    expect(ok.status).toBe(200);
    const detail = await server.call('GET', `/api/web/station/detail?id=${siteId}`, { token: admin });
    expect(detail.body.data.tags).toHaveLength(STATION_TAGS_MAX);
    expect((await countRows()).logs).toBe(before.logs + 1);
  });

  it('edits a site, logging what changed; unchanged saves log nothing', async () => {
    const r = await server.call('POST', SAVE, {
      token: admin,
      body: validSite({ id: siteId, projectName: '张北风电场二期', status: 3, tagIds: [tagIds[1]] }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const log = await server.db
      .selectFrom('station_log')
      .selectAll()
      .where('station_id', '=', siteId)
      .where('type', '=', 'edit')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(renderText(log.objects_text as TText, 'zh')).toBe(
      '站点 000123（张北风电场二期）：项目名称、站点状态、标签',
    );
    expect(renderText(log.objects_text as TText, 'en')).toBe(
      'Site 000123 (张北风电场二期): project name, site status, tags',
    );
    expect((log.details as { changes: Record<string, unknown> }).changes.project_name).toEqual([
      '张北风电场一期',
      '张北风电场二期',
    ]);
    const before = await countRows();
    const again = await server.call('POST', SAVE, {
      token: admin,
      body: validSite({ id: siteId, projectName: '张北风电场二期', status: 3, tagIds: [tagIds[1]] }),
    });
    expect(again.status).toBe(200);
    expect((await countRows()).logs).toBe(before.logs);
  });

  it('logs a change of a remote-sensing site’s device and heights, and nothing when they are saved unchanged', async () => {
    const lidar = validSite({
      id: siteId,
      projectName: '张北风电场二期',
      status: 3,
      tagIds: [tagIds[1]],
      stationType: 'lidar',
      deviceModel: 'WindCube v2.1',
      deviceSerial: 'WLS7-0123',
      deviceFirmware: '2.1.4',
      measurementHeights: '40, 60 80',
    });
    const r = await server.call('POST', SAVE, { token: admin, body: lidar });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const logs = () =>
      server.db
        .selectFrom('station_log')
        .selectAll()
        .where('station_id', '=', siteId)
        .where('type', '=', 'edit')
        .orderBy('id', 'desc')
        .execute();
    const [log] = await logs();
    expect(renderText(log!.objects_text as TText, 'zh')).toBe(
      '站点 000123（张北风电场二期）：站点类型、设备型号、设备序列号、固件版本、测量高度',
    );
    expect(renderText(log!.objects_text as TText, 'en')).toBe(
      'Site 000123 (张北风电场二期): site type, device model, device serial number, firmware version, measurement heights',
    );
    const changes = (log!.details as { changes: Record<string, unknown> }).changes;
    expect(changes.measurement_heights_m).toEqual([[], [40, 60, 80]]);
    expect(changes.device_serial).toEqual(['', 'WLS7-0123']);
    const count = (await logs()).length;
    const again = await server.call('POST', SAVE, {
      token: admin,
      body: { ...lidar, measurementHeights: [40, 60, 80] },
    });
    expect(again.status).toBe(200);
    expect(await logs()).toHaveLength(count);
    // Back to a mast for the tests after this one.
    const back = validSite({ id: siteId, projectName: '张北风电场二期', status: 3, tagIds: [tagIds[1]] });
    expect((await server.call('POST', SAVE, { token: admin, body: back })).status).toBe(200);
  });

  it('reports unknown ids as 404', async () => {
    const r = await server.call('POST', SAVE, {
      token: admin,
      body: validSite({ id: 999999 }),
      language: 'EN',
    });
    expect(r.status).toBe(404);
    const d = await server.call('GET', '/api/web/station/detail?id=999999', { token: admin });
    expect(d.status).toBe(404);
    const del = await server.call('GET', '/api/web/station/delete/999999', { token: admin });
    expect(del.status).toBe(404);
  });

  it('checkExist tells whether a (zero-padded) code is taken', async () => {
    const taken = await server.call('GET', '/api/web/station/checkExist?stationCode=123', { token: admin });
    expect(taken.body.data).toEqual({ exists: true, stationCode: '000123', stationId: siteId });
    const self = await server.call('GET', `/api/web/station/checkExist?stationId=000123&id=${siteId}`, {
      token: admin,
    });
    expect(self.body.data.exists).toBe(false);
    const free = await server.call('GET', '/api/web/station/checkExist?stationCode=654321', { token: admin });
    expect(free.body.data).toEqual({ exists: false, stationCode: '654321', stationId: null });
    const bad = await server.call('GET', '/api/web/station/checkExist?stationCode=abc', {
      token: admin,
      language: 'EN',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].message).toBe(
      'The site code must be 1–6 digits (shorter codes are zero-padded)',
    );
  });

  it('deletes a site softly, logs it and frees its code', async () => {
    const created = await server.call('POST', SAVE, {
      token: admin,
      body: validSite({ stationCode: '777' }),
    });
    const id = created.body.data.id;
    const del = await server.call('GET', `/api/web/station/delete/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect((await snapshot(id))!.is_deleted).toBe(true);
    const d = await server.call('GET', `/api/web/station/detail?id=${id}`, { token: admin });
    expect(d.status).toBe(404);
    const log = await server.db
      .selectFrom('station_log')
      .selectAll()
      .where('station_id', '=', id)
      .where('type', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(renderText(log.objects_text as TText, 'zh')).toContain('000777');
    const again = await server.call('POST', SAVE, { token: admin, body: validSite({ stationCode: '777' }) });
    expect(again.status).toBe(200);
  });
});

describe('lists, statistics, search and export with data permissions', () => {
  let engineer: { id: number; roleId: number; token: string };
  let outsider: string;
  let visible: { id: number; stationCode: string };
  let hidden: { id: number; stationCode: string };
  let own: number;

  beforeAll(async () => {
    const u = await buildUser(server.db, {
      features: ['station.add', 'station.edit', 'station.coordinateExport'],
    });
    engineer = { id: u.id, roleId: u.roleId, token: await server.login(u.account, u.password) };
    const o = await buildUser(server.db, { features: ['station.edit', 'station.coordinateExport'] });
    outsider = await server.login(o.account, o.password);
    visible = await buildStation(server.db, { projectName: '乌兰察布风电场北区', province: '内蒙古自治区' });
    await server.db
      .updateTable('station')
      .set({ region_code: '150900', status: 1 })
      .where('id', '=', visible.id)
      .execute();
    hidden = await buildStation(server.db, { projectName: '乌兰察布风电场南区' });
    await grantRoleStations(server.db, engineer.roleId, [visible.id]);
    const created = await server.call('POST', SAVE, {
      token: engineer.token,
      body: validSite({
        stationCode: '300001',
        projectName: '锡林郭勒风电场',
        regionCode: '152500',
        stationType: 'lidar',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    own = created.body.data.id;
  });

  it('pages only the sites the caller can see, with filters', async () => {
    const all = await server.call('POST', PAGE, { token: engineer.token, body: { pageNo: 1, pageSize: 20 } });
    expect(all.status).toBe(200);
    expect(all.body.data.records.map((r: { id: number }) => r.id).sort()).toEqual([visible.id, own].sort());
    expect(all.body.data.total).toBe(2);
    const byType = await server.call('POST', PAGE, {
      token: engineer.token,
      body: { stationType: ['lidar'] },
    });
    expect(byType.body.data.records.map((r: { id: number }) => r.id)).toEqual([own]);
    const byProvince = await server.call('POST', PAGE, {
      token: engineer.token,
      body: { regionCodes: ['150000'], keywords: '乌兰察布' },
    });
    expect(byProvince.body.data.records.map((r: { id: number }) => r.id)).toEqual([visible.id]);
    const byTag = await server.call('POST', PAGE, {
      token: admin,
      body: { tagIds: [tagIds[0]], pageSize: 100 },
    });
    expect(byTag.body.data.records.map((r: { stationCode: string }) => r.stationCode)).toContain('300001');
    const bad = await server.call('POST', PAGE, { token: admin, body: { pageSize: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('forbids detail, overview, edit, tags and delete of a site the caller cannot see', async () => {
    const before = await snapshot(hidden.id);
    for (const [method, url, body] of [
      ['GET', `/api/web/station/detail?id=${hidden.id}`, undefined],
      ['GET', `/api/web/station/overview?id=${hidden.id}`, undefined],
      ['GET', `/api/web/station/delete/${hidden.id}`, undefined],
      ['POST', SAVE, validSite({ id: hidden.id, stationCode: hidden.stationCode })],
      ['POST', '/api/web/station/tags', { stationId: hidden.id, tagIds: [tagIds[0]] }],
    ] as const) {
      const r = await server.call(method, url, { token: engineer.token, body, language: 'EN' });
      expect(r.status, url).toBe(403);
      expect(r.body.msg).toBe('No access permission');
    }
    expect(await snapshot(hidden.id)).toEqual(before);
  });

  it('needs station.add to create and station.edit to edit', async () => {
    const viewer = await buildUser(server.db, { features: [] });
    const token = await server.login(viewer.account, viewer.password);
    await expectRefused(token, validSite({ stationCode: '400001' }), {
      status: 403,
      zh: '无访问权限',
      en: 'No access permission',
    });
  });

  it('lets station.saveAs copy a site the caller can see, but not create one from scratch or copy a hidden one', async () => {
    const copier = await buildUser(server.db, { features: ['station.saveAs'] });
    await grantRoleStations(server.db, copier.roleId, [visible.id]);
    const token = await server.login(copier.account, copier.password);
    await expectRefused(token, validSite({ stationCode: '400002' }), {
      status: 403,
      zh: '无访问权限',
      en: 'No access permission',
    });
    await expectRefused(token, validSite({ stationCode: '400002', copyFromId: hidden.id }), {
      status: 403,
      zh: '无访问权限',
      en: 'No access permission',
    });
    const copy = await server.call('POST', SAVE, {
      token,
      body: validSite({ stationCode: '400002', copyFromId: visible.id }),
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.data.stationCode).toBe('400002');
    // The copier owns the copy, so they can open it.
    const detail = await server.call('GET', `/api/web/station/detail?id=${copy.body.data.id}`, { token });
    expect(detail.status).toBe(200);
  });

  it('overview gives the compact panel', async () => {
    const r = await server.call('GET', `/api/web/station/overview?id=${own}`, { token: engineer.token });
    expect(r.body.data).toMatchObject({
      stationCode: '300001',
      stationTypeName: '激光雷达',
      ownerPartyName: '国家电投张家口公司',
    });
  });

  it('quantity_stat counts only accessible sites by status, type and province', async () => {
    const r = await server.call('POST', '/api/web/station/quantity_stat', {
      token: engineer.token,
      body: {},
    });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(2);
    expect(r.body.data.byStatus.find((s: { value: number }) => s.value === 1)).toMatchObject({
      count: 1,
      color: '#e53935',
    });
    expect(r.body.data.byType.find((s: { value: string }) => s.value === 'lidar').count).toBe(1);
    expect(r.body.data.byProvince).toEqual([{ value: '150000', name: '内蒙古自治区', count: 2 }]);
  });

  it('search finds accessible sites by code or name only', async () => {
    const r = await server.call('POST', '/api/web/station/search', {
      token: engineer.token,
      body: { keywords: '乌兰察布' },
    });
    expect(r.body.data.map((s: { id: number }) => s.id)).toEqual([visible.id]);
    const none = await server.call('POST', '/api/web/station/search', { token: outsider, body: {} });
    expect(none.body.data).toEqual([]);
  });

  it('exports the coordinates of accessible sites as an xlsx workbook', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/web/station/coordinate/export',
      headers: { token: engineer.token },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      /filename\*=UTF-8''%E7%AB%99%E7%82%B9%E5%9D%90%E6%A0%87_\d{8}\.xlsx/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual([
      '站点编号',
      '项目名称',
      '省份',
      '经度',
      '纬度',
      '海拔 (m)',
      '塔高 (m)',
      '站点类型',
      '站点状态',
    ]);
    expect(rows.slice(1)).toEqual([
      ['300001', '锡林郭勒风电场', '内蒙古自治区', 114.7, 41.15, 1420, 120, '激光雷达', '正常'],
      [
        visible.stationCode,
        '乌兰察布风电场北区',
        '内蒙古自治区',
        expect.any(Number),
        40,
        undefined,
        undefined,
        '测风塔',
        '告警',
      ],
    ]);
    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/web/station/coordinate/export',
      headers: { token: outsider, language: 'EN' },
      payload: { ids: [hidden.id] },
    });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(empty.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets[0]!.rowCount).toBe(1);
    expect(book2.worksheets[0]!.getRow(1).getCell(1).value).toBe('Site code');
  });
});

describe('sites with and without data', () => {
  it('filters the list by whether a site holds stored data (the latest data time only ingestion writes)', async () => {
    const withData = await buildStation(server.db, { projectName: '有数据的场' });
    const without = await buildStation(server.db, { projectName: '没数据的场' });
    await server.db
      .updateTable('station')
      .set({ data_time: new Date('2026-10-01T00:00:00Z') })
      .where('id', '=', withData.id)
      .execute();
    const page = (hasData: 0 | 1) =>
      server.call('POST', '/api/web/station/page', {
        token: admin,
        body: { keywords: '数据的场', hasData, pageSize: 50 },
      });
    expect((await page(1)).body.data.records.map((r: { id: number }) => r.id)).toEqual([withData.id]);
    expect((await page(0)).body.data.records.map((r: { id: number }) => r.id)).toEqual([without.id]);
  });
});

describe('batch import of sites', () => {
  async function workbook(rows: (string | number | null)[][], language: 'zh' | 'en' = 'zh'): Promise<Buffer> {
    const template = await server.app.inject({
      method: 'GET',
      url: '/api/web/station/import/template',
      headers: { token: admin, language: language === 'zh' ? 'ZH' : 'EN' },
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    sheet.spliceRows(2, 1); // the example row
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  async function importFile(content: Buffer, fileName = 'sites.xlsx', language: 'ZH' | 'EN' = 'ZH') {
    const { payload, contentType } = multipartBody([{ name: 'file', fileName, content }]);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/web/station/import',
      headers: { token: admin, 'content-type': contentType, language },
      payload,
    });
    return { status: r.statusCode, body: r.json() };
  }
  const codes = async (prefix: string) =>
    (
      await server.db
        .selectFrom('station')
        .select('station_code')
        .where('station_code', 'like', `${prefix}%`)
        .execute()
    )
      .map((r) => r.station_code)
      .sort();

  it('gives a template in the reader’s language whose header marks the required columns', async () => {
    const r = await server.app.inject({
      method: 'GET',
      url: '/api/web/station/import/template',
      headers: { token: admin, language: 'EN' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const header = book.worksheets[0]!.getRow(1).values as string[];
    expect(header).toContain('Site code *');
    expect(header).toContain('Longitude *');
    expect(r.headers['content-disposition']).toContain('site-import-template.xlsx');
  });

  it('creates every site of a valid file, resolving type, province, owner and manufacturer by name', async () => {
    const file = await workbook([
      [
        '771001',
        '导入项目一',
        '测风塔',
        '河北省',
        '张北',
        114.7,
        41.15,
        1450,
        100,
        'UTC+08:00',
        '国家电投张家口公司',
        'NRG Systems SymphoniePRO',
        '',
      ],
      ['771002', '导入项目二', 'Lidar', '130000', '', 114.8, 41.2, null, null, null, null, null, null],
    ]);
    const r = await importFile(file);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ count: 2, stationCodes: ['771001', '771002'] });
    const row = await server.db
      .selectFrom('station')
      .select(['station_type', 'province', 'owner_party_id', 'manufacturer_id', 'logger_utc_offset_minutes'])
      .where('station_code', '=', '771001')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      station_type: 'met_mast',
      province: '河北省',
      owner_party_id: ownerPartyId,
      manufacturer_id: manufacturerId,
      logger_utc_offset_minutes: 480,
    });
    const log = await server.db
      .selectFrom('station_log')
      .select('location')
      .where('station_code', '=', '771002')
      .execute();
    expect(log.map((l) => l.location)).toEqual(['batchImport']);
  });

  it('refuses the whole file, saving nothing, and lists every problem by row and column in the reader’s language', async () => {
    await server.db
      .insertInto('station')
      .values({
        station_code: '773009',
        project_name: 'taken',
        province: '河北省',
        longitude: 114,
        latitude: 40,
      })
      .execute();
    const file = await workbook(
      [
        ['772001', 'OK row', 'Met mast', '', '', 114.7, 41.15, null, null, null, null, null, null],
        ['772002', 'Bad latitude', 'Met mast', '', '', 114.7, 95, null, null, null, null, null, null],
        ['772001', 'Duplicate code', 'Met mast', '', '', 114.7, 41.1, null, null, null, null, null, null],
        ['773009', 'Code taken', 'Met mast', '', '', 114.7, 41.1, null, null, null, null, null, null],
        [
          '772003',
          'Unknown owner',
          'Balloon',
          'Atlantis',
          '',
          'east',
          41.1,
          null,
          null,
          null,
          'Nobody Ltd',
          null,
          null,
        ],
      ],
      'en',
    );
    const r = await importFile(file, 'sites.xlsx', 'EN');
    expect(r.status).toBe(422);
    expect(r.body.data.errorCode).toBe('STATION_IMPORT_INVALID');
    const fields = r.body.data.fields.map(
      (f: { field: string; message: string }) => `${f.field}: ${f.message}`,
    );
    expect(fields).toEqual([
      'Row 3 · Latitude: Latitude must be within [-90, 90]',
      'Row 4 · Site code: Duplicates another entry',
      'Row 5 · Site code: The site code is already in use',
      'Row 6 · Site type: Please choose a valid option',
      'Row 6 · Province: Please choose a valid option',
      'Row 6 · Owner: No such name is registered; register it first',
      'Row 6 · Longitude: Please enter a valid number',
    ]);
    expect(r.body.msg).toBe('The file has 7 errors; no site was imported');
    expect(await codes('772')).toEqual([]);
  });

  it('refuses what is not the template: another file type, an unreadable workbook, a sheet without its header', async () => {
    expect((await importFile(Buffer.from('a,b'), 'sites.csv', 'EN')).status).toBe(415);
    const broken = await importFile(Buffer.from('PK not a zip'), 'sites.xlsx', 'EN');
    expect(broken.status).toBe(422);
    expect(broken.body.msg).toBe('The import file cannot be read: not a valid .xlsx workbook');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('x').addRow(['foo', 'bar']);
    const other = await importFile(Buffer.from(await book.xlsx.writeBuffer()), 'sites.xlsx', 'ZH');
    expect(other.status).toBe(422);
    expect(other.body.msg).toContain('第 1 行');
  });

  it('refuses an xlsx bomb of the template at the 32 MB an import may unpack to, creating no site', async () => {
    const file = await workbook([['774001', 'Bomb row', 'Met mast', '', '', 114.7, 41.15]]);
    const bomb = await buildXlsxBomb(file);
    const r = await importFile(bomb, 'sites.xlsx', 'EN');
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      msg: 'The file “sites.xlsx” was refused and nothing was stored: it unpacks to more than 32 MB in total',
      data: { errorCode: 'ARCHIVE_TOO_LARGE' },
    });
    const zh = await importFile(bomb, '站点.xlsx', 'ZH');
    expect(zh.body.msg).toBe('文件“站点.xlsx”解压后总计超过 32 MB，已拒绝，未保存任何内容');
    expect(await codes('774')).toEqual([]);
  });
});
