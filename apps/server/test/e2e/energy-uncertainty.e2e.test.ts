import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windSpeedUncertainty } from '../../src/modules/energy/index.ts';
import { composeAnalysisReport } from '../../src/modules/reports/analysis/analysis-report.ts';
import { seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { eyaDefValidator, hasEyaDefSchemas } from '../eya-def-validator.ts';
import {
  assignStations,
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

/**
 * The uncertainty chain of the energy yield on a demo mast (issue 46 §1): the table in the answer, the
 * measurement component from the register's class and the certificate in force, the typed components kept
 * with who and when, P90 moving with them, and the EYA DEF document valid with the uncertainty filled.
 */

let server: TTestServer;
let adminToken: string;
let stationId: number;
let versionId: number;
let speeds: { id: number; heightM: number }[];
let vanes: { id: number; heightM: number }[];
let turbineId: number;

interface TComponent {
  key: string;
  how: string;
  value: number;
  energy: number;
  note?: string;
  inputs: Record<string, number | string>;
}
interface TChain {
  components: TComponent[];
  measurement: {
    heightM: number;
    classIndex: number;
    calibrationIsDefault: boolean;
    certificateId: string;
  }[];
  sensitivity: number;
  horizons: { years: number; sigma: number; P50: number; P90: number }[];
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    versionId,
    speedChannelId: speeds.at(-1)!.id,
    directionChannelId: vanes.at(-1)!.id,
    hubHeight: 120,
    turbineIds: [turbineId],
    losses: { wake: 8, availability: 3, electrical: 2, icing: 0, curtailment: 0, other: 0 },
    ...overrides,
  };
}

async function calculate(): Promise<{
  chain: TChain;
  overrides: { key: string; userName: string; updatedAt: string }[];
}> {
  const r = await server.call('POST', '/api/data-process/energy/calculate', {
    token: adminToken,
    body: body(),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { chain: r.body.data.turbines[0].uncertainty, overrides: r.body.data.uncertaintyOverrides };
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  const site = await buildStation(server.db, { projectName: '不确定度测试风电场' });
  stationId = site.id;
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1400 })
    .where('id', '=', site.id)
    .execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 1,
    firstMonth: Date.UTC(2026, 9, 1),
  });
  const version = await server.db
    .selectFrom('dataset_version')
    .select('id')
    .where('station_id', '=', site.id)
    .executeTakeFirstOrThrow();
  versionId = Number(version.id);
  const fields = await server.call('GET', `/api/web/report/data/fields?versionId=${versionId}`, {
    token: adminToken,
  });
  speeds = fields.body.data.speeds;
  vanes = fields.body.data.directions;
  const page = await server.call('POST', '/api/web/turbine/page', { token: adminToken, body: {} });
  turbineId = page.body.data.records[0].id;

  // The top cup in the site's configuration, a class in the register and a certificate in force.
  const top = await server.db
    .selectFrom('ts_channel')
    .select(['data_key', 'name', 'height_m'])
    .where('id', '=', speeds.at(-1)!.id)
    .executeTakeFirstOrThrow();
  const config = await server.db
    .insertInto('channel_config')
    .values({
      station_id: stationId,
      name: 'demo',
      effective_from: new Date(Date.UTC(2026, 0, 1)),
      updater_name: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('channel_config_channel')
    .values({
      config_id: config.id,
      position: 0,
      channel_name: top.name,
      element: 'ws',
      height_m: top.height_m,
      data_key: top.data_key,
      statistic: 'mean',
      boom_orientation_deg: 270,
      sensor_make: 'Thies',
      sensor_model: 'First Class',
      sensor_serial: 'UNC-TOP',
    })
    .execute();
  const sensor = await server.db
    .insertInto('sensor')
    .values({ oem: 'Thies', model: 'First Class', serial_number: 'UNC-TOP', classification: '0.9A/3.2B' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('sensor_calibration')
    .values({
      sensor_id: sensor.id,
      calibration_id: 'CAL-UNC-1',
      date_of_calibration: '2025-12-01',
      uncertainty_k_factor: 2,
      calibration_uncertainty: JSON.stringify([
        { reference_bin: 4, reference_unit: 'm/s', combined_uncertainty: 0.1 },
        { reference_bin: 8, reference_unit: 'm/s', combined_uncertainty: 0.12 },
        { reference_bin: 12, reference_unit: 'm/s', combined_uncertainty: 0.14 },
      ]),
      source: 'manual',
    })
    .execute();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('the uncertainty chain of the energy yield (issue 46 §1)', () => {
  it('answers the components in their categories: measurement from the register’s class and certificate, no reconstruction, defaults stated', async () => {
    const { chain, overrides } = await calculate();
    expect(overrides).toEqual([]);
    const byKey = Object.fromEntries(chain.components.map((c) => [c.key, c]));
    expect(Object.keys(byKey)).toEqual([
      'measurement',
      'longTermPeriod',
      'referenceConsistency',
      'mcp',
      'reconstruction',
      'verticalExtrapolation',
      'horizontalExtrapolation',
      'futureVariability',
      'plantPerformance',
    ]);
    const top = chain.measurement.find((m) => m.heightM === speeds.at(-1)!.heightM)!;
    expect(top).toMatchObject({ classIndex: 0.9, calibrationIsDefault: false, certificateId: 'CAL-UNC-1' });
    expect(byKey.measurement).toMatchObject({ how: 'computed', inputs: { k: 0.9, u_mount: 0.015 } });
    expect(byKey.reconstruction).toMatchObject({ value: 0, note: 'noReconstruction' });
    expect(byKey.mcp).toMatchObject({ value: 0, note: 'noLongTerm' });
    expect(byKey.plantPerformance).toMatchObject({ how: 'default', value: 0.03 });
    // S from the curve and the site's distribution, and P90 below P50 falling less for longer horizons.
    expect(chain.sensitivity).toBeGreaterThan(1);
    const [one, ten, twenty] = chain.horizons;
    expect(one!.P90).toBeLessThan(ten!.P90);
    expect(ten!.P90).toBeLessThan(twenty!.P90);
    expect(twenty!.P90).toBeLessThan(twenty!.P50);
  });

  it('takes the gap reconstruction from the version’s last reconstruct task’s uncertaintyPct', async () => {
    const inserted = await server.db
      .insertInto('processing_task')
      .values({
        version_id: versionId,
        station_id: stationId,
        kind: 'reconstruct',
        status: 'succeeded',
        result: JSON.stringify({ uncertaintyPct: 1.2 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const { chain } = await calculate();
      const reconstruction = chain.components.find((c) => c.key === 'reconstruction')!;
      expect(reconstruction).toMatchObject({
        how: 'computed',
        value: 0.012,
        inputs: { taskId: Number(inserted.id) },
      });
      expect(reconstruction.note).toBeUndefined();
      // Undone, the reconstruction no longer counts.
      await server.db
        .insertInto('reconstruction_undo')
        .values({ task_id: inserted.id, version_id: versionId, entries: '[]', undone_at: new Date() })
        .execute();
      const undone = (await calculate()).chain.components.find((c) => c.key === 'reconstruction')!;
      expect(undone.value).toBe(0);
    } finally {
      await server.db.deleteFrom('processing_task').where('id', '=', inserted.id).execute();
    }
  });

  it('keeps a typed component with who typed it and when, moves P90, and goes back to the default on null', async () => {
    const before = await calculate();
    const saved = await server.call('PUT', '/api/data-process/energy/uncertainty', {
      token: adminToken,
      body: { versionId, key: 'plantPerformance', valuePct: 8 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual([
      { key: 'plantPerformance', valuePct: 8, userName: expect.any(String), updatedAt: expect.any(String) },
    ]);
    const after = await calculate();
    const plant = after.chain.components.find((c) => c.key === 'plantPerformance')!;
    expect(plant).toMatchObject({ how: 'typed', value: 0.08 });
    expect(after.overrides[0]!.userName).toBe(saved.body.data[0].userName);
    expect(after.chain.horizons[0]!.P90).toBeLessThan(before.chain.horizons[0]!.P90);
    const reset = await server.call('PUT', '/api/data-process/energy/uncertainty', {
      token: adminToken,
      body: { versionId, key: 'plantPerformance', valuePct: null },
    });
    expect(reset.body.data).toEqual([]);
    expect((await calculate()).chain.horizons[0]!.P90).toBeCloseTo(before.chain.horizons[0]!.P90, 9);
  });

  it('refuses a value outside 0–100 and an unknown component in the caller’s language, and a caller without the processing permission', async () => {
    const bad = await server.call('PUT', '/api/data-process/energy/uncertainty', {
      token: adminToken,
      language: 'EN',
      body: { versionId, key: 'measurement', valuePct: 120 },
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(
      bad.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields.valuePct).toBe('Please enter a percentage between 0 and 100');
    expect(fields.key).toBeDefined();
    const zh = await server.call('PUT', '/api/data-process/energy/uncertainty', {
      token: adminToken,
      body: { versionId, key: 'plantPerformance', valuePct: -1 },
    });
    expect(JSON.stringify(zh.body.data)).toContain('请输入 0–100 之间的百分数');
    const viewer = await buildUser(server.db, { features: [] });
    await assignStations(server.db, viewer.id, [stationId]);
    const token = await server.login(viewer.account, viewer.password);
    const refused = await server.call('PUT', '/api/data-process/energy/uncertainty', {
      token,
      body: { versionId, key: 'plantPerformance', valuePct: 4 },
    });
    expect(refused.status).toBe(403);
  });

  it('writes the chain on the workbook’s uncertainty sheet in the caller’s language, a typed value with who typed it', async () => {
    await server.call('PUT', '/api/data-process/energy/uncertainty', {
      token: adminToken,
      body: { versionId, key: 'horizontalExtrapolation', valuePct: 1.5 },
    });
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/energy/export',
      headers: { token: adminToken, 'content-type': 'application/json', language: 'CN' },
      payload: body(),
    });
    expect(r.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('不确定度')!;
    const rows = Array.from(sheet.getSheetValues(), (v) => (Array.isArray(v) ? v.slice(1) : []));
    expect(rows[2]).toEqual([
      '分量',
      'IEC 61400-15-2 类别',
      '相对于',
      '数值 %',
      '折算电量 %（1 年）',
      '来源方式',
      '公式与输入',
      '依据',
      '说明',
    ]);
    const horizontal = rows.find((row) => row[0] === '水平外推')!;
    expect(horizontal.slice(3, 6)).toEqual([1.5, expect.any(Number), '填写']);
    expect(String(horizontal[8])).toMatch(/^由 .+ 于 .+ 填写$/);
    expect(rows.some((row) => row[0] === 20)).toBe(true);
    await server.call('PUT', '/api/data-process/energy/uncertainty', {
      token: adminToken,
      body: { versionId, key: 'horizontalExtrapolation', valuePct: null },
    });
  });

  it('puts the wind-speed uncertainty at the target height in the analysis report’s period chapter, in both languages', async () => {
    const stats = await server.call('POST', '/api/data-process/statistics/analysis', {
      token: adminToken,
      body: { versionId },
    });
    expect(stats.status).toBe(200);
    const statistics = stats.body.data;
    const channels = await server.db
      .selectFrom('ts_channel')
      .select(['id', 'data_key'])
      .where('version_id', '=', versionId)
      .execute();
    const keyOf = new Map(channels.map((c) => [Number(c.id), c.data_key]));
    const heights = (statistics.shear.channelIds as number[]).map((id, i) => ({
      dataKey: keyOf.get(id)!,
      heightM: statistics.shear.heightsM[i] as number,
      meanSpeedMps: statistics.shear.meanSpeeds[i] as number,
    }));
    const uncertainty = (await windSpeedUncertainty(server.db, {
      versionId,
      stationId,
      fromMs: Date.parse(statistics.startTime),
      heights,
      targetHeightM: 120,
      shear: { heightsM: heights.map((h) => h.heightM), meanSpeedsMps: heights.map((h) => h.meanSpeedMps) },
      longTerm: null,
      measuredYears: 1 / 12,
    }))!;
    expect(uncertainty.components.every((c) => c.basis === 'speed')).toBe(true);
    expect(uncertainty.combined[0]!.value).toBeGreaterThan(uncertainty.combined[1]!.value);
    for (const language of ['zh', 'en'] as const) {
      const { blocks } = composeAnalysisReport(
        statistics,
        {
          reportName: 'x',
          station: {
            code: '1',
            projectName: 'x',
            location: '',
            longitude: 0,
            latitude: 0,
            altitudeM: null,
            mastHeightM: null,
            manufacturerName: '',
          },
          versionName: 'x',
          longTerm: null,
          startDate: '2026-10-01',
          endDate: '2026-10-31',
          targetHeightM: 120,
          sectorWidthDeg: 30,
          generatedAt: new Date('2026-11-29T00:00:00Z'),
          ownerName: 'admin',
          uncertainty,
        },
        ['period'],
        language,
      );
      const json = JSON.stringify(blocks);
      expect(json).toContain(
        language === 'zh' ? '120 m 高度平均风速的不确定度' : 'Uncertainty of the mean wind speed at 120 m',
      );
      expect(json).toContain(language === 'zh' ? '垂直外推' : 'Vertical extrapolation');
      expect(json).toContain(language === 'zh' ? '无缺测重建' : 'no reconstruction');
    }
  });

  it.skipIf(!hasEyaDefSchemas)(
    'writes the demo mast’s EYA DEF document with every uncertainty category, S and the 1/10/20-year levels, valid against the schema',
    async () => {
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/data-process/energy/eya_def',
        headers: { token: adminToken, 'content-type': 'application/json', language: 'EN' },
        payload: body(),
      });
      expect(r.statusCode).toBe(200);
      const document = JSON.parse(r.payload);
      expect(eyaDefValidator()(document)).toEqual([]);
      const { chain } = await calculate();
      const wind = document.scenarios[0].energy_assessment.wind_uncertainty_assessment;
      expect(wind.categories.map((c: { label: string }) => c.label)).toEqual([
        'measurement',
        'historical_wind_resource',
        'vertical_extrapolation',
        'horizontal_extrapolation',
        'future_assessment_period_variability',
      ]);
      expect(wind.wind_speed_to_energy_sensitivity_factor).toBeCloseTo(chain.sensitivity, 5);
      expect(
        wind.results.relative_energy_uncertainty[0].statistics.map(
          (s: { statistic: { return_period: number } }) => s.statistic.return_period,
        ),
      ).toEqual([1, 10, 20]);
      const net =
        document.scenarios[0].energy_assessment.net_energy_assessment.results.annual_energy_production[0]
          .statistics;
      const p90of20 = net.find(
        (s: { statistic: { probability?: number; return_period?: number } }) =>
          s.statistic.probability === 0.9 && s.statistic.return_period === 20,
      );
      expect(p90of20.values).toBeCloseTo(chain.horizons[2]!.P90 / 1000, 5);
      const plant =
        document.scenarios[0].energy_assessment.plant_performance_assessment.results.efficiency[0];
      expect(
        plant.statistics.map((s: { statistic: { statistic_type: string } }) => s.statistic.statistic_type),
      ).toEqual(['mean', 'standard_deviation']);
    },
  );
});
