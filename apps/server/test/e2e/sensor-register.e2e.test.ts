import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderText, type TText } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

/** Issue 44 §3: the sensor register, read from the sites' channel configurations. */

let server: TTestServer;
let admin: string;

const SAVE = '/api/web/station/channel_config/save_or_update';
const PAGE = '/api/web/sensor/page';
const DETAIL = '/api/web/sensor/detail';
const UPDATE = '/api/web/sensor/update';
const MOVE = '/api/web/sensor/move';
const SITE_SENSORS = '/api/web/sensor/site_sensors';

const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples');
const BRIGHTWIND_MAST = path.join(SAMPLES, 'brighthub_iea43/brightwind_demo_data_iea43_wra_data_model.json');

let serialSequence = 0;
/** A unique serial per test, so the tests of this file never see each other's sensors. */
const nextSerial = (prefix = 'SN') => `${prefix}-${Date.now() % 100_000}-${++serialSequence}`;

/** The channels of one cup (mean and sd) and one vane. */
function mastChannels(cup: { serial: string; heightM: number }, vaneSerial = '') {
  const base = {
    heightM: cup.heightM,
    tag: `${cup.heightM}mN`,
    unit: 'm/s',
    boomOrientationDeg: 0,
    sensorMake: 'Thies',
    sensorModel: 'First Class Advanced',
    sensorSerial: cup.serial,
  };
  return [
    {
      ...base,
      channelName: `Spd${cup.heightM}m_Avg`,
      element: 'ws',
      dataKey: `ws_${cup.heightM}_mean`,
      statistic: 'mean',
    },
    {
      ...base,
      channelName: `Spd${cup.heightM}m_SD`,
      element: 'ws',
      dataKey: `ws_${cup.heightM}_sd`,
      statistic: 'sd',
    },
    {
      channelName: 'Dir78m_Avg',
      element: 'wd',
      heightM: 78,
      dataKey: 'wd_78_mean',
      unit: 'deg',
      statistic: 'mean',
      sensorMake: 'NRG Systems',
      sensorModel: '200M vane',
      sensorSerial: vaneSerial,
    },
  ];
}

async function saveConfig(stationId: number, effectiveFrom: string, channels: unknown[], token = admin) {
  const r = await server.call('POST', SAVE, {
    token,
    body: { stationId, name: `config ${effectiveFrom}`, effectiveFrom, channels },
  });
  return r;
}

