import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alignForMcp, fitMcp, type McpMethod, type McpPeriod, type McpSeries } from '@masthub/wind';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../../../../test/test-server.ts';
import { ingestOriginal } from '../../../../test/wind-fixtures.ts';

/**
 * The correlation tab's averaging periods and methods over the real app (PostgreSQL, ingestion, the
 * statistics route and service): 92 days of 10-min data from 2024-01-01 00:00 UTC (Jan–Mar whole), a noisy
 * diurnal 80 m reference, 40 m = 0.85·x + 0.3 with its own noise (every 29th record and one 6-hour hole
 * missing), a turning vane at 78 m. Expected lines are the long-term workbench's alignForMcp + fitMcp on
 * the same values as stored (Float32), with days and months in the caller's zone (+08:00).
 */

const ANALYSIS = '/api/data-process/statistics/analysis';
const EXPORT = '/api/data-process/statistics/export';
const ROWS = 92 * 144;
const START = Date.UTC(2024, 0, 1);
const ZONE_MS = 8 * 3_600_000;

function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The dataset's columns as written (3 decimals) and as stored (Float32). */
function makeDataset(): { csv: string; x: Float64Array; y: Float64Array; d: Float64Array } {
  let seed = 7_771;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const x = new Float64Array(ROWS);
  const y = new Float64Array(ROWS);
  const d = new Float64Array(ROWS);
  const lines = ['Timestamp,Spd80mN,Spd40mN,Dir78mS'];
  for (let i = 0; i < ROWS; i++) {
    const hour = (i % 144) / 6;
    const v = Math.max(0.3, 7 + 2.5 * Math.sin((hour / 24) * 2 * Math.PI) + 4 * (random() - 0.5));
    const low = 0.85 * v + 0.3 + 1.2 * (random() - 0.5);
    const isMissing = i % 29 === 0 || (i >= 2000 && i < 2036);
    const cells = [
      v.toFixed(3),
      isMissing ? '' : low.toFixed(3),
      ((i * 0.41 + 60 * random()) % 360).toFixed(1),
    ];
    lines.push([stamp(START + i * 600_000), ...cells].join(','));
    x[i] = Math.fround(Number(cells[0]));
    y[i] = isMissing ? Number.NaN : Math.fround(Number(cells[1]));
    d[i] = Math.fround(Number(cells[2]));
  }
  return { csv: `${lines.join('\n')}\n`, x, y, d };
}

let server: TTestServer;
let dataDir: string;
let token: string;
let versionId: number;
let ids: Map<string, number>;
let reference: McpSeries;
let target: McpSeries;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-correlation-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  const site = await buildStation(server.db);
  const dataset = makeDataset();
  const file = path.join(dataDir, 'pair.csv');
  writeFileSync(file, dataset.csv);
  ({ versionId, channelIds: ids } = await ingestOriginal(server, site.id, {
    fileName: 'pair.csv',
    path: file,
  }));
  const viewer = await buildUser(server.db, { features: [] });
  await grantRoleStations(server.db, viewer.roleId, [site.id]);
  token = await server.login(viewer.account, viewer.password);
  reference = { startMs: START + ZONE_MS, intervalMinutes: 10, speedMps: dataset.x, directionDeg: dataset.d };
  target = { startMs: START + ZONE_MS, intervalMinutes: 10, speedMps: dataset.y };
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function analyse(body: Record<string, unknown>, language: 'ZH' | 'EN' = 'ZH') {
  return server.call('POST', ANALYSIS, {
    token,
    body: { versionId, correlationReferenceId: ids.get('Spd80mN'), ...body },
    language,
    headers: { 'utc-code': '+08:00' },
  });
}

async function correlationOf(body: Record<string, unknown>, language: 'ZH' | 'EN' = 'ZH') {
  const r = await analyse(body, language);
  expect(r.status, r.body.msg).toBe(200);
  const section = r.body.data.correlation;
  return { section, item: section.items.find((i: any) => i.targetChannelId === ids.get('Spd40mN')) };
}

const relative = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-12);

