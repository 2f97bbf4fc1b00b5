import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { loadSeries } from '../../src/modules/timeseries/version-series.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { buildGibibyteZip, buildZip } from '../archives.ts';
import { multipartBody, type TFormPart } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let adminToken: string;
let site: { id: number; stationCode: string };
let versionId: number;
let mast: { speedId: number; directionId: number; heightM: number };
let wnd: Buffer;
let dataDir: string;

/** True while the content-addressed store holds the bytes (`files/ab/cd/<sha256>`). */
function stored(content: Buffer): boolean {
  const sha = createHash('sha256').update(content).digest('hex');
  return existsSync(path.join(dataDir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha));
}

const HOUR = 3_600_000;

async function upload(parts: TFormPart[], token = adminToken, language = 'EN') {
  const { payload, contentType } = multipartBody(parts);
  const r = await server.app.inject({
    method: 'POST',
    url: '/api/web/mesoscale/upload',
    headers: { token, 'content-type': contentType, language },
    payload,
  });
  return { status: r.statusCode, body: r.json() };
}

/** Deterministic LCG in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4_294_967_296;
  };
}

/**
 * A provider-style text .wnd, hourly UTC from 2024-01 to 2026-11: over the mast's month x = (y − 0.3)/1.1
 * of the mast's hourly mean plus a little noise, elsewhere a plausible synthetic wind; direction = the
 * mast's vane + 10°.
 */
