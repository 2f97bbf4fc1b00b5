import { ZReceiptDetail } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannelConfigs } from '../../src/modules/seed/demo-channel-configs.ts';
import {
  DEMO_UTC_OFFSET_MINUTES,
  demoMonthFiles,
  seedDemoTimeseries,
} from '../../src/modules/seed/demo-timeseries.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { multipartBody } from '../multipart.ts';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

/**
 * Issue 41: the cup-pair slope check fired on the demo's own data — a fresh November file of demo site
 * 530001 was "calibration slope of two anemometers at one height disagrees" (file 1.064, previous 30 days
 * 1.055, "difference 6.437 %", rescale Spd90m_Avg × 0.9395), and a re-uploaded copy of stored October data
 * was an Error (file 1.065 against 1.006). A demo mast as the seed makes it (its channel configuration, two
 * months of its files) is sent its next month and a copy of a stored month, as a user would upload them:
 * neither receipt finds anything but the logger outages the generator writes, and the slope check judged the
 * top cup pair on the same footing for the file and its history.
 */
const FIRST_MONTH = Date.UTC(2025, 8, 1);

let server: TTestServer;
let token: string;
let site: { id: number; stationCode: string };
let files: { month: string; content: Buffer }[];

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  site = await buildStation(server.db, { loggerUtcOffset: DEMO_UTC_OFFSET_MINUTES });
  const station = await server.db
    .updateTable('station')
    .set({
      station_type: 'met_mast',
      pylon_height_m: 90,
      altitude_m: 2798,
      start_time: new Date(FIRST_MONTH - DEMO_UTC_OFFSET_MINUTES * 60_000),
    })
    .where('id', '=', site.id)
    .returning(['id', 'station_type', 'pylon_height_m', 'start_time'])
    .executeTakeFirstOrThrow();
  await server.db.transaction().execute((trx) => seedChannelConfigs(trx, [station]));
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 2,
    firstMonth: FIRST_MONTH,
  });
  files = [
    ...demoMonthFiles({
      siteIndex: 0,
      topM: 90,
      altitudeM: 2798,
      firstMonth: FIRST_MONTH,
      months: 3,
      utcOffsetMinutes: DEMO_UTC_OFFSET_MINUTES,
    }),
  ];
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function uploadAndReceipt(fileName: string, content: Buffer) {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(site.id) },
    { name: 'file', fileName, content },
  ]);
  const r = await server.app.inject({
    method: 'POST',
    url: '/api/web/station/data/upload',
    headers: { token, 'content-type': contentType },
    payload,
  });
  expect(r.statusCode, r.body).toBe(200);
  const { rawFileId } = r.json().data[0] as { rawFileId: number };
  expect(await server.services.receipts.receipts.computeReceipt(rawFileId)).toBe(true);
  const row = await server.db
    .selectFrom('data_receipt')
    .select('id')
    .where('raw_file_id', '=', rawFileId)
    .executeTakeFirstOrThrow();
  const detail = await server.call('GET', `/api/web/receipt/detail?id=${row.id}`, { token, language: 'EN' });
  expect(detail.status, detail.body.msg).toBe(200);
  return ZReceiptDetail.parse(detail.body.data);
}

describe('the data receipt of a demo mast’s own files (issue 41)', () => {
  it('finds nothing in its next month but the outages, and judges the top cup pair', async () => {
    const receipt = await uploadAndReceipt(`${site.stationCode}_${files[2]!.month}.csv`, files[2]!.content);
    expect(receipt.status).toBe('done');
    expect(receipt.findings.filter((f) => f.key !== 'basic.gaps').map((f) => f.key)).toEqual([]);
    const slope = receipt.passed.find((p) => p.check === 'slope_mismatch');
    expect(slope?.channels.map((c) => c.dataKey)).toEqual(['ws_90_mean', 'ws_90_B_mean']);
    expect(Math.abs(slope!.numbers.differencePercent!)).toBeLessThan(2);
    expect(Math.abs(slope!.numbers.changePercent!)).toBeLessThan(2);
  }, 120_000);

  it('gives a re-uploaded copy of a stored month the slope of the stored data, and no finding', async () => {
    // Not byte for byte (that would be a duplicate file): the same rows with a blank line after them.
    const copy = Buffer.concat([files[1]!.content, Buffer.from('\n')]);
    const receipt = await uploadAndReceipt('copy-of-stored-month.csv', copy);
    expect(receipt.findings.filter((f) => f.key !== 'basic.gaps').map((f) => f.key)).toEqual([]);
    const slope = receipt.passed.find((p) => p.check === 'slope_mismatch')!;
    expect(slope.numbers.fileSlope!).toBeCloseTo(slope.numbers.historySlope!, 2);
  }, 120_000);
});
