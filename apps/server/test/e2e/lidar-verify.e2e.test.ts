import {
  LIDAR_KPI_REASON_KEYS,
  localDateRange,
  type TLidarCandidates,
  type TLidarVerifyResult,
  ZLidarCandidates,
  ZLidarSites,
  ZLidarVerifyResult,
} from '@masthub/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';
import { seedOriginal, type TSeedChannel } from '../wind-fixtures.ts';

/**
 * Lidar versus mast (issue 31) over the whole app on real PostgreSQL. The sites are synthetic, built here
 * from one synthetic truth (60 days of 10-min Weibull speeds and wandering directions): a synthetic mast
 * (truth plus noise, a quarter of an hour of gross errors flagged invalid at 80 m), a synthetic lidar
 * (truth plus its own noise) that passes, and a synthetic lidar whose speeds read 3 % high (×1.032, just
 * beyond the minimum's 0.97–1.03) that fails with the reason.
 */

const START_MS = Date.UTC(2025, 3, 1);
const SLOTS = 60 * 144;
const HEIGHTS = [60, 80, 100] as const;

/** A small seeded generator (mulberry32): the synthetic sites are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box–Muller). */
const gaussian = (next: () => number) =>
  Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

/** The synthetic truth: speed at 80 m and direction, shared by every synthetic site. */
function syntheticTruth() {
  const next = random(31);
  const speed = new Float64Array(SLOTS);
  const direction = new Float64Array(SLOTS);
  let d = 200;
  for (let i = 0; i < SLOTS; i++) {
    speed[i] = 8 * Math.sqrt(-Math.log(1 - next() * 0.9999));
    d = (d + 6 * gaussian(next) + 360) % 360;
    direction[i] = d;
  }
  return { speed, direction };
}

const TRUTH = syntheticTruth();

/** A synthetic device at `heights`: the truth sheared by 1/7 from 80 m, × `gain`, plus noise. */
function syntheticDevice(
  prefix: string,
  seed: number,
  heights: readonly number[],
  options: { gain?: number; flaggedGrossErrors?: boolean } = {},
): TSeedChannel[] {
  const next = random(seed);
  const gain = options.gain ?? 1;
  return heights.flatMap((h) => {
    const ws = new Float64Array(SLOTS);
    const wd = new Float64Array(SLOTS);
    const flags = new Uint8Array(SLOTS);
    for (let i = 0; i < SLOTS; i++) {
      ws[i] = Math.max(0, gain * TRUTH.speed[i]! * (h / 80) ** (1 / 7) + 0.12 * gaussian(next));
      wd[i] = (TRUTH.direction[i]! + 1.5 * gaussian(next) + 360) % 360;
      // Gross errors the mast's QC flagged invalid: they must not enter the pairs.
      if (options.flaggedGrossErrors && h === 80 && i % 40 === 0) {
        ws[i] = ws[i]! * 0.3;
        flags[i] = 3;
      }
    }
    return [
      {
        dataKey: `${prefix}_ws_${h}`,
        name: `${prefix} WS ${h}m`,
        element: 'ws',
        heightM: h,
        values: ws,
        flags,
      },
      { dataKey: `${prefix}_wd_${h}`, name: `${prefix} WD ${h}m`, element: 'wd', heightM: h, values: wd },
    ];
  });
}

let server: TTestServer;
let token: string;
type TSite = { stationId: number; versionId: number; ids: Record<string, number> };
let mast: TSite;
let lidar: TSite;
let biased: TSite;

async function syntheticSite(name: string, channels: TSeedChannel[]): Promise<TSite> {
  const site = await buildStation(server.db, { projectName: name });
  const seeded = await seedOriginal(server, site.id, START_MS, channels);
  const ids = Object.fromEntries(Object.entries(seeded.channels).map(([k, row]) => [k, row.id]));
  return { stationId: site.id, versionId: seeded.versionId, ids };
}

async function candidates(lidarSite: TSite, as = token) {
  return server.call(
    'GET',
    `/api/data-process/lidar/candidates?lidarVersionId=${lidarSite.versionId}&mastVersionId=${mast.versionId}`,
    { token: as },
  );
}

