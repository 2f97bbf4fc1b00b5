import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMastChannels } from '../../src/modules/seed/demo-channel-configs.ts';
import { demoMonthFiles, seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { multipartBody } from '../multipart.ts';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

/**
 * Issue 44 §2 on every arriving file: the data receipt's declared-calibration check takes the sensor's
 * calibration certificate in force as the reference of the logger's programmed slope/offset. A demo mast's
 * June is seeded, its 80 m cup is programmed with offset 0.3800 while its certificate says 0.3500; July's
 * file arrives and its receipt names the difference with the fix that re-scales to the certificate.
 */
const HISTORY_MONTH = Date.UTC(2025, 5, 1);
const JULY_MS = Date.UTC(2025, 6, 1);

let server: TTestServer;
let token: string;
let site: { id: number; stationCode: string };

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  const adminId = (
    await server.db
      .selectFrom('app_user')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
  site = await buildStation(server.db, { projectName: '校准证书回执测试', ownerId: adminId });
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1350 })
    .where('id', '=', site.id)
    .execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 1,
    firstMonth: HISTORY_MONTH,
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('the data receipt checks the programmed calibration against the certificate', () => {
  it('names an 80 m cup programmed with offset 0.38 against its certificate’s 0.35, with the fix', async () => {
    const channels = demoMastChannels(100, 0, 0).map((c) =>
      c.data_key === 'ws_80_mean'
        ? { ...c, sensor_serial: 'CERT-80', calibration_slope: 0.7598, calibration_offset: 0.38 }
        : c,
    );
    const config = await server.db
      .insertInto('channel_config')
      .values({
        station_id: site.id,
        name: 'demo',
        effective_from: new Date(HISTORY_MONTH),
        updater_name: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('channel_config_channel')
      .values(channels.map((c, position) => ({ ...c, config_id: config.id, position })))
      .execute();
    const saved = await server.call('POST', '/api/web/sensor/calibration/save', {
      token,
      body: {
        sensor: { oem: 'NRG Systems', model: 'Class 1 anemometer', serialNumber: 'cert-80' },
        slope: 0.7598,
        offset: 0.35,
        dateOfCalibration: '2025-01-15',
        calibrationOrganisation: 'Wind tunnel lab',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const july = [
      ...demoMonthFiles({
        siteIndex: 0,
        topM: 100,
        altitudeM: 1350,
        utcOffsetMinutes: 0,
        firstMonth: HISTORY_MONTH,
        months: 2,
      }),
    ][1]!;
    const { payload, contentType } = multipartBody([
      { name: 'stationId', value: String(site.id) },
      { name: 'file', fileName: 'july.csv', content: july.content },
    ]);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: '/api/web/station/data/upload',
      headers: { token, 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const rawFileId = uploaded.json().data[0].rawFileId as number;
    let receiptId: number | undefined;
    const deadline = Date.now() + 90_000;
    while (receiptId === undefined) {
      const r = await server.call('POST', '/api/web/station/raw_file/page', {
        token,
        body: { stationId: site.id, pageSize: 50 },
      });
      const row = r.body.data.records.find((f: { id: number }) => f.id === rawFileId);
      if (row?.receipt && row.receipt.status !== 'pending') receiptId = row.receipt.id;
      else if (Date.now() > deadline) throw new Error('no receipt');
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const detail = await server.call('GET', `/api/web/receipt/detail?id=${receiptId}`, {
      token,
      language: 'EN',
    });
    expect(detail.status).toBe(200);
    const finding = detail.body.data.findings.find(
      (f: { key: string }) => f.key === 'declared_calibration.differs',
    );
    expect(
      finding,
      JSON.stringify(detail.body.data.findings.map((f: { key: string }) => f.key)),
    ).toBeDefined();
    expect(finding.channels.map((c: { dataKey: string }) => c.dataKey)).toEqual(['ws_80_mean']);
    expect(finding.numbers).toMatchObject({
      loggerSlope: 0.7598,
      loggerOffset: 0.38,
      configuredSlope: 0.7598,
      configuredOffset: 0.35,
    });
    // v' = (v − 0.38)/0.7598 × 0.7598 + 0.35: slope 1, offset −0.03, from the file's start.
    expect(finding.fix.kind).toBe('slope_offset');
    expect(finding.fix.channel).toBe('ws_80_mean');
    expect(finding.fix.slope).toBe(1);
    expect(finding.fix.offset).toBeCloseTo(-0.03, 12);
    expect(finding.fix.fromMs).toBe(JULY_MS);
    // The other cups have no certificate: no finding of this check on them.
    expect(
      detail.body.data.findings.filter((f: { check: string }) => f.check === 'declared_calibration'),
    ).toHaveLength(1);
  }, 150_000);
});
