import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { buildXlsxBomb } from '../archives.ts';
import { eyaDefValidator, hasEyaDefSchemas } from '../eya-def-validator.ts';
import { multipartBody } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let adminToken: string;
let versionId: number;
let speeds: { id: number; heightM: number }[];
let vanes: { id: number; heightM: number }[];
let reference: { id: number; model: string }[];

const WTG = `<?xml version="1.0" encoding="utf-8"?>
<WindTurbineGenerator Description="Demo 2 MW" ManufacturerName="Example Wind" RotorDiameter="110">
  <SuggestedHeights><Height>90</Height></SuggestedHeights>
  <PerformanceTable AirDensity="1.225"><DataTable>
    <DataPoint WindSpeed="3" PowerOutput="0" ThrustCoEfficient="0.9"/>
    <DataPoint WindSpeed="4" PowerOutput="66000" ThrustCoEfficient="0.85"/>
    <DataPoint WindSpeed="5" PowerOutput="171000" ThrustCoEfficient="0.82"/>
    <DataPoint WindSpeed="6" PowerOutput="322000" ThrustCoEfficient="0.8"/>
    <DataPoint WindSpeed="7" PowerOutput="528000" ThrustCoEfficient="0.8"/>
    <DataPoint WindSpeed="8" PowerOutput="800000" ThrustCoEfficient="0.78"/>
    <DataPoint WindSpeed="9" PowerOutput="1134000" ThrustCoEfficient="0.75"/>
    <DataPoint WindSpeed="10" PowerOutput="1505000" ThrustCoEfficient="0.7"/>
    <DataPoint WindSpeed="11" PowerOutput="1824000" ThrustCoEfficient="0.6"/>
    <DataPoint WindSpeed="12" PowerOutput="1979000" ThrustCoEfficient="0.5"/>
    <DataPoint WindSpeed="13" PowerOutput="2000000" ThrustCoEfficient="0.4"/>
    <DataPoint WindSpeed="25" PowerOutput="2000000" ThrustCoEfficient="0.06"/>
  </DataTable></PerformanceTable>
</WindTurbineGenerator>`;

async function importFile(fileName: string, content: string | Buffer, token = adminToken, language = 'EN') {
  const { payload, contentType } = multipartBody([{ name: 'file', fileName, content: Buffer.from(content) }]);
  const r = await server.app.inject({
    method: 'POST',
    url: '/api/web/turbine/import',
    headers: { token, 'content-type': contentType, language },
    payload,
  });
  return { status: r.statusCode, body: r.json() };
}