async function buildWnd(): Promise<Buffer> {
  const store = new TimeSeriesRepository(server.db);
  const channels = await store.listChannels(versionId);
  const speed = channels.find((c) => c.id === mast.speedId)!;
  const vane = channels.find((c) => c.id === mast.directionId)!;
  const loaded = await loadSeries(store, [speed, vane], Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1));
  const hourly = new Map<number, { s: number; sin: number; cos: number; n: number }>();
  for (let i = 0; i < loaded.grid.length; i++) {
    const t = loaded.grid.startMs + i * loaded.grid.intervalMinutes * 60_000;
    const v = loaded.channels[0]!.values[i]!;
    const d = loaded.channels[1]!.values[i]!;
    if (Number.isNaN(v) || Number.isNaN(d)) continue;
    const h = Math.floor(t / HOUR) * HOUR;
    const a = hourly.get(h) ?? { s: 0, sin: 0, cos: 0, n: 0 };
    a.s += v;
    a.sin += Math.sin((d * Math.PI) / 180);
    a.cos += Math.cos((d * Math.PI) / 180);
    a.n++;
    hourly.set(h, a);
  }
  const next = random(9);
  const lines = ['Timestamp,WS_100m,WD_100m'];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2026, 11, 1); t += HOUR) {
    const m = hourly.get(t);
    const x = m
      ? (m.s / m.n - 0.3) / 1.1 + (next() - 0.5) * 0.2
      : 4 + 3 * Math.sin(t / (86_400_000 * 3)) + next() * 2;
    const mastDirection = m ? ((Math.atan2(m.sin, m.cos) * 180) / Math.PI + 360) % 360 : 0;
    const d = m ? (mastDirection + 10) % 360 : (t / HOUR) % 360;
    lines.push(
      `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')},${Math.max(0, x).toFixed(3)},${d.toFixed(1)}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-mesoscale-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  site = await buildStation(server.db, { projectName: '中尺度订正测试风电场' });
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1300 })
    .where('id', '=', site.id)
    .execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 1,
    firstMonth: Date.UTC(2026, 9, 1),
  });
  versionId = Number(
    (
      await server.db
        .selectFrom('dataset_version')
        .select('id')
        .where('station_id', '=', site.id)
        .executeTakeFirstOrThrow()
    ).id,
  );
  const fields = (
    await server.call('GET', `/api/web/report/data/fields?versionId=${versionId}`, { token: adminToken })
  ).body.data;
  const top = fields.speeds.find((s: { heightM: number }) => s.heightM === fields.speeds.at(-1).heightM);
  mast = { speedId: top.id, directionId: fields.directions.at(-1).id, heightM: top.heightM };
  wnd = await buildWnd();
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function scaleBody(datasetId: number, overrides: Record<string, unknown> = {}) {
  return {
    datasetId,
    versionId,
    speedChannelId: mast.speedId,
    directionChannelId: mast.directionId,
    mesoSpeedKey: 'ws_100_mean',
    mesoDirectionKey: 'wd_100_mean',
    method: 'lls',
    sectorWidth: 30,
    ...overrides,
  };
}

describe('mesoscale uploads', () => {
  let datasetId: number;

  it('refuses an upload without a .wnd file and stores nothing', async () => {
    const r = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'name', value: 'no wnd' },
      { name: 'file', fileName: 'readme.txt', content: Buffer.from('hello') },
    ]);
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('A mesoscale upload must include a .wnd file');
    expect(await server.db.selectFrom('mesoscale_dataset').select('id').execute()).toEqual([]);
  });

  it('stores a zip of a text .wnd and a note unchanged with SHA-256 and reads the .wnd as a time series', async () => {
    const zip = new JSZip();
    zip.file('ERA5_site/era5_100m.wnd', wnd);
    zip.file('ERA5_site/README.txt', 'ERA5 hourly, UTC');
    const content = await zip.generateAsync({ type: 'nodebuffer' });
    const r = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'name', value: 'ERA5 2024–2026' },
      { name: 'utcOffsetMinutes', value: '0' },
      { name: 'file', fileName: 'era5.zip', content },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    datasetId = r.body.data.id;
    const page = await server.call('POST', '/api/web/mesoscale/page', {
      token: adminToken,
      language: 'EN',
      body: { stationId: site.id },
    });
    const dataset = page.body.data.records[0];
    expect(dataset).toMatchObject({
      name: 'ERA5 2024–2026',
      status: 'parsed',
      statusName: 'Parsed',
      intervalMinutes: 60,
    });
    expect(dataset.files.map((f: { fileName: string }) => f.fileName).sort()).toEqual([
      'README.txt',
      'era5_100m.wnd',
    ]);
    const stored = dataset.files.find((f: { fileName: string }) => f.fileName === 'era5_100m.wnd');
    expect(stored.sha256).toBe(createHash('sha256').update(wnd).digest('hex'));
    expect(stored.sizeBytes).toBe(wnd.length);
    expect(dataset.channels.map((c: { key: string }) => c.key)).toEqual(['ws_100_mean', 'wd_100_mean']);
    expect(dataset.firstTime).toBe('2024-01-01T00:00:00.000Z');
  });

  it('stores a binary .wnd and reports it as such, without channels', async () => {
    const r = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'name', value: 'binary' },
      { name: 'file', fileName: 'turb.wnd', content: Buffer.from([0, 1, 2, 3, 0, 0, 255, 7, 9]) },
    ]);
    expect(r.status).toBe(200);
    const page = await server.call('POST', '/api/web/mesoscale/page', {
      token: adminToken,
      language: 'EN',
      body: { stationId: site.id },
    });
    const row = page.body.data.records.find((d: { id: number }) => d.id === r.body.data.id);
    expect(row).toMatchObject({
      status: 'stored',
      reason: 'a binary file, not a text time series',
      channels: [],
    });
    const scale = await server.call('POST', '/api/data-process/process/temp_data_scale_calculate', {
      token: adminToken,
      language: 'EN',
      body: scaleBody(r.body.data.id),
    });
    expect(scale.status).toBe(409);
    expect(scale.body.msg).toContain('cannot be used for scaling');
  });

  it('scales the mesoscale series to the mast by sector: the line it was built with, a strong correlation, the §5 wording', async () => {
    const r = await server.call('POST', '/api/data-process/process/temp_data_scale_calculate', {
      token: adminToken,
      language: 'EN',
      body: scaleBody(datasetId),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const result = r.body.data;
    expect(result.concurrentHours).toBeGreaterThan(600);
    expect(result.overall.slope).toBeCloseTo(1.1, 1);
    expect(result.overall.intercept).toBeCloseTo(0.3, 0);
    expect(result.overall.r).toBeGreaterThan(0.95);
    expect(result.overall.strength).toBe('strong, high');
    expect(result.sectors).toHaveLength(12);
    expect(result.sectors.some((s: { isMerged: boolean }) => !s.isMerged)).toBe(true);
    // By construction the mesoscale direction is the mast's hourly vector mean + 10°.
    const own = result.sectors.find(
      (s: { isMerged: boolean; count: number }) => !s.isMerged && s.count > 100,
    );
    expect(own.directionOffsetDeg).toBeCloseTo(-10, 0);
    expect(result.monthly.map((m: { month: string }) => m.month)).toContain('2026-10');
    expect(result.scatter.x.length).toBeLessThanOrEqual(2000);
    expect(result.longTerm.start).toBe('2024-01-01T00:00:00.000Z');
    expect(result.verdict).toMatch(/concurrent hours, r = (0\.9\d+|1\.000) \(strong, high\)/);
    const zh = await server.call('POST', '/api/data-process/process/temp_data_scale_calculate', {
      token: adminToken,
      body: scaleBody(datasetId, { method: 'ratio_of_means' }),
    });
    expect(zh.body.data.verdict).toMatch(
      /^同期 \d+ 小时，r = (0\.9\d+|1\.000)（强相关，拟合度高）；按均值比订正后长期平均风速/,
    );
  });

  it('generates a long-term version of the site with its lineage, usable by the statistics', async () => {
    const r = await server.call('POST', '/api/data-process/process/temp_data_scale_generate', {
      token: adminToken,
      body: { ...scaleBody(datasetId), name: 'ERA5 长期订正' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.generatedVersionId;
    const version = await server.db
      .selectFrom('dataset_version')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(version).toMatchObject({ name: 'ERA5 长期订正', kind: 'working', station_id: site.id });
    const lineage = version.lineage as {
      step: string;
      params: { files: { sha256: string }[]; method: string };
    }[];
    expect(lineage[0]!.step).toBe('mesoscale_scale');
    expect(lineage[0]!.params.method).toBe('lls');
    expect(lineage[0]!.params.files.map((f) => f.sha256)).toContain(
      createHash('sha256').update(wnd).digest('hex'),
    );
    const stats = await server.call('POST', '/api/data-process/statistics/analysis', {
      token: adminToken,
      body: { versionId: id },
    });
    expect(stats.status, JSON.stringify(stats.body).slice(0, 300)).toBe(200);
    expect(stats.body.data.startTime).toBe('2024-01-01T00:00:00.000Z');
    const listed = await server.call('GET', `/api/web/version/list?stationId=${site.id}`, {
      token: adminToken,
    });
    const made = listed.body.data.find((v: { id: number }) => v.id === id);
    expect(made.startTime).toBe('2024-01-01T00:00:00.000Z');
    const results = await server.call('GET', `/api/web/mesoscale/results?stationId=${site.id}`, {
      token: adminToken,
    });
    expect(results.body.data[0]).toMatchObject({
      generatedVersionId: id,
      generatedVersionName: 'ERA5 长期订正',
    });
    // The same name again is refused and makes nothing.
    const again = await server.call('POST', '/api/data-process/process/temp_data_scale_generate', {
      token: adminToken,
      body: { ...scaleBody(datasetId), name: 'ERA5 长期订正' },
    });
    expect(again.status).toBe(409);
  }, 120_000);

  it('keeps a user who may not see the site out, and one without data processing from generating', async () => {
    const other = await buildUser(server.db, { features: ['data.import', 'data.process'] });
    const token = await server.login(other.account, other.password);
    const hidden = await server.call('POST', '/api/data-process/process/temp_data_scale_calculate', {
      token,
      body: scaleBody(datasetId),
    });
    expect(hidden.status).toBe(403);
    const viewer = await buildUser(server.db, { features: [] });
    await grantRoleStations(server.db, viewer.roleId, [site.id]);
    const viewerToken = await server.login(viewer.account, viewer.password);
    const calc = await server.call('POST', '/api/data-process/process/temp_data_scale_calculate', {
      token: viewerToken,
      body: scaleBody(datasetId),
    });
    expect(calc.status).toBe(200);
    const gen = await server.call('POST', '/api/data-process/process/temp_data_scale_generate', {
      token: viewerToken,
      body: { ...scaleBody(datasetId), name: 'not allowed' },
    });
    expect(gen.status).toBe(403);
  });

  it('deletes a dataset with its files, keeping bytes another record still names', async () => {
    const own = Buffer.from(`Timestamp,WS_100m,WD_100m\n2024-01-01 00:00:00,5.1,200\n# ${Date.now()}\n`);
    const shared = Buffer.from(`Created 01-01-2026 08:00 by Windographer 4.2.0\nshared note ${Date.now()}\n`);
    const r = await upload([
      { name: 'stationId', value: String(site.id) },
      { name: 'name', value: 'to delete' },
      { name: 'file', fileName: 'x.wnd', content: own },
      { name: 'file', fileName: 'note.txt', content: shared },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The same note uploaded as a data report of the site.
    const { payload, contentType } = multipartBody([
      { name: 'stationId', value: String(site.id) },
      { name: 'reportName', value: 'note' },
      { name: 'file', fileName: 'note.txt', content: shared },
    ]);
    const report = await server.app.inject({
      method: 'POST',
      url: '/api/web/report/data/save',
      headers: { token: adminToken, 'content-type': contentType },
      payload,
    });
    expect(report.statusCode).toBe(200);
    expect(stored(own) && stored(shared)).toBe(true);
    const del = await server.call('GET', `/api/web/mesoscale/delete?id=${r.body.data.id}`, {
      token: adminToken,
    });
    expect(del.status).toBe(200);
    expect(stored(own)).toBe(false);
    expect(stored(shared)).toBe(true);
  });
});

