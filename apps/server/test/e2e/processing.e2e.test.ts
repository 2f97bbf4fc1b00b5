import { renderText, type TText } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { towerShadowHandler } from '../../src/modules/wind-data/processing/tower-shadow.handler.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';
import {
  chunkSnapshot,
  copyVersion,
  countTasks,
  readSeries,
  runTask,
  seedOriginal,
  type TSeedChannel,
  waitForTask,
} from '../wind-fixtures.ts';

let server: TTestServer;
let token: string;
let roleId: number;

const PROCESS = '/api/data-process/process';
const T0 = Date.UTC(2024, 4, 1);
const HOUR_MS = 3_600_000;
/** Beijing time: the default `utc-code` of a request. */
const OFFSET_MS = 8 * HOUR_MS;

/** A new site with crafted channels in its original version, copied into a working version. */
async function workingVersion(channels: readonly TSeedChannel[], startMs = T0, intervalS = 600) {
  const station = await buildStation(server.db);
  await grantRoleStations(server.db, roleId, [station.id]);
  const original = await seedOriginal(server, station.id, startMs, channels, intervalS);
  const copy = await copyVersion(server, token, station.id, original.versionId, '处理版本');
  return { stationId: station.id, originalId: original.versionId, ...copy };
}

const repeat = (n: number, value: number | ((i: number) => number)) =>
  Array.from({ length: n }, (_, i) => (typeof value === 'number' ? value : value(i)));

async function channelByKey(versionId: number, dataKey: string) {
  return (await new TimeSeriesRepository(server.db).listChannels(versionId)).find(
    (c) => c.dataKey === dataKey,
  );
}

async function lineageSteps(versionId: number): Promise<string[]> {
  const r = await server.call('GET', `/api/web/version/detail?versionId=${versionId}`, { token });
  expect(r.status).toBe(200);
  return r.body.data.lineage.map((s: { step: string }) => s.step);
}

/** Localised failure of a finished task in both languages. */
async function failureTexts(taskId: number) {
  const zh = await waitForTask(server, token, taskId, 'ZH');
  const en = await waitForTask(server, token, taskId, 'EN');
  return {
    zh: zh.error as string,
    en: en.error as string,
    errorKey: en.errorKey as string,
    status: en.status,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const user = await buildUser(server.db, { features: ['data.process'] });
  roleId = user.roleId;
  token = await server.login(user.account, user.password);
});

afterAll(async () => {
  await server?.stop();
});

