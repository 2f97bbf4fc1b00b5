import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { buildXlsxBomb } from '../archives.ts';
import { confirmLayout } from '../layouts.ts';
import { dailyToa5 } from '../logger-fixtures.ts';
import { multipartBody, type TFormPart } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples');
const DEMO2 = path.join(SAMPLES, 'generic_csv/brightwind_demo_data2.csv');
const hasSamples = existsSync(DEMO2);
if (!hasSamples) console.warn(`ingestion e2e: ${DEMO2} not found — the sample-based tests are skipped`);

let server: TTestServer;
let dataDir: string;
let adminToken: string;
let importerToken: string;
let viewerToken: string;
let outsiderToken: string;
let station: { id: number; stationCode: string };

const UPLOAD = '/api/web/station/data/upload';

/** A small 10-minute CSV with a speed and a direction column. */
function csv(rows: [string, string, string][]): Buffer {
  return Buffer.from(['Timestamp,WS_80m_Avg,WD_78m_Avg', ...rows.map((r) => r.join(','))].join('\n') + '\n');
}

function tenMinuteRows(
  startIso: string,
  count: number,
  speed: (i: number) => string,
): [string, string, string][] {
  const start = Date.parse(startIso);
  return Array.from({ length: count }, (_, i) => {
    const t = new Date(start + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    return [t, speed(i), String((i * 7) % 360)];
  });
}

async function upload(
  token: string,
  stationId: number,
  files: { fileName: string; content: Buffer }[],
  options: { context?: string; language?: 'ZH' | 'EN' } = {},
) {
  const parts: TFormPart[] = [
    { name: 'stationId', value: String(stationId) },
    ...files.map((f) => ({ name: 'file', fileName: f.fileName, content: f.content })),
  ];
  const { payload, contentType } = multipartBody(parts);
  const response = await server.app.inject({
    method: 'POST',
    url: `${UPLOAD}${options.context ? `?context=${options.context}` : ''}`,
    headers: { token, 'content-type': contentType, language: options.language ?? 'ZH' },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

async function chunksOf(stationId: number) {
  const store = new TimeSeriesRepository(server.db);
  const version = await store.findOriginalVersion(stationId);
  if (!version) return [];
  return (await store.listChunkRows(version.id)).map((r) => ({
    key: r.data_key,
    month: r.month_start.toISOString(),
    count: r.value_count,
    values: r.values.toString('hex'),
    flags: r.flags.toString('hex'),
    sources: r.sources?.toString('hex'),
    shas: r.source_shas,
  }));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-ingest-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  adminToken = await server.login('admin', 'Admin#2026pw');
  station = await buildStation(server.db);
  const importer = await buildUser(server.db, {
    features: ['data.import', 'station.downloadRaw', 'station.edit'],
  });
  await grantRoleStations(server.db, importer.roleId, [station.id]);
  importerToken = await server.login(importer.account, importer.password);
  const viewer = await buildUser(server.db, { features: [] });
  await grantRoleStations(server.db, viewer.roleId, [station.id]);
  viewerToken = await server.login(viewer.account, viewer.password);
  const outsider = await buildUser(server.db, { features: ['data.import', 'station.downloadRaw'] });
  outsiderToken = await server.login(outsider.account, outsider.password);
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('ingestion service', () => {
  it.skipIf(!hasSamples)('ingests a real sample by recognition and reads a channel back', async () => {
    const site = await buildStation(server.db);
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'brightwind_demo_data2.csv',
      source: 'seed',
      path: DEMO2,
    });
    expect(result.status).toBe('parsed');
    const store = new TimeSeriesRepository(server.db);
    const version = (await store.findOriginalVersion(site.id))!;
    expect(version.isViewOnly).toBe(true);
    const channels = await store.listChannels(version.id);
    expect(channels.length).toBeGreaterThan(10);
    const speed = channels.find((c) => c.name === 'Spd80mN')!;
    expect(speed.intervalS).toBe(600);
    const start = Date.UTC(2016, 0, 9, 15, 30);
    const series = (await store.readChannel(speed.id, start, start + 3 * 600_000))!;
    expect(series.startMs).toBe(start);
    expect(series.values[0]).toBeCloseTo(8.37, 5);
    expect(series.values[1]).toBeCloseTo(8.25, 5);
    // 15:50 is a gap in the file.
    expect(Number.isNaN(series.values[2]!)).toBe(true);
    const stationRow = await server.db
      .selectFrom('station')
      .select('data_time')
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(stationRow.data_time).not.toBeNull();
  });

  it('stores the same file once: the second ingest is a duplicate and changes nothing', async () => {
    const site = await buildStation(server.db);
    const content = csv(tenMinuteRows('2024-03-01T00:00:00Z', 50, (i) => (5 + i / 10).toFixed(2)));
    const first = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'a.csv',
      source: 'upload',
      bytes: content,
    });
    expect(first.status).toBe('parsed');
    const before = await chunksOf(site.id);
    const second = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'a-again.csv',
      source: 'upload',
      bytes: content,
    });
    expect(second).toEqual({ rawFileId: first.rawFileId, status: 'duplicate' });
    expect(await chunksOf(site.id)).toEqual(before);
    const count = await server.db
      .selectFrom('raw_file')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('station_id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('fetches a source item once: the same sourceRef is a duplicate without reading content', async () => {
    const site = await buildStation(server.db);
    const content = csv(tenMinuteRows('2024-04-01T00:00:00Z', 10, () => '6.5'));
    const input = {
      stationId: site.id,
      fileName: 'm.csv',
      source: 'email' as const,
      sourceRef: 'box/<id@x>/0',
    };
    await confirmLayout(server, site.id, 'm.csv', content);
    const first = await server.services.ingestion.ingestFile({ ...input, bytes: content });
    expect(first.status).toBe('parsed');
    expect(await server.services.ingestion.hasSourceRef('email', 'box/<id@x>/0')).toBe(true);
    const again = await server.services.ingestion.ingestFile({ ...input, bytes: Buffer.from('different') });
    expect(again).toEqual({ rawFileId: first.rawFileId, status: 'duplicate' });
  });

  it('gives identical chunks for overlapping files in either order', async () => {
    // Overlap across a month boundary, with different values and gaps on both sides.
    const a = csv(
      tenMinuteRows('2024-01-31T20:00:00Z', 60, (i) => (i % 7 === 0 ? '' : (4 + i / 20).toFixed(3))),
    );
    const b = csv(
      tenMinuteRows('2024-01-31T23:00:00Z', 60, (i) => (i % 5 === 0 ? '' : (9 - i / 30).toFixed(3))),
    );
    const one = await buildStation(server.db);
    const two = await buildStation(server.db);
    for (const [site, files] of [
      [one, [a, b]],
      [two, [b, a]],
    ] as const) {
      for (const [i, content] of files.entries()) {
        const r = await server.services.ingestion.ingestFile({
          stationId: site.id,
          fileName: `f${i}.csv`,
          source: 'upload',
          bytes: content,
        });
        expect(r.status).toBe('parsed');
      }
    }
    const first = await chunksOf(one.id);
    expect(first.length).toBe(4); // 2 channels × 2 months
    expect(await chunksOf(two.id)).toEqual(first);
  });

  it('records an unreadable file as failed with its reason, stores no values, and keeps serving', async () => {
    const site = await buildStation(server.db);
    const junk = Buffer.alloc(4096);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 37) % 256;
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'junk.csv',
      source: 'upload',
      bytes: junk,
    });
    expect(result.status).toBe('failed');
    expect(result.reasonKey).toBeTruthy();
    expect(await chunksOf(site.id)).toEqual([]);
    const ok = await server.call('GET', '/api/health');
    expect(ok.status).toBeLessThan(500);
  });
});

