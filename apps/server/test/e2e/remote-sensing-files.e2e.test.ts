import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { multipartBody } from '../multipart.ts';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

/**
 * Issue 40 through the API on real PostgreSQL: the lidar and sodar files of the parsers' fixtures go
 * through `POST /api/data-parse/parse/text/preview_recognize` and come back recognised right — the oldest
 * WindCube v1 `.sta`, a NUL-padded AQ500 sodar file (also confirmed and stored), a Triton CSV with TI as a
 * fraction — or refused with a localised reason that stores nothing (Molas3D radial data).
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../src/modules/ingestion/parsers/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'latin1');

/** The AQ500 fixture as the unit writes it: NUL before CRLF on some header lines and after the last line. */
function paddedAq500(): Buffer {
  const text = fixture('aq500-result.txt')
    .replace('AQ500 Program version=9S31\r\n', 'AQ500 Program version=9S31\0\r\n')
    .replace('Output power(W)=250 \r\n', 'Output power(W)=250 \0\r\n');
  return Buffer.from(`${text}\0\0\0`, 'latin1');
}

let server: TTestServer;
let token: string;

async function preview(fileName: string, content: Buffer, stationId?: number, language: 'ZH' | 'EN' = 'EN') {
  const { payload, contentType } = multipartBody([
    ...(stationId === undefined ? [] : [{ name: 'stationId', value: String(stationId) }]),
    { name: 'file', fileName, content },
  ]);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/data-parse/parse/text/preview_recognize',
    headers: { token, 'content-type': contentType, language },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

async function confirmAndWait(stationId: number, previewToken: string, rule: unknown, channels: unknown) {
  const confirm = await server.call('POST', '/api/data-parse/parse/text/recognize', {
    token,
    body: { stationId, token: previewToken, rule, channels },
  });
  expect(confirm.status, confirm.body.msg).toBe(200);
  let task = confirm.body.data;
  for (let i = 0; i < 200 && task.status !== 'parsed' && task.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    task = (
      await server.call('GET', `/api/data-parse/parse/text/parse_process?taskId=${task.taskId}`, { token })
    ).body.data;
  }
  expect(task.status, task.reason).toBe('parsed');
  return task.rawFileId as number;
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('lidar and sodar files through the upload preview', () => {
  it('previews an older-firmware WindCube v1 .sta with each altitude index at its height and period-end stamps', async () => {
    const { status, body } = await preview(
      'WLS7-031_2012_07_01.sta',
      Buffer.from(fixture('windcube-v1-old-firmware.sta'), 'latin1'),
    );
    expect(status, body.msg).toBe(200);
    const { recognition } = body.data;
    expect(recognition.kind).toBe('windcube_sta');
    expect(recognition.remoteSensing).toMatchObject({
      model: 'WindCube v1',
      heightsM: [40, 60, 80, 100, 120],
    });
    const byName = (name: string) => recognition.channels.find((c: { name: string }) => c.name === name);
    expect(byName('Vhm3')).toMatchObject({
      element: 'ws',
      heightM: 80,
      statistic: 'mean',
      dataKey: 'ws_80_mean',
    });
    expect(byName('Azim5')).toMatchObject({ element: 'wd', heightM: 120, dataKey: 'wd_120_mean' });
    expect(byName('Tm')).toMatchObject({ element: 'other', unit: 'deg_C', tag: 'internal' });
    expect(recognition.rule.timestampIsPeriodEnd).toBe(true);
    expect(recognition.firstTime).toBe('2012-06-30T16:00:00.000Z');
  });

  it('previews and stores a NUL-padded AQ500 result file: its levels, 9999 as missing, the period-start assumption said', async () => {
    const site = await buildStation(server.db);
    const { status, body } = await preview('240312_result.txt', paddedAq500(), site.id);
    expect(status, body.msg).toBe(200);
    const { recognition } = body.data;
    expect(recognition.kind).toBe('aq500');
    expect(recognition.remoteSensing).toMatchObject({
      stationType: 'sodar',
      heightsM: [40, 50, 60, 70, 80, 90, 100],
    });
    expect(recognition.warnings).toContain('periodStartAssumed');
    expect([recognition.rowCount, recognition.firstTime]).toEqual([6, '2024-03-12T09:20:00.000Z']);
    const rawFileId = await confirmAndWait(site.id, body.data.token, recognition.rule, recognition.channels);
    const file = await server.db
      .selectFrom('raw_file')
      .select(['first_time', 'last_time'])
      .where('id', '=', rawFileId)
      .executeTakeFirstOrThrow();
    expect([file.first_time?.toISOString(), file.last_time?.toISOString()]).toEqual([
      '2024-03-12T09:20:00.000Z',
      '2024-03-12T10:10:00.000Z',
    ]);
    const store = new TimeSeriesRepository(server.db);
    const version = await store.findOriginalVersion(site.id);
    const channel = await server.db
      .selectFrom('ts_channel')
      .select(['id', 'height_m', 'unit'])
      .where('version_id', '=', version!.id)
      .where('data_key', '=', 'ws_100_mean')
      .executeTakeFirstOrThrow();
    expect([channel.height_m, channel.unit]).toEqual([100, 'm/s']);
    const from = Date.UTC(2024, 2, 12, 9, 20);
    const series = await store.readChannel(channel.id, from, from + 6 * 600_000);
    const values = Array.from(series!.values);
    expect(values[0]).toBeCloseTo(6.3, 5);
    // 9999 is the file's “No data”: missing, never a 9999 m/s wind.
    expect(Number.isNaN(values[1]!)).toBe(true);
  });

  it('previews a Triton TI written as a fraction without the % label', async () => {
    const { status, body } = await preview(
      'TritonExport_2024-04-02.csv',
      Buffer.from(fixture('triton-ti-fraction.csv')),
    );
    expect(status, body.msg).toBe(200);
    const ti = body.data.recognition.channels.filter((c: { dataKey: string }) => c.dataKey.endsWith('_ti'));
    expect(ti.map((c: { dataKey: string; unit: string }) => [c.dataKey, c.unit])).toEqual([
      ['ws_40_ti', ''],
      ['ws_60_ti', ''],
      ['ws_80_ti', ''],
      ['ws_100_ti', ''],
    ]);
  });

  it('refuses Molas3D radial data with a localised reason and stores nothing', async () => {
    const before = await server.db.selectFrom('parse_preview').select('token').execute();
    const content = Buffer.from(fixture('molas3d-realtime-radial.csv'));
    const en = await preview('Molas3D_00941_RealTime_20250302.csv', content, undefined, 'EN');
    expect(en.status).toBe(422);
    expect(en.body.msg).toBe(
      'The file cannot be read: this file holds lidar radial (line-of-sight) velocities by beam and range gate (such as Molas3D real-time data), not wind speed and direction statistics; they need a wind retrieval before they can be imported as 10-min wind data, and nothing was stored',
    );
    const zh = await preview('Molas3D_00941_RealTime_20250302.csv', content, undefined, 'ZH');
    expect(zh.status).toBe(422);
    expect(zh.body.msg).toMatch(/^文件无法读取：这是激光雷达按波束和距离门记录的径向（视线方向）风速数据/);
    expect(await server.db.selectFrom('parse_preview').select('token').execute()).toEqual(before);
  });
});