describe('tower-shadow correction (WIND-ANALYSIS §4)', () => {
  const N = 12;
  const towerChannels = (): TSeedChannel[] => [
    // Record 0: cup A missing; record 1: cup A flagged invalid — both take cup B.
    {
      dataKey: 'ws_80_a',
      element: 'ws',
      heightM: 80,
      values: repeat(N, (i) => (i === 0 ? Number.NaN : 6.1)),
      flags: repeat(N, (i) => (i === 1 ? 3 : 0)),
    },
    { dataKey: 'ws_80_b', element: 'ws', heightM: 80, values: repeat(N, 7.0) },
    { dataKey: 'ws_80_a_sd', element: 'ws', heightM: 80, statistic: 'sd', values: repeat(N, 0.8) },
    { dataKey: 'ws_80_b_sd', element: 'ws', heightM: 80, statistic: 'sd', values: repeat(N, 0.6) },
    { dataKey: 'ws_80_a_max', element: 'ws', heightM: 80, statistic: 'max', values: repeat(N, 8.0) },
    { dataKey: 'ws_80_b_max', element: 'ws', heightM: 80, statistic: 'max', values: repeat(N, 9.0) },
    { dataKey: 'wd_78', element: 'wd', heightM: 78, values: repeat(N, 175) },
    { dataKey: 'ws_70_c', element: 'ws', heightM: 70, values: repeat(N, 6.5) },
    { dataKey: 'ws_60_hourly', element: 'ws', heightM: 80, intervalS: 3600, values: repeat(2, 6.0) },
  ];

  let v: Awaited<ReturnType<typeof workingVersion>>;
  const body = (method: string, extra: Record<string, unknown> = {}, version = v) => ({
    versionId: version.versionId,
    method,
    correctionAngle: 0,
    directionChannelId: version.channels.wd_78!.id,
    pairs: [
      {
        avgA: version.channels.ws_80_a!.id,
        avgB: version.channels.ws_80_b!.id,
        boomA: 0,
        boomB: 180,
        sdA: version.channels.ws_80_a_sd!.id,
        sdB: version.channels.ws_80_b_sd!.id,
        maxA: version.channels.ws_80_a_max!.id,
        maxB: version.channels.ws_80_b_max!.id,
      },
    ],
    ...extra,
  });

  beforeAll(async () => {
    v = await workingVersion(towerChannels());
  });

  it.each([
    ['gb', 7.0, 0.6, 9.0],
    ['max', 7.0, 0.8, 9.0],
    ['average', 6.55, 0.7, 8.5],
  ] as const)('%s: β1 = 0, β2 = 180, θ = 175, V1 = 6.1, V2 = 7.0 → %s (sd and max by the same choice)', async (method, avg, sd, max) => {
    const task = await runTask(server, token, `${PROCESS}/tower_shadow`, body(method));
    expect(task.status, task.error).toBe('succeeded');
    expect(task.progress).toBe(100);
    const pair = task.result.pairs[0];
    expect(pair.heightM).toBe(80);
    expect(pair.fromB).toBe(method === 'gb' ? N : 2);
    expect(pair.channels.map((c: { name: string }) => c.name)).toEqual([
      'ws_80_a_TS',
      'ws_80_a_sd_TS',
      'ws_80_a_max_TS',
    ]);
    const merged = await channelByKey(v.versionId, 'ws_80_a_TS');
    expect(merged).toMatchObject({ element: 'ws', heightM: 80, statistic: 'mean', intervalS: 600 });
    const series = await readSeries(server, merged!.id, T0, T0 + N * 600_000);
    // Records 0 and 1 have only cup B.
    expect(series.values[0]).toBeCloseTo(7.0, 5);
    expect(series.values[1]).toBeCloseTo(7.0, 5);
    for (let i = 2; i < N; i++) expect(series.values[i]).toBeCloseTo(avg, 5);
    expect(series.flags).toEqual(repeat(N, 1));
    const sdSeries = await readSeries(
      server,
      (await channelByKey(v.versionId, 'ws_80_a_sd_TS'))!.id,
      T0,
      T0 + N * 600_000,
    );
    expect(sdSeries.values[5]).toBeCloseTo(sd, 5);
    const maxSeries = await readSeries(
      server,
      (await channelByKey(v.versionId, 'ws_80_a_max_TS'))!.id,
      T0,
      T0 + N * 600_000,
    );
    expect(maxSeries.values[5]).toBeCloseTo(max, 5);
  });

  it('reuses its output channels on a rerun and lists every run in the lineage', async () => {
    const channels = await new TimeSeriesRepository(server.db).listChannels(v.versionId);
    expect(channels.filter((c) => c.dataKey.endsWith('_TS')).length).toBe(3);
    expect(await lineageSteps(v.versionId)).toEqual(['copy', 'tower_shadow', 'tower_shadow', 'tower_shadow']);
    const detail = await server.call('GET', `/api/web/version/detail?versionId=${v.versionId}`, { token });
    const last = detail.body.data.lineage.at(-1);
    expect(last.params).toMatchObject({ method: 'average', correctionAngle: 0 });
    expect(last.userName).toMatch(/^User /);
    expect(Date.parse(last.time)).not.toBeNaN();
    expect(detail.body.data.activeTaskId).toBeNull();
  });

  it.each([
    [
      'overlapping wake sectors (GB)',
      () =>
        body('gb', {
          pairs: [{ avgA: v.channels.ws_80_a!.id, avgB: v.channels.ws_80_b!.id, boomA: 0, boomB: 30 }],
        }),
      'wake_sectors_overlap',
      '两个风速计的尾流扇区重叠（撑杆方向相差小于 60°），不能用国标法',
    ],
    [
      'a direction channel as a cup',
      () =>
        body('max', {
          pairs: [{ avgA: v.channels.wd_78!.id, avgB: v.channels.ws_80_b!.id, boomA: 0, boomB: 180 }],
        }),
      'channel_mismatch',
      '通道“wd_78”不适用于此处理（ws avg）',
    ],
    [
      'channels of different intervals',
      () =>
        body('max', {
          pairs: [{ avgA: v.channels.ws_60_hourly!.id, avgB: v.channels.ws_80_b!.id, boomA: 0, boomB: 180 }],
        }),
      'interval_mismatch',
      '所选通道的时间间隔不一致',
    ],
    [
      'cups at different heights',
      () =>
        body('max', {
          pairs: [{ avgA: v.channels.ws_80_a!.id, avgB: v.channels.ws_70_c!.id, boomA: 0, boomB: 180 }],
        }),
      'height_mismatch',
      '通道“ws_80_a”（80 m）与“ws_70_c”（70 m）的高度不同',
    ],
    // A channel of another version is refused at submission (request validation below, issue 26 §1).
  ])('fails on %s with a localised reason and leaves the version unchanged', async (_name, makeBody, errorKey, zh) => {
    const before = await chunkSnapshot(server, v.versionId);
    const steps = await lineageSteps(v.versionId);
    const r = await server.call('POST', `${PROCESS}/tower_shadow`, { token, body: makeBody() });
    expect(r.status).toBe(200);
    const failure = await failureTexts(r.body.data.id);
    expect(failure).toMatchObject({ status: 'failed', errorKey, zh });
    expect(failure.en).toMatch(/^[\x20-\x7e“”°]+$/);
    expect(await chunkSnapshot(server, v.versionId)).toEqual(before);
    expect(await lineageSteps(v.versionId)).toEqual(steps);
  });

  it('rolls back everything a handler wrote when it throws afterwards (internal error, version unchanged)', async () => {
    const fresh = await workingVersion(towerChannels());
    const before = await chunkSnapshot(server, fresh.versionId);
    const channelsBefore = await new TimeSeriesRepository(server.db).listChannels(fresh.versionId);
    server.services.processingTasks.register('tower_shadow', async (ctx) => {
      await towerShadowHandler(ctx);
      throw new Error('crash after writing');
    });
    try {
      const r = await server.call('POST', `${PROCESS}/tower_shadow`, {
        token,
        body: body('average', {}, fresh),
      });
      const failure = await failureTexts(r.body.data.id);
      expect(failure).toMatchObject({ status: 'failed', errorKey: 'internal_error' });
      expect(failure.zh).toContain('版本数据未改变');
    } finally {
      server.services.processingTasks.register('tower_shadow', towerShadowHandler);
    }
    expect(await chunkSnapshot(server, fresh.versionId)).toEqual(before);
    expect(await new TimeSeriesRepository(server.db).listChannels(fresh.versionId)).toEqual(channelsBefore);
    expect(await lineageSteps(fresh.versionId)).toEqual(['copy']);
  });
});

