import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATISTICS_TABS } from '@masthub/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../../../../test/test-server.ts';
import { TimeSeriesRepository } from '../../timeseries/timeseries.repository.ts';

/**
 * The statistics analysis over the real app: a synthetic 10-minute dataset with known answers goes in
 * through ingestion, then every tab, the export and the home charts are checked against those answers.
 *
 * The dataset (50 days from 2024-01-01 00:00 UTC, 7200 records) repeats the WIND-ANALYSIS §8.2 example
 * (speeds 1…12 m/s with counts 3, 7, 11, 14, 15, 14, 12, 9, 7, 4, 3, 1 → mean 5.69, WAsP A 6.535,
 * k 2.646) at 80 m; 40 m = 80 m × 0.5^0.2 (shear exponent 0.2); σ = 0.1·v (TI 0.1); gust = 1.4·v; the
 * wind always from 90° (east); T 10 °C, p 950 hPa, RH 80 % (ρ 1.1643, §8.5); the gust channel misses
 * its first day (recovery 98 %).
 */

const ANALYSIS = '/api/data-process/statistics/analysis';
const EXPORT = '/api/data-process/statistics/export';
const HOME_ROSE = '/api/data-process/statistics/home_rose';
const COUNTS = [3, 7, 11, 14, 15, 14, 12, 9, 7, 4, 3, 1];
const PATTERN = COUNTS.flatMap((count, i) => Array.from({ length: count }, () => i + 1));
const ROWS = 7200;
const START = Date.UTC(2024, 0, 1);
const SHEAR_FACTOR = 0.5 ** 0.2;

function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