function energyBody(overrides: Record<string, unknown> = {}) {
  return {
    versionId,
    speedChannelId: speeds.at(-1)!.id,
    directionChannelId: vanes.at(-1)!.id,
    hubHeight: 120,
    shearMode: 'overall',
    sectorWidth: 30,
    turbineIds: reference.map((t) => t.id).slice(0, 2),
    densityMode: 'measured',
    losses: { wake: 8, availability: 3, electrical: 2, icing: 0, curtailment: 0, other: 0 },
    uncertainties: [
      { name: 'measurement', value: 5 },
      { name: 'long-term', value: 6 },
      { name: 'model', value: 4 },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  const site = await buildStation(server.db, { projectName: '发电量测试风电场' });
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
  reference = page.body.data.records;
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('turbine library', () => {
  it('ships three openly published reference turbines, each with its source and licence, read-only', async () => {
    const page = await server.call('POST', '/api/web/turbine/page', { token: adminToken, body: {} });
    const builtins = page.body.data.records.filter((t: { isBuiltin: boolean }) => t.isBuiltin);
    expect(builtins.map((t: { model: string }) => t.model).sort()).toEqual([
      'IEA 15 MW RWT (240 m)',
      'IEA 3.4 MW RWT (130 m)',
      'NREL 5 MW reference (126 m)',
    ]);
    for (const t of builtins) {
      expect(t.source.length).toBeGreaterThan(20);
      expect(t.licence).toMatch(/Apache-2.0|BSD-3-Clause/);
      expect(Math.max(...t.curve.map((p: { power: number }) => p.power))).toBeCloseTo(t.ratedKw, 0);
    }
    const edit = await server.call('POST', '/api/web/turbine/save', {
      token: adminToken,
      language: 'EN',
      body: { ...builtins[0], id: builtins[0].id, ratedKw: 1 },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toMatch(/built-in reference turbine/);
    const del = await server.call('GET', `/api/web/turbine/delete?id=${builtins[0].id}`, {
      token: adminToken,
    });
    expect(del.status).toBe(409);
  });

  it('reads a WAsP .wtg into form values, saves it once, refuses it twice and exports it back as .wtg', async () => {
    const read = await importFile('demo.wtg', WTG);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({
      model: 'Demo 2 MW',
      manufacturer: 'Example Wind',
      rotorDiameterM: 110,
      ratedKw: 2000,
    });
    expect(
      await server.db.selectFrom('turbine').select('id').where('model', '=', 'Demo 2 MW').execute(),
    ).toEqual([]);
    const saved = await server.call('POST', '/api/web/turbine/save', {
      token: adminToken,
      body: read.body.data,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = await server.call('POST', '/api/web/turbine/save', {
      token: adminToken,
      language: 'EN',
      body: read.body.data,
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('The turbine library already has “Example Wind Demo 2 MW”');
    const exported = await server.app.inject({
      method: 'GET',
      url: `/api/web/turbine/export?id=${saved.body.data.id}`,
      headers: { token: adminToken },
    });
    expect(exported.headers['content-disposition']).toMatch(/\.wtg/);
    const back = await importFile('back.wtg', exported.body);
    expect(back.body.data.curve).toEqual(read.body.data.curve);
  });

  it('refuses a curve whose speeds do not increase, an unreadable file and a user without the library permission', async () => {
    const bad = await server.call('POST', '/api/web/turbine/save', {
      token: adminToken,
      language: 'EN',
      body: {
        model: 'Bad',
        ratedKw: 2000,
        rotorDiameterM: 100,
        curve: [
          { speed: 4, power: 10, ct: null },
          { speed: 4, power: 20, ct: null },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toContainEqual({
      field: 'curve.1.speed',
      message: 'The power curve speeds must increase point by point',
    });
    const unreadable = await importFile('junk.wtg', '<html>not a turbine</html>');
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.msg).toContain('“junk.wtg” cannot be read');
    const reader = await buildUser(server.db, { features: [] });
    const token = await server.login(reader.account, reader.password);
    expect((await importFile('demo.wtg', WTG, token)).status).toBe(403);
    const list = await server.call('POST', '/api/web/turbine/page', { token, body: {} });
    expect(list.status).toBe(200);
  });

  it('refuses an xlsx bomb (a 1.6 MB curve whose sheet unpacks to 520 MB) at the 32 MB a curve workbook may unpack to', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('curve').addRow(['Wind speed (m/s)', 'Power (kW)']);
    const bomb = await buildXlsxBomb(Buffer.from(await book.xlsx.writeBuffer()));
    const before = await server.db.selectFrom('turbine').select('id').execute();
    const en = await importFile('curve.xlsx', bomb);
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({
      msg: 'The file “curve.xlsx” was refused and nothing was stored: it unpacks to more than 32 MB in total',
      data: { errorCode: 'ARCHIVE_TOO_LARGE' },
    });
    const zh = await importFile('功率曲线.xlsx', bomb, adminToken, 'ZH');
    expect(zh.body.msg).toBe('文件“功率曲线.xlsx”解压后总计超过 32 MB，已拒绝，未保存任何内容');
    expect(await server.db.selectFrom('turbine').select('id').execute()).toEqual(before);
  });
});

describe('energy yield', () => {
  it('refuses a hub height outside (0, 500], a sector width that does not divide 360 and no turbine, field by field', async () => {
    const r = await server.call('POST', '/api/data-process/energy/calculate', {
      token: adminToken,
      language: 'EN',
      body: energyBody({ hubHeight: 600, sectorWidth: 7, turbineIds: [] }),
    });
    expect(r.status).toBe(400);
    const fields = Object.fromEntries(
      r.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      hubHeight: 'The target height must be a whole number of metres above 0 and at most 500',
      sectorWidth: 'The sector width must divide 360 (e.g. 30 or 45)',
      turbineIds: 'Choose at least one turbine',
    });
  });

  it('computes gross and net AEP of two reference turbines with the site shear and density, and says which months are missing', async () => {
    const tasks = server.services.compute.completed;
    const r = await server.call('POST', '/api/data-process/energy/calculate', {
      token: adminToken,
      headers: { 'utc-code': '+08:00' },
      body: energyBody(),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Computed in a worker thread of the compute pool, not on the event loop.
    expect(server.services.compute.completed).toBe(tasks + 1);
    const result = r.body.data;
    expect(result.shearIsDefault).toBe(false);
    expect(result.shearExponent).toBeGreaterThan(0.05);
    expect(result.shearExponent).toBeLessThan(0.4);
    expect(result.densitySource).toBe('measured');
    expect(result.meanDensity).toBeGreaterThan(0.9);
    expect(result.meanDensity).toBeLessThan(1.35);
    expect(result.turbines).toHaveLength(2);
    for (const t of result.turbines) {
      // October 2026 in UTC is 1 Oct 08:00 – 1 Nov 08:00 in Beijing time: ten calendar months have no
      // data, so there is no average-year figure, and the plain mean is given beside it, never silently.
      expect(t.grossMwh).toBeNull();
      expect(t.missingMonths).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 12]);
      expect(t.plainGrossMwh).toBeGreaterThan(0);
      expect(t.plainGrossMwh).toBeLessThanOrEqual((t.ratedKw * 8766) / 1000);
      expect(t.netMwh).toBeCloseTo(t.plainGrossMwh * 0.92 * 0.97 * 0.98, 6);
      expect(t.lossFactor).toBeCloseTo(1 - 0.92 * 0.97 * 0.98, 9);
      expect(t.exceedance.sigma).toBeCloseTo(0.08775, 5);
      expect(t.exceedance.P90).toBeLessThan(t.exceedance.P75);
      expect(t.exceedance.P75).toBeLessThan(t.exceedance.P50);
      expect(t.weibull.grossMwh).toBeGreaterThan(0);
      expect(t.capacityFactor).toBeGreaterThan(0);
      expect(t.capacityFactor).toBeLessThan(1);
      expect(t.byMonth[9].count).toBeGreaterThan(0);
      expect(t.bySector).toHaveLength(12);
      expect(
        t.bySector.reduce((s: number, x: { energyShare: number | null }) => s + (x.energyShare ?? 0), 0),
      ).toBeCloseTo(1, 9);
      // The hub is above the top cup: the hub mean exceeds the measured mean by (120/h)^α.
      expect(t.hubMeanSpeed).toBeGreaterThan(0);
    }
    // Hub height equal to the measured height gives the same mean at any α.
    const top = speeds.at(-1)!;
    const same = await server.call('POST', '/api/data-process/energy/calculate', {
      token: adminToken,
      body: energyBody({ hubHeight: top.heightM, shearMode: 'hour' }),
    });
    const higher = result.turbines[0].hubMeanSpeed;
    const atMast = same.body.data.turbines[0].hubMeanSpeed;
    expect(higher / atMast).toBeCloseTo((120 / top.heightM) ** result.shearExponent, 6);
  });

  it('uses the standard atmosphere at the site altitude when asked, and a fixed density', async () => {
    const altitude = await server.call('POST', '/api/data-process/energy/calculate', {
      token: adminToken,
      body: energyBody({ densityMode: 'altitude' }),
    });
    expect(altitude.body.data.densitySource).toBe('altitude');
    expect(altitude.body.data.meanDensity).toBeCloseTo(1.225 * (1 - 2.25577e-5 * 1400) ** 4.25588, 9);
    const fixed = await server.call('POST', '/api/data-process/energy/calculate', {
      token: adminToken,
      body: energyBody({ densityMode: 'fixed', fixedDensity: 1.225 }),
    });
    expect(fixed.body.data.meanDensity).toBe(1.225);
  });

  it('exports the yield as an IEC 61400-15-2 EYA DEF document, valid against the schema, with the same figures as the calculation', async () => {
    const calculated = await server.call('POST', '/api/data-process/energy/calculate', {
      token: adminToken,
      body: energyBody(),
    });
    expect(calculated.status).toBe(200);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/energy/eya_def',
      headers: { token: adminToken, 'content-type': 'application/json', language: 'EN' },
      payload: energyBody(),
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(String(r.headers['content-disposition'])).toMatch(/energy-yield-iec-61400-15-2/);
    const document = JSON.parse(r.payload) as {
      project_name: string;
      scenarios: {
        energy_assessment: {
          gross_energy_assessment: {
            results: { annual_energy_production: { statistics: { values: number }[] }[] };
          };
          net_energy_assessment: {
            results: { annual_energy_production: { statistics: { values: number }[] }[] };
          };
        };
      }[];
      power_curves: { turbine: { model_name: string } }[];
    };
    // Judged against the official schemas where ../shared is present (skipped with a warning otherwise).
    if (hasEyaDefSchemas) expect(eyaDefValidator()(document)).toEqual([]);
    expect(document.project_name).toBe('发电量测试风电场');
    const turbines = calculated.body.data.turbines as {
      model: string;
      grossMwh: number | null;
      plainGrossMwh: number;
      exceedance: { P50: number };
    }[];
    expect(document.power_curves.map((p) => p.turbine.model_name)).toEqual(turbines.map((t) => t.model));
    document.scenarios.forEach((s, i) => {
      const t = turbines[i]!;
      const gross =
        s.energy_assessment.gross_energy_assessment.results.annual_energy_production[0]!.statistics[0]!;
      expect(gross.values).toBeCloseTo((t.grossMwh ?? t.plainGrossMwh) / 1000, 5);
      const net =
        s.energy_assessment.net_energy_assessment.results.annual_energy_production[0]!.statistics[0]!;
      expect(net.values).toBeCloseTo(t.exceedance.P50 / 1000, 5);
    });
    // Bad input: the same localised field errors as the calculation, nothing computed.
    const bad = await server.call('POST', '/api/data-process/energy/eya_def', {
      token: adminToken,
      language: 'EN',
      body: energyBody({ hubHeight: 0 }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.data)).toMatch(/hubHeight/);
  });

  it('exports the comparison as an xlsx workbook in the caller’s language', async () => {
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/energy/export',
      headers: { token: adminToken, 'content-type': 'application/json', language: 'EN' },
      payload: energyBody(),
    });
    expect(r.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      'By month',
      'By hour',
      'By sector',
      'Power curves',
      'Uncertainty',
    ]);
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe('Turbine');
    expect(book.worksheets[0]!.rowCount).toBe(4);
    // Annual energies say so: MWh/yr (年发电量 MWh/年), the monthly sheet plain MWh.
    const headers = (book.worksheets[0]!.getRow(2).values as unknown[]).filter((v) => typeof v === 'string');
    const energies = headers.filter((h) => /MWh/.test(h as string));
    expect(energies).toEqual([
      'Gross AEP (time series, average year) MWh/yr',
      'Gross AEP (all-records mean × 8766 h) MWh/yr',
      'Gross AEP (Weibull) MWh/yr',
      'Gross AEP (Weibull by sector) MWh/yr',
      'Net AEP MWh/yr',
      'P50 net AEP MWh/yr',
      'P75 net AEP MWh/yr',
      'P90 net AEP MWh/yr',
    ]);
    // Each turbine's IEC class beside the site's class at hub height and whether it covers it (issue 29).
    const calculated = await server.call('POST', '/api/data-process/energy/calculate', {
      token: adminToken,
      body: energyBody(),
    });
    const { siteClass, turbines } = calculated.body.data;
    expect(headers.slice(-3)).toEqual([
      'Turbine IEC class',
      'Site IEC class at hub height',
      'Turbine class covers the site',
    ]);
    turbines.forEach((turbine: { iecClass: string | null; classSuitable: boolean | null }, k: number) => {
      const cells = (book.worksheets[0]!.getRow(3 + k).values as unknown[]).slice(-3);
      expect(cells).toEqual([
        turbine.iecClass ?? '—',
        siteClass ? `${siteClass.windClass ?? '—'}${siteClass.category ?? ''}` : '—',
        turbine.classSuitable === null ? '—' : turbine.classSuitable ? 'yes' : 'no (the site exceeds it)',
      ]);
    });
    const zh = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/energy/export',
      headers: { token: adminToken, 'content-type': 'application/json', language: 'ZH' },
      payload: energyBody(),
    });
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    const zhHeaders = (zhBook.worksheets[0]!.getRow(2).values as unknown[]).filter(
      (v): v is string => typeof v === 'string' && v.includes('MWh'),
    );
    expect(zhHeaders).toHaveLength(8);
    for (const h of zhHeaders) expect(h).toMatch(/年.*MWh\/年$/);
    expect((zhBook.worksheets[0]!.getRow(2).values as unknown[]).slice(-3)).toEqual([
      '机组 IEC 等级',
      '轮毂高度处场址 IEC 等级',
      '机组等级满足场址',
    ]);
  });
});