describe('interpolation by linear least squares (WIND-ANALYSIS §5)', () => {
  const x = [5.0, 6.2, 7.1, 8.4, 9.0];
  const y = [5.6, 6.9, 7.7, 9.3, 9.8];

  it('fits a = 0.2744, b = 1.0624, r = 0.9989 and fills the gap at x = 7.5 with 8.242 (flag 1)', async () => {
    // The five pairs twice (the fit is unchanged) and a gap of the target where x = 7.5.
    const v = await workingVersion([
      { dataKey: 'ws_80', element: 'ws', heightM: 80, values: [...y, ...y, Number.NaN, 6.0] },
      { dataKey: 'ws_60', element: 'ws', heightM: 60, values: [...x, ...x, 7.5, Number.NaN] },
    ]);
    const task = await runTask(server, token, `${PROCESS}/interpolation`, {
      versionId: v.versionId,
      targetChannelId: v.channels.ws_80!.id,
      predictorChannelId: v.channels.ws_60!.id,
      minPairs: 10,
      minR: 0.8,
    });
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result).toMatchObject({
      filledCount: 1,
      intercept: 0.2744,
      slope: 1.0624,
      r: 0.9989,
      pairCount: 10,
    });
    const s = await readSeries(server, v.channels.ws_80!.id, T0, T0 + 12 * 600_000);
    expect(s.values[10]).toBeCloseTo(8.242, 3);
    expect(s.flags).toEqual([...repeat(10, 0), 1, 0]);
    expect(s.values[11]).toBeCloseTo(6.0, 5);
    expect(await lineageSteps(v.versionId)).toEqual(['copy', 'interpolation']);
  });

  it('fails on a weak correlation or too few pairs with the numbers, and leaves the chunks byte-identical', async () => {
    const v = await workingVersion([
      {
        dataKey: 'ws_80',
        element: 'ws',
        heightM: 80,
        values: [...repeat(12, (i) => (i % 2 ? 5 : 9)), Number.NaN],
      },
      { dataKey: 'ws_60', element: 'ws', heightM: 60, values: repeat(13, (i) => 4 + (i % 3)) },
    ]);
    const before = await chunkSnapshot(server, v.versionId);
    const weak = await server.call('POST', `${PROCESS}/interpolation`, {
      token,
      body: {
        versionId: v.versionId,
        targetChannelId: v.channels.ws_80!.id,
        predictorChannelId: v.channels.ws_60!.id,
        minPairs: 10,
      },
    });
    expect(weak.status).toBe(200);
    const failure = await failureTexts(weak.body.data.id);
    expect(failure.errorKey).toBe('weak_correlation');
    expect(failure.zh).toMatch(/^相关系数 r = -?0\.\d{3} 低于要求的 0\.8$/);
    expect(failure.en).toMatch(/^the correlation r = -?0\.\d{3} is below the required 0\.8$/);
    const few = await server.call('POST', `${PROCESS}/interpolation`, {
      token,
      body: {
        versionId: v.versionId,
        targetChannelId: v.channels.ws_80!.id,
        predictorChannelId: v.channels.ws_60!.id,
      },
    });
    const fewFailure = await failureTexts(few.body.data.id);
    expect(fewFailure).toMatchObject({
      errorKey: 'too_few_pairs',
      zh: '同期有效数据对不足 144 个（实际 12 个）',
      en: 'fewer than 144 concurrent valid pairs (12)',
    });
    expect(await chunkSnapshot(server, v.versionId)).toEqual(before);
    expect(await lineageSteps(v.versionId)).toEqual(['copy']);
  });
});