describe('units of a logger file', () => {
  it('stores mph, °F and kPa as m/s, °C and hPa and keeps the file unit on each channel', async () => {
    const site = await buildStation(server.db);
    const rows = Array.from({ length: 12 }, (_, i) => {
      const t = new Date(Date.UTC(2024, 4, 1) + i * 600_000).toISOString().slice(0, 16).replace('T', ' ');
      return `${t},10,1,50,95.2`;
    });
    const bytes = Buffer.from(
      ['Timestamp,WS_50m_Avg,WS_50m_SD,T_2m_Avg,P_2m_Avg', ',mph,mph,deg F,kPa', ...rows, ''].join('\n'),
    );
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'imperial.csv',
      source: 'upload',
      bytes,
    });
    expect(result.status).toBe('parsed');
    const store = new TimeSeriesRepository(server.db);
    const version = (await store.findOriginalVersion(site.id))!;
    const channels = await store.listChannels(version.id);
    const byName = Object.fromEntries(channels.map((c) => [c.name, c]));
    expect(byName.WS_50m_Avg).toMatchObject({ unit: 'm/s', sourceUnit: 'mph' });
    expect(byName.WS_50m_SD).toMatchObject({ unit: 'm/s', sourceUnit: 'mph' });
    expect(byName.T_2m_Avg).toMatchObject({ unit: 'deg_C', sourceUnit: 'deg_F' });
    expect(byName.P_2m_Avg).toMatchObject({ unit: 'hPa', sourceUnit: 'kPa' });
    const start = Date.UTC(2024, 4, 1);
    const read = async (name: string) =>
      (await store.readChannel(byName[name]!.id, start, start + 600_000))!.values[0];
    expect(await read('WS_50m_Avg')).toBeCloseTo(4.4704, 4);
    expect(await read('WS_50m_SD')).toBeCloseTo(0.44704, 5);
    expect(await read('T_2m_Avg')).toBeCloseTo(10, 4);
    expect(await read('P_2m_Avg')).toBeCloseTo(952, 3);
  });
});

