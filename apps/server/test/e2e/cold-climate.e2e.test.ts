import {
  renderText,
  type TSiteIceClass,
  type TSuitabilityResult,
  type TText,
  ZSiteIceClassList,
  ZSuitabilityResult,
} from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOutboundEvent } from '../../src/platform/events/outbound-events.ts';
import { confirmLayout } from '../layouts.ts';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';
import { seedOriginal } from '../wind-fixtures.ts';

/**
 * The cold-climate answer (issue 45 §2) over the whole app on real PostgreSQL: a crafted winter mast (90 days
 * of 2024, always below 0 °C, 4 humid days, a cup frozen for 6 hours, two bitter days) in the suitability
 * answer in both languages, its ice class on the home map's layer (the nightly refresh), and the icing alarm of arriving data
 * (icing begins → message and alarm.opened; later data without icing → closed, message, alarm.closed).
 */

const DAY_MS = 86_400_000;
const STEP_MS = 600_000;
const START_MS = Date.UTC(2024, 0, 1);
const PER_DAY = DAY_MS / STEP_MS;

/** 90 days: T −32 °C on days 0–1, −22 °C on days 2–3, else −5 °C; RH 97 % on days 10–13; cup frozen day 11 06–12 h. */
function winterMast() {
  const n = 90 * PER_DAY;
  const ws = new Float64Array(n);
  const sd = new Float64Array(n);
  const wd = new Float64Array(n);
  const t = new Float64Array(n);
  const rh = new Float64Array(n);
  const frozen = (i: number) => i >= 11 * PER_DAY + 36 && i < 11 * PER_DAY + 72;
  for (let i = 0; i < n; i++) {
    const day = Math.floor(i / PER_DAY);
    ws[i] = frozen(i) ? 5.5 : 6 + ((i * 7) % 11) * 0.2;
    sd[i] = frozen(i) ? 0 : 0.6;
    wd[i] = (i * 37) % 360;
    t[i] = day < 2 ? -32 : day < 4 ? -22 : -5;
    rh[i] = day >= 10 && day < 14 ? 97 : 70;
  }
  return [
    { dataKey: 'ws_80_mean', name: 'WS 80m', element: 'ws', heightM: 80, values: ws },
    { dataKey: 'ws_80_sd', name: 'WS 80m SD', element: 'ws', heightM: 80, statistic: 'sd', values: sd },
    { dataKey: 'wd_78_mean', name: 'WD 78m', element: 'wd', heightM: 78, values: wd },
    { dataKey: 't_78_mean', name: 'T 78m', element: 'T', heightM: 78, unit: '°C', values: t },
    { dataKey: 'rh_78_mean', name: 'RH 78m', element: 'RH', heightM: 78, unit: '%', values: rh },
  ];
}

let server: TTestServer;
let token: string;
let cold: { stationId: number; versionId: number; speedId: number };

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  const site = await buildStation(server.db, { projectName: '寒区测试风电场' });
  const seeded = await seedOriginal(server, site.id, START_MS, winterMast());
  cold = { stationId: site.id, versionId: seeded.versionId, speedId: seeded.channels.ws_80_mean!.id };
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function check(language: 'EN' | 'ZH'): Promise<TSuitabilityResult> {
  const r = await server.call('POST', '/api/data-process/suitability/check', {
    token,
    language,
    body: { versionId: cold.versionId, hubHeight: 80, speedChannelId: cold.speedId },
  });
  expect(r.status, JSON.stringify(r.body).slice(0, 600)).toBe(200);
  return ZSuitabilityResult.parse(r.body.data);
}

describe('the cold-climate section of the site suitability', () => {
  it('gives the year its IEA ice class with the loss range, the icing shares, the minimum temperature and the hours below −20/−30 °C', async () => {
    const { coldClimate } = await check('EN');
    expect(coldClimate).not.toBeNull();
    expect(coldClimate!.temperatureChannel).toBe('T 78m');
    expect(coldClimate!.humidityChannel).toBe('RH 78m');
    expect(coldClimate!.years).toHaveLength(1);
    const year = coldClimate!.years[0]!;
    // 4 humid days of 90 below 0 °C: 4.44 % meteorological icing → IEA class 3 (3–5 %), loss 3–12 %.
    expect(year).toMatchObject({
      year: 2024,
      minTemperatureC: -32,
      hoursBelowMinus20C: 96,
      hoursBelowMinus30C: 48,
      iceClass: 3,
      productionLossPct: [3, 12],
    });
    expect(year.meteorologicalIcingPct).toBeCloseTo((100 * 4) / 90, 2);
    // The frozen cup (6 h, humid and cold) is the one instrumental spell; its evidence names the symptom.
    const instrumental = coldClimate!.periods.filter((p) => p.kind === 'instrumental');
    expect(instrumental).toHaveLength(1);
    expect(instrumental[0]).toMatchObject({
      startTime: new Date(START_MS + 11 * DAY_MS + 6 * 3_600_000).toISOString(),
      reasons: ['cup-flat'],
      channels: ['WS 80m', 'WD 78m', 'T 78m'],
    });
    expect(instrumental[0]!.evidence).toBe('Cup frozen (sd = 0) (36)');
    expect(coldClimate!.periods.filter((p) => p.kind === 'meteorological')).toHaveLength(1);
    expect(coldClimate!.summary).toMatch(/^IEA ice class 3 in 2024: meteorological icing 4\.44 %.*3–12 %/);
    expect(coldClimate!.summary).toMatch(/Minimum temperature −?-?32\.0 °C/);
    expect(coldClimate!.iceClasses.map((c) => c.iceClass)).toEqual([1, 2, 3, 4, 5]);
  }, 60_000);

  it('writes the section in Chinese for a Chinese reader', async () => {
    const { coldClimate } = await check('ZH');
    expect(coldClimate!.summary).toMatch(/^2024 年 IEA 覆冰等级 3：气象覆冰占实测时间的 4\.44 %/);
    expect(coldClimate!.periods.find((p) => p.kind === 'instrumental')!.kindName).toBe('仪器覆冰');
    expect(coldClimate!.source).toMatch(/Task 19/);
  }, 60_000);

  it('stores the ice class for the home map’s layer by the nightly refresh, with the year it covers', async () => {
    // A read (the suitability check) writes nothing: the nightly job stores the figure.
    expect((await server.call('GET', '/api/web/map/ice_classes', { token })).body.data).toEqual([]);
    expect(await server.services.coldClimate.refreshAll()).toBeGreaterThanOrEqual(1);
    const r = await server.call('GET', '/api/web/map/ice_classes', { token });
    expect(r.status).toBe(200);
    const layer: TSiteIceClass[] = ZSiteIceClassList.parse(r.body.data);
    expect(layer.find((s) => s.stationId === cold.stationId)).toMatchObject({
      year: 2024,
      iceClass: 3,
      minTemperatureC: -32,
    });
    expect(layer.find((s) => s.stationId === cold.stationId)!.meteorologicalIcingPct).toBeCloseTo(
      400 / 90,
      2,
    );
  }, 60_000);
});

