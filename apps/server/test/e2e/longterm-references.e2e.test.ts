import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { ZMcpCandidatesResult, ZMcpCompareResult, ZReferenceSeries } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceSeries } from '../../src/modules/reference-data/index.ts';
import { registerRealMastSite } from '../../src/modules/seed/real-mast-site.ts';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { multipartBody } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';
import { seedOriginal } from '../wind-fixtures.ts';

/**
 * Reference series of the long-term workbench (issue 28) on crafted data: a target mast of four months of
 * 10-minute data, and a MERRA-2-layout hourly file built from it (x = (y − 0.5)/1.2 with a little noise,
 * its vane + 10°) over two years, uploaded as a reference; the candidate ranking around the mast.
 */
const START = Date.UTC(2023, 0, 1);
const MONTHS_MS = 120 * 86_400_000;
const TEN_MIN = 600_000;

let seed = 11;
function random(): number {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 4_294_967_296;
}

/** The target's 10-minute speed: a daily and a synoptic cycle with noise. */
function targetSpeed(t: number): number {
  return (
    6 + 2 * Math.sin((2 * Math.PI * t) / 86_400_000) + 3 * Math.sin((2 * Math.PI * t) / (5.3 * 86_400_000))
  );
}

/** A MERRA-2-style CSV of hourly means from `fromMs` for `hours` hours; over the target's months x = (y − 0.5)/1.2. */
function merra2Csv(fromMs: number, hours: number): string {
  const lines = ['DateTime,WS50m_m/s,WD50m_deg,T2M_C,PS_hPa'];
  for (let h = 0; h < hours; h++) {
    const t = fromMs + h * 3_600_000;
    let y = 0;
    for (let k = 0; k < 6; k++) y += targetSpeed(t + k * TEN_MIN);
    y /= 6;
    const inside = t >= START && t < START + MONTHS_MS;
    const x = inside ? (y - 0.5) / 1.2 + (random() - 0.5) * 0.1 : 4 + random() * 4;
    const stamp = new Date(t).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(`${stamp},${Math.max(0, x).toFixed(3)},${((t / 3_600_000) * 7) % 360},5.0,1010.0`);
  }
  return `${lines.join('\n')}\n`;
}

