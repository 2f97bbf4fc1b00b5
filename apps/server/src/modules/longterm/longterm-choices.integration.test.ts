import { type TMcpCompareRequestInput, ZMcpCompareResult, ZMcpGenerateResult } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../../../test/test-server.ts';
import { seedOriginal } from '../../../test/wind-fixtures.ts';
import { TimeSeriesRepository } from '../timeseries/timeseries.repository.ts';
import { loadSeries } from '../timeseries/version-series.ts';

/**
 * Issue 46 §3, the long-term API's choices, on crafted hourly sites: a reference of 240 days with a vane
 * turning 7° an hour, and a target measured on days 60–180 as 1.2·x + 0.5 with a wobble. The campaign
 * window, OLS through the origin (checked by hand, b = Σxy/Σx²), the measured-plus-predicted series
 * named in every answer, and the sector minimum.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2024, 0, 1);
const REF_HOURS = 240 * 24;
const TGT_FROM = 60 * 24;
const TGT_HOURS = 120 * 24;

const refSpeed = Array.from({ length: REF_HOURS }, (_, h) => {
  const noise = Math.abs((Math.sin(h * 12.9898) * 43758.5453) % 1);
  return 4 + 2 * Math.sin(h / 17) + 3 * noise;
});
const refVane = Array.from({ length: REF_HOURS }, (_, h) => (h * 7) % 360);
const tgtSpeed = Array.from(
  { length: TGT_HOURS },
  (_, h) => 1.2 * refSpeed[TGT_FROM + h]! + 0.5 + 0.3 * Math.sin(h * 1.7),
);
const tgtVane = Array.from({ length: TGT_HOURS }, (_, h) => (refVane[TGT_FROM + h]! + 10) % 360);

let server: TTestServer;
let token: string;
let reference: { versionId: number; speed: number; direction: number };
let target: { stationId: number; versionId: number; speed: number; direction: number };

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  const seed = async (values: number[], vane: number[], startMs: number) => {
    const site = await buildStation(server.db);
    const seeded = await seedOriginal(
      server,
      site.id,
      startMs,
      [
        { dataKey: 'ws_80_mean', name: 'WS80m', element: 'ws', heightM: 80, values },
        { dataKey: 'wd_80_mean', name: 'WD80m', element: 'wd', heightM: 80, values: vane },
      ],
      3600,
    );
    return {
      stationId: site.id,
      versionId: seeded.versionId,
      speed: seeded.channels.ws_80_mean!.id,
      direction: seeded.channels.wd_80_mean!.id,
    };
  };
  reference = await seed(refSpeed, refVane, START);
  target = await seed(tgtSpeed, tgtVane, START + TGT_FROM * HOUR);
});

afterAll(async () => {
  await server?.stop();
});

const body = (overrides: Partial<TMcpCompareRequestInput> & Record<string, unknown> = {}) => ({
  versionId: target.versionId,
  speedChannelId: target.speed,
  directionChannelId: target.direction,
  reference: {
    kind: 'site',
    versionId: reference.versionId,
    speedChannelId: reference.speed,
    directionChannelId: reference.direction,
  },
  period: '1H',
  sectors: 0,
  ...overrides,
});

const iso = (ms: number) => new Date(ms).toISOString();

async function compare(overrides: Record<string, unknown>, language: 'EN' | 'ZH' = 'EN') {
  const r = await server.call('POST', '/api/data-process/longterm/compare', {
    token,
    language,
    headers: { 'utc-code': '+00:00' },
    body: body(overrides),
  });
  expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
  return ZMcpCompareResult.parse(r.body.data);
}

/** The stored (Float32) hourly speeds of the target inside [fromHour, toHour) of its record. */
const stored = (fromHour = 0, toHour = TGT_HOURS) =>
  tgtSpeed.slice(fromHour, toHour).map((v) => Math.fround(v));
const storedRef = (fromHour: number, toHour: number) =>
  refSpeed.slice(fromHour, toHour).map((v) => Math.fround(v));

