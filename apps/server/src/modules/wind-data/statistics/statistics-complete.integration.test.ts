import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStation, startTestServer, type TTestServer } from '../../../../test/test-server.ts';
import { ingestOriginal } from '../../../../test/wind-fixtures.ts';

/**
 * Issue 29 "complete the statistics" through ingestion → store → the statistics and export endpoints,
 * against brightwind 2.3.0 on its demo mast excerpt (../shared/reference/brightwind). The analysis
 * starts after brightwind's tutorial cleaning (17:10). Values are stored as Float32: 1e-5 agreement.
 */
const SHARED = path.resolve(import.meta.dirname, '../../../../../../../shared');
const DEMO = path.join(SHARED, 'samples/brightwind-demo/demo_data2.csv');
const REFERENCE = path.join(SHARED, 'reference/brightwind/reference.json');
const TAB_16 = path.join(SHARED, 'reference/brightwind/brightwind_demo_excerpt_Spd80mN_Dir78mS_16sect.tab');
const hasShared = existsSync(DEMO) && existsSync(REFERENCE);
const SKIP = `${DEMO} or ${REFERENCE} not found: /work/shared is absent, the check is skipped`;
const START = '2016-01-09T17:10:00Z';

describe.skipIf(!hasShared)(
  `completed statistics against brightwind (${hasShared ? 'samples present' : SKIP})`,
  () => {
    let server: TTestServer;
    let dataDir: string;
    let ref: any;
    let token: string;
    let versionId: number;
    let ids: Map<string, number>;
    const analyse = async (body: Record<string, unknown>, language: 'EN' | 'ZH' = 'EN') =>
      server.call('POST', '/api/data-process/statistics/analysis', {
        token,
        language,
        headers: { 'utc-code': '+00:00' },
        body: { versionId, startTime: START, ...body },
      });

    beforeAll(async () => {
      ref = JSON.parse(readFileSync(REFERENCE, 'utf8')).mast_excerpt;
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-statistics-complete-'));
      server = await startTestServer({ DATA_DIR: dataDir });
      token = await server.login('admin', 'Admin#2026pw');
      const site = await buildStation(server.db);
      ({ versionId, channelIds: ids } = await ingestOriginal(server, site.id, {
        fileName: 'demo_data2.csv',
        path: DEMO,
      }));
    });

    afterAll(async () => {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers the joint speed × direction table in 12 and 16 sectors with brightwind’s sector totals', async () => {
      for (const sectors of [12, 16]) {
        const r = await analyse({ sectors });
        expect(r.status, r.body.msg).toBe(200);
        const item = r.body.data.rose.items.find((i: any) => i.speedChannelId === ids.get('Spd80mN'));
        expect(item.directionChannelId).toBe(ids.get('Dir78mS'));
        const table = item.jointTable;
        const expected = Object.values(
          ref[`freq_table_${sectors}sect_Spd80mN_Dir78mS`].value.sector_totals_percent,
        ) as number[];
        expect(table.sectorPct).toHaveLength(sectors);
        table.sectorPct.forEach((v: number, s: number) => {
          expect(v).toBeCloseTo(expected[s]!, 5);
        });
        expect(table.totalCount).toBe(185);
        const sum = table.pct.flat().reduce((a: number, b: number) => a + b, 0);
        expect(sum).toBeCloseTo(100, 4);
        // Issue 46 §3: the default bins are centred on integers (WIND-ANALYSIS §0), as brightwind's
        // freq_table ([−0.5, 0.5) there, [0, 0.5) here: no negative speed). This test pinned [0, 1) before.
        expect(table.bins).toBe('centred');
        expect(table.lower.slice(0, 3)).toEqual([0, 0.5, 1.5]);
        expect(table.upper.slice(0, 3)).toEqual([0.5, 1.5, 2.5]);
        // … and every cell equals brightwind's table, bin by bin and sector by sector
        const rows = ref[`freq_table_${sectors}sect_Spd80mN_Dir78mS`].value.rows_with_data as any[];
        for (const row of rows) {
          const b = table.lower.indexOf(row.bin_left);
          expect(b, `bin ${row.bin}`).toBeGreaterThan(0);
          expect(table.upper[b]).toBe(row.bin_right);
          const cells = Object.entries(row).filter(([k]) => /^[\d.]+-[\d.]+$/.test(k));
          expect(cells).toHaveLength(sectors);
          cells.forEach(([label, pct], s) => {
            expect(table.pct[b][s], `${row.bin} ${label}`).toBeCloseTo(pct as number, 5);
          });
        }
        // brightwind's rows hold all 100 %: no record of ours lies in a bin it has not
        let listed = 0;
        for (const row of rows)
          for (const [k, v] of Object.entries(row)) if (/^[\d.]+-[\d.]+$/.test(k)) listed += v as number;
        expect(listed).toBeCloseTo(100, 6);
      }
      // The bins from integers on request: [0, 1), [1, 2), …, named so
      const r = await analyse({ sectors: 12, jointTableBins: 'integer_start' });
      const item = r.body.data.rose.items.find((i: any) => i.speedChannelId === ids.get('Spd80mN'));
      expect(item.jointTable.bins).toBe('integer_start');
      expect(item.jointTable.lower.slice(0, 2)).toEqual([0, 1]);
      expect(item.jointTable.upper.slice(0, 2)).toEqual([1, 2]);
      expect(item.jointTable.totalCount).toBe(185);
    });

    it('answers the vanes’ direction SD by the Yamartino estimator, named so', async () => {
      const r = await analyse({ sectors: 12 });
      const vane = r.body.data.summary.rows.find((row: any) => row.channelId === ids.get('Dir78mS'));
      // between 0 and its largest value 90°·2/√3 ≈ 103.9° (ε = 1)
      expect(vane.directionSdYamartino).toBeGreaterThan(0);
      expect(vane.directionSdYamartino).toBeLessThan((90 * 2) / Math.sqrt(3));
      const speed = r.body.data.summary.rows.find((row: any) => row.channelId === ids.get('Spd80mN'));
      expect(speed.directionSdYamartino).toBeNull();
    });

    it('answers TI by 12 sectors (ti_by_sector_12), the overall P90 (ti_overall) and Char_TI at 15 m/s', async () => {
      const r = await analyse({ sectors: 12 });
      const item = r.body.data.turbulence.items.find((i: any) => i.channelId === ids.get('Spd80mN'));
      expect(item.directionChannelId).toBe(ids.get('Dir78mS'));
      const value = ref.ti_by_sector_12_Spd80mN_Dir78mS.value;
      Object.keys(value.TI_Count).forEach((label, s) => {
        expect(item.bySector[s].count).toBe(value.TI_Count[label]);
        if (value.TI_Count[label] > 0) expect(item.bySector[s].meanTi).toBeCloseTo(value.Mean_TI[label], 5);
        else expect(item.bySector[s].p90Ti).toBeNull();
      });
      const overall = ref.ti_overall_Spd80mN.value;
      expect(item.overall.count).toBe(overall.count);
      expect(item.overall.p90Ti).toBeCloseTo(overall.p90_TI, 5);
      expect(item.overall.sdTi).toBeCloseTo(overall.std_TI_ddof1, 5);
      const char15 = ref.ti_at_15ms_bin_Spd80mN.value.Char_TI;
      if (char15 !== null && char15 !== undefined) expect(item.characteristicTi15).toBeCloseTo(char15, 5);
    });

    it('answers the monthly maxima with their time (extremes.monthly_max, timestamp_of_max), gust beside', async () => {
      const r = await analyse({});
      const value = ref.extremes.value;
      for (const m of r.body.data.extreme.monthlyMaxima) {
        const name = [...ids].find(([, id]) => id === m.channelId)![0];
        expect(m.months).toHaveLength(1);
        const [jan] = m.months;
        expect(jan.month).toBe('2016-01');
        expect(jan.max).toBeCloseTo(value.monthly_max[name]['2016-01-01T00:00:00'], 5);
        expect(jan.maxTime).toBe(`${value.timestamp_of_max[name]}.000Z`);
        const gust = [...ids].find(([, id]) => id === m.gustChannelId)![0];
        // On the dual-boom heights the gust of the same boom: Spd80mN → Spd80mNMax.
        expect(gust).toBe(`${name}Max`);
        expect(jan.gustMax).toBeCloseTo(value.monthly_max[gust]['2016-01-01T00:00:00'], 5);
        expect(jan.gustMaxTime).toBe(`${value.timestamp_of_max[gust]}.000Z`);
      }
      expect(r.body.data.extreme.monthlyMaxima).toHaveLength(6);
    });

    it('answers MOMM both ways at the chosen coverage threshold (speed_channels.momm at 0; none at 0.8)', async () => {
      const loose = await analyse({ mommMinCoverage: 0 });
      const strict = await analyse({});
      const of = (data: any) => data.monthly.series.find((s: any) => s.channelId === ids.get('Spd80mN'));
      expect(loose.body.data.monthly.mommMinCoverage).toBe(0);
      expect(of(loose.body.data).mommBrightwind).toBeCloseTo(ref.speed_channels.Spd80mN.momm.value, 5);
      expect(of(loose.body.data).mommMastHub).toBeCloseTo(ref.speed_channels.Spd80mN.momm.value, 5);
      expect(of(loose.body.data).calendarMonthsUsed).toBe(1);
      // The excerpt covers 4 % of January: the default 80 % threshold leaves no month.
      expect(strict.body.data.monthly.mommMinCoverage).toBe(0.8);
      expect(of(strict.body.data)).toMatchObject({
        mommBrightwind: null,
        mommMastHub: null,
        yearMonthsUsed: 0,
      });
    });

    it('answers the air density by year-month: the one month holds every density value', async () => {
      const r = await analyse({});
      const air = r.body.data.airDensity;
      expect(air.source).toBe('measured');
      expect(air.byYearMonth).toEqual([
        {
          month: '2016-01',
          count: air.count,
          coverage: expect.any(Number),
          mean: expect.closeTo(air.mean, 9),
        },
      ]);
      expect(air.byYearMonth[0].coverage).toBeCloseTo((air.count / (31 * 144)) * 100, 9);
    });

    it('fits the shear over any chosen set of heights: three N cups give Shear.Average, two give their own α', async () => {
      const three = await analyse({
        shearChannelIds: ['Spd80mN', 'Spd40mN', 'Spd60mN'].map((n) => ids.get(n)),
      });
      expect(three.status, three.body.msg).toBe(200);
      const shear = three.body.data.shear;
      expect(shear.isExplicit).toBe(true);
      expect(shear.heightsM).toEqual([40, 60, 80]);
      expect(shear.exponent).toBeCloseTo(ref.shear_average_N.value.alpha_power_law, 5);
      const two = await analyse({ shearChannelIds: [ids.get('Spd80mN'), ids.get('Spd40mN')] });
      expect(two.body.data.shear.heightsM).toEqual([40, 80]);
      expect(two.body.data.shear.exponent).not.toBeCloseTo(shear.exponent, 4);
    });

    it('refuses a MOMM threshold outside 0–1 and two cups at one height with localised field errors', async () => {
      for (const [language, momm, height] of [
        ['EN', 'The monthly coverage threshold of the MOMM must be between 0 and 1', 'one per height'],
        ['ZH', '月均值平均（MOMM）的月覆盖率阈值须在 0–1 之间', '每个高度一个'],
      ] as const) {
        const bad = await analyse({ mommMinCoverage: 1.5 }, language);
        expect(bad.status).toBe(400);
        expect(bad.body.data.fields).toContainEqual({ field: 'mommMinCoverage', message: momm });
        const same = await analyse({ shearChannelIds: [ids.get('Spd80mN'), ids.get('Spd80mS')] }, language);
        expect(same.status).toBe(400);
        expect(same.body.data.fields[0].field).toBe('shearChannelIds');
        expect(same.body.data.fields[0].message).toContain(height);
      }
    });

    it('exports the .tab in 16 sectors with bins centred on integers as brightwind writes it', async () => {
      // The .tab (format 5) of the 80 m north cup and the 78 m vane, with `options` of the export form.
      const exportTab = (options: Record<string, unknown>) =>
        server.app.inject({
          method: 'POST',
          url: '/api/web/version/export',
          headers: { token, 'utc-code': '+00:00' },
          payload: {
            versionId,
            format: 5,
            speedChannelId: ids.get('Spd80mN'),
            directionChannelId: ids.get('Dir78mS'),
            ...options,
          },
        });
      const response = await exportTab({ startTime: START, tabSectors: 16, tabBins: 'centred' });
      expect(response.statusCode).toBe(200);
      const parse = (line: string) => line.trim().split(/\s+/).map(Number);
      const ours = response.body.split('\r\n').filter((l) => l.length > 0);
      const theirs = readFileSync(TAB_16, 'utf8')
        .split(/\r?\n/)
        .filter((l) => l.length > 0);
      expect(ours).toHaveLength(theirs.length);
      expect(parse(ours[2]!)).toEqual(parse(theirs[2]!));
      for (let line = 3; line < theirs.length; line++) {
        const a = parse(ours[line]!);
        parse(theirs[line]!).forEach((v, k) => {
          expect(Math.abs(a[k]! - v)).toBeLessThanOrEqual(0.01 + 1e-9);
        });
      }
      // The default stays 12 sectors of 0–1, 1–2 … bins.
      const plain = await exportTab({});
      const lines = plain.body.split('\r\n');
      expect(parse(lines[2]!)[0]).toBe(12);
      expect(parse(lines[4]!)[0]).toBe(1);
    });
  },
);
