import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CHANNEL_ELEMENTS,
  renderText,
  type TIea43Document,
  type TText,
  ZIea43Document,
} from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let editorToken: string;
let readerToken: string;
let outsiderToken: string;
let station: { id: number; stationCode: string };

const LIST = '/api/web/station/channel_config/list';
const DETAIL = '/api/web/station/channel_config/detail';
const SAVE = '/api/web/station/channel_config/save_or_update';
const DELETE = '/api/web/station/channel_config/delete';
const ELEMENTS = '/api/web/station/channel_config/elements';
const EXPORT = '/api/web/station/channel_config/iea43/export';
const IMPORT = '/api/web/station/channel_config/iea43/import';

const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples');
const BRIGHTWIND_MAST = path.join(SAMPLES, 'brighthub_iea43/brightwind_demo_data_iea43_wra_data_model.json');
const BRIGHTWIND_LIDAR = path.join(
  SAMPLES,
  'brightwind-demo/floating_lidar_demo_iea43_wra_data_model_v1_3.json',
);
const hasSamples = existsSync(BRIGHTWIND_MAST) && existsSync(BRIGHTWIND_LIDAR);
if (!hasSamples) {
  console.warn(
    `IEA43 sample tests skipped: ${SAMPLES} is absent (the shared samples folder is next to the repo).`,
  );
}

function channel(overrides: Record<string, unknown> = {}) {
  return {
    channelName: 'Spd80mN',
    element: 'ws',
    heightM: 80,
    tag: '80mN',
    dataKey: 'ws_80n_mean',
    unit: 'm/s',
    statistic: 'mean',
    boomOrientationDeg: 0,
    sensorMake: 'Thies',
    sensorModel: 'First Class Advanced',
    sensorSerial: '0654321',
    calibrationSlope: 0.046,
    calibrationOffset: 0.243,
    ...overrides,
  };
}

async function configCount(stationId: number): Promise<number> {
  return (
    await server.db.selectFrom('channel_config').select('id').where('station_id', '=', stationId).execute()
  ).length;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
  station = await buildStation(server.db);
  const editor = await buildUser(server.db, { features: ['station.edit'] });
  await grantRoleStations(server.db, editor.roleId, [station.id]);
  editorToken = await server.login(editor.account, editor.password);
  const reader = await buildUser(server.db, { features: [] });
  await grantRoleStations(server.db, reader.roleId, [station.id]);
  readerToken = await server.login(reader.account, reader.password);
  const outsider = await buildUser(server.db, { features: ['station.edit'] });
  outsiderToken = await server.login(outsider.account, outsider.password);
});
afterAll(async () => {
  await server.stop();
});