describe('vertical extrapolation (WIND-ANALYSIS §6)', () => {
  const N = 60;
  let v: Awaited<ReturnType<typeof workingVersion>>;
  beforeAll(async () => {
    v = await workingVersion([
      { dataKey: 'ws_30', element: 'ws', heightM: 30, values: repeat(N, 6.0) },
      { dataKey: 'ws_70', element: 'ws', heightM: 70, values: repeat(N, 6.9) },
      { dataKey: 'wd_68', element: 'wd', heightM: 68, values: repeat(N, 0) },
    ]);
  });

  it('fits α = 0.1650 from 6.0 m/s at 30 m and 6.9 m/s at 70 m and writes WS_100m_EXT = 7.318 (flag 1)', async () => {
    const task = await runTask(server, token, `${PROCESS}/extrapolation`, {
      versionId: v.versionId,
      channelIds: [v.channels.ws_30!.id, v.channels.ws_70!.id],
      targetHeight: 100,
    });
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result).toMatchObject({
      shearMode: 'overall',
      isFitted: true,
      shearExponent: 0.165,
      sourceHeightM: 70,
      targetHeightM: 100,
      channelName: 'WS_100m_EXT',
      writtenCount: N,
    });
    const channel = await channelByKey(v.versionId, 'WS_100m_EXT');
    expect(channel).toMatchObject({ element: 'ws', heightM: 100, statistic: 'mean' });
    const s = await readSeries(server, channel!.id, T0, T0 + N * 600_000);
    for (const value of s.values) expect(value).toBeCloseTo(7.318, 3);
    expect(s.flags).toEqual(repeat(N, 1));
  });

  it('uses α by sector when asked, and 1/7 with a single height', async () => {
    const bySector = await runTask(server, token, `${PROCESS}/extrapolation`, {
      versionId: v.versionId,
      channelIds: [v.channels.ws_30!.id, v.channels.ws_70!.id],
      targetHeight: 120,
      shearMode: 'sector',
      directionChannelId: v.channels.wd_68!.id,
    });
    expect(bySector.status, bySector.error).toBe('succeeded');
    expect(bySector.result.shearExponentBySector).toHaveLength(16);
    expect(bySector.result.shearExponentBySector[0]).toBe(0.165);
    expect(bySector.result.shearExponentBySector.slice(1).every((a: number | null) => a === null)).toBe(true);
    const single = await runTask(server, token, `${PROCESS}/extrapolation`, {
      versionId: v.versionId,
      channelIds: [v.channels.ws_70!.id],
      targetHeight: 90,
    });
    expect(single.result).toMatchObject({ isFitted: false, shearExponent: 0.1429, sourceHeightM: 70 });
    const s = await readSeries(server, (await channelByKey(v.versionId, 'WS_90m_EXT'))!.id, T0, T0 + 600_000);
    expect(s.values[0]).toBeCloseTo(6.9 * (90 / 70) ** (1 / 7), 4);
  });

  it('fails when no shear cell has enough records (by hour: 6 records per hour)', async () => {
    const before = await chunkSnapshot(server, v.versionId);
    const r = await server.call('POST', `${PROCESS}/extrapolation`, {
      token,
      body: {
        versionId: v.versionId,
        channelIds: [v.channels.ws_30!.id, v.channels.ws_70!.id],
        targetHeight: 100,
        shearMode: 'hourly',
      },
    });
    const failure = await failureTexts(r.body.data.id);
    expect(failure).toMatchObject({ errorKey: 'no_shear_fit' });
    expect(failure.en).toContain('30 records');
    expect(await chunkSnapshot(server, v.versionId)).toEqual(before);
  });
});

