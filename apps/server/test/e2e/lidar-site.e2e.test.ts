import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STATISTICS_TABS } from '@masthub/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { multipartBody } from '../multipart.ts';
import { startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';
import { copyVersion, readSeries, runTask } from '../wind-fixtures.ts';

/**
 * A remote-sensing site end to end (issue 31) on real PostgreSQL: registered as a floating lidar, a real
 * WindCube buoy `.sta` (../shared/samples/windcube_sta, the z06 file with 0 % availability rows that
 * still carry a speed) uploaded, its heights and channels, the seeded lidar filter as a QC rule (flags,
 * never deletions), the statistics over all 12 heights, and a Halo `.hpl` raw scan refused.
 */
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples');
const Z06 = path.join(SAMPLES, 'windcube_sta/tsdat_lidar.z06.00.20201201.000000.sta');
const HPL = path.join(SAMPLES, 'halo_hpl/halo-reader_eriswil-2022-12-14-Stare_91_20221214_11.hpl');
const hasSamples = existsSync(Z06) && existsSync(HPL);
if (!hasSamples) console.warn(`${SAMPLES} not found: the lidar site checks are skipped`);

const Z06_HEIGHTS = [40, 60, 80, 90, 100, 120, 140, 160, 180, 200, 220, 240];
const T0 = Date.UTC(2020, 11, 1);
const N = 144;

let server: TTestServer;
let token: string;
let stationId: number;

async function upload(fileName: string, content: Buffer, language: 'ZH' | 'EN' = 'EN') {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(stationId) },
    { name: 'file', fileName, content },
  ]);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/web/station/data/upload',
    headers: { token, 'content-type': contentType, language },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

