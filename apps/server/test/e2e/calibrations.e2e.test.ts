import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCertificate, hasCalibrationCertificate } from '../calibration-certificate.ts';
import { multipartBody, type TFormPart } from '../multipart.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../smtp.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let dataDir: string;
let editorToken: string;
let viewerToken: string;
let outsiderToken: string;
let station: { id: number; stationCode: string };
let configId: number;
let smtp: TTestSmtpServer;
let editorId: number;

const DEMO = {
  oem: 'Example Manufacturer',
  model: 'Example Anemometer',
  serialNumber: 'Example Serial Number',
};

/** A channel configuration of `stationId` whose 80 m cup is the demo certificate's sensor, programmed with `offset`. */
function configBody(stationId: number, offset: number) {
  return {
    stationId,
    name: 'cups',
    effectiveFrom: '2021-03-01T00:00:00Z',
    channels: [
      {
        channelName: 'WS 80 m',
        element: 'ws',
        heightM: 80,
        dataKey: 'ws_80_mean',
        statistic: 'mean',
        // The configuration types the sensor in another case than the certificate: still the same sensor.
        sensorMake: 'example manufacturer',
        sensorModel: 'EXAMPLE ANEMOMETER',
        sensorSerial: 'example serial number',
        calibrationSlope: 0.0459,
        calibrationOffset: offset,
      },
      { channelName: 'WD 78 m', element: 'wd', heightM: 78, dataKey: 'wd_78_mean', statistic: 'mean' },
    ],
  };
}