describe('channel configurations over time', () => {
  let firstId: number;
  let secondId: number;

  it('adds configurations; a later one does not rewrite the earlier one', async () => {
    const first = await server.call('POST', SAVE, {
      token: editorToken,
      body: {
        stationId: station.id,
        name: '安装配置',
        effectiveFrom: '2024-01-01T00:00:00Z',
        channels: [
          channel(),
          channel({
            channelName: 'Dir78mS',
            element: 'wd',
            heightM: 78,
            tag: '78mS',
            dataKey: 'wd_78_mean',
            unit: 'deg',
            vaneOffsetDeg: 180,
          }),
        ],
      },
    });
    expect(first.status).toBe(200);
    firstId = first.body.data.id;
    const second = await server.call('POST', SAVE, {
      token: editorToken,
      body: {
        stationId: station.id,
        name: '更换风速计',
        effectiveFrom: '2024-06-01T00:00:00Z',
        channels: [channel({ sensorSerial: '0999999', calibrationSlope: 0.0461 })],
      },
    });
    expect(second.status).toBe(200);
    secondId = second.body.data.id;

    const before = await server.call('GET', `${LIST}?stationId=${station.id}&at=2024-03-01T00:00:00Z`, {
      token: readerToken,
      language: 'EN',
    });
    expect(before.status).toBe(200);
    expect(before.body.data.records.map((r: { id: number }) => r.id)).toEqual([secondId, firstId]);
    expect(before.body.data.records[1]).toMatchObject({
      effectiveFrom: '2024-01-01T00:00:00.000Z',
      effectiveTo: '2024-06-01T00:00:00.000Z',
      channelCount: 2,
      isInForce: true,
    });
    expect(before.body.data.inForce.id).toBe(firstId);
    expect(before.body.data.inForce.channels[0]).toMatchObject({
      channelName: 'Spd80mN',
      elementName: 'Wind speed',
      statisticName: 'Mean',
      sensorSerial: '0654321',
      calibrationSlope: 0.046,
    });
    expect(before.body.data.inForce.channels[1]).toMatchObject({ element: 'wd', vaneOffsetDeg: 180 });

    const now = await server.call('GET', `${LIST}?stationId=${station.id}`, { token: readerToken });
    expect(now.body.data.inForce.id).toBe(secondId);
    expect(now.body.data.records[0].effectiveTo).toBeNull();
    const early = await server.call('GET', `${LIST}?stationId=${station.id}&at=2020-01-01T00:00:00Z`, {
      token: readerToken,
    });
    expect(early.body.data.inForce).toBeNull();
  });

  it('refuses a second configuration on the same date in zh and en, changing nothing', async () => {
    const count = await configCount(station.id);
    for (const [language, msg] of [
      ['ZH', '该站点已有生效时间为 2024-06-01 00:00 UTC 的通道配置'],
      ['EN', 'This site already has a channel configuration effective from 2024-06-01 00:00 UTC'],
    ] as const) {
      const r = await server.call('POST', SAVE, {
        token: editorToken,
        language,
        body: {
          stationId: station.id,
          name: '重复',
          effectiveFrom: '2024-06-01T00:00:00Z',
          channels: [channel()],
        },
      });
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(msg);
    }
    expect(await configCount(station.id)).toBe(count);
  });

  it('refuses bad channels with localised field errors', async () => {
    const r = await server.call('POST', SAVE, {
      token: editorToken,
      language: 'EN',
      body: {
        stationId: station.id,
        name: 'bad',
        effectiveFrom: '2025-01-01T00:00:00Z',
        channels: [
          channel(),
          channel({ statistic: 'bogus' }),
          channel({ dataKey: 'WS_80N_MEAN', boomOrientationDeg: 400 }),
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.fields).toEqual(
      expect.arrayContaining([
        { field: 'channels.1.statistic', message: 'Please choose a valid option' },
        { field: 'channels.2.boomOrientationDeg', message: 'Must not be greater than 360' },
      ]),
    );
    const dup = await server.call('POST', SAVE, {
      token: editorToken,
      language: 'ZH',
      body: {
        stationId: station.id,
        name: 'bad',
        effectiveFrom: '2025-01-01T00:00:00Z',
        channels: [channel(), channel({ dataKey: 'WS_80N_MEAN' })],
      },
    });
    expect(dup.body.data.fields).toEqual([{ field: 'channels.1.dataKey', message: '与其他项重复' }]);
  });

  it('edits a configuration as a whole and logs each change', async () => {
    const r = await server.call('POST', SAVE, {
      token: editorToken,
      body: {
        id: firstId,
        stationId: station.id,
        name: '安装配置（修订）',
        effectiveFrom: '2024-01-01T00:00:00Z',
        channels: [channel({ calibrationOffset: 0.25 })],
      },
    });
    expect(r.status).toBe(200);
    const detail = await server.call('GET', `${DETAIL}?id=${firstId}`, { token: readerToken });
    expect(detail.body.data).toMatchObject({ name: '安装配置（修订）', channelCount: 1, isInForce: false });
    expect(detail.body.data.channels[0].calibrationOffset).toBe(0.25);
    const log = await server.db
      .selectFrom('station_log')
      .select(['type', 'objects_text'])
      .where('station_id', '=', station.id)
      .where('location', '=', 'channelConfiguration')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.type)).toEqual(['add', 'add', 'edit']);
    expect(renderText(log[2]!.objects_text as TText, 'zh')).toContain('安装配置（修订）');
  });

  it('keeps reads to users who reach the site and writes to station.edit holders', async () => {
    expect(
      (await server.call('GET', `${LIST}?stationId=${station.id}`, { token: outsiderToken })).status,
    ).toBe(403);
    expect((await server.call('GET', `${DETAIL}?id=${firstId}`, { token: outsiderToken })).status).toBe(403);
    const save = await server.call('POST', SAVE, {
      token: readerToken,
      body: {
        stationId: station.id,
        name: 'x',
        effectiveFrom: '2025-01-01T00:00:00Z',
        channels: [channel()],
      },
    });
    expect(save.status).toBe(403);
    const outsiderSave = await server.call('POST', SAVE, {
      token: outsiderToken,
      body: {
        stationId: station.id,
        name: 'x',
        effectiveFrom: '2025-01-01T00:00:00Z',
        channels: [channel()],
      },
    });
    expect(outsiderSave.status).toBe(403);
    expect((await server.call('GET', `${DELETE}?id=${firstId}`, { token: outsiderToken })).status).toBe(403);
  });

  it('deletes a configuration; the previous one stays in force', async () => {
    expect((await server.call('GET', `${DELETE}?id=${secondId}`, { token: editorToken })).status).toBe(200);
    const now = await server.call('GET', `${LIST}?stationId=${station.id}`, { token: readerToken });
    expect(now.body.data.inForce.id).toBe(firstId);
    expect(now.body.data.records[0].effectiveTo).toBeNull();
  });

  it('lists the elements in the caller’s language', async () => {
    const zh = await server.call('GET', ELEMENTS, { token: readerToken, language: 'ZH' });
    expect(zh.body.data.find((e: { key: string }) => e.key === 'ws')).toEqual({
      key: 'ws',
      name: '风速',
      measurementType: 'wind_speed',
      unit: 'm/s',
    });
    const en = await server.call('GET', ELEMENTS, { token: readerToken, language: 'EN' });
    expect(en.body.data.map((e: { key: string }) => e.key)).toEqual(
      expect.arrayContaining(['ws', 'wd', 'T', 'RH', 'p']),
    );
    expect(en.body.data.find((e: { key: string }) => e.key === 'RH').name).toBe('Relative humidity');
  });
});

describe.skipIf(!hasSamples)('IEA Wind Task 43 import and export (real samples)', () => {
  let mastStation: { id: number; stationCode: string };

  beforeAll(async () => {
    mastStation = await buildStation(server.db, { projectName: '都柏林演示测风塔' });
  });

  it('imports the brightwind demo mast: a configuration per instant, every statistic, history and sensors kept', async () => {
    const document = JSON.parse(readFileSync(BRIGHTWIND_MAST, 'utf8'));
    const r = await server.call('POST', `${IMPORT}?stationId=${mastStation.id}`, {
      token: admin,
      body: document,
    });
    expect(r.status).toBe(200);
    expect(
      r.body.data.configurations.map((c: { effectiveFrom: string; channelCount: number }) => [
        c.effectiveFrom,
        c.channelCount,
      ]),
    ).toEqual([
      ['2016-01-09T15:30:00.000Z', 29],
      // The file ends the first configs at 17:59 and starts the next ones at 18:00: a minute in between.
      ['2017-01-04T17:59:00.000Z', 24],
      ['2017-01-04T18:00:00.000Z', 29],
    ]);
    // Every statistic is a channel now (issue 44): the precipitation sum too.
    expect(r.body.data.metadataOnly).toEqual([]);
    const [firstId, , secondId] = r.body.data.configurations.map((c: { id: number }) => c.id);
    const first = (await server.call('GET', `${DETAIL}?id=${firstId}`, { token: admin })).body.data;
    const second = (await server.call('GET', `${DETAIL}?id=${secondId}`, { token: admin })).body.data;
    const byKey = (config: { channels: { dataKey: string }[] }, key: string) =>
      config.channels.find((c) => c.dataKey === key) as Record<string, unknown>;
    expect(byKey(first, 'Spd80mN')).toMatchObject({
      element: 'ws',
      heightM: 80,
      tag: 'Spd80mN',
      unit: 'm/s',
      statistic: 'mean',
      boomOrientationDeg: 360,
      sensorMake: 'Thies',
      sensorModel: 'First Class Advanced',
      sensorSerial: '0654321',
      calibrationSlope: 0.046,
      calibrationOffset: 0.243,
    });
    expect(byKey(first, 'Spd80mNStd').statistic).toBe('sd');
    expect(byKey(first, 'BattMin')).toMatchObject({ element: 'voltage', statistic: 'min', heightM: null });
    expect(byKey(first, 'T2m')).toMatchObject({ element: 'T', unit: 'deg_C', heightM: 2 });
    expect(byKey(first, 'PrcpTot')).toMatchObject({ element: 'prcp', statistic: 'sum' });
    // Changes on 2017-01-04 18:00: a recalibrated anemometer and a replaced vane.
    expect(byKey(first, 'Spd40mS').calibrationSlope).toBe(0.0459);
    expect(byKey(second, 'Spd40mS').calibrationSlope).toBe(0.04591);
    expect(byKey(first, 'Dir58mS').sensorSerial).toBe('0587654');
    expect(byKey(second, 'Dir58mS').sensorSerial).toBe('0587655');
    const log = await server.db
      .selectFrom('station_log')
      .select('objects_text')
      .where('station_id', '=', mastStation.id)
      .execute();
    expect(log).toHaveLength(1);
    expect(renderText(log[0]!.objects_text as TText, 'en')).toContain('IEA Task 43');
  });

  it('refuses to import the same file again (dates taken), changing nothing', async () => {
    const document = JSON.parse(readFileSync(BRIGHTWIND_MAST, 'utf8'));
    const r = await server.call('POST', `${IMPORT}?stationId=${mastStation.id}`, {
      token: admin,
      body: document,
      language: 'EN',
    });
    expect(r.status).toBe(409);
    expect(await configCount(mastStation.id)).toBe(3);
  });

  it('imports the floating lidar (v1.3) uploaded as a file', async () => {
    const lidar = await buildStation(server.db);
    const { payload, contentType } = multipartBody([
      {
        name: 'file',
        fileName: 'floating_lidar_demo_iea43_wra_data_model_v1_3.json',
        content: readFileSync(BRIGHTWIND_LIDAR),
        contentType: 'application/json',
      },
    ]);
    const r = await server.app.inject({
      method: 'POST',
      url: `${IMPORT}?stationId=${lidar.id}`,
      headers: { token: admin, 'content-type': contentType },
      payload,
    });
    expect(r.statusCode).toBe(200);
    expect(
      r
        .json()
        .data.configurations.map((c: { effectiveFrom: string; channelCount: number }) => [
          c.effectiveFrom,
          c.channelCount,
        ]),
    ).toEqual([
      ['2012-10-23T12:10:00.000Z', 86],
      ['2012-10-23T13:10:00.000Z', 127],
      // Sensors and mounting arrangements that end or change between the logger configs' dates.
      ['2012-11-15T13:30:00.000Z', 116],
      ['2012-11-15T13:50:00.000Z', 127],
      ['2013-04-24T14:50:00.000Z', 116],
      ['2013-10-08T14:00:00.000Z', 127],
    ]);
    const list = await server.call('GET', `${LIST}?stationId=${lidar.id}&at=2013-01-01T00:00:00Z`, {
      token: admin,
    });
    const availability = list.body.data.inForce.channels.find(
      (c: { dataKey: string }) => c.dataKey === '250m Data Availability (%)',
    );
    // Availability is an element of its own since the lidar readers (issue 31); Task 43's type is its element's.
    expect(availability).toMatchObject({ element: 'avail', heightM: 250 });
    expect(CHANNEL_ELEMENTS.avail.measurementType).toBe('availability');
  });

  it('round-trips the floating-lidar model: measurement type, device, points and heights (issue 31)', async () => {
    const source = JSON.parse(readFileSync(BRIGHTWIND_LIDAR, 'utf8'));
    const site = await buildStation(server.db);
    // The site fields (type, device, heights) follow the file when the user confirms them.
    const imported = await server.call('POST', `${IMPORT}?stationId=${site.id}&applySiteFields=true`, {
      token: admin,
      body: source,
    });
    expect(imported.status, imported.body.msg).toBe(200);
    const detail = await server.call('GET', `/api/web/station/detail?id=${site.id}`, { token: admin });
    const heights = [40, 50, 62, 80, 100, 120, 140, 160, 180, 200, 250];
    expect(detail.body.data).toMatchObject({
      stationType: 'lidar',
      deviceModel: 'Vaisala WindCube v2',
      deviceSerial: 'WLS7-239',
      deviceFirmware: '1.1.3.c',
      measurementHeightsM: heights,
    });
    const exported = await server.call('GET', `${EXPORT}?stationId=${site.id}`, { token: admin });
    expect(exported.status).toBe(200);
    // The export answers the document itself, not the usual envelope.
    const document = exported.body as unknown as TIea43Document;
    expect(ZIea43Document.safeParse(document).success).toBe(true);
    const location = document.measurement_location[0]!;
    expect(location.measurement_station_type_id).toBe('lidar');
    expect(location.mast_properties).toBeUndefined();
    // Every logger with its history (issue 44), the OEM apart from the model as Task 43 requires.
    expect(location.logger_main_config).toHaveLength(3);
    for (const logger of location.logger_main_config as Record<string, unknown>[]) {
      expect(logger).toMatchObject({
        logger_oem_id: 'Vaisala',
        logger_model_name: 'WindCube v2',
        logger_serial_number: 'WLS7-239',
        logger_firmware_version: '1.1.3.c',
      });
    }
    const points = (doc: TIea43Document) =>
      doc.measurement_location[0]!.measurement_point.map(
        (p) => `${p.name}|${p.measurement_type_id}|${p.height_m}`,
      ).sort();
    expect(points(document)).toEqual(points(source));
    // And back again: a second site reads the export as the first read the source.
    const again = await buildStation(server.db);
    const reimported = await server.call('POST', `${IMPORT}?stationId=${again.id}&applySiteFields=true`, {
      token: admin,
      body: document,
    });
    expect(reimported.status, reimported.body.msg).toBe(200);
    expect(reimported.body.data.configurations.map((c: { channelCount: number }) => c.channelCount)).toEqual(
      imported.body.data.configurations.map((c: { channelCount: number }) => c.channelCount),
    );
    const second = await server.call('GET', `/api/web/station/detail?id=${again.id}`, { token: admin });
    expect(second.body.data).toMatchObject({
      stationType: 'lidar',
      deviceSerial: 'WLS7-239',
      measurementHeightsM: heights,
    });
  });

  it('exports a valid WRA data model that imports back to the same configurations', async () => {
    const exported = await server.app.inject({
      method: 'GET',
      url: `${EXPORT}?stationId=${mastStation.id}`,
      headers: { token: readerTokenFor(mastStation.id) ?? admin },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(exported.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${mastStation.stationCode}_都柏林演示测风塔_iea43_wra_data_model.json`)}`,
    );
    const document = exported.json();
    expect(ZIea43Document.safeParse(document).success).toBe(true);
    const location = document.measurement_location[0];
    expect(location.measurement_point.map((p: { name: string }) => p.name)).toEqual([
      'Spd80mN',
      'Spd80mS',
      'Spd60mN',
      'Spd60mS',
      'Spd40mN',
      'Spd40mS',
      'Dir78mS',
      'Dir58mS',
      'Dir38mS',
      'T2m',
      'P2m',
      'RH2m',
      'BattMin',
      'PrcpTot',
    ]);
    const spd40mS = location.measurement_point.find((p: { name: string }) => p.name === 'Spd40mS');
    expect(
      spd40mS.logger_measurement_config.map(
        (c: { date_from: string; date_to: string | null; slope: number }) => [
          c.date_from,
          c.date_to,
          c.slope,
        ],
      ),
    ).toEqual([
      // date_to as the file stated it.
      ['2016-01-09T15:30:00', '2017-01-04T17:59:00', 0.0459],
      ['2017-01-04T18:00:00', null, 0.04591],
    ]);
    expect(
      spd40mS.logger_measurement_config[0].column_name.map(
        (c: { column_name: string; statistic_type_id: string }) => [c.column_name, c.statistic_type_id],
      ),
    ).toEqual([
      ['Spd40mS', 'avg'],
      ['Spd40mSStd', 'sd'],
      ['Spd40mSMax', 'max'],
    ]);

    const copy = await buildStation(server.db);
    const imported = await server.call('POST', `${IMPORT}?stationId=${copy.id}`, {
      token: admin,
      body: document,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data.metadataOnly).toEqual([]);
    const channelsOf = async (stationId: number) => {
      const configs = await server.db
        .selectFrom('channel_config')
        .select(['id', 'effective_from'])
        .where('station_id', '=', stationId)
        .orderBy('effective_from')
        .execute();
      const out = [];
      for (const c of configs) {
        const channels = await server.db
          .selectFrom('channel_config_channel')
          .selectAll()
          .where('config_id', '=', c.id)
          .orderBy('position')
          .execute();
        out.push({
          from: c.effective_from.toISOString(),
          channels: channels.map(({ id: _i, config_id: _c, ...rest }) => rest),
        });
      }
      return out;
    };
    expect(await channelsOf(copy.id)).toEqual(await channelsOf(mastStation.id));
    const again = await server.app.inject({
      method: 'GET',
      url: `${EXPORT}?stationId=${copy.id}`,
      headers: { token: admin },
    });
    expect(again.json().measurement_location[0].measurement_point).toEqual(location.measurement_point);
  });
});

function readerTokenFor(_stationId: number): string | undefined {
  return undefined;
}

describe('IEA43 import of a malformed file', () => {
  it('answers a localised 422 listing the problems, and changes nothing', async () => {
    const site = await buildStation(server.db);
    const document = {
      author: 'x',
      organisation: 'y',
      date: '2024-01-01',
      version: '1.3.0-2024.03',
      measurement_location: [
        {
          name: 'Mast',
          latitude_ddeg: 95,
          longitude_ddeg: 10,
          measurement_station_type_id: 'mast',
          measurement_point: [
            {
              name: 'Spd',
              measurement_type_id: 'wind_speed',
              height_m: 80,
              logger_measurement_config: [{ date_from: 'yesterday', column_name: [] }],
            },
          ],
        },
      ],
    };
    for (const [language, msg] of [
      ['ZH', '文件不是有效的 IEA Task 43 WRA 数据模型 JSON，站点未做任何修改'],
      ['EN', 'The file is not a valid IEA Task 43 WRA data model JSON; nothing was changed'],
    ] as const) {
      const r = await server.call('POST', `${IMPORT}?stationId=${site.id}`, {
        token: admin,
        body: document,
        language,
      });
      expect(r.status).toBe(422);
      expect(r.body.msg).toBe(msg);
      expect(r.body.data.errorCode).toBe('IEA43_INVALID');
      expect(r.body.data.fields.map((f: { field: string }) => f.field)).toEqual(
        expect.arrayContaining([
          'measurement_location.0.latitude_ddeg',
          'measurement_location.0.measurement_point.0.logger_measurement_config.0.date_from',
        ]),
      );
    }
    const { payload, contentType } = multipartBody([
      { name: 'file', fileName: 'model.json', content: Buffer.from('{"author": ') },
    ]);
    const notJson = await server.app.inject({
      method: 'POST',
      url: `${IMPORT}?stationId=${site.id}`,
      headers: { token: admin, 'content-type': contentType, language: 'EN' },
      payload,
    });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().data.errorCode).toBe('IEA43_INVALID');
    const onlyIgnored = structuredClone(document);
    onlyIgnored.measurement_location[0]!.latitude_ddeg = 40;
    onlyIgnored.measurement_location[0]!.measurement_point[0]!.logger_measurement_config = [
      {
        date_from: '2024-01-01T00:00:00',
        date_to: null,
        column_name: [{ column_name: 'Rain', statistic_type_id: 'sum', is_ignored: true }],
      } as never,
    ];
    const nothing = await server.call('POST', `${IMPORT}?stationId=${site.id}`, {
      token: admin,
      body: onlyIgnored,
      language: 'EN',
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.data.errorCode).toBe('IEA43_NOTHING_TO_IMPORT');
    expect(await configCount(site.id)).toBe(0);
    expect(
      await server.db.selectFrom('station_log').select('id').where('station_id', '=', site.id).execute(),
    ).toEqual([]);
  });

  it('refuses import into a site the caller cannot reach before reading the body', async () => {
    const site = await buildStation(server.db);
    const r = await server.call('POST', `${IMPORT}?stationId=${site.id}`, { token: outsiderToken, body: {} });
    expect(r.status).toBe(403);
  });
});
