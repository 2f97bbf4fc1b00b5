import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../../../test/test-server.ts';
import { createLogger } from '../../platform/logger.ts';
import { collectFigures } from '../reports/group/collect.ts';
import { periodContaining } from '../reports/group/periods.ts';
import { TimeSeriesRepository } from '../timeseries/timeseries.repository.ts';
import { DEMO_REFERENCE_LABEL, seedDemoLongTerm } from './demo-longterm.ts';
import { DEMO_UTC_OFFSET_MINUTES, demoMonthFiles, seedDemoTimeseries } from './demo-timeseries.ts';

/**
 * The demo data on a site in Beijing time (the demo sites' zone): 13 month files, October 2025 to
 * October 2026, through the real ingestion path. Each file is one local month, so the month's recovery
 * and the best wind year are read from whole local months.
 */
const FIRST_MONTH = Date.UTC(2025, 9, 1);
const MONTHS = 13;
const HOUR_MS = 3_600_000;
const beijing = (ms: number) => new Date(ms + 8 * HOUR_MS).toISOString().slice(0, 16).replace('T', ' ');

let server: TTestServer;
let token: string;
let stationId: number;
let versionId: number;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  const site = await buildStation(server.db, { loggerUtcOffset: DEMO_UTC_OFFSET_MINUTES });
  stationId = site.id;
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1200 })
    .where('id', '=', site.id)
    .execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: MONTHS,
    firstMonth: FIRST_MONTH,
  });
  versionId = (await new TimeSeriesRepository(server.db).findOriginalVersion(site.id))!.id;
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

/**
 * The generated files again (deterministic): per local month, the rows with a value in the best
 * covered of `columns` (the group report counts a height by its better covered boom).
 */
function rowsByMonth(columns: string[]): Map<string, number> {
  const rows = new Map<string, number>();
  for (const file of demoMonthFiles({
    siteIndex: 0,
    topM: 100,
    altitudeM: 1200,
    firstMonth: FIRST_MONTH,
    months: MONTHS,
    utcOffsetMinutes: DEMO_UTC_OFFSET_MINUTES,
  })) {
    const [header, ...lines] = file.content.toString('utf8').trim().split('\n');
    const names = header!.split(',');
    const present = (name: string) =>
      lines.filter((line) => line.split(',')[names.indexOf(name)] !== '-9999').length;
    const month = `${file.month.slice(0, 4)}-${file.month.slice(4)}`;
    rows.set(month, Math.max(...columns.map(present)));
  }
  return rows;
}