describe('the time zone of a logger file', () => {
  const rows: [string, string, string][] = [
    ['2024-05-01 00:00:00', '6.0', '10'],
    ['2024-05-01 00:10:00', '7.0', '20'],
    ['2024-05-01 00:20:00', '7.5', '40'],
  ];

  it('reads a file that names no zone in the site’s logger zone, once (00:00 Beijing = 16:00 UTC)', async () => {
    const site = await buildStation(server.db, { loggerUtcOffset: 480 });
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'beijing.csv',
      source: 'upload',
      bytes: csv(rows),
    });
    expect(result.status).toBe('parsed');
    const file = await server.db
      .selectFrom('raw_file')
      .select(['first_time', 'rule_snapshot'])
      .where('id', '=', result.rawFileId)
      .executeTakeFirstOrThrow();
    expect(file.first_time?.toISOString()).toBe('2024-04-30T16:00:00.000Z');
    expect((file.rule_snapshot as { rule: { utcOffsetMinutes: number } }).rule.utcOffsetMinutes).toBe(480);
  });

  it('keeps the zone a file states in its stamps, without adding the site’s', async () => {
    const site = await buildStation(server.db, { loggerUtcOffset: 480 });
    const zoned = rows.map(([t, a, b]) => [`${t}-06:00`, a, b] as [string, string, string]);
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'denver.csv',
      source: 'upload',
      bytes: csv(zoned),
    });
    const file = await server.db
      .selectFrom('raw_file')
      .select('first_time')
      .where('id', '=', result.rawFileId)
      .executeTakeFirstOrThrow();
    expect(file.first_time?.toISOString()).toBe('2024-05-01T06:00:00.000Z');
  });

  it('shows the assumed zone in the upload preview, the uploader’s when no site is given', async () => {
    const { payload, contentType } = multipartBody([
      { name: 'file', fileName: 'nosite.csv', content: csv(rows) },
    ]);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/parse/text/preview_recognize',
      headers: { token: adminToken, 'content-type': contentType, 'utc-code': '+05:30', language: 'EN' },
      payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    const recognition = r.json().data.recognition;
    expect(recognition.rule.utcOffsetMinutes).toBe(330);
    expect(recognition.warnings).toContain('timeZoneFromSite:UTC+05:30');
  });

  it('edits the logger zone with the site and refuses one that is not a real offset', async () => {
    const site = await buildStation(server.db);
    const detail = await server.call('GET', `/api/web/station/detail?id=${site.id}`, { token: adminToken });
    expect(detail.body.data.loggerUtcOffset).toBe(0);
    const fields = await server.call('GET', '/api/web/station/fields', { token: adminToken, language: 'EN' });
    const zone = fields.body.data.edit.find((f: { key: string }) => f.key === 'loggerUtcOffset');
    expect(zone).toMatchObject({ title: 'Logger time zone', type: 'select', defaultValue: 480 });
    expect(zone.options).toContainEqual({ value: 480, label: 'UTC+08:00' });
  });
});

describe('period-end time stamps', () => {
  const TOA5 = path.join(SAMPLES, 'campbell_toa5/brightwind_campbell_scientific_demo_data1.csv');

  async function preview(stationId: number, fileName: string, content: Buffer) {
    const { payload, contentType } = multipartBody([
      { name: 'stationId', value: String(stationId) },
      { name: 'file', fileName, content },
    ]);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/parse/text/preview_recognize',
      headers: { token: adminToken, 'content-type': contentType },
      payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { token: string; recognition: any };
  }

  async function confirmAndWait(stationId: number, token: string, rule: unknown, channels: unknown) {
    const confirm = await server.call('POST', '/api/data-parse/parse/text/recognize', {
      token: adminToken,
      body: { stationId, token, rule, channels },
    });
    expect(confirm.status, confirm.body.msg).toBe(200);
    let task = confirm.body.data;
    for (let i = 0; i < 200 && task.status !== 'parsed' && task.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      task = (
        await server.call('GET', `/api/data-parse/parse/text/parse_process?taskId=${task.taskId}`, {
          token: adminToken,
        })
      ).body.data;
    }
    expect(task.status).toBe('parsed');
    return task.rawFileId as number;
  }

  it.skipIf(!hasSamples)(
    'previews the TOA5 sample’s stamps as period ends (15:30 → a 15:20 start) and stores what the user chooses',
    async () => {
      const content = readFileSync(TOA5);
      for (const [isPeriodEnd, first] of [
        [true, '2016-01-09T15:20:00.000Z'],
        [false, '2016-01-09T15:30:00.000Z'],
      ] as const) {
        const site = await buildStation(server.db, { loggerUtcOffset: 480 });
        const { token, recognition } = await preview(site.id, 'toa5.csv', content);
        expect(recognition.kind).toBe('toa5');
        expect(recognition.rule.timestampIsPeriodEnd).toBe(true);
        expect(recognition.firstTime).toBe('2016-01-09T15:20:00.000Z');
        const rawFileId = await confirmAndWait(
          site.id,
          token,
          { ...recognition.rule, timestampIsPeriodEnd: isPeriodEnd },
          recognition.channels,
        );
        const file = await server.db
          .selectFrom('raw_file')
          .select('first_time')
          .where('id', '=', rawFileId)
          .executeTakeFirstOrThrow();
        expect(file.first_time?.toISOString(), `period end: ${isPeriodEnd}`).toBe(first);
      }
    },
  );

  it('previews the first time of a file without a zone in the site’s logger zone (00:00 Beijing = 16:00 UTC)', async () => {
    const site = await buildStation(server.db, { loggerUtcOffset: 480 });
    const { recognition } = await preview(
      site.id,
      'beijing-preview.csv',
      csv([
        ['2024-05-01 00:00:00', '6.0', '10'],
        ['2024-05-01 00:10:00', '7.0', '20'],
        ['2024-05-01 00:20:00', '7.5', '40'],
      ]),
    );
    expect(recognition.rule.timestampIsPeriodEnd).toBe(false);
    expect(recognition.firstTime).toBe('2024-04-30T16:00:00.000Z');
    expect(recognition.lastTime).toBe('2024-04-30T16:20:00.000Z');
  });
});