describe('mesoscale uploads under the archive limits (issue 26)', () => {
  /** Every file under DATA_DIR/files (the store and its staging folder) with its size. */
  function filesOnDisk(): string[] {
    const root = path.join(dataDir, 'files');
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => {
        const full = path.join(d.parentPath, d.name);
        return `${path.relative(root, full)} ${statSync(full).size}`;
      })
      .sort();
  }

  async function datasetCount(): Promise<number> {
    const row = await server.db
      .selectFrom('mesoscale_dataset')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function uploadZip(fileName: string, content: Buffer, language: string) {
    return upload(
      [
        { name: 'stationId', value: String(site.id) },
        { name: 'name', value: fileName },
        { name: 'file', fileName, content },
      ],
      adminToken,
      language,
    );
  }

  it('refuses a 1 MB zip holding a 1 GiB .wnd with the localised message, storing no file and no row', async () => {
    const bomb = buildGibibyteZip('era5_100m.wnd');
    expect(bomb.length).toBeLessThan(1.5 * 2 ** 20);
    const filesBefore = filesOnDisk();
    const rowsBefore = await datasetCount();
    const en = await uploadZip('bomb.zip', bomb, 'EN');
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({
      code: 422,
      msg: 'The file “bomb.zip” was refused and nothing was stored: it unpacks to more than 100 times its size (a likely zip bomb)',
      data: { errorCode: 'ARCHIVE_RATIO_TOO_HIGH' },
    });
    const zh = await uploadZip('炸弹.zip', bomb, 'ZH');
    expect(zh.status).toBe(422);
    expect(zh.body.msg).toBe(
      '文件“炸弹.zip”解压后超过其大小的 100 倍（疑似压缩炸弹），已拒绝，未保存任何内容',
    );
    expect(filesOnDisk()).toEqual(filesBefore);
    expect(await datasetCount()).toBe(rowsBefore);
  });

  it('refuses a zip of 20 001 entries with the limit filled into the message, before unpacking', async () => {
    const many = buildZip(
      Array.from({ length: 20_001 }, (_, i) => ({
        name: `f${i}.wnd`,
        content: Buffer.from('1'),
        isStored: true,
      })),
    );
    const rowsBefore = await datasetCount();
    for (const [language, msg] of [
      ['EN', 'The file “many.zip” holds more than 10000 entries; it was refused and nothing was stored'],
      ['ZH', '文件“many.zip”包含的条目超过 10000 个，已拒绝，未保存任何内容'],
    ] as const) {
      const r = await uploadZip('many.zip', many, language);
      expect(r.status).toBe(422);
      expect(r.body.msg).toBe(msg);
      expect(r.body.msg).not.toMatch(/\{\w+\}/);
    }
    expect(await datasetCount()).toBe(rowsBefore);
  });

  it('counts the files of a zip against the 20 a dataset may hold, leaving out folders and __MACOSX', async () => {
    const files = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        name: `set/part${i}.wnd`,
        content: Buffer.from(`Timestamp,WS_100m\n2024-01-01 00:00:00,${i}\n`),
      }));
    const rowsBefore = await datasetCount();
    const tooMany = await uploadZip('21.zip', buildZip(files(21)), 'EN');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('At most 20 files per upload');
    expect(await datasetCount()).toBe(rowsBefore);
    const mac = files(20).map((f) => ({
      name: `__MACOSX/set/._${f.name.slice(4)}`,
      content: Buffer.from('mac'),
    }));
    const fits = await uploadZip(
      '20.zip',
      buildZip([{ name: 'set/', isStored: true }, ...files(20), ...mac]),
      'EN',
    );
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(await datasetCount()).toBe(rowsBefore + 1);
  });
});
