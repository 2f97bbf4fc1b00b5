import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFigures } from '../../src/modules/reports/group/collect.ts';
import { composeReport } from '../../src/modules/reports/group/compose.ts';
import {
  backfillStationDays,
  openTimeSeriesStore,
  refreshStationDays,
  writeSeries,
} from '../../src/modules/timeseries/index.ts';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

/**
 * Measured recovery and recovery after reconstruction (issue 45 §1 "Provenance") over the real app: a site
 * with three whole UTC days of 10-minute speeds before today, whose middle day lacks its first 72 records;
 * those 72 slots are then filled (values with flag 1, as the reconstruction and the interpolation store
 * them) and the day recounted as the data-arrived listener does. Measured: 360 of 432 slots (83.33 %),
 * after reconstruction 432 of 432 (100 %) — on the hub, in the group report and in the statistics.
 */

const DAY_MS = 86_400_000;
const STEP_MS = 600_000;

let server: TTestServer;
let dataDir: string;
let adminToken: string;
let site: { id: number; stationCode: string };
let versionId: number;
let today: number;

function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-filled-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  site = await buildStation(server.db, { projectName: '重建测试风电场' });
  today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const first = today - 3 * DAY_MS;
  const gapFrom = today - 2 * DAY_MS;
  const lines = ['Timestamp,Spd80mN'];
  for (let t = first; t < today; t += STEP_MS) {
    if (t >= gapFrom && t < gapFrom + 72 * STEP_MS) continue;
    lines.push(`${stamp(t)},${5 + ((t / STEP_MS) % 5)}`);
  }
  const file = path.join(dataDir, 'three-days.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const result = await server.services.ingestion.ingestFile({
    stationId: site.id,
    fileName: 'three-days.csv',
    source: 'seed',
    path: file,
  });
  expect(result.status, JSON.stringify(result)).toBe('parsed');
  const store = openTimeSeriesStore(server.db);
  versionId = (await store.findOriginalVersion(site.id))!.id;
  const speed = (await store.listChannels(versionId)).find((c) => c.name === 'Spd80mN')!;
  await server.db.transaction().execute(async (trx) => {
    const inTrx = openTimeSeriesStore(trx);
    await writeSeries(
      inTrx,
      versionId,
      speed,
      gapFrom,
      new Float32Array(72).fill(6.5),
      new Uint8Array(72).fill(1),
    );
    await refreshStationDays(trx, site.id, versionId, first, today - 1);
  });
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the hub: measured recovery and recovery after reconstruction', () => {
  it('counts a day holding filled values apart: 72 valid and 72 filled of 144', async () => {
    const days = await server.db
      .selectFrom('station_day')
      .select(['day', 'valid_slots', 'filled_slots'])
      .where('station_id', '=', site.id)
      .orderBy('day')
      .execute();
    expect(days.map((d) => [d.valid_slots, d.filled_slots])).toEqual([
      [144, 0],
      [72, 72],
      [144, 0],
    ]);
  });

  it('shows both figures for a site whose day holds filled values: 83.3 % measured, 100 % after', async () => {
    const r = await server.call('GET', '/api/web/hub/overview', { token: adminToken, language: 'EN' });
    expect(r.status).toBe(200);
    for (const window of [r.body.data.recovery7, r.body.data.recovery30]) {
      expect(window.sites).toBe(1);
      expect(window.meanPct).toBeCloseTo((360 / 432) * 100, 6);
      expect(window.meanAfterPct).toBeCloseTo(100, 6);
      expect(window.filledSites).toBe(1);
      expect(window.worst[0]).toMatchObject({ stationId: site.id, recoveryPct: 83.3, recoveryAfterPct: 100 });
      // The bands go by the measured figure.
      expect(window.bands.find((b: { from: number }) => b.from === 80).count).toBe(1);
    }
  });

  it('recounts the filled values of days counted before migration 0048 in the back-fill job', async () => {
    await server.db
      .updateTable('station_day')
      .set({ filled_slots: null })
      .where('station_id', '=', site.id)
      .execute();
    expect(await backfillStationDays(server.db)).toBe(1);
    const filled = await server.db
      .selectFrom('station_day')
      .select('filled_slots')
      .where('station_id', '=', site.id)
      .orderBy('day')
      .execute();
    expect(filled.map((d) => d.filled_slots)).toEqual([0, 72, 0]);
    expect(await backfillStationDays(server.db)).toBe(0);
  });
});

describe('the group report: recovery before/after', () => {
  it('collects the measured recovery and the one after reconstruction of the site, and prints both', async () => {
    const period = { start: new Date(today - 3 * DAY_MS), end: new Date(today) };
    const figures = await collectFigures(server.db, [site.id], period as never);
    expect(figures.sites[0]!.recovery).toBeCloseTo(360 / 432, 9);
    expect(figures.sites[0]!.recoveryAfter).toBeCloseTo(1, 9);
    expect(figures.reporting).toBe(1);
    for (const [language, measured, after] of [
      ['zh', '实测完整率', '重建后完整率'],
      ['en', 'Measured recovery', 'Recovery after reconstruction'],
    ] as const) {
      const blocks = composeReport({
        groupName: 'North',
        type: 'weekly',
        sections: ['sites'],
        figures,
        language,
        generatedAt: new Date(today),
      });
      const table = blocks.find((b) => b.kind === 'table');
      expect(table?.kind === 'table' && table.columns.slice(2, 4).map((c) => c.title)).toEqual([
        measured,
        after,
      ]);
      expect(table?.kind === 'table' && table.rows[0]!.slice(2, 4)).toEqual(['83.3%', '100.0%']);
    }
  });
});

describe('the statistics of the version: recovery tab and its sheet', () => {
  it('answers both rates per row and per month: 83.33 % measured, 100 % after, 72 filled', async () => {
    const r = await server.call('POST', '/api/data-process/statistics/analysis', {
      token: adminToken,
      body: { versionId },
      headers: { 'utc-code': '+00:00' },
    });
    expect(r.status, r.body.msg).toBe(200);
    const overall = r.body.data.recovery.rows.find((row: { isMonth: boolean }) => !row.isMonth);
    expect(overall).toMatchObject({ shouldCount: 432, lackCount: 72, validCount: 360, filledCount: 72 });
    expect(overall.validRate).toBeCloseTo((360 / 432) * 100, 9);
    expect(overall.validWithFilledRate).toBeCloseTo(100, 9);
    const byChannel = r.body.data.recovery.byChannel[0];
    expect(byChannel.ratesWithFilled.every((x: number) => x === 100)).toBe(true);
    expect(byChannel.rates.some((x: number) => x < 100)).toBe(true);
  });

  it('writes both figures, each labelled, into the recovery sheet of the export in both languages', async () => {
    for (const [language, measured, after] of [
      ['ZH', '实测完整率 (%)', '重建后完整率 (%)'],
      ['EN', 'Measured recovery (%)', 'Recovery after reconstruction (%)'],
    ] as const) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/data-process/statistics/export',
        headers: { token: adminToken, language, 'utc-code': '+00:00' },
        payload: { versionId },
      });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets.find((w) => {
        const values = w.getRow(1).values as unknown[];
        return values.includes(measured);
      })!;
      expect(sheet, `${language}: a sheet headed ${measured}`).toBeDefined();
      const header = sheet.getRow(1).values as unknown[];
      const row = sheet.getRow(2).values as unknown[];
      expect(row[header.indexOf(measured)]).toBeCloseTo((360 / 432) * 100, 2);
      expect(row[header.indexOf(after)]).toBeCloseTo(100, 2);
    }
  });
});