describe('a daily table (issue 40)', () => {
  async function previewDaily(stationId: number) {
    const { payload, contentType } = multipartBody([
      { name: 'stationId', value: String(stationId) },
      { name: 'file', fileName: 'CR1000_Daily.dat', content: Buffer.from(dailyToa5()) },
    ]);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/parse/text/preview_recognize',
      headers: { token: adminToken, 'content-type': contentType },
      payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { token: string; recognition: any };
  }

  async function storeDaily(
    stationId: number,
    token: string,
    rule: unknown,
    channels: unknown,
    acceptedDoubts: string[],
  ) {
    // The weather station's wind columns name no height: doubts the user confirms as they are (issue 40).
    const confirm = await server.call('POST', '/api/data-parse/parse/text/recognize', {
      token: adminToken,
      body: { stationId, token, rule, channels, acceptedDoubts },
    });
    expect(confirm.status, confirm.body.msg).toBe(200);
    let task = confirm.body.data;
    for (let i = 0; i < 200 && task.status !== 'parsed' && task.status !== 'failed'; i++) {
      await new Promise((done) => setTimeout(done, 100));
      task = (
        await server.call('GET', `/api/data-parse/parse/text/parse_process?taskId=${task.taskId}`, {
          token: adminToken,
        })
      ).body.data;
    }
    expect(task.status).toBe('parsed');
    const store = new TimeSeriesRepository(server.db);
    const version = (await store.findOriginalVersion(stationId))!;
    const speed = (await store.listChannels(version.id)).find((c) => c.name.includes('WS_ms_Avg'))!;
    expect(speed.intervalS).toBe(86_400);
    return { rawFileId: task.rawFileId as number, speed, store };
  }

  it('stores every day of a daily TOA5 table of a UTC+08:00 site under the date the preview shows, across month ends', async () => {
    const site = await buildStation(server.db, { loggerUtcOffset: 480 });
    const { token, recognition } = await previewDaily(site.id);
    // `2024-01-29 00:00:00` ends 28 January: the first day is the 28th, the last (`2024-03-04`) the 3rd.
    expect(recognition.intervalMinutes).toBe(1440);
    expect(recognition.firstTime).toBe('2024-01-28T00:00:00.000Z');
    expect(recognition.lastTime).toBe('2024-03-03T00:00:00.000Z');
    expect(recognition.warnings).toContain('daysAsDates');
    const { rawFileId, speed, store } = await storeDaily(
      site.id,
      token,
      recognition.rule,
      recognition.channels,
      recognition.doubts.map((d: { id: string }) => d.id),
    );
    const first = Date.parse(recognition.firstTime);
    const series = (await store.readChannel(speed.id, first, first + 36 * 86_400_000))!;
    expect(series.startMs).toBe(first);
    // Day n holds n: 36 days, the 31 January and the 29 February among them, none lost or moved.
    expect([...series.values]).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    const file = await server.db
      .selectFrom('raw_file')
      .select(['first_time', 'last_time'])
      .where('id', '=', rawFileId)
      .executeTakeFirstOrThrow();
    expect([file.first_time?.toISOString(), file.last_time?.toISOString()]).toEqual([
      recognition.firstTime,
      recognition.lastTime,
    ]);
  });

  it('keeps the last day of each month of a daily table read in UTC+08:00 by a rule: 16:00 on the 31st is the 1st', async () => {
    const site = await buildStation(server.db);
    const { token, recognition } = await previewDaily(site.id);
    const rule = { ...recognition.rule, utcOffsetMinutes: 480 };
    const { speed, store } = await storeDaily(
      site.id,
      token,
      rule,
      recognition.channels,
      recognition.doubts.map((d: { id: string }) => d.id),
    );
    const first = Date.UTC(2024, 0, 28);
    const series = (await store.readChannel(speed.id, first, first + 36 * 86_400_000))!;
    expect(series.startMs).toBe(first);
    expect([...series.values]).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
  });
});