describe('the long-term API’s campaign window, methods, series and sector minimum (issue 46 §3)', () => {
  it('takes only the target inside the campaign window, and echoes it', async () => {
    const campaign = { start: iso(START + 90 * DAY), end: iso(START + 120 * DAY) };
    const result = await compare({ campaign, methods: ['ols'] });
    expect(result.campaign).toEqual(campaign);
    expect(result.concurrentStart).toBe(campaign.start);
    expect(result.concurrentEnd).toBe(campaign.end);
    expect(result.concurrentPeriods).toBe(30 * 24);
    // what it stood on is the window's records only
    expect(result.basis).toMatchObject({
      startTime: campaign.start,
      endTime: campaign.end,
      records: 30 * 24,
    });
    // the OLS line of the window's pairs only, by hand
    const x = storedRef(90 * 24, 120 * 24);
    const y = stored(30 * 24, 60 * 24);
    const mx = x.reduce((p, v) => p + v, 0) / x.length;
    const my = y.reduce((p, v) => p + v, 0) / y.length;
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < x.length; i++) {
      sxy += (x[i]! - mx) * (y[i]! - my);
      sxx += (x[i]! - mx) ** 2;
    }
    const ols = result.rows.find((r) => r.method === 'ols' && r.sectors === 0)!;
    expect(ols.slope).toBeCloseTo(sxy / sxx, 9);
    const whole = await compare({ methods: ['ols'] });
    expect(whole.campaign).toEqual({ start: null, end: null });
    expect(whole.concurrentPeriods).toBe(TGT_HOURS);
    expect(whole.rows[0]!.slope).not.toBeCloseTo(ols.slope!, 9);
  });

  it('refuses a campaign window that ends before it starts, in both languages, and one outside the target', async () => {
    const outside = await server.call('POST', '/api/data-process/longterm/compare', {
      token,
      language: 'EN',
      body: body({ campaign: { start: iso(START + 200 * DAY), end: null } }),
    });
    expect(outside.status).toBe(422);
    expect(outside.body.data.errorCode).toBe('MCP_NO_CONCURRENT');
    for (const language of ['EN', 'ZH'] as const) {
      const r = await server.call('POST', '/api/data-process/longterm/compare', {
        token,
        language,
        body: body({ campaign: { start: iso(START + 90 * DAY), end: iso(START + 80 * DAY) } }),
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields[0].field).toBe('campaign');
      if (language === 'ZH') expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
      else expect(r.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('fits OLS through the origin when asked: b = Σxy/Σx² of the concurrent hours, offset 0', async () => {
    const result = await compare({ methods: ['ols', 'ols_through_origin'] });
    expect(result.rows.map((r) => r.method)).toEqual(['ols', 'ols_through_origin']);
    const x = storedRef(TGT_FROM, TGT_FROM + TGT_HOURS);
    const y = stored();
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < x.length; i++) {
      sxy += x[i]! * y[i]!;
      sxx += x[i]! * x[i]!;
    }
    const row = result.rows[1]!;
    expect(row.methodName).toBe('OLS through the origin, overall');
    expect(row.slope).toBeCloseTo(sxy / sxx, 9);
    expect(row.offset).toBe(0);
    // the default comparison is the five methods
    const five = await compare({});
    expect(new Set(five.rows.map((r) => r.method))).toEqual(
      new Set(['ols', 'tls', 'variance_ratio', 'speed_sort', 'speed_ratio']),
    );
    // it can be written; a method the request did not compare cannot
    const written = await server.call('POST', '/api/data-process/longterm/generate', {
      token,
      language: 'EN',
      headers: { 'utc-code': '+00:00' },
      body: { ...body({ methods: ['ols_through_origin'] }), method: 'ols_through_origin', name: 'LT origin' },
    });
    expect(written.status, JSON.stringify(written.body).slice(0, 400)).toBe(200);
    const refused = await server.call('POST', '/api/data-process/longterm/generate', {
      token,
      language: 'EN',
      body: { ...body({ methods: ['ols'] }), method: 'tls', name: 'LT tls' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0].field).toBe('method');
  });

  it('names the long-term series in every answer; the synthesised one keeps the measured hours', async () => {
    const predicted = await compare({ methods: ['ols'] });
    const synthesised = await compare({ methods: ['ols'], longTermSeries: 'synthesised' });
    expect(predicted.longTermSeries).toBe('prediction_only');
    expect(synthesised.longTermSeries).toBe('synthesised');
    expect(predicted.rows[0]!.longTerm.map((lt) => lt.seriesKind)).toEqual(['prediction_only']);
    expect(synthesised.rows[0]!.longTerm.map((lt) => lt.seriesKind)).toEqual(['synthesised']);
    // the means differ by the measured hours' residuals Σ(y − ŷ)/n over the reference's hours
    const { slope, offset } = predicted.rows[0]!;
    const x = storedRef(TGT_FROM, TGT_FROM + TGT_HOURS);
    const y = stored();
    let residual = 0;
    for (let i = 0; i < x.length; i++) residual += y[i]! - Math.max(0, slope! * x[i]! + offset!);
    const lt = (r: typeof predicted) => r.rows[0]!.longTerm[0]!;
    expect(lt(synthesised).count).toBe(REF_HOURS);
    expect(lt(synthesised).meanMps! - lt(predicted).meanMps!).toBeCloseTo(residual / REF_HOURS, 9);

    const generated = await server.call('POST', '/api/data-process/longterm/generate', {
      token,
      language: 'EN',
      headers: { 'utc-code': '+00:00' },
      body: { ...body({ methods: ['ols'], longTermSeries: 'synthesised' }), method: 'ols', name: 'LT synth' },
    });
    expect(generated.status, JSON.stringify(generated.body).slice(0, 400)).toBe(200);
    const written = ZMcpGenerateResult.parse(generated.body.data);
    expect(written.longTermSeries).toBe('synthesised');
    const store = new TimeSeriesRepository(server.db);
    const speed = (await store.listChannels(written.versionId)).find((c) => c.element === 'ws')!;
    const loaded = await loadSeries(store, [speed], START, START + REF_HOURS * HOUR);
    const values = loaded.channels[0]!.values;
    const at = (h: number) => values[Math.round((START + h * HOUR - loaded.grid.startMs) / HOUR)]!;
    // a measured hour is the measurement, an hour before the campaign the prediction
    expect(at(TGT_FROM + 100)).toBeCloseTo(stored()[100]!, 4);
    expect(at(10)).toBeCloseTo(slope! * Math.fround(refSpeed[10]!) + offset!, 4);
    const lineage = await server.db
      .selectFrom('dataset_version')
      .select('lineage')
      .where('id', '=', written.versionId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(lineage.lineage)).toContain('"longTermSeries":"synthesised"');
  });

  it('merges the sectors below the requested minimum (default 30) and refuses a minimum below 2', async () => {
    const window = { start: iso(START + 60 * DAY), end: iso(START + 100 * DAY) }; // 960 hours, 80 a sector
    const bySector = async (extra: Record<string, unknown>) =>
      (await compare({ campaign: window, sectors: 12, methods: ['ols'], ...extra })).rows.find(
        (r) => r.sectors === 12,
      )!;
    const byDefault = await bySector({});
    expect(byDefault.sectorLines.every((s) => s.count >= 30 && s.count < 100)).toBe(true);
    expect(byDefault.sectorLines.filter((s) => s.isMerged)).toHaveLength(0);
    const high = await bySector({ minSectorCount: 100 });
    expect(high.sectorLines.filter((s) => s.isMerged)).toHaveLength(12);
    // merged sectors predict with the overall line
    const overall = (await compare({ campaign: window, methods: ['ols'] })).rows[0]!;
    expect(high.sectorLines[0]!.slope).toBeCloseTo(overall.slope!, 12);
    expect((await compare({ campaign: window, sectors: 12, methods: ['ols'] })).minSectorCount).toBe(30);
    for (const language of ['EN', 'ZH'] as const) {
      const r = await server.call('POST', '/api/data-process/longterm/compare', {
        token,
        language,
        body: body({ minSectorCount: 1 }),
      });
      expect(r.status).toBe(400);
      expect(r.body.data.fields[0].field).toBe('minSectorCount');
      expect(r.body.data.fields[0].message).toMatch(language === 'ZH' ? /扇区/ : /sector minimum/);
    }
  });
});