describe('seedDemoTimeseries on a Beijing-time site', () => {
  it('reads the files with the site’s UTC offset: each month file lies in its own local month', async () => {
    const rule = await server.db
      .selectFrom('station as s')
      .innerJoin('parse_rule as r', 'r.id', 's.parse_rule_id')
      .select(['r.utc_offset_minutes', 's.start_time'])
      .where('s.id', '=', stationId)
      .executeTakeFirstOrThrow();
    expect(rule.utc_offset_minutes).toBe(480);
    expect(beijing(rule.start_time!.getTime())).toBe('2025-10-01 00:00');
    const files = await server.db
      .selectFrom('raw_file')
      .select(['file_name', 'status', 'first_time', 'last_time'])
      .where('station_id', '=', stationId)
      .orderBy('file_name')
      .execute();
    expect(files).toHaveLength(MONTHS);
    for (const file of files) {
      expect(file.status).toBe('parsed');
      const month = /_(\d{4})(\d{2})\.csv$/.exec(file.file_name)!;
      expect(beijing(file.first_time!.getTime()).slice(0, 7), file.file_name).toBe(`${month[1]}-${month[2]}`);
      expect(beijing(file.last_time!.getTime()).slice(0, 7), file.file_name).toBe(`${month[1]}-${month[2]}`);
    }
    expect(beijing(files.at(-1)!.last_time!.getTime())).toBe('2026-10-31 23:50');
  });

  it('gives the group monthly report the recovery of each month file, the first and last month too', async () => {
    const rows = rowsByMonth(['Spd100m_Avg', 'Spd100mB_Avg']);
    for (const month of ['2025-10', '2025-11', '2026-10']) {
      const period = periodContaining('monthly', new Date(`${month}-15T00:00:00+08:00`));
      const figures = await collectFigures(server.db, [stationId], period);
      const top = figures.sites[0]!.heights.find((h) => h.heightM === 100)!;
      const slots = (period.end.getTime() - period.start.getTime()) / 600_000;
      expect(top.recovery, month).toBeCloseTo(rows.get(month)! / slots, 9);
    }
  });

  it('starts the default wind year at the best 12 whole local months of the files', async () => {
    // The form's wind year follows the last speed channel of the top height, the B boom.
    const rows = rowsByMonth(['Spd100mB_Avg']);
    const months = [...rows.keys()];
    const slots = (month: string) => {
      const [y, m] = month.split('-').map(Number) as [number, number];
      return (Date.UTC(y, m, 1) - Date.UTC(y, m - 1, 1)) / 600_000;
    };
    let best = { start: '', rate: -1 };
    for (let k = 0; k + 12 <= months.length; k++) {
      const window = months.slice(k, k + 12);
      const rate =
        window.reduce((sum, m) => sum + rows.get(m)!, 0) / window.reduce((sum, m) => sum + slots(m), 0);
      if (rate > best.rate) best = { start: window[0]!, rate };
    }
    const fields = await server.call('GET', `/api/web/report/data/fields?versionId=${versionId}`, {
      token,
      headers: { 'utc-code': '+08:00' },
    });
    expect(fields.status, fields.body.msg).toBe(200);
    expect(fields.body.data.dataStartDate).toBe('2025-10-01');
    expect(fields.body.data.dataEndDate).toBe('2026-10-31');
    expect(fields.body.data.bestWindYear.start).toBe(best.start);
  });
});

describe('the demo long-term reference (issue 28)', () => {
  it('gives the demo mast a labelled synthetic reference and a default whose convergence is computed, once', async () => {
    const log = createLogger({ LOG_LEVEL: 'silent' });
    const deps = { files: server.services.files, convergence: server.services.longTermConvergence };
    expect(await seedDemoLongTerm(server.db, deps, log)).toBe(1);
    const reference = await server.db
      .selectFrom('reference_series')
      .selectAll()
      .where('station_id', '=', stationId)
      .executeTakeFirstOrThrow();
    expect(reference.name).toContain(DEMO_REFERENCE_LABEL);
    expect(reference).toMatchObject({ source: 'synthetic', height_m: 50, interval_minutes: 60 });
    // Eight years before the mast's first local month, through its 24 demo months.
    expect(reference.first_time?.toISOString()).toBe('2017-09-30T16:00:00.000Z');
    // The workbench reads it: the mast's top speed against the node, every method, a strong correlation.
    const channels = await new TimeSeriesRepository(server.db).listChannels(versionId);
    const top = channels.find((c) => c.dataKey === 'ws_100_mean')!;
    const compared = await server.call('POST', '/api/data-process/longterm/compare', {
      token,
      body: {
        versionId,
        speedChannelId: top.id,
        reference: { kind: 'reference', referenceId: Number(reference.id), speedKey: 'ws_50_mean' },
        sectors: 0,
      },
    });
    expect(compared.status, JSON.stringify(compared.body).slice(0, 300)).toBe(200);
    expect(compared.body.data.r).toBeGreaterThan(0.9);
    // The default and its convergence over the 13 months of data.
    const convergence = await server.call(
      'GET',
      `/api/data-process/longterm/convergence?stationId=${stationId}`,
      {
        token,
      },
    );
    expect(convergence.status).toBe(200);
    expect(convergence.body.data.default).toMatchObject({ method: 'ols', period: '1H' });
    expect(convergence.body.data.months).toBe(13);
    expect(convergence.body.data.series.length).toBe(11);
    expect(['converged', 'not_yet']).toContain(convergence.body.data.status);
    // Again: nothing new.
    expect(await seedDemoLongTerm(server.db, deps, log)).toBe(0);
  }, 180_000);
});