describe('stamps off the time grid', () => {
  it('moves stamps a few seconds off the grid onto it and says so on the file, in both languages', async () => {
    const site = await buildStation(server.db);
    const rows: [string, string, string][] = [
      ['2024-05-01 00:00:00', '6.0', '10'],
      ['2024-05-01 00:09:59', '7.0', '20'],
      ['2024-05-01 00:20:01', '7.5', '40'],
      ['2024-05-01 00:30:00', '7.6', '50'],
    ];
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'jitter.csv',
      source: 'upload',
      bytes: csv(rows),
    });
    expect(result.status).toBe('parsed');
    const store = new TimeSeriesRepository(server.db);
    const version = (await store.findOriginalVersion(site.id))!;
    const speed = (await store.listChannels(version.id)).find((c) => c.element === 'ws')!;
    const start = Date.UTC(2024, 4, 1);
    const series = (await store.readChannel(speed.id, start, start + 4 * 600_000))!;
    expect([...series.values].map((v) => Math.round(v * 10) / 10)).toEqual([6, 7, 7.5, 7.6]);
    for (const language of ['EN', 'ZH'] as const) {
      const page = await server.call('POST', '/api/web/station/raw_file/page', {
        token: adminToken,
        body: { stationId: site.id },
        language,
      });
      expect(page.body.data.records[0]).toMatchObject({ status: 'parsed', reasonKey: 'snapped_stamps' });
      expect(page.body.data.records[0].reason).toBe(
        language === 'EN'
          ? 'stored; 2 stamps within 12 s of the 10-minute grid were moved onto it'
          : '已入库；2 个时间偏离 10 分钟整点网格不超过 12 秒，已对齐到网格',
      );
    }
  });

  it('never lets an off-grid row replace an on-grid record; counts and reports it on the file', async () => {
    const site = await buildStation(server.db);
    // 00:10 holds 7.0; a logger restart wrote 00:13 (8.8) right after it, which snapping would put on 00:10.
    const rows: [string, string, string][] = [
      ['2024-05-01 00:00:00', '6.0', '10'],
      ['2024-05-01 00:10:00', '7.0', '20'],
      ['2024-05-01 00:13:00', '8.8', '30'],
      ['2024-05-01 00:20:00', '7.5', '40'],
      ['2024-05-01 00:30:00', '7.6', '50'],
    ];
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'restart.csv',
      source: 'upload',
      bytes: csv(rows),
    });
    expect(result.status).toBe('parsed');
    const store = new TimeSeriesRepository(server.db);
    const version = (await store.findOriginalVersion(site.id))!;
    const speed = (await store.listChannels(version.id)).find((c) => c.element === 'ws')!;
    const start = Date.UTC(2024, 4, 1);
    const series = (await store.readChannel(speed.id, start, start + 4 * 600_000))!;
    expect([...series.values].map((v) => Math.round(v * 10) / 10)).toEqual([6, 7, 7.5, 7.6]);
    for (const language of ['EN', 'ZH'] as const) {
      const page = await server.call('POST', '/api/web/station/raw_file/page', {
        token: adminToken,
        body: { stationId: site.id },
        language,
      });
      expect(page.body.data.records[0]).toMatchObject({ status: 'parsed', reasonKey: 'off_grid_rows' });
      expect(page.body.data.records[0].reason).toBe(
        language === 'EN'
          ? 'stored; 1 row (1 distinct time) whose time is off the 10-minute grid was left out (first: 2024-05-01 00:13 UTC)'
          : '已入库；1 行（1 个不同时间）的时间不在 10 分钟整点网格上，未入库（第一行：2024-05-01 00:13 UTC）',
      );
    }
  });
});

describe('a site’s data state follows its stored data', () => {
  it('sets the latest data time, the measurement start and “normal”, and logs the file, when data arrives', async () => {
    const site = await buildStation(server.db);
    await server.db
      .updateTable('station')
      .set({ status: -1, start_time: null, data_time: null })
      .where('id', '=', site.id)
      .execute();
    const before = await server.call('GET', `/api/web/station/overview?id=${site.id}`, { token: adminToken });
    expect(before.body.data).toMatchObject({
      status: -1,
      startTime: null,
      dataTime: null,
      measuringDays: null,
    });
    const r = await upload(adminToken, site.id, [
      {
        fileName: 'three-days.csv',
        content: csv(tenMinuteRows('2024-05-01T00:00:00Z', 3 * 144, () => '6.5')),
      },
    ]);
    expect(r.body.data.map((o: { status: string }) => o.status)).toEqual(['parsed']);
    const after = await server.call('GET', `/api/web/station/overview?id=${site.id}`, { token: adminToken });
    expect(after.body.data).toMatchObject({
      status: 0,
      startTime: '2024-05-01T00:00:00.000Z',
      dataTime: '2024-05-03T23:50:00.000Z',
      // Three whole days of records are three measuring days (issue 41: not the two a floored difference gives).
      measuringDays: 3,
    });
    const log = await server.call('POST', '/api/web/station_log/page', {
      token: adminToken,
      body: { stationCode: site.stationCode },
      language: 'EN',
    });
    expect(log.body.data.records).toHaveLength(1);
    expect(log.body.data.records[0]).toMatchObject({
      operatorAccount: 'admin',
      type: 'add',
      location: 'Wind data - data files stored',
      locationKey: 'dataFiles',
    });
    expect(log.body.data.records[0].objects).toContain('three-days.csv');
    expect(log.body.data.records[0].objects).toContain('864');
  });

  it('keeps a measurement start set by hand and a state set by the operations loop', async () => {
    const site = await buildStation(server.db);
    const start = new Date('2023-01-01T00:00:00Z');
    await server.db
      .updateTable('station')
      .set({ status: 3, start_time: start })
      .where('id', '=', site.id)
      .execute();
    const later = csv(tenMinuteRows('2024-05-01T00:00:00Z', 6, () => '6.5'));
    await confirmLayout(server, site.id, 'later.csv', later);
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'later.csv',
      source: 'ftp',
      bytes: later,
    });
    const row = await server.db
      .selectFrom('station')
      .select(['status', 'start_time', 'data_time'])
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 3, start_time: start, data_time: new Date('2024-05-01T00:50:00Z') });
    // A fetched file no user sent is logged as the system, named by its source.
    const log = await server.db
      .selectFrom('station_log')
      .selectAll()
      .where('station_id', '=', site.id)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      operator_id: null,
      operator_account: 'system',
      operator_name: 'ftp',
      location: 'dataFiles',
    });
  });
});