function knownDataset(): string {
  const lines = ['Timestamp,Spd80mN,Spd80mNStd,Spd80mNMax,Spd40mN,Spd40mNStd,Dir78mS,T2m,P2m,RH2m'];
  for (let i = 0; i < ROWS; i++) {
    const v = PATTERN[i % PATTERN.length]!;
    const low = v * SHEAR_FACTOR;
    lines.push(
      [
        stamp(START + i * 600_000),
        v,
        (0.1 * v).toFixed(4),
        i < 144 ? '' : (1.4 * v).toFixed(2),
        low.toFixed(5),
        (0.1 * low).toFixed(5),
        90,
        10,
        950,
        80,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Two days of 10-minute data five days apart, and an hourly file of another channel. */
function gapDataset(): { tenMinute: string; hourly: string } {
  const tenMinute = ['Timestamp,Spd60mN,Dir58mS'];
  for (const dayStart of [Date.UTC(2024, 4, 1), Date.UTC(2024, 4, 7)]) {
    for (let i = 0; i < 144; i++)
      tenMinute.push(`${stamp(dayStart + i * 600_000)},${5 + (i % 7)},${i % 360}`);
  }
  const hourly = ['Timestamp,Spd10mN'];
  for (let i = 0; i < 48; i++) hourly.push(`${stamp(Date.UTC(2024, 4, 1) + i * 3_600_000)},${3 + (i % 5)}`);
  return { tenMinute: `${tenMinute.join('\n')}\n`, hourly: `${hourly.join('\n')}\n` };
}

let server: TTestServer;
let dataDir: string;
let viewerToken: string;
let viewerRoleId: number;
let site: { id: number };
let versionId: number;
let channelIds: Map<string, number>;
let gapVersionId: number;
let gapChannels: Map<string, number>;
let hiddenVersionId: number;
let emptySite: { id: number };

async function ingest(stationId: number, fileName: string, content: string): Promise<void> {
  const file = path.join(dataDir, fileName);
  writeFileSync(file, content);
  const result = await server.services.ingestion.ingestFile({
    stationId,
    fileName,
    source: 'seed',
    path: file,
  });
  expect(result.status, `${fileName}: ${JSON.stringify(result)}`).toBe('parsed');
}

async function originalVersion(stationId: number): Promise<{ id: number; channels: Map<string, number> }> {
  const store = new TimeSeriesRepository(server.db);
  const version = (await store.findOriginalVersion(stationId))!;
  const channels = await store.listChannels(version.id);
  return { id: version.id, channels: new Map(channels.map((c) => [c.name, c.id])) };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-statistics-'));
  server = await startTestServer({ DATA_DIR: dataDir });

  site = await buildStation(server.db);
  await ingest(site.id, 'known.csv', knownDataset());
  ({ id: versionId, channels: channelIds } = await originalVersion(site.id));

  const gapSite = await buildStation(server.db);
  const gap = gapDataset();
  await ingest(gapSite.id, 'gap.csv', gap.tenMinute);
  await ingest(gapSite.id, 'hourly.csv', gap.hourly);
  ({ id: gapVersionId, channels: gapChannels } = await originalVersion(gapSite.id));

  const owner = await buildUser(server.db);
  const hidden = await buildStation(server.db, { ownerId: owner.id });
  await ingest(hidden.id, 'hidden.csv', gap.tenMinute);
  hiddenVersionId = (await originalVersion(hidden.id)).id;

  emptySite = await buildStation(server.db);
  const viewer = await buildUser(server.db, { features: [] });
  await grantRoleStations(server.db, viewer.roleId, [site.id, gapSite.id, emptySite.id]);
  viewerToken = await server.login(viewer.account, viewer.password);
  viewerRoleId = viewer.roleId;
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function analyse(
  body: Record<string, unknown>,
  options: { token?: string; language?: 'ZH' | 'EN'; utc?: string } = {},
) {
  return server.call('POST', ANALYSIS, {
    token: options.token ?? viewerToken,
    body,
    language: options.language ?? 'ZH',
    headers: { 'utc-code': options.utc ?? '+08:00' },
  });
}

describe('POST /data-process/statistics/analysis', () => {
  let data: any;
  const id = (name: string) => channelIds.get(name)!;

  beforeAll(async () => {
    const r = await analyse({ versionId });
    expect(r.status, r.body.msg).toBe(200);
    data = r.body.data;
  });

  it('answers every tab for a user who can see the site, over the whole data range', () => {
    for (const tab of STATISTICS_TABS) expect(data[tab], tab).toBeDefined();
    expect(data.shear).not.toBeNull();
    expect(data.recordCount).toBe(ROWS);
    expect(data.startTime).toBe('2024-01-01T00:00:00.000Z');
    expect(data.endTime).toBe(new Date(START + ROWS * 600_000).toISOString());
    expect(data.intervalMinutes).toBe(10);
    expect(data.sectors).toBe(16);
    expect(data.channels).toHaveLength(9);
  });

  it('summarises the 80 m speed: mean 5.69 m/s, WAsP Weibull A 6.535 k 2.646, gust 16.8 m/s', () => {
    const row = data.summary.rows.find((r: any) => r.channelId === id('Spd80mN'));
    expect(row.element).toBe('风速');
    expect(row.heightTag).toBe('80m');
    expect(row.count).toBe(ROWS);
    expect(row.mean).toBeCloseTo(5.69, 6);
    expect(row.min).toBe(1);
    expect(row.max).toBe(12);
    expect(row.validRate).toBe(100);
    expect(row.weibullScale).toBeCloseTo(6.535, 3);
    expect(row.weibullShape).toBeCloseTo(2.646, 3);
    expect(row.gustMax).toBeCloseTo(16.8, 4);
    // ½ρ⟨v³⟩ with ρ = 1.1643 (humid, T 10 °C, p 950 hPa, RH 80 %) and ⟨v³⟩ = 296.99.
    expect(row.avgWindPower).toBeCloseTo(0.5 * 1.1643 * 296.99, 0);
    const vane = data.summary.rows.find((r: any) => r.channelId === id('Dir78mS'));
    expect(vane.meanDirection).toBeCloseTo(90, 6);
  });

  it('counts data recovery per SPEC §3 with month rows: the gust channel misses one day (98 %)', () => {
    const rows = data.recovery.rows.filter((r: any) => r.channelId === id('Spd80mNMax'));
    const overall = rows.find((r: any) => !r.isMonth);
    expect(overall).toMatchObject({
      shouldCount: ROWS,
      lackCount: 144,
      invalidCount: 0,
      validCount: ROWS - 144,
    });
    expect(overall.validRate).toBeCloseTo(98, 10);
    expect(overall.element).toBe('风速最大值');
    expect(overall.dataPhase).toBe('2024-01-01~2024-02-20');
    expect(rows.filter((r: any) => r.isMonth).map((r: any) => r.dataPhase)).toEqual(['2024-01', '2024-02']);
    expect(data.recovery.months).toEqual(['2024-01', '2024-02']);
    const rates = data.recovery.byChannel.find((c: any) => c.channelId === id('Spd80mN')).rates;
    expect(rates).toEqual([100, 100]);
  });

  it('gives each calendar year its coverage, mean and maximum with time, and lists breaks in continuity', () => {
    const year = data.recovery.yearly.find((y: any) => y.channelId === id('Spd80mN'));
    expect(year).toMatchObject({ year: 2024, count: ROWS, max: 12 });
    expect(year.coverage).toBeCloseTo((ROWS / (366 * 144)) * 100, 8);
    expect(year.mean).toBeCloseTo(5.69, 10);
    expect(year.maxTime).toBe(new Date(START + PATTERN.indexOf(12) * 600_000).toISOString());
    // The gust channel's missing first day is before its first value: not a break.
    const gust = data.recovery.gaps.find((g: any) => g.channelId === id('Spd80mNMax'));
    expect(gust).toEqual({ channelId: id('Spd80mNMax'), gapCount: 0, daysLost: 0, longest: [] });
  });

  it('bins the speed frequency like the §8.2 example and draws the Weibull curve', () => {
    const item = data.frequency.items.find((i: any) => i.channelId === id('Spd80mN'));
    expect(item.bins.slice(1).map((b: any) => Math.round(b.frequencyPct))).toEqual(COUNTS);
    expect(item.bins[0]).toMatchObject({ centre: 0, count: 0 });
    const weibullTotal = item.bins.reduce((s: number, b: any) => s + b.weibullPct, 0);
    expect(weibullTotal).toBeGreaterThan(99);
    expect(item.weibull).toMatchObject({ method: 'wasp' });
    expect(item.weibull.meanSpeed).toBeGreaterThan(5.5);
    expect(item.curve.speed.length).toBe(item.curve.pct.length);
    expect(Math.max(...item.curve.pct)).toBeGreaterThan(10);
  });

  it('finds a turbulence intensity of 0.1 in every bin with the IEC class curves beside it', () => {
    const item = data.turbulence.items.find((i: any) => i.channelId === id('Spd80mN'));
    expect(item.sdChannelId).toBe(id('Spd80mNStd'));
    expect(item.bins.map((b: any) => b.speed)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const row of item.rows) {
      expect(row.avg).toBeCloseTo(0.1, 5);
      expect(row.represent).toBeCloseTo(0.1, 5);
    }
    expect(item.rows.at(-1).name).toBe('全部');
    expect(item.ti15).toBeNull();
    const a = data.turbulence.iecCurves.categories.find((c: any) => c.category === 'A');
    const at15 = data.turbulence.iecCurves.speed.indexOf(15);
    expect(a.ti[at15]).toBeCloseTo(0.1797, 4);
  });

  it('computes the air density from T, p and RH: 1.1643 kg/m³', () => {
    expect(data.airDensity.source).toBe('measured');
    expect(data.airDensity.mean).toBeCloseTo(1.1643, 4);
    expect(data.airDensity.byHour).toHaveLength(24);
    expect(data.airDensity.byCalendarMonth.map((m: any) => m.month)).toEqual([1, 2]);
  });

  it('gives monthly means per height with the yearly comparison and 24-hour and 12 × 24 profiles', () => {
    const series = data.monthly.series.find((s: any) => s.channelId === id('Spd80mN'));
    expect(series.byYearMonth).toHaveLength(2);
    expect(series.byCalendarMonth).toHaveLength(12);
    expect(series.byCalendarMonth.slice(2)).toEqual(Array(10).fill(null));
    expect(series.momm).toBeCloseTo(5.69, 1);
    expect(data.monthly.periodComparison.rows).toEqual([
      expect.objectContaining({ name: '2024', deviate: expect.closeTo(0, 8) }),
    ]);
    const daily = data.daily.series.find((s: any) => s.channelId === id('Spd80mN'));
    expect(daily.byHour).toHaveLength(24);
    expect(daily.byHour.every((v: number | null) => v !== null)).toBe(true);
    expect(daily.byMonthHour).toHaveLength(12);
    expect(daily.byMonthHour[5]).toEqual(Array(24).fill(null));
    const temperature = data.daily.series.find((s: any) => s.channelId === id('T2m'));
    expect(temperature.byMonthHour).toBeNull();
  });

  it('puts every record of the rose in the east sector (16 sectors, localised labels)', () => {
    expect(data.rose.labels[4]).toBe('东');
    const item = data.rose.items.find((i: any) => i.speedChannelId === id('Spd80mN'));
    expect(item.directionChannelId).toBe(id('Dir78mS'));
    expect(item.sectors[4].frequencyPct).toBeCloseTo(100, 10);
    expect(item.sectors[4].energyPct).toBeCloseTo(100, 10);
    expect(item.sectors[4].meanSpeed).toBeCloseTo(5.69, 6);
    expect(item.calmCount).toBe(0);
  });

  it('correlates 40 m with the 80 m reference: slope 0.5^0.2, R 1, worded strong/high', () => {
    expect(data.correlation.referenceChannelId).toBe(id('Spd80mN'));
    const item = data.correlation.items.find((i: any) => i.targetChannelId === id('Spd40mN'));
    expect(item.slope).toBeCloseTo(SHEAR_FACTOR, 4);
    expect(item.intercept).toBeCloseTo(0, 3);
    expect(item.r).toBeCloseTo(1, 6);
    expect(item.strength).toMatchObject({
      r: 'strong',
      rSquared: 'high',
      rText: '强相关',
      rSquaredText: '拟合度高',
    });
    expect(item.sectors).toHaveLength(16);
    expect(item.sectors[4]).toMatchObject({ sectorRange: '78.75-101.25', count: ROWS });
    expect(item.sectors[0]).toMatchObject({ count: 0, slope: null, strength: null });
    expect(item.scatter.x.length).toBeLessThanOrEqual(2000);
    expect(item.scatter.x.length).toBeGreaterThan(1000);
    expect(item.line.x).toEqual([1, 12]);
  });

  it('lists extreme wind per height: 5 × 5.69 = 28.45 m/s and 1.4 × that for the EWM', () => {
    const row = data.extreme.rows.find((r: any) => r.channelId === id('Spd80mN'));
    expect(row.height).toBe('80m');
    expect(row.fivefoldMax).toBeCloseTo(28.45, 6);
    expect(row.ewmMax).toBeCloseTo(39.83, 6);
    expect(row.max).toBe(12);
    expect(row.gustMax).toBeCloseTo(16.8, 4);
    expect(data.extreme.gumbel).toMatchObject({
      channelId: id('Spd80mN'),
      annualMaxima: [{ year: 2024, max: 12, isUsed: false }],
      fit: null,
    });
  });

  it('fits a shear exponent of 0.2 over both heights, by hour and by sector', () => {
    expect(data.shear.isExplicit).toBe(false);
    expect(data.shear.heightsM).toEqual([40, 80]);
    expect(data.shear.exponent).toBeCloseTo(0.2, 4);
    expect(data.shear.byHour).toHaveLength(24);
    expect(data.shear.byHour[0].exponent).toBeCloseTo(0.2, 4);
    expect(data.shear.bySector[4].exponent).toBeCloseTo(0.2, 4);
    expect(data.shear.bySector[0].exponent).toBeNull();
    expect(data.shear.profile.heightM.length).toBe(25);
  });

  it('answers in English with 12 sectors, and honours an explicit pair of shear heights', async () => {
    const r = await analyse(
      { versionId, sectors: 12, shearChannelIds: [id('Spd80mN'), id('Spd40mN')], weibullMethod: 'mle' },
      { language: 'EN', utc: '+00:00' },
    );
    expect(r.status, r.body.msg).toBe(200);
    const d = r.body.data;
    expect(d.rose.labels.slice(0, 4)).toEqual(['0°', '30°', '60°', '90°']);
    expect(d.rose.items[0].sectors[3].frequencyPct).toBeCloseTo(100, 10);
    expect(d.summary.rows.find((x: any) => x.channelId === id('Spd80mN')).element).toBe('Wind speed');
    expect(d.frequency.items[0].weibull.method).toBe('mle');
    expect(d.shear).toMatchObject({ isExplicit: true, heightsM: [40, 80] });
    expect(d.correlation.items[0].strength.rText).toBe('strong');
    expect(d.recovery.months).toEqual(['2024-01', '2024-02']);
  });

  it('limits the analysis to the chosen channels and range', async () => {
    const r = await analyse({
      versionId,
      channelIds: [id('Spd80mN')],
      startTime: '2024-01-02T00:00:00+08:00',
      endTime: '2024-01-03T00:00:00+08:00',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.recordCount).toBe(144);
    expect(r.body.data.channels.map((c: any) => c.channelId)).toEqual([id('Spd80mN')]);
    expect(r.body.data.shear).toBeNull();
    expect(r.body.data.correlation.items).toEqual([]);
  });

  it('refuses a start time after the end time with a localised 400', async () => {
    for (const [language, message] of [
      ['ZH', '开始时间不能晚于结束时间'],
      ['EN', 'The start time must not be later than the end time'],
    ] as const) {
      const r = await analyse(
        { versionId, startTime: '2024-02-01T00:00:00+08:00', endTime: '2024-01-01T00:00:00+08:00' },
        { language },
      );
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'endTime', message }]);
    }
  });

  it('refuses more than two shear heights, two channels at one height and non-speed shear channels', async () => {
    const three = await analyse({
      versionId,
      shearChannelIds: [id('Spd80mN'), id('Spd40mN'), id('Spd80mNStd')],
    });
    expect(three.status).toBe(400);
    expect(three.body.data.fields[0].field).toBe('shearChannelIds');
    const vane = await analyse(
      { versionId, shearChannelIds: [id('Spd80mN'), id('Dir78mS')] },
      { language: 'EN' },
    );
    expect(vane.status).toBe(400);
    expect(vane.body.data.fields).toEqual([
      { field: 'shearChannelIds', message: 'Choose wind speed average channels' },
    ]);
  });

  it('answers 422 STATISTICS_NO_DATA for a range that holds no value', async () => {
    const r = await analyse(
      { versionId: gapVersionId, startTime: '2024-05-03T00:00:00Z', endTime: '2024-05-05T00:00:00Z' },
      { language: 'EN' },
    );
    expect(r.status).toBe(422);
    expect(r.body.data.errorCode).toBe('STATISTICS_NO_DATA');
    expect(r.body.msg).toBe('The selected channels hold no valid data in this time range');
    const before = await analyse({ versionId, endTime: '2023-06-01T00:00:00Z' });
    expect(before.status).toBe(422);
  });

  it('refuses channels of different intervals and otherwise analyses the most common interval', async () => {
    const mixed = await analyse(
      { versionId: gapVersionId, channelIds: [gapChannels.get('Spd60mN')!, gapChannels.get('Spd10mN')!] },
      { language: 'EN' },
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.data.fields[0].field).toBe('channelIds');
    const byDefault = await analyse({ versionId: gapVersionId });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.data.intervalMinutes).toBe(10);
    expect(byDefault.body.data.channels.map((c: any) => c.name).sort()).toEqual(['Dir58mS', 'Spd60mN']);
  });

  it('answers 404 for an unknown version and 403 for a site the caller cannot see', async () => {
    expect((await analyse({ versionId: 987654 })).status).toBe(404);
    const hidden = await analyse({ versionId: hiddenVersionId }, { language: 'EN' });
    expect(hidden.status).toBe(403);
    expect(hidden.body.msg).toBe('No access permission');
  });
});

describe('POST /data-process/statistics/export', () => {
  it('answers an xlsx workbook with one sheet per tab, headers in the caller’s language', async () => {
    for (const [language, firstSheet, header] of [
      ['ZH', '概要', '有效数据完整率 (%)'],
      ['EN', 'Summary', 'Data recovery (%)'],
    ] as const) {
      const response = await server.app.inject({
        method: 'POST',
        url: EXPORT,
        headers: { token: viewerToken, language },
        payload: { versionId },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename=.*\.xlsx/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets).toHaveLength(11);
      expect(workbook.worksheets[0]!.name).toBe(firstSheet);
      expect(workbook.worksheets[0]!.getRow(1).values).toContain(header);
      expect(workbook.worksheets[0]!.rowCount).toBe(10);
      // Units are written as symbols (°C, °), not as the stored codes (deg_C, deg).
      const units: unknown[] = [];
      workbook.worksheets[0]!.eachRow((row, n) => {
        if (n > 1) units.push(row.getCell(4).value);
      });
      expect(units).toEqual(expect.arrayContaining(['m/s', '°', '°C']));
      expect(units).not.toContain('deg');
      expect(units).not.toContain('deg_C');
    }
  });

  it('refuses a hidden site’s version with 403 in the envelope', async () => {
    const r = await server.call('POST', EXPORT, { token: viewerToken, body: { versionId: hiddenVersionId } });
    expect(r.status).toBe(403);
  });
});

describe('GET /data-process/statistics/home_rose', () => {
  const rose = (stationId: number, type: string, language: 'ZH' | 'EN' = 'ZH') =>
    server.call('GET', `${HOME_ROSE}?stationId=${stationId}&type=${type}`, { token: viewerToken, language });

  it('draws the wind direction and wind energy roses of the last 12 months (all from the east)', async () => {
    for (const type of ['direction', 'energy']) {
      const r = await rose(site.id, type);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ type, channelName: 'Spd80mN', heightM: 80, unit: '%' });
      expect(r.body.data.categories).toHaveLength(16);
      expect(r.body.data.categories[4]).toBe('东');
      expect(r.body.data.values[4]).toBeCloseTo(100, 10);
    }
    expect((await rose(site.id, 'direction', 'EN')).body.data.categories[4]).toBe('E');
  });

  it('draws the monthly and daily mean speeds and the speed frequency', async () => {
    const monthly = (await rose(site.id, 'monthly')).body.data;
    expect(monthly.categories).toEqual(['2024-01', '2024-02']);
    expect(monthly.unit).toBe('m/s');
    const daily = (await rose(site.id, 'daily')).body.data;
    expect(daily.categories).toHaveLength(24);
    expect(daily.categories[0]).toBe('00');
    const frequency = (await rose(site.id, 'frequency')).body.data;
    expect(frequency.categories.slice(0, 3)).toEqual(['0', '1', '2']);
    expect(frequency.values[5]).toBeCloseTo(15, 10);
    expect(frequency.startTime).toBe('2024-01-01T00:00:00.000Z');
  });

  it('leaves a speed outside the physical limits out of every home chart, as every analysis does (issue 41 §1)', async () => {
    // Two days at 5 m/s from the east, one record of 85 m/s that nobody ran QC on.
    const spiked = await buildStation(server.db);
    const lines = ['Timestamp,Spd80mN,Dir78mS'];
    for (let i = 0; i < 288; i++)
      lines.push(`${stamp(Date.UTC(2024, 2, 1) + i * 600_000)},${i === 100 ? 85 : 5},90`);
    await ingest(spiked.id, 'spike.csv', `${lines.join('\n')}\n`);
    await grantRoleStations(server.db, viewerRoleId, [spiked.id]);
    const monthly = (await rose(spiked.id, 'monthly')).body.data;
    expect(monthly.values).toEqual([5]);
    const frequency = (await rose(spiked.id, 'frequency')).body.data;
    expect(Math.max(...frequency.categories.map(Number))).toBeLessThan(10);
    expect(frequency.values.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(100, 10);
    const energy = (await rose(spiked.id, 'energy')).body.data;
    expect(energy.values[4]).toBeCloseTo(100, 10);
  });

  it('answers empty arrays and nulls for a site without data', async () => {
    const r = await rose(emptySite.id, 'direction');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ categories: [], values: [], channelName: null, startTime: null });
  });

  it('refuses a site the caller cannot see and an unknown chart type', async () => {
    const hiddenStation = await server.db
      .selectFrom('dataset_version')
      .select('station_id')
      .where('id', '=', hiddenVersionId)
      .executeTakeFirstOrThrow();
    expect((await rose(hiddenStation.station_id, 'direction')).status).toBe(403);
    expect((await rose(site.id, 'sideways')).status).toBe(400);
  });
});