describe('representative year (WIND-ANALYSIS §7)', () => {
  /** UTC time of a local (UTC+8) calendar instant. */
  const local = (year: number, month0: number, day = 1) => Date.UTC(year, month0, day) - OFFSET_MS;

  it("'best' keeps the 12 consecutive months with the best recovery and drops everything else", async () => {
    // Local 2023-01 … 2024-03 hourly; January and February 2023 miss every other hour.
    const start = local(2023, 0);
    const n = (local(2024, 3) - start) / HOUR_MS;
    const gappy = local(2023, 2);
    const v = await workingVersion(
      [
        {
          dataKey: 'ws_80',
          element: 'ws',
          heightM: 80,
          values: repeat(n, (i) => (start + i * HOUR_MS < gappy && i % 2 ? Number.NaN : 5 + (i % 7) / 10)),
        },
        { dataKey: 'wd_80', element: 'wd', heightM: 80, values: repeat(n, (i) => (i * 13) % 360) },
      ],
      start,
      3600,
    );
    const task = await runTask(server, token, `${PROCESS}/representative_year`, {
      versionId: v.versionId,
      method: 'best',
      speedChannelId: v.channels.ws_80!.id,
    });
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result).toMatchObject({
      method: 'best',
      startMonth: '2023-03',
      endMonth: '2024-02',
      validRatePct: 100,
      startTime: new Date(local(2023, 2)).toISOString(),
      endTime: new Date(local(2024, 2)).toISOString(),
      correction: null,
    });
    const channels = await server.call('GET', `/api/web/version/channels?versionId=${v.versionId}`, {
      token,
    });
    const hours = (local(2024, 2) - local(2023, 2)) / HOUR_MS; // 366 days (29 Feb 2024)
    expect(hours).toBe(8784);
    for (const c of channels.body.data) {
      expect(c).toMatchObject({
        valueCount: hours,
        startTime: new Date(local(2023, 2)).toISOString(),
        endTime: new Date(local(2024, 2) - HOUR_MS).toISOString(),
      });
    }
    const version = await server.call('GET', `/api/web/version/detail?versionId=${v.versionId}`, { token });
    expect(version.body.data).toMatchObject({ valueCount: 2 * hours });
    expect(version.body.data.lineage.map((s: { step: string }) => s.step)).toEqual([
      'copy',
      'representative_year',
    ]);
  });

  it("'average' keeps the year closest to the period mean and reports every period", async () => {
    // Local years 2001–2003 with annual means 5.0, 6.0 and 5.4 m/s.
    const start = local(2001, 0);
    const n = (local(2004, 0) - start) / HOUR_MS;
    const means: Record<number, number> = { 2001: 5.0, 2002: 6.0, 2003: 5.4 };
    const v = await workingVersion(
      [
        {
          dataKey: 'ws_80',
          element: 'ws',
          heightM: 80,
          values: repeat(n, (i) => means[new Date(start + i * HOUR_MS + OFFSET_MS).getUTCFullYear()]!),
        },
      ],
      start,
      3600,
    );
    const task = await runTask(server, token, `${PROCESS}/representative_year`, {
      versionId: v.versionId,
      method: 'average',
      speedChannelId: v.channels.ws_80!.id,
      periods: [
        { startYear: 2001, endYear: 2003 },
        { startYear: 2001, endYear: 2002 },
      ],
    });
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result).toMatchObject({ year: 2003, chosenPeriodIndex: 0 });
    expect(task.result.periods[0]).toMatchObject({
      averageYear: 2003,
      maximumYear: 2002,
      minimumYear: 2001,
      periodMeanMps: 5.467,
    });
    expect(task.result.periods[1]).toMatchObject({ averageYear: 2001, periodMeanMps: 5.5 });
    const s = await readSeries(server, v.channels.ws_80!.id, start, local(2004, 0));
    const kept = s.values.filter((x) => !Number.isNaN(x));
    expect(kept.length).toBe(8760);
    expect(kept.every((x) => Math.abs(x - 5.4) < 1e-5)).toBe(true);
  });

  it('corrects the kept year to the long term by reference sector: 7.00 + 1.2 × (4.8 − 4.5) = 7.36 (flag 1)', async () => {
    const start = local(2023, 0);
    const n = (local(2024, 0) - start) / HOUR_MS;
    const stationSpeed = repeat(n, (i) => (i % 2 ? 5.0 : 4.0)); // mean 4.5
    const reference = await buildStation(server.db);
    await grantRoleStations(server.db, roleId, [reference.id]);
    const ref = await seedOriginal(
      server,
      reference.id,
      start,
      [
        { dataKey: 'ws_10', element: 'ws', heightM: 10, values: stationSpeed },
        { dataKey: 'wd_10', element: 'wd', heightM: 10, values: repeat(n, 0) },
      ],
      3600,
    );
    const v = await workingVersion(
      [{ dataKey: 'ws_80', element: 'ws', heightM: 80, values: stationSpeed.map((x) => 1.2 * x + 1.6) }],
      start,
      3600,
    );
    const task = await runTask(server, token, `${PROCESS}/representative_year`, {
      versionId: v.versionId,
      method: 'best',
      speedChannelId: v.channels.ws_80!.id,
      reference: {
        versionId: ref.versionId,
        speedChannelId: ref.channels.ws_10!.id,
        directionChannelId: ref.channels.wd_10!.id,
        longTermMeanMps: 4.8,
      },
    });
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result.correction).toMatchObject({
      longTermMeanMps: 4.8,
      concurrentMeanMps: 4.5,
      overallSlope: 1.2,
      correctedCount: n,
    });
    expect(task.result.correction.deltaBySectorMps[0]).toBeCloseTo(0.36, 4);
    const s = await readSeries(server, v.channels.ws_80!.id, start, start + 4 * HOUR_MS);
    expect(s.values[0]).toBeCloseTo(6.4 + 0.36, 4);
    expect(s.values[1]).toBeCloseTo(7.6 + 0.36, 4);
    expect(s.flags).toEqual([1, 1, 1, 1]);
  });

  it('fails without 12 consecutive months and leaves the version unchanged', async () => {
    const start = local(2023, 0);
    const v = await workingVersion(
      [{ dataKey: 'ws_80', element: 'ws', heightM: 80, values: repeat(24 * 180, 6.0) }],
      start,
      3600,
    );
    const before = await chunkSnapshot(server, v.versionId);
    const r = await server.call('POST', `${PROCESS}/representative_year`, {
      token,
      body: { versionId: v.versionId, method: 'best', speedChannelId: v.channels.ws_80!.id },
    });
    const failure = await failureTexts(r.body.data.id);
    expect(failure).toMatchObject({
      errorKey: 'no_full_year',
      zh: '数据不足连续 12 个月，无法选取代表年',
      en: 'less than 12 consecutive months of data; no representative year can be chosen',
    });
    expect(await chunkSnapshot(server, v.versionId)).toEqual(before);
  });
});