describe('reference series and the candidate ranking', () => {
  let server: TTestServer;
  let token: string;
  let site: { id: number; stationCode: string };
  let hidden: { id: number; stationCode: string };
  let neighbour: { id: number; stationCode: string };
  let target: { versionId: number; speedChannelId: number; directionChannelId: number };
  let referenceId: number;
  let hiddenReferenceId: number;

  const upload = async (
    fields: Record<string, string>,
    file: { fileName: string; content: Buffer },
    options: { token?: string; language?: 'ZH' | 'EN' } = {},
  ) => {
    const { payload, contentType } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', ...file },
    ]);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/longterm/references/upload',
      headers: {
        token: options.token ?? token,
        language: options.language ?? 'EN',
        'content-type': contentType,
      },
      payload,
    });
    return { status: r.statusCode, body: r.json() };
  };
  const body = (reference: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
    versionId: target.versionId,
    speedChannelId: target.speedChannelId,
    directionChannelId: target.directionChannelId,
    reference,
    period: '1H',
    sectors: 0,
    ...overrides,
  });

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.login('admin', TEST_ADMIN_PASSWORD);
    site = await buildStation(server.db, { projectName: '目标测风塔' });
    neighbour = await buildStation(server.db, { projectName: '邻近测风塔' });
    hidden = await buildStation(server.db, { projectName: '看不见的测风塔' });
    const n = MONTHS_MS / TEN_MIN;
    const speed = Array.from({ length: n }, (_, i) => targetSpeed(START + i * TEN_MIN));
    const vane = Array.from({ length: n }, (_, i) => (((START + i * TEN_MIN) / 3_600_000) * 7 + 10) % 360);
    const seeded = await seedOriginal(server, site.id, START, [
      { dataKey: 'ws_80_mean', name: 'WS80m', element: 'ws', heightM: 80, values: speed },
      { dataKey: 'wd_80_mean', name: 'WD80m', element: 'wd', heightM: 80, values: vane },
    ]);
    target = {
      versionId: seeded.versionId,
      speedChannelId: seeded.channels.ws_80_mean!.id,
      directionChannelId: seeded.channels.wd_80_mean!.id,
    };
    // The neighbour measures the same wind a little differently (and is 1 km away: buildStation's grid).
    await seedOriginal(server, neighbour.id, START, [
      {
        dataKey: 'ws_60_mean',
        element: 'ws',
        heightM: 60,
        values: speed.map((v, i) => v * 0.9 + (i % 5) * 0.05),
      },
      { dataKey: 'ws_40_mean', element: 'ws', heightM: 40, values: speed.map((v) => v * 0.8) },
      { dataKey: 'wd_58_mean', element: 'wd', heightM: 58, values: vane },
    ]);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('uploads a MERRA-2 CSV as a reference: stored unchanged with its SHA-256, 50 m from its header', async () => {
    const content = Buffer.from(merra2Csv(START - 365 * 86_400_000, 2 * 365 * 24));
    const r = await upload(
      {
        stationId: String(site.id),
        name: 'MERRA-2 节点 NE',
        latitude: '40.01',
        longitude: '115.02',
        heightM: '10',
      },
      { fileName: 'MERRA-2_NE_2022-01-01_2023-12-31.csv', content },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    referenceId = r.body.data.id;
    const detail = await server.call(
      'GET',
      `/api/data-process/longterm/references/detail?id=${referenceId}`,
      {
        token,
        language: 'EN',
      },
    );
    expect(detail.status).toBe(200);
    const reference = ZReferenceSeries.parse(detail.body.data);
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(reference).toMatchObject({
      name: 'MERRA-2 节点 NE',
      source: 'merra2',
      sourceName: 'MERRA-2 reanalysis',
      heightM: 50,
      intervalMinutes: 60,
      recordCount: 2 * 365 * 24,
      firstTime: '2022-01-01T00:00:00.000Z',
      speedKey: 'ws_50_mean',
      directionKey: 'wd_50_mean',
      stationId: site.id,
      files: [{ fileName: 'MERRA-2_NE_2022-01-01_2023-12-31.csv', sha256, sizeBytes: content.length }],
    });
    expect(reference.channels.map((c) => [c.key, c.element])).toEqual([
      ['ws_50_mean', 'ws'],
      ['wd_50_mean', 'wd'],
      ['T_2_mean', 'T'],
      ['p_mean', 'p'],
    ]);
    expect(await server.services.files.has(sha256)).toBe(true);
  }, 60_000);

  it('lists references of a home site and within a radius of a site, nearest first, with the distance', async () => {
    const near = await server.call('POST', '/api/data-process/longterm/references/page', {
      token,
      body: { nearStationId: neighbour.id, radiusKm: 50 },
    });
    expect(near.status).toBe(200);
    expect(near.body.data.total).toBe(1);
    expect(near.body.data.records[0].distanceKm).toBeGreaterThan(0);
    expect(near.body.data.records[0].distanceKm).toBeLessThan(5);
    const far = await server.call('POST', '/api/data-process/longterm/references/page', {
      token,
      body: { nearStationId: neighbour.id, radiusKm: 0.1 },
    });
    expect(far.body.data.total).toBe(0);
    const own = await server.call('POST', '/api/data-process/longterm/references/page', {
      token,
      body: { stationId: site.id },
    });
    expect(own.body.data.records.map((r: { id: number }) => r.id)).toEqual([referenceId]);
  });

  it('compares every method against the reference and writes a long-term version whose lineage names it', async () => {
    const reference = { kind: 'reference', referenceId, speedKey: 'ws_50_mean', directionKey: 'wd_50_mean' };
    const r = await server.call('POST', '/api/data-process/longterm/compare', {
      token,
      language: 'EN',
      body: body(reference, { sectors: 12 }),
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
    const result = ZMcpCompareResult.parse(r.body.data);
    expect(result.referenceName).toBe('MERRA-2 节点 NE · WS50m_m/s');
    expect(result.r).toBeGreaterThan(0.99);
    const ols = result.rows.find((row) => row.method === 'ols' && row.sectors === 0)!;
    expect(ols.slope).toBeCloseTo(1.2, 1);
    expect(ols.offset).toBeCloseTo(0.5, 0);
    expect(result.rows).toHaveLength(10);
    const generated = await server.call('POST', '/api/data-process/longterm/generate', {
      token,
      body: { ...body(reference), method: 'tls', name: 'MERRA-2 长期' },
    });
    expect(generated.status, JSON.stringify(generated.body).slice(0, 400)).toBe(200);
    const version = await server.db
      .selectFrom('dataset_version')
      .select('lineage')
      .where('id', '=', generated.body.data.versionId)
      .executeTakeFirstOrThrow();
    const params = (version.lineage as { params: Record<string, any> }[])[0]!.params;
    expect(params.reference).toMatchObject({
      kind: 'reference',
      referenceId,
      referenceName: 'MERRA-2 节点 NE',
      source: 'merra2',
      heightM: 50,
      files: [
        { fileName: 'MERRA-2_NE_2022-01-01_2023-12-31.csv', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
    });
    // A reference a long-term version names is kept, and says why in the reader's language.
    for (const [language, msg] of [
      ['EN', /is still named by 1 long-term corrected data version/],
      ['ZH', /仍被 1 个长期订正数据版本引用/],
    ] as const) {
      const refused = await server.call(
        'GET',
        `/api/data-process/longterm/references/delete?id=${referenceId}`,
        {
          token,
          language,
        },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toMatch(msg);
    }
  }, 120_000);

  it('ranks the reference, the neighbouring site and nothing hidden, best first', async () => {
    const hiddenUser = await buildUser(server.db, { features: ['data.process'] });
    await grantRoleStations(server.db, hiddenUser.roleId, [site.id]);
    const userToken = await server.login(hiddenUser.account, hiddenUser.password);
    // A reference on a site the user may not see: never a candidate of theirs.
    hiddenReferenceId = await createReferenceSeries(server.db, server.services.files, {
      stationId: hidden.id,
      name: '看不见的参考',
      source: 'synthetic',
      latitude: 40.01,
      longitude: 115.02,
      intervalMinutes: 60,
      timesMs: Float64Array.from({ length: 24 * 60 }, (_, h) => START + h * 3_600_000),
      columns: [
        {
          key: 'ws_100_mean',
          name: 'WS100',
          element: 'ws',
          heightM: 100,
          unit: 'm/s',
          values: Float32Array.from({ length: 24 * 60 }, (_, h) => 5 + (h % 24) / 10),
        },
      ],
    });
    const tasks = server.services.compute.completed;
    const r = await server.call('POST', '/api/data-process/longterm/candidates', {
      token: userToken,
      language: 'EN',
      // Months reckoned in UTC (the reader's zone, utc-code, defaults to Beijing time).
      headers: { 'utc-code': '+00:00' },
      body: { versionId: target.versionId, speedChannelId: target.speedChannelId },
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
    const ranked = ZMcpCandidatesResult.parse(r.body.data);
    expect(ranked.candidates.map((c) => [c.kind, c.name])).toEqual([
      ['reference', 'MERRA-2 节点 NE · WS50m_m/s'],
    ]);
    expect(ranked.candidates[0]).toMatchObject({ heightM: 50, concurrentMonths: 4 });
    expect(ranked.candidates[0]!.rHourly).toBeGreaterThan(0.99);
    expect(ranked.candidates[0]!.rDaily).toBeGreaterThan(0.99);
    expect(ranked.candidates[0]!.cvRmse).toBeLessThan(0.01);
    expect(ranked.summary).toBe('1 candidate within 50 km of 目标测风塔.');
    expect(server.services.compute.completed).toBe(tasks + 1);

    const all = await server.call('POST', '/api/data-process/longterm/candidates', {
      token,
      language: 'ZH',
      headers: { 'utc-code': '+00:00' },
      body: { versionId: target.versionId, speedChannelId: target.speedChannelId, radiusKm: 30 },
    });
    expect(all.status).toBe(200);
    const kinds = ZMcpCandidatesResult.parse(all.body.data).candidates;
    expect(kinds.map((c) => c.kind).sort()).toEqual(['reference', 'reference', 'site', 'site']);
    const neighbourCandidate = kinds.find((c) => c.stationId === neighbour.id)!;
    // The neighbour's highest speed and the vane nearest it, ready for the reference fields.
    expect(neighbourCandidate).toMatchObject({
      kindName: '邻近站点',
      heightM: 60,
      name: '邻近测风塔 · ws_60_mean',
    });
    expect(neighbourCandidate.reference).toMatchObject({ kind: 'site' });
    expect(neighbourCandidate.reference.directionChannelId).toEqual(expect.any(Number));
    expect(neighbourCandidate.rHourly).toBeGreaterThan(0.99);
    // The hidden site has no data: listed last, with why.
    const empty = kinds.find((c) => c.stationId === hidden.id && c.kind === 'site')!;
    expect(empty.note).toBe('该序列没有数据');
    expect(kinds.at(-1)!.note).not.toBe('');
    // The synthetic reference shares 60 days: ranked, below the others.
    const synthetic = kinds.find((c) => c.name.startsWith('看不见的参考'))!;
    expect(synthetic.concurrentMonths).toBe(3);
  }, 120_000);

  it('refuses a reference of a site the caller may not view with 403, computing nothing', async () => {
    const user = await buildUser(server.db, { features: ['data.process'] });
    await grantRoleStations(server.db, user.roleId, [site.id]);
    const userToken = await server.login(user.account, user.password);
    const tasks = server.services.compute.completed;
    const reference = { kind: 'reference', referenceId: hiddenReferenceId, speedKey: 'ws_100_mean' };
    for (const url of ['/api/data-process/longterm/compare', '/api/data-process/longterm/generate']) {
      const r = await server.call('POST', url, {
        token: userToken,
        language: 'EN',
        body: { ...body(reference), method: 'ols', name: 'hidden' },
      });
      expect(r.status, url).toBe(403);
    }
    const detail = await server.call(
      'GET',
      `/api/data-process/longterm/references/detail?id=${hiddenReferenceId}`,
      {
        token: userToken,
      },
    );
    expect(detail.status).toBe(403);
    const update = await server.call('POST', '/api/data-process/longterm/references/update', {
      token: userToken,
      body: {
        id: hiddenReferenceId,
        name: 'x',
        source: 'csv',
        latitude: 1,
        longitude: 1,
        heightM: 1,
        utcOffsetMinutes: 0,
      },
    });
    expect(update.status).toBe(403);
    expect(server.services.compute.completed).toBe(tasks);
  });

  it('refuses a file of another type (415), unreadable or without a speed (422), storing nothing', async () => {
    const before = await server.db.selectFrom('reference_series').select('id').execute();
    const fields = {
      stationId: String(site.id),
      name: 'bad',
      latitude: '40',
      longitude: '115',
      heightM: '80',
    };
    const cases = [
      {
        fileName: 'node.nc',
        content: Buffer.from('CDF\x01\x00\x00'),
        status: 415,
        code: 'REFERENCE_FILE_TYPE',
      },
      {
        fileName: 'temperature.csv',
        content: Buffer.from('DateTime,T2M_C\n2023-01-01 00:00,1\n2023-01-01 01:00,2\n2023-01-01 02:00,3\n'),
        status: 422,
        code: 'REFERENCE_NO_SPEED',
      },
      {
        fileName: 'binary.wnd',
        content: Buffer.from([0, 1, 2, 3, 0, 0, 9, 0]),
        status: 422,
        code: 'FILE_UNREADABLE',
      },
      {
        fileName: 'words.txt',
        content: Buffer.from('no time here\njust words\n'),
        status: 422,
        code: 'FILE_UNREADABLE',
      },
    ];
    for (const c of cases) {
      for (const language of ['EN', 'ZH'] as const) {
        const r = await upload(fields, c, { language });
        expect(r.status, `${c.fileName} ${JSON.stringify(r.body)}`).toBe(c.status);
        expect(r.body.data.errorCode).toBe(c.code);
        if (language === 'ZH') expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
        else expect(r.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
      }
      expect(await server.services.files.has(createHash('sha256').update(c.content).digest('hex'))).toBe(
        false,
      );
    }
    const invalid = await upload(
      { ...fields, latitude: '95' },
      { fileName: 'a.csv', content: Buffer.from(merra2Csv(START, 48)) },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.data.fields).toEqual([
      { field: 'latitude', message: 'Latitude must be within [-90, 90]' },
    ]);
    expect(await server.db.selectFrom('reference_series').select('id').execute()).toEqual(before);
  });

  it('says in both languages that a reference without overlap shares too few concurrent periods', async () => {
    const r = await upload(
      { stationId: String(site.id), name: 'ERA5 2010', latitude: '40', longitude: '115', heightM: '100' },
      {
        fileName: 'era5_2010.csv',
        content: Buffer.from(
          `valid_time,u100,v100\n${Array.from({ length: 24 * 60 }, (_, h) => `${new Date(Date.UTC(2010, 0, 1) + h * 3_600_000).toISOString().slice(0, 19)},3,-4`).join('\n')}\n`,
        ),
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const era5 = ZReferenceSeries.parse(
      (
        await server.call('GET', `/api/data-process/longterm/references/detail?id=${r.body.data.id}`, {
          token,
        })
      ).body.data,
    );
    expect(era5).toMatchObject({
      source: 'era5',
      heightM: 100,
      speedKey: 'ws_100_mean',
      directionKey: 'wd_100_mean',
    });
    for (const [language, msg] of [
      [
        'EN',
        /share too few concurrent periods \(hourly periods meeting the coverage: at least 720 are needed, 0 found\)/,
      ],
      ['ZH', /参考数据与测风数据没有足够的同期时段/],
    ] as const) {
      const compared = await server.call('POST', '/api/data-process/longterm/compare', {
        token,
        language,
        body: body({ kind: 'reference', referenceId: r.body.data.id, speedKey: 'ws_100_mean' }),
      });
      expect(compared.status).toBe(422);
      expect(compared.body).toMatchObject({
        msg: expect.stringMatching(msg),
        data: { errorCode: 'MCP_NO_CONCURRENT' },
      });
    }
  });

  it('moves the stamps with a corrected time zone, and deletes a reference nothing names with its file', async () => {
    const content = Buffer.from(merra2Csv(START, 48));
    const r = await upload(
      {
        stationId: String(site.id),
        name: 'Beijing time',
        latitude: '40',
        longitude: '115',
        utcOffsetMinutes: '0',
      },
      { fileName: 'merra2_bjt.csv', content },
    );
    expect(r.status).toBe(200);
    const id = r.body.data.id;
    const update = await server.call('POST', '/api/data-process/longterm/references/update', {
      token,
      body: {
        id,
        name: 'Beijing time',
        source: 'merra2',
        latitude: 40,
        longitude: 115,
        heightM: 50,
        utcOffsetMinutes: 480,
      },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const detail = await server.call('GET', `/api/data-process/longterm/references/detail?id=${id}`, {
      token,
    });
    expect(detail.body.data).toMatchObject({ utcOffsetMinutes: 480, firstTime: '2022-12-31T16:00:00.000Z' });
    const removed = await server.call('GET', `/api/data-process/longterm/references/delete?id=${id}`, {
      token,
    });
    expect(removed.status).toBe(200);
    expect(
      await server.db.selectFrom('reference_series').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
    expect(await server.services.files.has(createHash('sha256').update(content).digest('hex'))).toBe(false);
  });
});

const M5 = path.resolve(
  import.meta.dirname,
  '../../../../../shared/samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz',
);
const hasM5 = existsSync(M5);
const SKIP = `${M5} not found: /work/shared is absent, the M5 reference-series checks are skipped`;
if (!hasM5) console.warn(SKIP);

/**
 * The M5 mast's 130 m cup (24 months) as the target, and its 10 m cup and vane as hourly means in the MERRA-2
 * CSV layout as the reference series: the real-data path of issue 28 from upload to a long-term version.
 */
describe.skipIf(!hasM5)(
  `an M5 reference series in the MERRA-2 layout (${hasM5 ? 'sample present' : SKIP})`,
  () => {
    let server: TTestServer;
    let dataDir: string;
    let token: string;
    let site: { id: number };
    let target: { versionId: number; speedChannelId: number; directionChannelId: number };
    let referenceId: number;

    /** The 24 months' target columns as a CSV to ingest, and the 10 m columns as MERRA-2-layout hourly means. */
    async function cutM5(targetCsv: string): Promise<Buffer> {
      const lines = createInterface({
        input: createReadStream(M5).pipe(createGunzip()),
        crlfDelay: Infinity,
      });
      const out = createWriteStream(targetCsv);
      let keep: number[] = [];
      const hours = new Map<number, { s: number; sin: number; cos: number; n: number; d: number }>();
      for await (const line of lines) {
        const cells = line.split(',');
        if (keep.length === 0) {
          keep = [
            'Date',
            'Speed (cup_ 130 m)',
            'Direction (Vane_ 122 m)',
            'Speed (cup_ 10 m)',
            'Direction (Vane_ 10 m)',
          ].map((c) => cells.indexOf(c));
          out.write('Date,Speed (cup_ 130 m),Direction (Vane_ 122 m)\n');
          continue;
        }
        const month = line.slice(0, 7);
        if (month < '2012-09') continue;
        if (month >= '2014-09') break;
        const [date, s130, d122, s10, d10] = keep.map((k) => cells[k] ?? '');
        out.write(`${date},${s130},${d122}\n`);
        const t = Date.parse(`${date!.slice(0, 10)}T${date!.slice(11)}`);
        if (Number.isNaN(t) || t % 600_000 !== 0) continue;
        const h = Math.floor(t / 3_600_000) * 3_600_000;
        const a = hours.get(h) ?? { s: 0, sin: 0, cos: 0, n: 0, d: 0 };
        if (s10 !== '' && d10 !== '') {
          a.s += Number(s10);
          a.sin += Math.sin((Number(d10) * Math.PI) / 180);
          a.cos += Math.cos((Number(d10) * Math.PI) / 180);
          a.n++;
        }
        hours.set(h, a);
      }
      lines.close();
      await new Promise<void>((resolve, reject) =>
        out.end((e?: Error | null) => (e ? reject(e) : resolve())),
      );
      const rows = ['DateTime,WS10m_m/s,WD10m_deg'];
      for (const [h, a] of [...hours].sort((x, y) => x[0] - y[0])) {
        const stamp = new Date(h).toISOString().slice(0, 19).replace('T', ' ');
        const full = a.n === 6;
        const direction = ((Math.atan2(a.sin, a.cos) * 180) / Math.PI + 360) % 360;
        rows.push(full ? `${stamp},${(a.s / a.n).toFixed(3)},${direction.toFixed(1)}` : `${stamp},,`);
      }
      return Buffer.from(`${rows.join('\n')}\n`);
    }

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-references-'));
      const csv = path.join(dataDir, 'm5_130m_2012-09_2014-08.csv');
      const merra2 = await cutM5(csv);
      server = await startTestServer({ DATA_DIR: dataDir });
      token = await server.login('admin', TEST_ADMIN_PASSWORD);
      site = await buildStation(server.db, { projectName: 'M5 目标站' });
      await registerRealMastSite(server.db, site.id);
      const ingested = await server.services.ingestion.ingestFile({
        stationId: site.id,
        fileName: path.basename(csv),
        source: 'seed',
        path: csv,
      });
      expect(ingested.status).toBe('parsed');
      const store = new TimeSeriesRepository(server.db);
      const version = (await store.findOriginalVersion(site.id))!;
      const channels = await store.listChannels(version.id);
      target = {
        versionId: version.id,
        speedChannelId: channels.find((c) => c.name === 'Speed (cup_ 130 m)')!.id,
        directionChannelId: channels.find((c) => c.name === 'Direction (Vane_ 122 m)')!.id,
      };
      const point = await server.db
        .selectFrom('station')
        .select(['latitude', 'longitude'])
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      const { payload, contentType } = multipartBody([
        { name: 'stationId', value: String(site.id) },
        { name: 'name', value: 'M5 10 m as MERRA-2 layout' },
        { name: 'source', value: 'merra2' },
        { name: 'latitude', value: String(point.latitude + 0.05) },
        { name: 'longitude', value: String(point.longitude) },
        { name: 'file', fileName: 'M5_10m_MERRA-2_layout.csv', content: merra2 },
      ]);
      const upload = await server.app.inject({
        method: 'POST',
        url: '/api/data-process/longterm/references/upload',
        headers: { token, 'content-type': contentType },
        payload,
      });
      expect(upload.statusCode, upload.body).toBe(200);
      referenceId = upload.json().data.id;
    }, 600_000);

    afterAll(async () => {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('ranks the reference among the candidates with a strong correlation, its height read from the header', async () => {
      const r = await server.call('POST', '/api/data-process/longterm/candidates', {
        token,
        language: 'EN',
        body: { versionId: target.versionId, speedChannelId: target.speedChannelId },
      });
      expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
      const ranked = ZMcpCandidatesResult.parse(r.body.data);
      const m5 = ranked.candidates.find((c) => c.kind === 'reference')!;
      expect(m5).toMatchObject({ name: 'M5 10 m as MERRA-2 layout · WS10m_m/s', heightM: 10 });
      expect(m5.distanceKm).toBeGreaterThan(5);
      expect(m5.distanceKm).toBeLessThan(6);
      expect(m5.concurrentMonths).toBe(25);
      expect(m5.rHourly).toBeGreaterThan(0.8);
      expect(m5.rDaily).toBeGreaterThan(0.9);
      expect(m5.cvRmse).toBeGreaterThan(0);
    }, 120_000);

    it('compares all methods against it and writes a long-term version naming it', async () => {
      const body = {
        ...target,
        reference: { kind: 'reference', referenceId, speedKey: 'ws_10_mean', directionKey: 'wd_10_mean' },
        period: '1H',
        sectors: 12,
      };
      const r = await server.call('POST', '/api/data-process/longterm/compare', {
        token,
        language: 'EN',
        body,
      });
      expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
      const compared = ZMcpCompareResult.parse(r.body.data);
      expect(compared.rows).toHaveLength(10);
      expect(compared.r).toBeGreaterThan(0.8);
      expect(compared.recommendation).not.toBeNull();
      const rec = compared.recommendation!;
      const generated = await server.call('POST', '/api/data-process/longterm/generate', {
        token,
        body: {
          ...body,
          method: rec.method,
          isBySector: rec.sectors > 0,
          name: 'M5 130 m 长期（MERRA-2 布局参考）',
        },
      });
      expect(generated.status, JSON.stringify(generated.body).slice(0, 400)).toBe(200);
      const stats = await server.call('POST', '/api/data-process/statistics/analysis', {
        token,
        body: { versionId: generated.body.data.versionId },
      });
      expect(stats.status).toBe(200);
      const version = await server.db
        .selectFrom('dataset_version')
        .select('lineage')
        .where('id', '=', generated.body.data.versionId)
        .executeTakeFirstOrThrow();
      expect((version.lineage as { params: Record<string, any> }[])[0]!.params.reference).toMatchObject({
        kind: 'reference',
        referenceName: 'M5 10 m as MERRA-2 layout',
        source: 'merra2',
        heightM: 10,
      });
    }, 300_000);
  },
);