async function upload(url: string, parts: TFormPart[], token = editorToken, language: 'ZH' | 'EN' = 'EN') {
  const { payload, contentType } = multipartBody(parts);
  const r = await server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, token, language },
    payload,
  });
  return { status: r.statusCode, body: r.json() };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-calib-'));
  smtp = await startTestSmtpServer();
  server = await startTestServer({ DATA_DIR: dataDir, MAIL_RETRY_DELAY_SECONDS: '1' });
  station = await buildStation(server.db);
  const editor = await buildUser(server.db, { features: ['station.edit'] });
  await grantRoleStations(server.db, editor.roleId, [station.id]);
  editorToken = await server.login(editor.account, editor.password);
  editorId = editor.id;
  const viewer = await buildUser(server.db, { features: [] });
  await grantRoleStations(server.db, viewer.roleId, [station.id]);
  viewerToken = await server.login(viewer.account, viewer.password);
  const outsider = await buildUser(server.db, { features: ['station.edit'] });
  await grantRoleStations(server.db, outsider.roleId, [(await buildStation(server.db)).id]);
  outsiderToken = await server.login(outsider.account, outsider.password);
  const saved = await server.call('POST', '/api/web/station/channel_config/save_or_update', {
    token: editorToken,
    body: configBody(station.id, 0.2491),
  });
  expect(saved.status).toBe(200);
  configId = saved.body.data.id;
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!hasCalibrationCertificate)('calibration certificates of a sensor', () => {
  let sensorId: number;
  let calibrationId: number;

  it('imports the Task 43 demo certificate for the sensor its test item names, once', async () => {
    const r = await upload('/api/web/sensor/calibration/import', [
      { name: 'file', fileName: 'cert.json', content: Buffer.from(JSON.stringify(demoCertificate())) },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The register made the sensor's record when the configuration naming it was saved (issue 44 §3): the
    // certificate finds it, whatever the case it was typed in.
    expect(r.body.data).toMatchObject({ isNew: true, isSensorNew: false });
    sensorId = r.body.data.sensorId;
    calibrationId = r.body.data.id;
    const again = await server.call('POST', `/api/web/sensor/calibration/import?sensorId=${sensorId}`, {
      token: editorToken,
      body: demoCertificate(),
    });
    expect(again.body.data).toEqual({ id: calibrationId, sensorId, isNew: false, isSensorNew: false });
    const list = await server.call('GET', `/api/web/sensor/calibration/list?sensorId=${sensorId}`, {
      token: viewerToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.sensor).toMatchObject({
      oem: DEMO.oem.toLowerCase(),
      model: DEMO.model.toUpperCase(),
      serialNumber: DEMO.serialNumber.toLowerCase(),
      sensorTypeId: 'anemometer',
    });
    expect(list.body.data.stations).toEqual([{ id: station.id, stationCode: station.stationCode }]);
    expect(list.body.data.canEdit).toBe(false);
    expect(list.body.data.calibrations).toHaveLength(1);
    expect(list.body.data.calibrations[0]).toMatchObject({
      slope: 0.04587,
      offset: 0.24453,
      dateOfCalibration: '2021-01-01',
      calibrationOrganisation: 'Deutsche WindGuard Wind Tunnel Services GmbH',
      calibrationId: '2110000',
      revision: '0',
      uncertaintyKFactor: 2,
      source: 'certificate',
      hasCertificate: true,
      hasPdf: false,
    });
    expect(list.body.data.calibrations[0].calibrationUncertainty).toHaveLength(13);
    const kept = await server.app.inject({
      method: 'GET',
      url: `/api/web/sensor/calibration/certificate?id=${calibrationId}`,
      headers: { token: viewerToken },
    });
    expect(kept.statusCode).toBe(200);
    expect(JSON.parse(kept.body)).toEqual(demoCertificate());
  });

  it('refuses a certificate of another serial number with a clear error in both languages, changing nothing', async () => {
    const other = demoCertificate();
    other.test_item.serial_number = 'SN-OTHER-1';
    other.calibration_id = 'other';
    const before = await server.db.selectFrom('sensor_calibration').select('id').execute();
    for (const [language, text] of [
      ['EN', 'The certificate is for the sensor with serial number “SN-OTHER-1”'],
      ['ZH', '证书所校准的传感器序列号为“SN-OTHER-1”'],
    ] as const) {
      const r = await server.call('POST', `/api/web/sensor/calibration/import?sensorId=${sensorId}`, {
        token: editorToken,
        body: other,
        language,
      });
      expect(r.status).toBe(422);
      expect(r.body.msg).toContain(text);
    }
    // A channel's sensor not registered yet: the serial it names is the one the certificate must have.
    const unnamed = await server.call('POST', '/api/web/sensor/calibration/import?serialNumber=ANOTHER-9', {
      token: editorToken,
      body: demoCertificate(),
      language: 'EN',
    });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.msg).toContain('not for this sensor (“ANOTHER-9”)');
    expect(await server.db.selectFrom('sensor_calibration').select('id').execute()).toEqual(before);
  });

  it('refuses a file that is no certificate, naming the field', async () => {
    const broken = demoCertificate();
    delete broken.result.linear_regression;
    const r = await server.call('POST', `/api/web/sensor/calibration/import?sensorId=${sensorId}`, {
      token: editorToken,
      body: broken,
      language: 'EN',
    });
    expect(r.status).toBe(422);
    expect(r.body.msg).toContain('not a valid IEA Task 43 digital calibration certificate');
    const notJson = await upload(`/api/web/sensor/calibration/import?sensorId=${sensorId}`, [
      { name: 'file', fileName: 'cert.json', content: Buffer.from('{ not json') },
    ]);
    expect(notJson.status).toBe(422);
  });

  it('attaches the certificate PDF (refusing what is no PDF) and gives it back', async () => {
    const url = `/api/web/sensor/calibration/pdf/upload?id=${calibrationId}`;
    const notPdf = await upload(url, [{ name: 'file', fileName: 'cert.pdf', content: Buffer.from('hello') }]);
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.msg).toBe('“cert.pdf” is not a PDF file');
    const refused = await upload(
      url,
      [{ name: 'file', fileName: 'cert.pdf', content: Buffer.from('%PDF-1.7\n') }],
      viewerToken,
    );
    expect(refused.status).toBe(403);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5000)]);
    const ok = await upload(url, [{ name: 'file', fileName: '证书 2110000.pdf', content: bytes }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const download = await server.app.inject({
      method: 'GET',
      url: `/api/web/sensor/calibration/pdf/download?id=${calibrationId}`,
      headers: { token: viewerToken },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.equals(bytes)).toBe(true);
    const hidden = await server.app.inject({
      method: 'GET',
      url: `/api/web/sensor/calibration/pdf/download?id=${calibrationId}`,
      headers: { token: outsiderToken },
    });
    expect(hidden.statusCode).toBe(403);
  });

  it('shows the certificate in force on the channel and the programmed offset 0.2491 against 0.24453', async () => {
    const r = await server.call('GET', `/api/web/sensor/calibration/station?stationId=${station.id}`, {
      token: viewerToken,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.configId).toBe(configId);
    expect(r.body.data.channels).toHaveLength(1);
    expect(r.body.data.channels[0]).toMatchObject({
      dataKey: 'ws_80_mean',
      sensorId,
      programmedSlope: 0.0459,
      programmedOffset: 0.2491,
      inForce: { id: calibrationId, slope: 0.04587, offset: 0.24453, dateOfCalibration: '2021-01-01' },
      mismatches: [{ field: 'offset', programmed: 0.2491, certified: 0.24453 }],
    });
    // Saving the configuration tells the mismatch (a warning, the save is done); a right offset says nothing.
    const wrong = await server.call('POST', '/api/web/station/channel_config/save_or_update', {
      token: editorToken,
      body: { ...configBody(station.id, 0.2491), id: configId },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toEqual({
      id: configId,
      calibrationWarnings: [
        {
          dataKey: 'ws_80_mean',
          channelName: 'WS 80 m',
          sensorSerial: 'example serial number',
          calibrationId,
          mismatches: [{ field: 'offset', programmed: 0.2491, certified: 0.24453 }],
        },
      ],
    });
    const right = await server.call('POST', '/api/web/station/channel_config/save_or_update', {
      token: editorToken,
      body: { ...configBody(station.id, 0.2445), id: configId },
    });
    expect(right.body.data).toEqual({ id: configId, calibrationWarnings: [] });
    await server.call('POST', '/api/web/station/channel_config/save_or_update', {
      token: editorToken,
      body: { ...configBody(station.id, 0.2491), id: configId },
    });
    const outsider = await server.call('GET', `/api/web/sensor/calibration/station?stationId=${station.id}`, {
      token: outsiderToken,
    });
    expect(outsider.status).toBe(403);
  });

  it('keeps calibrations typed by hand: added to a sensor by its identity, edited, deleted', async () => {
    const add = await server.call('POST', '/api/web/sensor/calibration/save', {
      token: editorToken,
      body: {
        sensor: { ...DEMO, serialNumber: 'EXAMPLE SERIAL NUMBER' },
        slope: 0.0458,
        offset: 0.25,
        dateOfCalibration: '2022-06-01',
        calibrationOrganisation: 'MEASNET lab',
        calibrationUncertainty: [{ referenceBin: 4, referenceUnit: 'm/s', combinedUncertainty: 0.05 }],
      },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data.sensorId).toBe(sensorId);
    const id = add.body.data.id;
    const bad = await server.call('POST', '/api/web/sensor/calibration/save', {
      token: editorToken,
      body: { id, dateOfCalibration: '2022-02-30', slope: 1 },
      language: 'EN',
    });
    expect(bad.status).toBe(400);
    const edit = await server.call('POST', '/api/web/sensor/calibration/save', {
      token: editorToken,
      body: { id, slope: 0.0457, offset: 0.26, dateOfCalibration: '2022-06-02' },
    });
    expect(edit.status).toBe(200);
    const imported = await server.call('POST', '/api/web/sensor/calibration/save', {
      token: editorToken,
      body: { id: calibrationId, slope: 1, offset: 0 },
      language: 'EN',
    });
    expect(imported.status).toBe(409);
    const list = await server.call('GET', `/api/web/sensor/calibration/list?sensorId=${sensorId}`, {
      token: editorToken,
    });
    expect(list.body.data.canEdit).toBe(true);
    expect(list.body.data.calibrations.map((c: { id: number }) => c.id)).toEqual([id, calibrationId]);
    expect(list.body.data.calibrations[0]).toMatchObject({ slope: 0.0457, offset: 0.26, source: 'manual' });
    const removed = await server.call('GET', `/api/web/sensor/calibration/delete?id=${id}`, {
      token: editorToken,
    });
    expect(removed.status).toBe(200);
    expect(
      await server.db.selectFrom('sensor_calibration').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
  });

  it('keeps a sensor’s calibrations from whoever sees none of its sites', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/web/sensor/calibration/list?sensorId=${sensorId}`, undefined],
      ['POST', `/api/web/sensor/calibration/import?sensorId=${sensorId}`, demoCertificate()],
      ['POST', '/api/web/sensor/calibration/save', { sensorId, slope: 1, offset: 0 }],
      ['POST', '/api/web/sensor/calibration/save', { sensor: DEMO, slope: 1, offset: 0 }],
      ['POST', '/api/web/sensor/calibration/import', demoCertificate()],
      ['GET', `/api/web/sensor/calibration/delete?id=${calibrationId}`, undefined],
      ['GET', `/api/web/sensor/calibration/certificate?id=${calibrationId}`, undefined],
    ] as const) {
      const r = await server.call(method, url, { token: outsiderToken, body });
      expect(r.status, `${method} ${url}`).toBe(403);
    }
    // A sensor on no site: for those who may edit sites (and administrators), not for a mere viewer.
    const loose = await server.call('POST', '/api/web/sensor/calibration/save', {
      token: outsiderToken,
      body: { sensor: { oem: 'Thies', model: 'FCA', serialNumber: 'LOOSE-1' }, slope: 0.05, offset: 0.2 },
    });
    expect(loose.status).toBe(200);
    const seen = await server.call(
      'GET',
      `/api/web/sensor/calibration/list?sensorId=${loose.body.data.sensorId}`,
      {
        token: viewerToken,
      },
    );
    expect(seen.status).toBe(403);
  });

  it('keeps a site’s recalibration rule and lists its sensors due, overdue first, only to who sees the site', async () => {
    const rule = await server.call('GET', `/api/web/sensor/calibration/rule?stationId=${station.id}`, {
      token: viewerToken,
    });
    expect(rule.body.data).toEqual({
      stationId: station.id,
      recalibrationMonths: null,
      isPostCampaignRequired: false,
      campaignEnd: null,
      defaultMonths: 12,
    });
    const refused = await server.call('POST', '/api/web/sensor/calibration/rule/save', {
      token: outsiderToken,
      body: { stationId: station.id, recalibrationMonths: 24 },
    });
    expect(refused.status).toBe(403);
    const saved = await server.call('POST', '/api/web/sensor/calibration/rule/save', {
      token: editorToken,
      body: {
        stationId: station.id,
        recalibrationMonths: 24,
        isPostCampaignRequired: true,
        campaignEnd: '2022-06-30',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ recalibrationMonths: 24, campaignEnd: '2022-06-30' });
    const page = await server.call('POST', '/api/web/sensor/calibration/due/page', {
      token: viewerToken,
      body: { status: 'all' },
    });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(1);
    // Calibrated 2021-01-01, 24 months: 2023-01-01, but the campaign ended 2022-06-30 with none after it.
    expect(page.body.data.records[0]).toMatchObject({
      stationId: station.id,
      sensorId,
      serialNumber: 'example serial number',
      channels: ['WS 80 m'],
      lastCalibrationDate: '2021-01-01',
      dueDate: '2022-06-30',
      status: 'overdue',
      reason: 'post_campaign',
    });
    const outsider = await server.call('POST', '/api/web/sensor/calibration/due/page', {
      token: outsiderToken,
      body: {},
    });
    expect(outsider.body.data.total).toBe(0);
    const bySite = await server.services.calibrationDue.dueBySite();
    expect(bySite.get(station.id)).toEqual({
      stationCode: station.stationCode,
      projectName: expect.any(String),
      overdue: 1,
      due: 0,
    });
  });

  it('reminds the site’s data administrator of the sensors due, through the reminder settings', async () => {
    const address = 'calibration-admin@masthub.example.com';
    await server.db.updateTable('app_user').set({ email: address }).where('id', '=', editorId).execute();
    await server.db
      .updateTable('station')
      .set({ data_admin_id: editorId })
      .where('id', '=', station.id)
      .execute();
    const admin = await server.login('admin', TEST_ADMIN_PASSWORD);
    const sender = await server.call('POST', '/api/web/data_source/save_or_update', {
      token: admin,
      body: {
        name: '校准提醒发件箱',
        fetchType: 'email',
        protocol: 'imap',
        host: '127.0.0.1',
        port: 10143,
        username: 'sender@test.local',
        password: 'imap-secret',
        isEnabled: false,
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpSecurity: 'none',
        smtpPassword: 'smtp-secret',
      },
    });
    expect(sender.status, JSON.stringify(sender.body)).toBe(200);
    const task = await server.call('POST', '/api/web/interval_task/save', {
      token: admin,
      body: {
        type: 'calibration',
        isEnabled: true,
        dataSourceId: sender.body.data.id,
        sendTime: '07:30',
        frequency: 'days',
        everyDays: 7,
      },
      language: 'EN',
    });
    expect(task.status, JSON.stringify(task.body)).toBe(200);
    expect(task.body.data).toMatchObject({
      type: 'calibration',
      typeName: 'Sensor calibration due reminder',
    });
    const before = smtp.received.length;
    expect(await server.services.reminders.run('calibration')).toBe(1);
    const [mail] = (await smtp.waitFor(before + 1, 30_000)).slice(before);
    expect(mail!.rcpt).toContain(address);
    expect(mail!.parsed.subject).toMatch(/传感器校准到期 \/ sensors due for calibration on 1 site$/);
    expect(mail!.parsed.text).toContain(station.stationCode);
    expect(mail!.parsed.text).toContain('1 sensor overdue, 0 due within 30 days');
  });
});