describe('upload, raw files, versions and export calls', () => {
  it('uploads several site files, parses them and lists them with their status', async () => {
    const good = csv(tenMinuteRows('2024-05-01T00:00:00Z', 30, () => '7.25'));
    const r = await upload(importerToken, station.id, [
      { fileName: 'good.csv', content: good },
      { fileName: 'bad.txt', content: Buffer.from('just some words\nno data here\n') },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.data.map((o: { status: string }) => o.status)).toEqual(['parsed', 'failed']);
    const page = await server.call('POST', '/api/web/station/raw_file/page', {
      token: viewerToken,
      body: { stationId: station.id },
      language: 'EN',
    });
    expect(page.status).toBe(200);
    const bad = page.body.data.records.find((f: { fileName: string }) => f.fileName === 'bad.txt');
    expect(bad.status).toBe('failed');
    expect(bad.reason).toMatch(/[a-z]/);
    const zh = await server.call('POST', '/api/web/station/raw_file/page', {
      token: viewerToken,
      body: { stationId: station.id, status: 'failed' },
      language: 'ZH',
    });
    expect(zh.body.data.records[0].reason).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.body.data.records[0].reason).not.toBe(bad.reason);
  });

  it('refuses a file name holding the NUL character with a localised 400 and stores nothing', async () => {
    const before = await server.db.selectFrom('raw_file').select('id').execute();
    const r = await upload(importerToken, station.id, [{ fileName: 'a\u0000b.csv', content: csv([]) }], {
      language: 'EN',
    });
    expect(r.status).toBe(400);
    expect(r.body.data.fields).toEqual([
      { field: 'file', message: 'Must not contain the NUL character (\\u0000)' },
    ]);
    expect(await server.db.selectFrom('raw_file').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 422 with a localised reason when a preview cannot be read, and stores nothing', async () => {
    const before = await server.db
      .selectFrom('raw_file')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const junk = Buffer.from([0, 1, 2, 3, 0, 0, 0, 255, 254, 0, 7, 8]);
    for (const language of ['ZH', 'EN'] as const) {
      const { payload, contentType } = multipartBody([{ name: 'file', fileName: 'junk.csv', content: junk }]);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/data-parse/parse/text/preview_recognize',
        headers: { token: importerToken, 'content-type': contentType, language },
        payload,
      });
      expect(response.statusCode).toBe(422);
      const msg = response.json().msg as string;
      if (language === 'ZH') expect(msg).toMatch(/[\u4e00-\u9fff]/);
      else expect(msg).toMatch(/cannot be read/);
    }
    const after = await server.db
      .selectFrom('raw_file')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const previews = await server.db
      .selectFrom('parse_preview')
      .selectAll()
      .where('file_name', '=', 'junk.csv')
      .execute();
    expect(previews).toEqual([]);
  });

  it('refuses to preview an .xlsx bomb by the archive limit and a legacy .xls with how to save it, storing nothing', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('data').addRow(['Timestamp', 'Spd80mN']);
    const bomb = await buildXlsxBomb(Buffer.from(await book.xlsx.writeBuffer()));
    const ole = Buffer.alloc(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const before = await server.db.selectFrom('raw_file').select('id').execute();
    const preview = async (fileName: string, content: Buffer, language: 'ZH' | 'EN') => {
      const { payload, contentType } = multipartBody([{ name: 'file', fileName, content }]);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/data-parse/parse/text/preview_recognize',
        headers: { token: importerToken, 'content-type': contentType, language },
        payload,
      });
      return { status: response.statusCode, msg: response.json().msg as string };
    };
    expect(await preview('logger.xlsx', bomb, 'EN')).toEqual({
      status: 422,
      msg: 'The file cannot be read: the workbook unpacks to more than 100 times its size (a likely zip bomb); it was not read',
    });
    expect((await preview('logger.xlsx', bomb, 'ZH')).msg).toBe(
      '文件无法读取：电子表格解压后超过其大小的 100 倍（疑似压缩炸弹），未读取',
    );
    expect(await preview('old.xls', ole, 'EN')).toEqual({
      status: 422,
      msg: 'The file cannot be read: legacy Excel 97–2003 workbooks (.xls) are not read: save it as .xlsx or CSV in Excel or WPS and upload that',
    });
    expect((await preview('old.xls', ole, 'ZH')).msg).toContain('另存为 .xlsx 或 CSV');
    expect(await server.db.selectFrom('raw_file').select('id').execute()).toEqual(before);
  });

  it('previews, confirms and reports the parse task to completion', async () => {
    const content = csv(tenMinuteRows('2024-06-01T00:00:00Z', 40, (i) => (3 + i / 10).toFixed(2)));
    const { payload, contentType } = multipartBody([
      { name: 'stationId', value: String(station.id) },
      { name: 'file', fileName: 'preview.csv', content },
    ]);
    const preview = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/parse/text/preview_recognize',
      headers: { token: importerToken, 'content-type': contentType },
      payload,
    });
    expect(preview.statusCode).toBe(200);
    const { token, recognition } = preview.json().data;
    expect(recognition.channels.length).toBe(2);
    const confirm = await server.call('POST', '/api/data-parse/parse/text/recognize', {
      token: importerToken,
      body: { stationId: station.id, token, rule: recognition.rule, channels: recognition.channels },
    });
    expect(confirm.status).toBe(200);
    const taskId = confirm.body.data.taskId;
    let task = confirm.body.data;
    for (let i = 0; i < 100 && task.status !== 'parsed' && task.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      task = (
        await server.call('GET', `/api/data-parse/parse/text/parse_process?taskId=${taskId}`, {
          token: importerToken,
        })
      ).body.data;
    }
    expect(task.status).toBe('parsed');
    expect(task.progress).toBe(100);
  });

  it('lists the view-only original version with its data range', async () => {
    const r = await server.call('GET', `/api/web/version/list?stationId=${station.id}`, {
      token: viewerToken,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({
      kind: 'original',
      isViewOnly: true,
      startTime: '2024-05-01T00:00:00.000Z',
    });
    const multi = await server.call('GET', `/api/web/version/multi_list?stationIds=${station.id}`, {
      token: viewerToken,
    });
    expect(multi.body.data[0].versions[0].endTime).toBe(r.body.data[0].endTime);
    const denied = await server.call('GET', `/api/web/version/list?stationId=${station.id}`, {
      token: outsiderToken,
    });
    expect(denied.status).toBe(403);
  });

  it('refuses wrong types, a second generic file and a mesoscale upload without .wnd', async () => {
    const exe = await upload(importerToken, station.id, [{ fileName: 'x.exe', content: Buffer.from('MZ') }]);
    expect(exe.status).toBe(415);
    const two = await upload(
      importerToken,
      station.id,
      [
        { fileName: 'a.csv', content: Buffer.from('a') },
        { fileName: 'b.csv', content: Buffer.from('b') },
      ],
      { context: 'generic' },
    );
    expect(two.status).toBe(400);
    const meso = await upload(importerToken, station.id, [{ fileName: 'a.csv', content: Buffer.from('a') }], {
      context: 'mesoscale',
    });
    expect(meso.status).toBe(422);
    const withWnd = await upload(
      importerToken,
      station.id,
      [{ fileName: 'site.wnd', content: Buffer.from('WND header\n1 2 3\n') }],
      { context: 'mesoscale' },
    );
    expect(withWnd.status).toBe(200);
    expect(withWnd.body.data[0].status).toBe('stored_not_parsed');
    const outsider = await upload(outsiderToken, station.id, [
      { fileName: 'a.csv', content: Buffer.from('a') },
    ]);
    expect(outsider.status).toBe(403);
  });

  it('downloads one original file as is and several as a ZIP', async () => {
    const page = await server.call('POST', '/api/web/station/raw_file/page', {
      token: importerToken,
      body: { stationId: station.id, fileName: 'good.csv' },
    });
    const id = page.body.data.records[0].id;
    const one = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/export/original_file',
      headers: { token: importerToken },
      payload: { ids: [id] },
    });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.toString('utf8')).toContain('7.25');
    const all = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/export/original_file',
      headers: { token: importerToken },
      payload: { stationId: station.id },
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('application/zip');
    expect(all.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    // The archive opens: the end-of-central-directory record is where it should be.
    expect(all.rawPayload.readUInt32LE(all.rawPayload.length - 22)).toBe(0x06054b50);
    const denied = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/export/original_file',
      headers: { token: viewerToken },
      payload: { ids: [id] },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('downloads the raw files of several sites (the site list selection) as one ZIP, a folder per site', async () => {
    const second = await buildStation(server.db);
    const importer = await buildUser(server.db, { features: ['station.downloadRaw'] });
    await grantRoleStations(server.db, importer.roleId, [station.id, second.id]);
    const token = await server.login(importer.account, importer.password);
    await server.services.ingestion.ingestFile({
      stationId: second.id,
      fileName: 'second.csv',
      source: 'seed',
      bytes: csv(tenMinuteRows('2024-05-01T00:00:00Z', 6, () => '5.5')),
    });
    const zip = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/export/original_file',
      headers: { token, language: 'EN' },
      payload: { stationIds: [station.id, second.id] },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toContain('raw_files_2.zip');
    const names = zip.rawPayload.toString('latin1');
    expect(names).toContain(`${station.stationCode}/good.csv`);
    expect(names).toContain(`${second.stationCode}/second.csv`);
    // A period with no file answers a clear 404 in the reader's language, not an empty archive.
    const none = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/export/original_file',
      headers: { token, language: 'EN' },
      payload: { stationIds: [second.id], startTime: '2030-01-01T00:00:00Z' },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('The chosen sites have no raw data files in that period');
    const reversed = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/export/original_file',
      headers: { token, language: 'ZH' },
      payload: {
        stationIds: [second.id],
        startTime: '2030-01-02T00:00:00Z',
        endTime: '2030-01-01T00:00:00Z',
      },
    });
    expect(reversed.statusCode).toBe(400);
  });

  it('previews how the files of sites arrive: routing rules, parse rule, file count and latest file', async () => {
    const site = await buildStation(server.db);
    const other = await buildStation(server.db);
    const fixed = await server.db
      .insertInto('file_match_rule')
      .values({
        name: `固定-${site.stationCode}`,
        conditions: '[]',
        station_mode: 'fixed',
        station_id: site.id,
        folder: '/in',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('file_match_rule')
      .values({
        name: `固定-${other.stationCode}`,
        conditions: '[]',
        station_mode: 'fixed',
        station_id: other.id,
        folder: '/x',
      })
      .execute();
    const latest = csv(tenMinuteRows('2024-05-01T00:00:00Z', 3, () => '5.5'));
    await confirmLayout(server, site.id, 'latest.csv', latest);
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'latest.csv',
      source: 'ftp',
      bytes: latest,
    });
    const r = await server.call('POST', '/api/web/station/file_rules', {
      token: adminToken,
      body: { stationIds: [site.id, other.id] },
    });
    expect(r.status).toBe(200);
    const [first, second] = r.body.data;
    expect(first).toMatchObject({ stationId: site.id, parseRuleName: null, fileCount: 1 });
    expect(first.lastFile).toMatchObject({ fileName: 'latest.csv', status: 'parsed', source: 'ftp' });
    expect(first.rules.map((x: { id: number }) => x.id)).toContain(fixed.id);
    // A rule fixed to another site is not listed for this one.
    expect(first.rules.map((x: { name: string }) => x.name)).not.toContain(`固定-${other.stationCode}`);
    expect(second).toMatchObject({ stationId: other.id, fileCount: 0, lastFile: null });
    const empty = await server.call('POST', '/api/web/station/file_rules', {
      token: adminToken,
      body: { stationIds: [] },
      language: 'EN',
    });
    expect(empty.status).toBe(400);
  });

  it('manages parse rules: unique names, in-use check, station assignment', async () => {
    const rule = {
      encoding: 'utf-8',
      fieldStartRow: 1,
      fieldDelimiter: ',',
      dataStartRow: 2,
      dataDelimiter: ',',
      dataStartColumn: 2,
      dateStartColumn: 1,
      dateEndColumn: 1,
      dateFormat: 'YYYY-MM-DD HH:mm:ss',
      missingValue: '-9999',
      utcOffsetMinutes: 0,
      timestampIsPeriodEnd: false,
    };
    const saved = await server.call('POST', '/api/web/parse_rule/save_or_update', {
      token: adminToken,
      body: { name: '通用CSV', rule },
    });
    expect(saved.status).toBe(200);
    const dup = await server.call('POST', '/api/web/parse_rule/save_or_update', {
      token: adminToken,
      body: { name: '通用csv', rule },
    });
    expect(dup.status).toBe(409);
    const set = await server.call('POST', '/api/web/station/updateParseRule', {
      token: importerToken,
      body: { stationId: station.id, parseRuleId: saved.body.data.id },
    });
    expect(set.status).toBe(200);
    // The site detail says which rule its files are read with.
    const detail = await server.call('GET', `/api/web/station/detail?id=${station.id}`, {
      token: adminToken,
    });
    expect(detail.body.data.parseRuleId).toBe(saved.body.data.id);
    const del = await server.call('GET', `/api/web/parse_rule/delete?id=${saved.body.data.id}`, {
      token: adminToken,
    });
    expect(del.status).toBe(409);
    const options = await server.call('GET', '/api/web/parse_rule/options', { token: viewerToken });
    expect(options.body.data.map((o: { name: string }) => o.name)).toContain('通用CSV');
    // A file parsed with the site's rule.
    const withRule = await upload(importerToken, station.id, [
      {
        fileName: 'rule.csv',
        content: csv(tenMinuteRows('2024-07-01T00:00:00Z', 6, (i) => (i % 2 ? '-9999' : '6'))),
      },
    ]);
    expect(withRule.body.data[0].status).toBe('parsed');
    await server.call('POST', '/api/web/station/updateParseRule', {
      token: importerToken,
      body: { stationId: station.id, parseRuleId: null },
    });
    const del2 = await server.call('GET', `/api/web/parse_rule/delete?id=${saved.body.data.id}`, {
      token: adminToken,
    });
    expect(del2.status).toBe(200);
  });

  it('serves the parser reference lists', async () => {
    const formats = await server.call('GET', '/api/data-parse/parse/date_formats', { token: viewerToken });
    expect(formats.body.data).toContain('YYYY-MM-DD HH:mm:ss');
    const charsets = await server.call('GET', '/api/data-parse/parse/charsets', { token: viewerToken });
    expect(charsets.body.data.map((c: { value: string }) => c.value)).toContain('gb18030');
    const hs = await server.call(
      'GET',
      `/api/data-parse/parse/text/recognize/height_statistics?channelName=${encodeURIComponent('Spd80mNStd')}`,
      { token: viewerToken },
    );
    expect(hs.status).toBe(200);
  });
});