describe('quality control (SPEC §3, WIND-ANALYSIS §2)', () => {
  const N = 36;
  let v: Awaited<ReturnType<typeof workingVersion>>;
  let rangeRule: { id: number; name: string };

  beforeAll(async () => {
    v = await workingVersion([
      {
        dataKey: 'ws_80',
        element: 'ws',
        heightM: 80,
        values: repeat(N, (i) => (i === 5 ? 45 : i === 20 ? -1 : 5.0)),
      },
      { dataKey: 'wd_80', element: 'wd', heightM: 80, values: repeat(N, 90) },
    ]);
    rangeRule = await server.db
      .selectFrom('qc_rule')
      .select(['id', 'name'])
      .where('rule_type', '=', 'auto_quality')
      .where('kind', '=', 'range')
      .where('params', '@>', JSON.stringify({ element: 'ws' }) as never)
      .executeTakeFirstOrThrow();
  });

  it('applies the rules as one undoable mark (source qc) with counts per rule', async () => {
    const before = await chunkSnapshot(server, v.versionId);
    const task = await runTask(server, token, `${PROCESS}/qc`, {
      versionId: v.versionId,
      ruleIds: [rangeRule.id],
    });
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result).toMatchObject({
      changedCount: 2,
      rules: [{ ruleId: rangeRule.id, name: rangeRule.name, kind: 'range', count: 2, skipped: null }],
      skipped: [],
    });
    const s = await readSeries(server, v.channels.ws_80!.id, T0, T0 + N * 600_000);
    expect(s.flags).toEqual(repeat(N, (i) => (i === 5 || i === 20 ? 3 : 0)));
    const marks = await server.call('POST', '/api/web/version/mark/page', {
      token,
      body: { versionId: v.versionId },
    });
    const mark = marks.body.data.records[0];
    expect(mark).toMatchObject({
      id: task.result.markId,
      source: 'qc',
      taskId: task.id,
      flag: 3,
      changedCount: 2,
      ruleCounts: { [String(rangeRule.id)]: 2 },
      channelNames: ['ws_80'],
    });
    const undo = await server.call('POST', '/api/web/version/mark/undo', { token, body: { id: mark.id } });
    expect(undo.status).toBe(200);
    expect(await chunkSnapshot(server, v.versionId)).toEqual(before);
    expect(await lineageSteps(v.versionId)).toEqual(['copy', 'qc']);
    // The run is in the station log, by the user who started it, in the same transaction as its change.
    const log = await server.db
      .selectFrom('station_log')
      .selectAll()
      .where('station_id', '=', v.stationId)
      .where('location', '=', 'dataProcessing')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ type: 'edit', operator_account: expect.any(String) });
    expect(log[0]!.operator_id).not.toBeNull();
    expect(renderText(log[0]!.objects_text as TText, 'zh')).toContain(`任务 #${task.id}`);
    expect(renderText(log[0]!.objects_text as TText, 'zh')).toContain('质量控制');
    expect(renderText(log[0]!.objects_text as TText, 'en')).toContain(`Quality control (task #${task.id})`);
  });

  it('runs every enabled rule of the site by default and reports what each did', async () => {
    const task = await runTask(server, token, `${PROCESS}/qc`, { versionId: v.versionId });
    expect(task.status, task.error).toBe('succeeded');
    expect(task.result.rules.length).toBeGreaterThan(1);
    expect(task.result.rules.find((r: { ruleId: number }) => r.ruleId === rangeRule.id).count).toBe(2);
    expect(Array.isArray(task.result.missingDays)).toBe(true);
    expect(task.result.skipped.length).toBeGreaterThan(0); // e.g. no temperature channel
  });

  it('fails with no_rules when no chosen rule applies to the site', async () => {
    const other = await buildStation(server.db);
    const foreign = await server.db
      .insertInto('qc_rule')
      .values({
        rule_type: 'auto_quality',
        kind: 'range',
        name: '别的站点的规则',
        station_id: other.id,
        params: JSON.stringify({ element: 'ws', min: 0, max: 1, flag: 3 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await chunkSnapshot(server, v.versionId);
    const r = await server.call('POST', `${PROCESS}/qc`, {
      token,
      body: { versionId: v.versionId, ruleIds: [foreign.id] },
    });
    const failure = await failureTexts(r.body.data.id);
    expect(failure).toMatchObject({
      errorKey: 'no_rules',
      zh: '没有可用的质量控制规则',
      en: 'no quality-control rule applies',
    });
    expect(await chunkSnapshot(server, v.versionId)).toEqual(before);
  });
});

describe('one task per version (SPEC §4)', () => {
  it('refuses a second task while the first is running, in zh and en; the database index decides', async () => {
    const v = await workingVersion([
      { dataKey: 'ws_30', element: 'ws', heightM: 30, values: repeat(40, 6.0) },
      { dataKey: 'ws_70', element: 'ws', heightM: 70, values: repeat(40, 6.9) },
    ]);
    // Hold the version lock so the first task stays running.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isLocked!: () => void;
    const locked = new Promise<void>((resolve) => {
      isLocked = resolve;
    });
    const holder = server.db.transaction().execute(async (trx) => {
      await new TimeSeriesRepository(trx).lockVersion(v.versionId);
      isLocked();
      await released;
    });
    await locked;
    const body = {
      versionId: v.versionId,
      channelIds: [v.channels.ws_30!.id, v.channels.ws_70!.id],
      targetHeight: 100,
    };
    try {
      // Two requests at once: exactly one is queued.
      const both = await Promise.all([
        server.call('POST', `${PROCESS}/extrapolation`, { token, body }),
        server.call('POST', `${PROCESS}/extrapolation`, { token, body: { ...body, targetHeight: 110 } }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const first = both.find((r) => r.status === 200)!.body.data;
      for (const [language, msg] of [
        ['ZH', `该版本已有数据处理任务（#${first.id}）正在进行，请等待其完成后再试`],
        [
          'EN',
          `A data-processing task (#${first.id}) is already running on this version; try again when it has finished`,
        ],
      ] as const) {
        const tasksBefore = await countTasks(server);
        const second = await server.call('POST', `${PROCESS}/interpolation`, {
          token,
          language,
          body: {
            versionId: v.versionId,
            targetChannelId: v.channels.ws_30!.id,
            predictorChannelId: v.channels.ws_70!.id,
          },
        });
        expect(second.status).toBe(409);
        expect(second.body.msg).toBe(msg);
        expect(second.body.data.errorCode).toBe('VERSION_TASK_RUNNING');
        expect(await countTasks(server)).toBe(tasksBefore);
      }
      const deletion = await server.call('POST', '/api/web/version/delete', {
        token,
        body: { id: v.versionId },
      });
      expect(deletion.status).toBe(409);
      const detail = await server.call('GET', `/api/web/version/detail?versionId=${v.versionId}`, { token });
      expect(detail.body.data.activeTaskId).toBe(first.id);
    } finally {
      release();
      await holder;
    }
    const tasks = await server.call('POST', '/api/data-process/process/task/page', {
      token,
      body: { stationId: v.stationId, versionId: v.versionId },
    });
    const done = await waitForTask(server, token, tasks.body.data.records[0].id);
    expect(done.status).toBe('succeeded');
    // Afterwards the version takes a new task.
    const next = await runTask(server, token, `${PROCESS}/extrapolation`, { ...body, targetHeight: 120 });
    expect(next.status).toBe('succeeded');
  });
});

describe('request validation (SPEC §5): 400, localised, no task created', () => {
  let v: Awaited<ReturnType<typeof workingVersion>>;
  /** Another site's version, whose channels a request must not name (issue 26 §1). */
  let other: Awaited<ReturnType<typeof workingVersion>>;
  beforeAll(async () => {
    v = await workingVersion([{ dataKey: 'ws_80', element: 'ws', heightM: 80, values: repeat(4, 6) }]);
    other = await workingVersion([
      { dataKey: 'ws_80', element: 'ws', heightM: 80, values: repeat(4, 6) },
      { dataKey: 'wd_78', element: 'wd', heightM: 78, values: repeat(4, 90) },
    ]);
  });

  const cases: [
    string,
    string,
    () => Record<string, unknown>,
    string,
    string | undefined,
    string | undefined,
  ][] = [
    [
      'correction angle 20',
      'tower_shadow',
      () => ({
        versionId: v.versionId,
        method: 'max',
        correctionAngle: 20,
        pairs: [{ avgA: v.channels.ws_80!.id, avgB: v.channels.ws_80!.id, boomA: 0, boomB: 180 }],
      }),
      'correctionAngle',
      '修正角度范围为 [-15, 15]',
      'The correction angle is within the range of [-15, 15]',
    ],
    [
      'target height 0',
      'extrapolation',
      () => ({ versionId: v.versionId, channelIds: [v.channels.ws_80!.id], targetHeight: 0 }),
      'targetHeight',
      undefined,
      undefined,
    ],
    [
      'target height 501',
      'extrapolation',
      () => ({ versionId: v.versionId, channelIds: [v.channels.ws_80!.id], targetHeight: 501 }),
      'targetHeight',
      '不能大于 500',
      'Must not be greater than 500',
    ],
    [
      '4 periods',
      'representative_year',
      () => ({
        versionId: v.versionId,
        method: 'average',
        speedChannelId: v.channels.ws_80!.id,
        periods: repeat(4, (i) => 2000 + i).map((y) => ({ startYear: y, endYear: y + 5 })),
      }),
      'periods',
      undefined,
      undefined,
    ],
    [
      'start after end',
      'interpolation',
      () => ({
        versionId: v.versionId,
        targetChannelId: v.channels.ws_80!.id,
        predictorChannelId: v.channels.ws_80!.id + 1,
        startTime: '2024-05-02T00:00:00Z',
        endTime: '2024-05-01T00:00:00Z',
      }),
      'endTime',
      '开始时间不能晚于结束时间',
      'The start time must not be later than the end time',
    ],
    [
      'an interpolation predictor of another site',
      'interpolation',
      () => ({
        versionId: v.versionId,
        targetChannelId: v.channels.ws_80!.id,
        predictorChannelId: other.channels.ws_80!.id,
      }),
      'predictorChannelId',
      '所选通道不属于该数据版本',
      'The chosen channel does not belong to this data version',
    ],
    [
      'a tower-shadow cup of another site',
      'tower_shadow',
      () => ({
        versionId: v.versionId,
        method: 'max',
        pairs: [{ avgA: v.channels.ws_80!.id, avgB: other.channels.ws_80!.id, boomA: 0, boomB: 180 }],
      }),
      'pairs.0.avgB',
      '所选通道不属于该数据版本',
      'The chosen channel does not belong to this data version',
    ],
    [
      'a tower-shadow vane of another site',
      'tower_shadow',
      () => ({
        versionId: v.versionId,
        method: 'gb',
        directionChannelId: other.channels.wd_78!.id,
        pairs: [{ avgA: v.channels.ws_80!.id, avgB: v.channels.ws_80!.id, boomA: 0, boomB: 180 }],
      }),
      'directionChannelId',
      '所选通道不属于该数据版本',
      'The chosen channel does not belong to this data version',
    ],
    [
      'an extrapolation channel of another site',
      'extrapolation',
      () => ({
        versionId: v.versionId,
        channelIds: [v.channels.ws_80!.id, other.channels.ws_80!.id],
        targetHeight: 100,
      }),
      'channelIds.1',
      '所选通道不属于该数据版本',
      'The chosen channel does not belong to this data version',
    ],
  ];

  it.each(cases)('refuses %s', async (_name, kind, makeBody, field, zh, en) => {
    const tasksBefore = await countTasks(server);
    const messages: Record<string, string> = {};
    for (const language of ['ZH', 'EN'] as const) {
      const r = await server.call('POST', `${PROCESS}/${kind}`, { token, body: makeBody(), language });
      expect(r.status).toBe(400);
      expect(r.body.data.errorCode).toBe('VALIDATION_FAILED');
      const issue = r.body.data.fields.find((f: { field: string }) => f.field === field);
      expect(issue, JSON.stringify(r.body.data.fields)).toBeDefined();
      messages[language] = issue.message;
    }
    expect(messages.ZH).toMatch(/[\u4e00-\u9fff]/);
    expect(messages.EN).toMatch(/^[A-Z]/);
    if (zh) expect(messages.ZH).toBe(zh);
    if (en) expect(messages.EN).toBe(en);
    expect(await countTasks(server)).toBe(tasksBefore);
  });

  it('refuses processing of the original version with 409 VERSION_VIEW_ONLY and creates no task', async () => {
    const tasksBefore = await countTasks(server);
    const r = await server.call('POST', `${PROCESS}/extrapolation`, {
      token,
      body: { versionId: v.originalId, channelIds: [v.channels.ws_80!.id], targetHeight: 100 },
    });
    expect(r.status).toBe(409);
    expect(r.body.data.errorCode).toBe('VERSION_VIEW_ONLY');
    expect(await countTasks(server)).toBe(tasksBefore);
  });
});