describe('the icing alarm of arriving data', () => {
  /** A 10-minute file from `fromMs`: `slots` records; a frozen cup (sd 0) where `frozen(i)`; T −4 °C, RH 92 %. */
  function file(fromMs: number, slots: number, frozen: (i: number) => boolean): Buffer {
    const lines = ['Timestamp,WS_80m_Avg,WS_80m_SD,WD_78m_Avg,T_78m_Avg,RH_78m_Avg'];
    for (let i = 0; i < slots; i++) {
      const t = new Date(fromMs + i * STEP_MS).toISOString().slice(0, 19).replace('T', ' ');
      const ice = frozen(i);
      lines.push(`${t},${ice ? 4.2 : 6 + (i % 5) * 0.3},${ice ? 0 : 0.7},${(i * 37) % 360},-4,92`);
    }
    return Buffer.from(`${lines.join('\n')}\n`);
  }

  it('opens an icing alarm when the data shows a frozen cup and closes it when later data shows none, with messages and webhook events', async () => {
    const site = await buildStation(server.db, { projectName: '覆冰告警测试' });
    const announced: TOutboundEvent[] = [];
    server.services.events.subscribe(async (events) => {
      announced.push(...events.filter((e) => e.stationIds.includes(site.id)));
    });
    const dayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
    // First file: 12 h, the cup freezes for the last 3 h (icing still on at the end of the file).
    const first = file(dayStart, 72, (i) => i >= 54);
    await confirmLayout(server, site.id, 'a.csv', first);
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'a.csv',
      source: 'upload',
      bytes: first,
    });
    const alarms = () =>
      server.db
        .selectFrom('alarm')
        .select(['id', 'type', 'is_open', 'content', 'period_start', 'period_end'])
        .where('station_id', '=', site.id)
        .where('type', '=', 'icing')
        .execute();
    let icing = await alarms();
    expect(icing).toHaveLength(1);
    expect(icing[0]).toMatchObject({ is_open: true, content: { kind: 'icing', channels: ['WS_80m_Avg'] } });
    expect(icing[0]!.period_start).toEqual(new Date(dayStart + 54 * STEP_MS));
    const opened = announced.find((e) => e.kind === 'alarm.opened');
    expect(opened?.data).toEqual({
      alarmId: Number(icing[0]!.id),
      alarmType: 'icing',
      channel: 'WS_80m_Avg',
      days: null,
    });
    // Second file: the next 6 h, the cup turning again.
    const second = file(dayStart + 72 * STEP_MS, 36, () => false);
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'b.csv',
      source: 'upload',
      bytes: second,
    });
    icing = await alarms();
    expect(icing.map((a) => a.is_open)).toEqual([false]);
    // The §2.2 state keeps icing until the symptom has been absent for an hour (records 72–76 still iced).
    expect(icing[0]!.period_end).toEqual(new Date(dayStart + 77 * STEP_MS));
    expect(announced.find((e) => e.kind === 'alarm.closed')?.data).toEqual({
      alarmIds: [Number(icing[0]!.id)],
      reason: 'icing_ended',
    });
    // The notices, stored as texts: each user reads them in their own language.
    const messages = await server.db
      .selectFrom('message')
      .select(['message_text'])
      .where('type', '=', 'alarm')
      .execute();
    const mine = messages
      .map((m) => m.message_text as TText)
      .filter((m) => m.params?.code === String(site.stationCode) && /icing/.test(renderText(m, 'en')));
    expect(mine.map((m) => renderText(m, 'en'))).toEqual([
      `Site ${site.stationCode}: sensors icing up`,
      `Site ${site.stationCode}: sensor icing ended`,
    ]);
    expect(renderText(mine[0]!, 'zh')).toBe(`站点 ${site.stationCode} 传感器开始覆冰`);
    // The alarm list reads the alarm's content in the reader's language.
    const listed = await server.call('POST', '/api/web/alarm/page', {
      token,
      body: { stationId: site.id },
      language: 'EN',
    });
    const row = listed.body.data.records.find((r: { type: string }) => r.type === 'icing');
    expect(row).toMatchObject({ typeName: 'Sensors iced', content: 'Sensors iced: WS_80m_Avg' });
  }, 60_000);
});