async function findSensor(serial: string, token = admin) {
  const r = await server.call('POST', PAGE, { token, body: { serial, serialMatch: 'prefix' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.records.find((s: { serialNumber: string }) => s.serialNumber === serial);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('sensor records follow the channel configurations', () => {
  it('creates one record per sensor a saved configuration names, typed by the channel element', async () => {
    const site = await buildStation(server.db);
    const cup = nextSerial('A');
    const vane = nextSerial('V');
    const r = await saveConfig(
      site.id,
      '2024-01-01T00:00:00Z',
      mastChannels({ serial: cup, heightM: 80 }, vane),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await server.db
      .selectFrom('sensor')
      .select(['oem', 'model', 'serial_number', 'sensor_type_id', 'creator_name'])
      .where('serial_number', 'in', [cup, vane])
      .orderBy('serial_number')
      .execute();
    expect(rows).toEqual(
      [
        {
          oem: 'Thies',
          model: 'First Class Advanced',
          serial_number: cup,
          sensor_type_id: 'anemometer',
          creator_name: 'System administrator',
        },
        {
          oem: 'NRG Systems',
          model: '200M vane',
          serial_number: vane,
          sensor_type_id: 'wind_vane',
          creator_name: 'System administrator',
        },
      ].map((row) => ({ ...row, creator_name: expect.any(String) })),
    );
    // Saved again (same serials, other case and spaces): still one record each.
    const again = mastChannels({ serial: ` ${cup.toLowerCase()} `, heightM: 80 }, vane);
    expect((await saveConfig(site.id, '2024-06-01T00:00:00Z', again)).status).toBe(200);
    const count = await server.db
      .selectFrom('sensor')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['serial_number']), '=', cup.toLowerCase()))
      .execute();
    expect(count).toHaveLength(1);
  });

  it('creates no record when the save is refused', async () => {
    const site = await buildStation(server.db);
    const serial = nextSerial('R');
    expect(
      (await saveConfig(site.id, '2024-01-01T00:00:00Z', mastChannels({ serial: nextSerial(), heightM: 60 })))
        .status,
    ).toBe(200);
    // The same date again: CHANNEL_CONFIG_DATE_TAKEN, and the sensor it names is not recorded either.
    const r = await saveConfig(site.id, '2024-01-01T00:00:00Z', mastChannels({ serial, heightM: 60 }));
    expect(r.status).toBe(409);
    expect(
      await server.db.selectFrom('sensor').select('id').where('serial_number', '=', serial).execute(),
    ).toEqual([]);
  });

  it.skipIf(!existsSync(BRIGHTWIND_MAST))('records the sensors of an imported IEA Task 43 file', async () => {
    const site = await buildStation(server.db);
    const r = await server.call('POST', `/api/web/station/channel_config/iea43/import?stationId=${site.id}`, {
      token: admin,
      body: JSON.parse(readFileSync(BRIGHTWIND_MAST, 'utf8')),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sensor = await findSensor('0654321');
    expect(sensor).toMatchObject({ oem: 'Thies', model: 'First Class Advanced', sensorTypeId: 'anemometer' });
    expect(sensor.whereNow).toMatchObject({ stationId: site.id, heightM: 80 });
  });
});

describe('searching the register and a sensor’s page', () => {
  let siteA: { id: number; stationCode: string };
  let siteB: { id: number; stationCode: string };
  let serial: string;
  let sensorId: number;

  beforeAll(async () => {
    siteA = await buildStation(server.db, { projectName: '张北风电场' });
    siteB = await buildStation(server.db, { projectName: '尚义风电场' });
    serial = nextSerial('Cup');
    // On A from 2022 to 2023 at 80 m, then in stock (A's next configuration names another cup), then on B
    // at 60 m from 2024 on.
    await saveConfig(siteA.id, '2022-01-01T00:00:00Z', mastChannels({ serial, heightM: 80 }));
    await saveConfig(siteA.id, '2023-01-01T00:00:00Z', mastChannels({ serial: nextSerial(), heightM: 80 }));
    await saveConfig(siteB.id, '2024-01-01T00:00:00Z', mastChannels({ serial, heightM: 60 }));
    sensorId = (await findSensor(serial)).id;
  });

  it('finds a sensor by the start or the middle of its serial, case aside, with where it is now', async () => {
    const middle = serial.slice(4).toLowerCase();
    const contains = await server.call('POST', PAGE, { token: admin, body: { serial: middle } });
    expect(contains.body.data.records.map((s: { id: number }) => s.id)).toEqual([sensorId]);
    const prefix = await server.call('POST', PAGE, {
      token: admin,
      body: { serial: middle, serialMatch: 'prefix' },
    });
    expect(prefix.body.data.records).toEqual([]);
    const lower = await server.call('POST', PAGE, {
      token: admin,
      body: { serial: serial.toLowerCase(), serialMatch: 'prefix' },
    });
    expect(lower.body.data.records.map((s: { id: number }) => s.id)).toEqual([sensorId]);
    const found = await findSensor(serial);
    expect(found).toMatchObject({
      serialNumber: serial,
      sensorTypeId: 'anemometer',
      whereNow: {
        stationId: siteB.id,
        stationCode: siteB.stationCode,
        heightM: 60,
        channelNames: ['Spd60m_Avg', 'Spd60m_SD'],
      },
      whereNowHidden: false,
      lastCalibrationDate: null,
    });
  });

  it('filters by make, model, type and the site a sensor is on now', async () => {
    const search = (body: Record<string, unknown>) =>
      server
        .call('POST', PAGE, { token: admin, body: { serial, ...body } })
        .then((r) => r.body.data.records.map((s: { id: number }) => s.id));
    expect(await search({ make: 'thies' })).toEqual([sensorId]);
    expect(await search({ make: 'Vaisala' })).toEqual([]);
    expect(await search({ model: 'first class' })).toEqual([sensorId]);
    expect(await search({ sensorTypeId: 'anemometer' })).toEqual([sensorId]);
    expect(await search({ sensorTypeId: 'wind_vane' })).toEqual([]);
    expect(await search({ stationId: siteB.id })).toEqual([sensorId]);
    expect(await search({ stationId: siteA.id })).toEqual([]);
  });

  it('shows the history newest first, with the periods on each site and the calibrations', async () => {
    await server.db
      .insertInto('sensor_calibration')
      .values({
        sensor_id: sensorId,
        slope: 0.04573,
        offset: 0.2419,
        date_of_calibration: '2021-11-02',
        source: 'manual',
        calibration_organisation: 'Deutsche WindGuard',
      })
      .execute();
    const r = await server.call('GET', `${DETAIL}?id=${sensorId}`, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const detail = r.body.data;
    expect(
      detail.history.map((p: Record<string, unknown>) => [p.stationCode, p.heightM, p.from, p.to, p.isNow]),
    ).toEqual([
      [siteB.stationCode, 60, '2024-01-01T00:00:00.000Z', null, true],
      [siteA.stationCode, 80, '2022-01-01T00:00:00.000Z', '2023-01-01T00:00:00.000Z', false],
    ]);
    expect(detail.whereNow).toMatchObject({ stationId: siteB.id, tag: '60mN', boomOrientationDeg: 0 });
    expect(detail.hiddenPeriodCount).toBe(0);
    expect(detail.calibrations).toMatchObject([
      {
        slope: 0.04573,
        offset: 0.2419,
        dateOfCalibration: '2021-11-02',
        calibrationOrganisation: 'Deutsche WindGuard',
      },
    ]);
    expect((await findSensor(serial)).lastCalibrationDate).toBe('2021-11-02');
  });

  it('merges back-to-back configurations that leave the sensor where it was', async () => {
    const site = await buildStation(server.db);
    const kept = nextSerial('Kept');
    await saveConfig(
      site.id,
      '2022-01-01T00:00:00Z',
      mastChannels({ serial: kept, heightM: 40 }, nextSerial()),
    );
    await saveConfig(
      site.id,
      '2022-07-01T00:00:00Z',
      mastChannels({ serial: kept, heightM: 40 }, nextSerial()),
    );
    const id = (await findSensor(kept)).id;
    const detail = (await server.call('GET', `${DETAIL}?id=${id}`, { token: admin })).body.data;
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({ from: '2022-01-01T00:00:00.000Z', to: null, isNow: true });
    expect(detail.history[0].configIds).toHaveLength(2);
  });

  it('tells a sensor in stock: not mounted now', async () => {
    const site = await buildStation(server.db);
    const old = nextSerial('Old');
    await saveConfig(site.id, '2022-01-01T00:00:00Z', mastChannels({ serial: old, heightM: 40 }));
    await saveConfig(site.id, '2022-07-01T00:00:00Z', mastChannels({ serial: nextSerial(), heightM: 40 }));
    const found = await findSensor(old);
    expect(found.whereNow).toBeNull();
    expect(found.whereNowHidden).toBe(false);
    const detail = (await server.call('GET', `${DETAIL}?id=${found.id}`, { token: admin })).body.data;
    expect(detail.whereNow).toBeNull();
    expect(detail.history.map((p: { isNow: boolean }) => p.isNow)).toEqual([false]);
  });

  it('edits the record’s type, classification, heated flag and notes, refusing a type Task 43 does not have', async () => {
    const ok = await server.call('POST', UPDATE, {
      token: admin,
      body: {
        id: sensorId,
        sensorTypeId: 'anemometer',
        classification: '1.2A',
        isHeated: true,
        notes: '备用',
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const detail = (await server.call('GET', `${DETAIL}?id=${sensorId}`, { token: admin })).body.data;
    expect(detail.sensor).toMatchObject({ classification: '1.2A', isHeated: true, notes: '备用' });
    const bad = await server.call('POST', UPDATE, {
      token: admin,
      language: 'EN',
      body: { id: sensorId, sensorTypeId: 'cup', classification: 'x' },
    });
    expect(bad.status).toBe(400);
    const after = (await server.call('GET', `${DETAIL}?id=${sensorId}`, { token: admin })).body.data;
    expect(after.sensor.classification).toBe('1.2A');
  });

  describe('who sees what', () => {
    let viewerToken: string;
    let editorToken: string;

    beforeAll(async () => {
      const viewer = await buildUser(server.db);
      await grantRoleStations(server.db, viewer.roleId, [siteB.id]);
      viewerToken = await server.login(viewer.account, viewer.password);
      const editor = await buildUser(server.db, { features: ['station.edit'] });
      editorToken = await server.login(editor.account, editor.password);
    });

    it('shows a user the periods on sites they see and counts the others', async () => {
      const r = await server.call('GET', `${DETAIL}?id=${sensorId}`, { token: viewerToken });
      expect(r.status).toBe(200);
      expect(r.body.data.history.map((p: { stationId: number }) => p.stationId)).toEqual([siteB.id]);
      expect(r.body.data.hiddenPeriodCount).toBe(1);
      expect(JSON.stringify(r.body.data)).not.toContain(siteA.stationCode);
    });

    it('refuses a sensor named only on sites the user cannot see, and leaves it out of searches', async () => {
      const site = await buildStation(server.db);
      const hiddenSerial = nextSerial('Hidden');
      await saveConfig(site.id, '2024-01-01T00:00:00Z', mastChannels({ serial: hiddenSerial, heightM: 40 }));
      const id = (await findSensor(hiddenSerial)).id;
      const r = await server.call('GET', `${DETAIL}?id=${id}`, { token: viewerToken, language: 'EN' });
      expect(r.status).toBe(403);
      expect(
        (await server.call('POST', PAGE, { token: viewerToken, body: { serial: hiddenSerial } })).body.data
          .total,
      ).toBe(0);
    });

    it('shows a sensor on no site only to those who may edit sites', async () => {
      const serialOnNoSite = nextSerial('Stock');
      await server.db
        .insertInto('sensor')
        .values({ oem: 'Thies', model: 'Clima', serial_number: serialOnNoSite })
        .execute();
      const asViewer = await server.call('POST', PAGE, {
        token: viewerToken,
        body: { serial: serialOnNoSite },
      });
      expect(asViewer.body.data.total).toBe(0);
      const asEditor = await server.call('POST', PAGE, {
        token: editorToken,
        body: { serial: serialOnNoSite },
      });
      expect(asEditor.body.data.records.map((s: { serialNumber: string }) => s.serialNumber)).toEqual([
        serialOnNoSite,
      ]);
      // The editor does not see the sensor of siteA/siteB (no site of theirs names it).
      expect((await server.call('GET', `${DETAIL}?id=${sensorId}`, { token: editorToken })).status).toBe(403);
    });
  });
});

describe('moving a sensor between masts', () => {
  it('writes a configuration on both sites from the date, logs it on both, and the history shows both periods', async () => {
    const from = await buildStation(server.db);
    const target = await buildStation(server.db);
    const serial = nextSerial('Move');
    const stay = nextSerial('Stay');
    await saveConfig(from.id, '2023-01-01T00:00:00Z', [
      ...mastChannels({ serial, heightM: 80 }),
      {
        channelName: 'Tmp8m',
        element: 'T',
        heightM: 8,
        dataKey: 't_8_mean',
        unit: 'deg_C',
        statistic: 'mean',
        sensorSerial: stay,
      },
    ]);
    await saveConfig(target.id, '2023-01-01T00:00:00Z', mastChannels({ serial: nextSerial(), heightM: 100 }));
    const id = (await findSensor(serial)).id;
    const r = await server.call('POST', MOVE, {
      token: admin,
      language: 'EN',
      body: {
        sensorId: id,
        fromStationId: from.id,
        targetStationId: target.id,
        date: '2024-03-01T00:00:00Z',
        heightM: 70,
        boomOrientationDeg: 225,
        tag: '70mSW',
        channels: [
          { source: 'Spd80m_Avg', channelName: 'Spd70m_Avg', dataKey: 'ws_70_mean' },
          { source: 'Spd80m_SD', channelName: 'Spd70m_SD', dataKey: 'ws_70_sd' },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const detail = (await server.call('GET', `${DETAIL}?id=${id}`, { token: admin })).body.data;
    expect(
      detail.history.map((p: Record<string, unknown>) => [
        p.stationId,
        p.heightM,
        p.boomOrientationDeg,
        p.tag,
        p.channelNames,
        p.from,
        p.to,
      ]),
    ).toEqual([
      [target.id, 70, 225, '70mSW', ['Spd70m_Avg', 'Spd70m_SD'], '2024-03-01T00:00:00.000Z', null],
      [
        from.id,
        80,
        0,
        '80mN',
        ['Spd80m_Avg', 'Spd80m_SD'],
        '2023-01-01T00:00:00.000Z',
        '2024-03-01T00:00:00.000Z',
      ],
    ]);

    // The old site's new configuration is the old one without the cup; the target's keeps its own channels.
    const fromList = (
      await server.call('GET', `/api/web/station/channel_config/list?stationId=${from.id}`, { token: admin })
    ).body.data;
    expect(fromList.inForce.channels.map((c: { dataKey: string }) => c.dataKey)).toEqual([
      'wd_78_mean',
      't_8_mean',
    ]);
    expect(fromList.inForce.name).toBe('Sensor ' + serial + ' moved out');
    const targetList = (
      await server.call('GET', `/api/web/station/channel_config/list?stationId=${target.id}`, {
        token: admin,
      })
    ).body.data;
    expect(targetList.inForce.channels.map((c: { dataKey: string }) => c.dataKey)).toEqual([
      'ws_100_mean',
      'ws_100_sd',
      'wd_78_mean',
      'ws_70_mean',
      'ws_70_sd',
    ]);
    expect(targetList.inForce.channels.at(-1)).toMatchObject({
      sensorSerial: serial,
      sensorMake: 'Thies',
      calibrationSlope: null,
    });
    expect(targetList.records).toHaveLength(2);

    const logs = await server.db
      .selectFrom('station_log')
      .select(['station_id', 'objects_text'])
      .where('station_id', 'in', [from.id, target.id])
      .where('location', '=', 'channelConfiguration')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const texts = logs.map((l) => renderText(l.objects_text as TText, 'en'));
    expect(texts).toEqual([
      expect.stringContaining(
        `Site ${target.stationCode}: sensor Thies First Class Advanced ${serial} moved in from site ${from.stationCode}`,
      ),
      expect.stringContaining(
        `Site ${from.stationCode}: sensor Thies First Class Advanced ${serial} moved to site ${target.stationCode}`,
      ),
    ]);
  });

  it('refuses a caller who cannot edit the target site, changing nothing', async () => {
    const from = await buildStation(server.db);
    const target = await buildStation(server.db);
    const serial = nextSerial('NoMove');
    await saveConfig(from.id, '2023-01-01T00:00:00Z', mastChannels({ serial, heightM: 80 }));
    const id = (await findSensor(serial)).id;
    const user = await buildUser(server.db, { features: ['station.edit'] });
    await grantRoleStations(server.db, user.roleId, [from.id]);
    const token = await server.login(user.account, user.password);
    const body = {
      sensorId: id,
      fromStationId: from.id,
      targetStationId: target.id,
      date: '2024-01-01T00:00:00Z',
      heightM: 80,
    };
    const r = await server.call('POST', MOVE, { token, body, language: 'EN' });
    expect(r.status).toBe(403);
    const configs = await server.db
      .selectFrom('channel_config')
      .select('id')
      .where('station_id', 'in', [from.id, target.id])
      .execute();
    expect(configs).toHaveLength(1);
  });

  it('refuses a date before a later configuration, a sensor not on the site then, and a taken data key', async () => {
    const from = await buildStation(server.db);
    const target = await buildStation(server.db);
    const serial = nextSerial('Later');
    await saveConfig(from.id, '2023-01-01T00:00:00Z', mastChannels({ serial, heightM: 80 }));
    await saveConfig(target.id, '2023-01-01T00:00:00Z', mastChannels({ serial: nextSerial(), heightM: 80 }));
    await saveConfig(target.id, '2024-06-01T00:00:00Z', mastChannels({ serial: nextSerial(), heightM: 80 }));
    const id = (await findSensor(serial)).id;
    const move = (body: Record<string, unknown>) =>
      server.call('POST', MOVE, {
        token: admin,
        language: 'EN',
        body: { sensorId: id, fromStationId: from.id, targetStationId: target.id, heightM: 60, ...body },
      });
    const later = await move({ date: '2024-01-01T00:00:00Z' });
    expect(later.status).toBe(409);
    expect(later.body.msg).toBe(
      `Site ${target.stationCode} has a channel configuration later than 2024-01-01 00:00 UTC: choose a later date`,
    );
    const before = await move({ date: '2022-01-01T00:00:00Z' });
    expect(before.status).toBe(409);
    expect(before.body.msg).toContain(`Site ${from.stationCode} has a channel configuration later`);
    const taken = await move({ date: '2024-07-01T00:00:00Z' });
    expect(taken.status).toBe(400);
    expect(taken.body.data.fields).toEqual([
      { field: 'channels.0.dataKey', message: 'Duplicates another entry' },
      { field: 'channels.1.dataKey', message: 'Duplicates another entry' },
    ]);
    const same = await move({ date: '2024-07-01T00:00:00Z', targetStationId: from.id });
    expect(same.status).toBe(400);
    expect(same.body.data.fields).toEqual([
      { field: 'targetStationId', message: 'The target site must differ from the sensor’s site' },
    ]);
    const configs = await server.db
      .selectFrom('channel_config')
      .select('id')
      .where('station_id', 'in', [from.id, target.id])
      .execute();
    expect(configs).toHaveLength(3);
    const other = await buildStation(server.db);
    const notThere = await server.call('POST', MOVE, {
      token: admin,
      language: 'EN',
      body: {
        sensorId: id,
        fromStationId: target.id,
        targetStationId: other.id,
        date: '2024-07-01T00:00:00Z',
      },
    });
    expect(notThere.status).toBe(409);
    expect(notThere.body.msg).toBe(
      `The sensor is not mounted on site ${target.stationCode} at 2024-07-01 00:00 UTC`,
    );
  });
});

describe('repairs name the sensors they touched', () => {
  it('links sensors of the site from the repair record and lists the repair on the sensor page', async () => {
    const site = await buildStation(server.db);
    const serial = nextSerial('Fix');
    const vane = nextSerial('FixV');
    await saveConfig(site.id, '2023-01-01T00:00:00Z', mastChannels({ serial, heightM: 80 }, vane));
    const choices = await server.call('GET', `${SITE_SENSORS}?stationId=${site.id}`, { token: admin });
    expect(choices.status).toBe(200);
    expect(
      choices.body.data
        .map((s: { serialNumber: string; isNow: boolean }) => [s.serialNumber, s.isNow])
        .sort(),
    ).toEqual(
      [
        [serial, true],
        [vane, true],
      ].sort(),
    );
    const cupId = choices.body.data.find((s: { serialNumber: string }) => s.serialNumber === serial).id;
    const saved = await server.call('POST', '/api/web/repair/record/save', {
      token: admin,
      body: {
        stationId: site.id,
        faultType: '风速计卡滞',
        faultStart: '2024-02-01T00:00:00Z',
        sensorIds: [cupId],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await server.call('POST', '/api/web/repair/record/page', {
      token: admin,
      body: { stationId: site.id },
    });
    expect(page.body.data.records[0].sensors).toEqual([
      { id: cupId, oem: 'Thies', model: 'First Class Advanced', serialNumber: serial },
    ]);
    const detail = (await server.call('GET', `${DETAIL}?id=${cupId}`, { token: admin })).body.data;
    expect(detail.repairs).toMatchObject([
      { id: saved.body.data.id, stationId: site.id, faultType: '风速计卡滞', isClosed: false },
    ]);

    // A sensor of another site is refused, and the links stay as they were.
    const otherSite = await buildStation(server.db);
    const foreign = nextSerial('Foreign');
    await saveConfig(otherSite.id, '2023-01-01T00:00:00Z', mastChannels({ serial: foreign, heightM: 80 }));
    const foreignId = (await findSensor(foreign)).id;
    const refused = await server.call('POST', '/api/web/repair/record/save', {
      token: admin,
      language: 'EN',
      body: { id: saved.body.data.id, stationId: site.id, faultType: '风速计卡滞', sensorIds: [foreignId] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('A chosen sensor is not named in this site’s channel configurations');
    const again = await server.call('POST', '/api/web/repair/record/page', {
      token: admin,
      body: { stationId: site.id },
    });
    expect(again.body.data.records[0].sensors.map((s: { id: number }) => s.id)).toEqual([cupId]);
  });
});