describe.skipIf(!hasSamples)('a floating-lidar site with a real WindCube buoy file', () => {
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.login('admin', TEST_ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('registers a floating lidar with its device, and refuses heights that are not numbers in both languages', async () => {
    const site = {
      stationCode: '310',
      projectName: 'Morro Bay lidar test',
      stationType: 'floating_lidar',
      // The buoy's logger writes UTC, as its file says (else the zone would be a doubt to confirm).
      loggerUtcOffset: 0,
      regionCode: '330000',
      longitude: 121.9,
      latitude: 29.8,
      status: 0,
      deviceModel: '',
      deviceSerial: '',
      deviceFirmware: '',
      measurementHeights: '',
    };
    for (const [language, message] of [
      [
        'EN',
        'Measurement heights must be numbers from 0 to 1000 m separated by commas or spaces, at most 60',
      ],
      ['ZH', '测量高度须为 0–1000 m 的数字，以逗号或空格分隔，最多 60 个'],
    ] as const) {
      const bad = await server.call('POST', '/api/web/station/save_or_update', {
        token,
        language,
        body: { ...site, measurementHeights: '40, sixty' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields).toContainEqual({ field: 'measurementHeights', message });
    }
    expect(await server.db.selectFrom('station').select('id').execute()).toHaveLength(0);
    const saved = await server.call('POST', '/api/web/station/save_or_update', { token, body: site });
    expect(saved.status, saved.body.msg).toBe(200);
    stationId = saved.body.data.id;
    const fields = await server.call('GET', '/api/web/station/fields', { token, language: 'ZH' });
    const edit = fields.body.data.edit.map((f: { key: string; title: string }) => [f.key, f.title]);
    expect(edit).toContainEqual(['measurementHeights', '测量高度（m，逗号分隔）']);
    expect(edit).toContainEqual(['deviceSerial', '设备序列号']);
  });

  it('reads the .sta into 12 heights with speed, dispersion, direction, vertical speed, CNR and availability channels, and fills the device from the header', async () => {
    const r = await upload('tsdat_lidar.z06.00.20201201.000000.sta', readFileSync(Z06));
    expect(r.status).toBe(200);
    expect(r.body.data.map((o: { status: string }) => o.status)).toEqual(['parsed']);
    const profile = await server.call('GET', `/api/web/station/remote_sensing?stationId=${stationId}`, {
      token,
      language: 'EN',
    });
    expect(profile.status, profile.body.msg).toBe(200);
    const p = profile.body.data;
    expect(p).toMatchObject({
      stationType: 'floating_lidar',
      stationTypeName: 'Floating lidar',
      isRemoteSensing: true,
      deviceSerial: 'WLS866-24',
      deviceModel: expect.stringContaining('WindCube'),
      deviceFirmware: expect.stringMatching(/2\.1/),
    });
    expect(p.heights.map((h: { heightM: number }) => h.heightM)).toEqual(Z06_HEIGHTS);
    for (const h of p.heights) {
      const kinds = h.channels.map(
        (c: { element: string; statistic: string }) => `${c.element}:${c.statistic}`,
      );
      expect(kinds).toEqual(
        expect.arrayContaining([
          'ws:mean',
          'ws:sd',
          'ws:min',
          'ws:max',
          'wd:mean',
          'wsv:mean',
          'cnr:mean',
          'avail:mean',
        ]),
      );
    }
    // The register shows the heights the header lists, as the edit form writes them.
    const detail = await server.call('GET', `/api/web/station/detail?id=${stationId}`, { token });
    expect(detail.body.data).toMatchObject({
      measurementHeights: Z06_HEIGHTS.join(', '),
      measurementHeightsM: Z06_HEIGHTS,
      deviceSerial: 'WLS866-24',
    });
    // Chinese names of the channel kinds.
    const zh = await server.call('GET', `/api/web/station/remote_sensing?stationId=${stationId}`, {
      token,
      language: 'ZH',
    });
    const names = zh.body.data.heights[0].channels.map((c: { elementName: string }) => c.elementName);
    expect(names).toEqual(expect.arrayContaining(['风速', '载噪比', '数据可用率']));
  });

  it('flags the 0 % availability rows that still carry a speed, and low-CNR rows, without deleting a value', async () => {
    const store = new TimeSeriesRepository(server.db);
    const original = (await store.findOriginalVersion(stationId))!;
    const copy = await copyVersion(server, token, stationId, original.id, 'lidar QC');
    const rule = await server.db
      .selectFrom('qc_rule')
      .select(['id', 'params'])
      .where('builtin_key', '=', 'qcRule.lidar_filter')
      .executeTakeFirstOrThrow();
    expect(rule.params).toMatchObject({
      availabilityMin: 80,
      cnrMinDb: -22,
      deviceTypes: ['lidar', 'floating_lidar'],
    });
    const before = await readSeries(server, copy.channels.ws_240_mean!.id, T0, T0 + N * 600_000);
    const task = await runTask(server, token, '/api/data-process/process/qc', {
      versionId: copy.versionId,
      ruleIds: [rule.id],
    });
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result.rules[0]).toMatchObject({ ruleId: rule.id, kind: 'lidar_filter', skipped: null });
    expect(task.result.rules[0].count).toBeGreaterThan(0);

    let zeroWithSpeed = 0;
    for (const h of Z06_HEIGHTS) {
      const speed = await readSeries(server, copy.channels[`ws_${h}_mean`]!.id, T0, T0 + N * 600_000);
      const avail = await readSeries(server, copy.channels[`avail_${h}_mean`]!.id, T0, T0 + N * 600_000);
      const cnr = await readSeries(server, copy.channels[`cnr_${h}_mean`]!.id, T0, T0 + N * 600_000);
      for (let i = 0; i < N; i++) {
        const v = speed.values[i]!;
        if (Number.isNaN(v)) continue;
        const a = avail.values[i]!;
        const c = cnr.values[i]!;
        if (a === 0) zeroWithSpeed++;
        const fails = a === 0 || a < 80 || c < -22;
        expect(speed.flags[i], `${h} m slot ${i}: availability ${a}, CNR ${c}`).toBe(fails ? 3 : 0);
      }
    }
    // The sample's quirk: many records with availability 0 % and a speed (e.g. 00:20, 240 m: 11.59 m/s).
    expect(zeroWithSpeed).toBe(10);
    expect(before.values[1]).toBeCloseTo(11.59, 2);
    const after = await readSeries(server, copy.channels.ws_240_mean!.id, T0, T0 + N * 600_000);
    expect(after.flags[1]).toBe(3);
    // Flags, never deletions: every value is still there.
    expect(after.values).toEqual(before.values);
    // The rule applies to its measurement types only: a mast site's run does not list it.
    const mast = await server.call('GET', '/api/web/rule/list?ruleType=auto_quality', {
      token,
      language: 'EN',
    });
    const names = mast.body.data.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Lidar data filter', 'Sodar data filter']));
  });

  it('gives the statistics over all 12 heights: the shear profile, lidar TI, data recovery per height', async () => {
    const version = (await new TimeSeriesRepository(server.db).findOriginalVersion(stationId))!;
    for (const language of ['EN', 'ZH'] as const) {
      const r = await server.call('POST', '/api/data-process/statistics/analysis', {
        token,
        language,
        headers: { 'utc-code': '+00:00' },
        body: { versionId: version.id, sectors: 16 },
      });
      expect(r.status, r.body.msg).toBe(200);
      const data = r.body.data;
      expect(data.shear.heightsM).toEqual(Z06_HEIGHTS);
      expect(data.shear.meanSpeeds).toHaveLength(12);
      expect(Math.min(...data.shear.profile.heightM)).toBeLessThanOrEqual(40);
      expect(Math.max(...data.shear.profile.heightM)).toBeGreaterThanOrEqual(240);
      const ti = data.turbulence;
      expect(ti.items.length).toBe(12);
      expect(ti.tiSource).toBe('remote_sensing');
      expect(ti.tiNote).toBe(
        language === 'EN'
          ? 'Lidar TI from the speed dispersion — not comparable to cup TI'
          : '激光雷达湍流强度（由风速离散度计算）— 不可与风杯湍流强度直接比较',
      );
      const speeds = new Map<number, number>(
        data.channels
          .filter((c: { element: string; statistic: string }) => c.element === 'ws' && c.statistic === 'avg')
          .map((c: { channelId: number; heightM: number }) => [c.channelId, c.heightM]),
      );
      const speedRows = data.recovery.rows.filter(
        (row: { channelId: number; isMonth: boolean }) => speeds.has(row.channelId) && !row.isMonth,
      );
      const heightsOfRows = new Set<number>(
        speedRows.map((row: { channelId: number }) => speeds.get(row.channelId)!),
      );
      expect([...heightsOfRows].sort((a, b) => a - b)).toEqual(Z06_HEIGHTS);
      for (const row of speedRows) expect(row.shouldCount).toBe(N);
      // The workbook says it too, first on the turbulence sheet.
      const file = await server.app.inject({
        method: 'POST',
        url: '/api/data-process/statistics/export',
        headers: { token, language, 'utc-code': '+00:00' },
        payload: { versionId: version.id, sectors: 16 },
      });
      expect(file.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[STATISTICS_TABS.indexOf('turbulence')]!;
      expect(sheet.getCell('A1').value).toBe(ti.tiNote);
    }
  });

  it('refuses a Halo .hpl raw scan with the localised reason and stores no data', async () => {
    const channelsBefore = await server.db.selectFrom('ts_channel').select('id').execute();
    const chunksBefore = await server.db.selectFrom('ts_chunk').select('channel_id').execute();
    const r = await upload(
      'halo-reader_eriswil-2022-12-14-Stare_91_20221214_11.hpl',
      readFileSync(HPL),
      'EN',
    );
    expect(r.status).toBe(200);
    expect(r.body.data.map((o: { status: string }) => o.status)).toEqual(['failed']);
    for (const [language, pattern] of [
      ['EN', /Halo Photonics lidar raw scan.*wind retrieval.*nothing was stored/],
      ['ZH', /Halo Photonics 激光雷达的原始扫描文件.*风场反演.*未保存任何数据/],
    ] as const) {
      const page = await server.call('POST', '/api/web/station/raw_file/page', {
        token,
        language,
        body: { stationId, status: 'failed' },
      });
      expect(page.body.data.records).toHaveLength(1);
      expect(page.body.data.records[0].reason).toMatch(pattern);
    }
    expect(await server.db.selectFrom('ts_channel').select('id').execute()).toHaveLength(
      channelsBefore.length,
    );
    expect(await server.db.selectFrom('ts_chunk').select('channel_id').execute()).toHaveLength(
      chunksBefore.length,
    );
  });
});