async function verify(request: Record<string, unknown>, language: 'EN' | 'ZH' = 'EN', as = token) {
  return server.call('POST', '/api/data-process/lidar/verify', { token: as, language, body: request });
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  mast = await syntheticSite(
    '合成测风塔 synthetic mast',
    syntheticDevice('mast', 1, HEIGHTS, { flaggedGrossErrors: true }),
  );
  lidar = await syntheticSite(
    '合成激光雷达 synthetic lidar',
    syntheticDevice('lidar', 2, [40, ...HEIGHTS, 140]),
  );
  biased = await syntheticSite(
    '合成激光雷达（斜率偏差 3%）',
    syntheticDevice('biased', 3, HEIGHTS, { gain: 1.032 }),
  );
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('lidar versus mast on synthetic sites built from one truth', () => {
  let proposed: TLidarCandidates;

  it('proposes the height pairs both sites measure, each with its vanes; heights only one side has are left out', async () => {
    const r = await candidates(lidar);
    expect(r.status, r.body.msg).toBe(200);
    proposed = ZLidarCandidates.parse(r.body.data);
    expect(proposed.pairs.map((p) => p.heightM)).toEqual([60, 80, 100]);
    for (const p of proposed.pairs) {
      expect(p.lidarSpeedChannelId).toBe(lidar.ids[`lidar_ws_${p.heightM}`]);
      expect(p.mastSpeedChannelId).toBe(mast.ids[`mast_ws_${p.heightM}`]);
      expect(p.lidarDirectionChannelId).toBe(lidar.ids[`lidar_wd_${p.heightM}`]);
      expect(p.mastDirectionChannelId).toBe(mast.ids[`mast_wd_${p.heightM}`]);
    }
    expect(proposed.lidarChannels).toHaveLength(10);
    const sites = ZLidarSites.parse(
      (await server.call('GET', '/api/data-process/lidar/sites', { token })).body.data,
    );
    expect(sites.find((s) => s.stationId === mast.stationId)?.versions.map((v) => v.id)).toEqual([
      mast.versionId,
    ]);
  });

  it('passes the truth-plus-noise lidar at best practice on every height, with both regressions and the KPI source', async () => {
    const r = await verify({
      lidarVersionId: lidar.versionId,
      mastVersionId: mast.versionId,
      pairs: proposed.pairs,
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 600)).toBe(200);
    const result: TLidarVerifyResult = ZLidarVerifyResult.parse(r.body.data);
    expect(result.isPass).toBe(true);
    expect(result.summary).toBe('All 3 heights reach at least the minimum criteria.');
    expect(result.kpiSource).toContain('Carbon Trust');
    expect(result.kpiSource).toContain('0.98–1.02');
    expect(result.kpis.bestPractice.speedSlope).toEqual([0.98, 1.02]);
    for (const h of result.heights) {
      expect(h.verdict, h.verdictText).toBe('best_practice');
      expect(h.speed.throughOrigin!.slope).toBeCloseTo(1, 2);
      expect(h.speed.withOffset!.rSquared).toBeGreaterThan(0.98);
      expect(Math.abs(h.speed.meanDifference!)).toBeLessThan(0.02);
      expect(Math.abs(h.direction!.offsetDeg!)).toBeLessThan(5);
      expect(h.direction!.slope).toBeGreaterThan(0.97);
      expect(h.scatter.speed.length).toBe(2000);
      expect(h.scatter.direction.length).toBeGreaterThan(100);
    }
    // Both sides' flags: the mast's 216 invalid gross errors at 80 m are not paired.
    const at = (m: number) => result.heights.find((h) => h.heightM === m)!;
    expect(at(60).speed.pairCount - at(80).speed.pairCount).toBeGreaterThan(150);
    expect(at(80).speed.withOffset!.rSquared).toBeGreaterThan(0.995);
    const zh = ZLidarVerifyResult.parse(
      (
        await verify(
          { lidarVersionId: lidar.versionId, mastVersionId: mast.versionId, pairs: proposed.pairs },
          'ZH',
        )
      ).body.data,
    );
    expect(zh.kpiSource).toContain('浮式激光雷达技术商业认可路线图');
    expect(zh.heights[0]!.verdictText).toBe('60 m：达到最佳实践');
  });

  it('fails the lidar that reads 3 % high, naming the speed slope as the reason in both languages', async () => {
    const r = await candidates(biased);
    const pairs = ZLidarCandidates.parse(r.body.data).pairs;
    const result = ZLidarVerifyResult.parse(
      (await verify({ lidarVersionId: biased.versionId, mastVersionId: mast.versionId, pairs })).body.data,
    );
    expect(result.isPass).toBe(false);
    expect(result.summary).toBe('3 of 3 heights fail the minimum criteria.');
    for (const h of result.heights) {
      expect(h.speed.throughOrigin!.slope).toBeGreaterThan(1.03);
      expect(h.verdict).toBe('fail');
      expect(h.minimum.reasons.map((x) => x.key)).toEqual(['speed_slope']);
      expect(h.bestPractice.reasons.map((x) => x.key)).toEqual(['speed_slope']);
      expect(h.verdictText).toContain('fails the minimum criteria (speed slope outside the range)');
      // Directions are unaffected by a speed gain.
      expect(Math.abs(h.direction!.offsetDeg!)).toBeLessThan(5);
    }
    const zh = ZLidarVerifyResult.parse(
      (await verify({ lidarVersionId: biased.versionId, mastVersionId: mast.versionId, pairs }, 'ZH')).body
        .data,
    );
    expect(zh.heights[0]!.verdictText).toBe('60 m：未达到最低要求（风速斜率超出范围）');
    expect(LIDAR_KPI_REASON_KEYS).toContain('speed_slope');
    // The sites' first versions by their built-in name in the reader's language (issue 41).
    expect([result.lidar.versionName, result.mast.versionName]).toEqual(['Original data', 'Original data']);
    expect([zh.lidar.versionName, zh.mast.versionName]).toEqual(['原始数据', '原始数据']);
  });

  it('checks one site against itself when it carries both devices (channels chosen by the user)', async () => {
    const both = await syntheticSite('合成一体站', [
      ...syntheticDevice('mast', 1, [80]),
      ...syntheticDevice('lidar', 2, [80]),
    ]);
    const c = ZLidarCandidates.parse(
      (
        await server.call(
          'GET',
          `/api/data-process/lidar/candidates?lidarVersionId=${both.versionId}&mastVersionId=${both.versionId}`,
          { token },
        )
      ).body.data,
    );
    expect(c.pairs).toEqual([
      {
        heightM: 80,
        mastHeightM: 80,
        lidarSpeedChannelId: both.ids.lidar_ws_80,
        mastSpeedChannelId: both.ids.mast_ws_80,
        lidarDirectionChannelId: both.ids.lidar_wd_80,
        mastDirectionChannelId: both.ids.mast_wd_80,
      },
    ]);
    const r = await verify({ lidarVersionId: both.versionId, mastVersionId: both.versionId, pairs: c.pairs });
    expect(ZLidarVerifyResult.parse(r.body.data).heights[0]!.verdict).toBe('best_practice');
  });

  it('refuses bad input with localised field errors, computing nothing', async () => {
    const before = server.services.compute.completed;
    const empty = await verify(
      { lidarVersionId: lidar.versionId, mastVersionId: mast.versionId, pairs: [] },
      'ZH',
    );
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('请选择 1–30 组高度配对');
    const speed = await verify(
      {
        lidarVersionId: lidar.versionId,
        mastVersionId: mast.versionId,
        pairs: [{ lidarSpeedChannelId: lidar.ids.lidar_wd_80, mastSpeedChannelId: mast.ids.mast_ws_80 }],
      },
      'EN',
    );
    expect(speed.status).toBe(400);
    expect(JSON.stringify(speed.body)).toContain('not the speed/direction average needed');
    // A mast channel named on the lidar's side: not of that version.
    const other = await verify(
      {
        lidarVersionId: lidar.versionId,
        mastVersionId: mast.versionId,
        pairs: [{ lidarSpeedChannelId: mast.ids.mast_ws_80, mastSpeedChannelId: mast.ids.mast_ws_60 }],
      },
      'ZH',
    );
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toContain('所选通道不属于该数据版本');
    const reference = await verify(
      {
        lidarVersionId: lidar.versionId,
        mastVersionId: mast.versionId,
        pairs: proposed.pairs,
        minReferenceSpeed: 25,
      },
      'EN',
    );
    expect(reference.status).toBe(400);
    expect(JSON.stringify(reference.body)).toContain(
      'The lowest reference speed must be between 0 and 20 m/s',
    );
    expect(server.services.compute.completed).toBe(before);
  });

  it('refuses a site the caller may not view with 403 on either side, before anything is computed', async () => {
    const user = await buildUser(server.db, { dataScope: 'list' });
    const userToken = await server.login(user.account, user.password);
    // The caller sees the mast only.
    await server.db
      .insertInto('user_station')
      .values({ user_id: user.id, station_id: mast.stationId })
      .execute();
    const before = server.services.compute.completed;
    const body = { lidarVersionId: lidar.versionId, mastVersionId: mast.versionId, pairs: proposed.pairs };
    expect((await verify(body, 'EN', userToken)).status).toBe(403);
    expect((await candidates(lidar, userToken)).status).toBe(403);
    const sites = ZLidarSites.parse(
      (await server.call('GET', '/api/data-process/lidar/sites', { token: userToken })).body.data,
    );
    expect(sites.map((s) => s.stationId)).toEqual([mast.stationId]);
    expect(server.services.compute.completed).toBe(before);
  });

  it('exports the check as a workbook with the KPI table and the criteria with their source', async () => {
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/lidar/export',
      headers: { token, language: 'ZH', 'content-type': 'application/json' },
      payload: { lidarVersionId: biased.versionId, mastVersionId: mast.versionId, pairs: [] },
    });
    expect(r.statusCode).toBe(400);
    const pairs = ZLidarCandidates.parse((await candidates(biased)).body.data).pairs;
    const ok = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/lidar/export',
      headers: { token, language: 'ZH', 'content-type': 'application/json' },
      payload: { lidarVersionId: biased.versionId, mastVersionId: mast.versionId, pairs },
    });
    expect(ok.statusCode).toBe(200);
    expect(decodeURIComponent(ok.headers['content-disposition'] as string)).toContain('激光雷达与测风塔对比');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(ok.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('高度配对')!;
    expect(sheet.getRow(3).getCell(1).value).toBe('激光雷达高度 (m)');
    expect(sheet.getRow(4).getCell(1).value).toBe(60);
    expect(sheet.getRow(4).getCell(19).value).toBe('✗');
    expect(String(book.getWorksheet('KPI')!.getRow(1).getCell(1).value)).toContain('Carbon Trust');
  });

  it('dates the compared period in the reader’s zone and says what each R² is, in both languages (issue 41)', async () => {
    const pairs = ZLidarCandidates.parse((await candidates(biased)).body.data).pairs;
    const payload = { lidarVersionId: biased.versionId, mastVersionId: mast.versionId, pairs };
    const result = (await server.call('POST', '/api/data-process/lidar/verify', { token, body: payload }))
      .body.data as TLidarVerifyResult;
    const period = localDateRange(Date.parse(result.startTime), Date.parse(result.endTime), -300);
    // The series start at UTC midnight: the UTC stamps' dates are a day late at UTC−05:00 on both ends.
    expect(period.start).not.toBe(result.startTime.slice(0, 10));
    expect(period.end).not.toBe(result.endTime.slice(0, 10));
    for (const [language, sheetName, origin, kpi] of [
      [
        'ZH',
        '高度配对',
        /过原点 R²（1 − 残差平方和.*小于 0；非 KPI）/,
        /含截距 R²（r²，风速 KPI 所用的 R²）/,
      ],
      [
        'EN',
        'Height pairs',
        /R² through the origin \(1 − SSres\/SStot.*below 0.*not a KPI\)/,
        /R² with offset \(r², the speed KPI’s R²\)/,
      ],
    ] as const) {
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/data-process/lidar/export',
        headers: { token, language, 'utc-code': '-05:00', 'content-type': 'application/json' },
        payload,
      });
      expect(r.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet(sheetName)!;
      expect(String(sheet.getRow(1).getCell(1).value)).toContain(`${period.start} – ${period.end}`);
      const headers = (sheet.getRow(3).values as unknown[]).map(String);
      expect(headers.some((h) => origin.test(h))).toBe(true);
      expect(headers.some((h) => kpi.test(h))).toBe(true);
    }
  });
});