describe('the correlation tab’s averaging period and method', () => {
  it('fits the 10-min records by OLS by default and says so in the caller’s language', async () => {
    const { section, item } = await correlationOf({});
    expect(section).toMatchObject({
      period: '10min',
      periodName: '10 分钟（原始记录）',
      coverage: null,
      method: 'ols',
      methodName: '普通最小二乘',
    });
    const explicit = await correlationOf({ correlationPeriod: '10min', correlationMethod: 'ols' });
    expect(explicit.item).toEqual(item);
    const english = await correlationOf({}, 'EN');
    expect(english.section).toMatchObject({
      periodName: '10-min (records)',
      methodName: 'Ordinary least squares',
    });
    expect(item.slope).toBeCloseTo(0.85, 1);
  });

  it.each([
    ['1H', 'ols', 0.9],
    ['1H', 'tls', 0.9],
    ['1D', 'ols', 0.9],
    ['1D', 'tls', 0.9],
    ['1M', 'ols', 0.8],
    ['1M', 'tls', 0.8],
  ] as const)('fits %s %s (coverage %s) exactly as the long-term workbench’s fitMcp on the aligned means', async (period: McpPeriod, method: McpMethod, coverage: number) => {
    const { section, item } = await correlationOf({
      correlationPeriod: period,
      correlationMethod: method,
      correlationCoverage: coverage,
    });
    expect(section).toMatchObject({ period, method, coverage });
    const aligned = alignForMcp(reference, target, { period, coverageThreshold: coverage })!;
    const expected = fitMcp(aligned, { method }).overall!;
    expect(item.count).toBe(aligned.x.length);
    expect(relative(item.slope, expected.slope)).toBeLessThan(1e-12);
    expect(relative(item.intercept, expected.offset)).toBeLessThan(1e-12);
    expect(relative(item.rSquared, expected.rSquared)).toBeLessThan(1e-12);
    if (period === '1M') expect(item.count).toBe(3);
    if (period === '1D') expect(item.count).toBeGreaterThan(80);
    // The scatter is the averaged pairs; the line is the method's, over their range.
    expect(item.scatter.x.length).toBe(Math.min(item.count, 2000));
    const [x0, x1] = item.line.x;
    expect(item.line.y[0]).toBeCloseTo(expected.slope * x0 + expected.offset, 3);
    expect(item.line.y[1]).toBeCloseTo(expected.slope * x1 + expected.offset, 3);
    expect(x0).toBeCloseTo(Math.min(...aligned.x), 3);
  });

  it('gives by-sector rows of the chosen method on the means with the reference vane', async () => {
    const { item } = await correlationOf({
      correlationPeriod: '1H',
      correlationMethod: 'variance_ratio',
      sectors: 12,
    });
    expect(item.sectors).toHaveLength(12);
    const aligned = alignForMcp(reference, target, {
      period: '1H',
      coverageThreshold: 0.9,
      isReferenceDirectionUsed: true,
    })!;
    const bySector = fitMcp(aligned, {
      method: 'variance_ratio',
      sectors: 12,
      minSectorCount: 2,
      sectorFallback: 'none',
    });
    item.sectors.forEach((row: any, s: number) => {
      const e = bySector.bySector[s]!;
      expect(row.count).toBe(e.count);
      expect(relative(row.slope, e.line!.slope)).toBeLessThan(1e-12);
    });
    expect(item.strength).toMatchObject({ r: 'strong' });
  });

  it('draws SpeedSort’s line from the origin below its cutoff', async () => {
    const { section, item } = await correlationOf(
      { correlationPeriod: '1D', correlationMethod: 'speed_sort' },
      'EN',
    );
    expect(section.methodName).toBe('SpeedSort');
    expect(item.slope).not.toBeNull();
    expect(item.line.x.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown period or method and a coverage outside 0.5–1 with localised 400s', async () => {
    for (const [language, oneOf, range] of [
      ['ZH', '请选择有效的选项', '时段数据覆盖率须在 0.5–1 之间'],
      ['EN', 'Please choose a valid option', 'The coverage a period needs must be between 0.5 and 1'],
    ] as const) {
      const r = await analyse(
        { correlationPeriod: '2H', correlationMethod: 'matrix', correlationCoverage: 0.4 },
        language,
      );
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual(
        expect.arrayContaining([
          { field: 'correlationPeriod', message: oneOf },
          { field: 'correlationMethod', message: oneOf },
          { field: 'correlationCoverage', message: range },
        ]),
      );
    }
  });

  it('states the period, coverage and method on the workbook’s correlation sheet', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: EXPORT,
      headers: { token, language: 'EN', 'utc-code': '+08:00' },
      payload: { versionId, correlationPeriod: '1D', correlationMethod: 'tls', correlationCoverage: 0.75 },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Speed correlation')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Averaging period',
      'Coverage each period needs (%)',
      'Method',
    ]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Daily', 75, 'Orthogonal least squares']);
  });
});
