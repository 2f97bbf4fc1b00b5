import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStation, startTestServer, type TTestServer } from '../../../../test/test-server.ts';
import { ingestOriginal } from '../../../../test/wind-fixtures.ts';

/**
 * Golden check of the whole analysis path (ingestion → store → analysis endpoint) against brightwind
 * 2.3.0 on its real demo mast excerpt (../shared/reference/brightwind/reference.json). brightwind's
 * tutorial cleaning removes only the installation period before 17:10 inside the excerpt, so the
 * analysis starts there. Values are stored as Float32, hence the 1e-5 agreement.
 */
const SHARED = path.resolve(import.meta.dirname, '../../../../../../../shared');
const DEMO = path.join(SHARED, 'samples/brightwind-demo/demo_data2.csv');
const REFERENCE = path.join(SHARED, 'reference/brightwind/reference.json');
const hasShared = existsSync(DEMO) && existsSync(REFERENCE);
const SKIP = `${DEMO} or ${REFERENCE} not found: /work/shared is absent, the brightwind golden check is skipped`;
if (!hasShared) console.warn(SKIP);

describe.skipIf(!hasShared)(
  `statistics analysis against brightwind (${hasShared ? 'samples present' : SKIP})`,
  () => {
    let server: TTestServer;
    let dataDir: string;
    let ref: any;
    let data: any;
    let ids: Map<string, number>;

    beforeAll(async () => {
      ref = JSON.parse(readFileSync(REFERENCE, 'utf8')).mast_excerpt;
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-statistics-golden-'));
      server = await startTestServer({ DATA_DIR: dataDir });
      const token = await server.login('admin', 'Admin#2026pw');
      const site = await buildStation(server.db);
      const ingested = await ingestOriginal(server, site.id, { fileName: 'demo_data2.csv', path: DEMO });
      ids = ingested.channelIds;
      const r = await server.call('POST', '/api/data-process/statistics/analysis', {
        token,
        headers: { 'utc-code': '+00:00' },
        body: {
          versionId: ingested.versionId,
          startTime: '2016-01-09T17:10:00Z',
          sectors: 16,
          correlationReferenceId: ids.get('Spd40mN'),
        },
      });
      expect(r.status, r.body.msg).toBe(200);
      data = r.body.data;
    });

    afterAll(async () => {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('matches basic_stats of every speed average (count, mean, sd, min, max)', () => {
      for (const name of ['Spd80mN', 'Spd80mS', 'Spd60mN', 'Spd60mS', 'Spd40mN', 'Spd40mS']) {
        const row = data.summary.rows.find((r: any) => r.channelId === ids.get(name));
        const expected = ref.basic_stats.value[name];
        expect(row.count, name).toBe(expected.count);
        expect(row.mean).toBeCloseTo(expected.mean, 5);
        expect(row.sd).toBeCloseTo(expected.std, 5);
        expect(row.min).toBeCloseTo(expected.min, 5);
        expect(row.max).toBeCloseTo(expected.max, 5);
      }
    });

    it('matches freq_distribution of Spd80mN bin by bin', () => {
      const item = data.frequency.items.find((i: any) => i.channelId === ids.get('Spd80mN'));
      const expected = ref.freq_distribution_Spd80mN.value as { bin_mid: number; percent: number }[];
      for (const bin of expected) {
        const ours = item.bins.find((b: any) => b.centre === bin.bin_mid);
        expect(ours?.frequencyPct ?? 0, `bin ${bin.bin_mid}`).toBeCloseTo(bin.percent, 6);
      }
    });

    it('matches the 16-sector wind rose of Spd80mN / Dir78mS (no calm record below 0.5 m/s)', () => {
      const item = data.rose.items.find((i: any) => i.speedChannelId === ids.get('Spd80mN'));
      expect(item.directionChannelId).toBe(ids.get('Dir78mS'));
      const frequency = Object.values(ref.wind_rose_16sect_Spd80mN_Dir78mS.value['%frequency']) as number[];
      const counts = Object.values(ref.wind_rose_16sect_Spd80mN_Dir78mS.value.count) as number[];
      item.sectors.forEach((s: any, k: number) => {
        expect(s.frequencyPct, `sector ${k}`).toBeCloseTo(frequency[k]!, 6);
        expect(s.count).toBe(counts[k]);
      });
    });

    it('matches the representative TI (mean + 1.28 sd) of Spd80mN per speed bin', () => {
      const item = data.turbulence.items.find((i: any) => i.channelId === ids.get('Spd80mN'));
      const expected = ref.ti_representative_mean_plus_1p28sd_DERIVED.value as {
        speed_bin_centre: number;
        'mean_plus_1.28_sd': number | null;
      }[];
      let compared = 0;
      for (const e of expected) {
        const ours = item.bins.find((b: any) => b.speed === e.speed_bin_centre);
        if (e['mean_plus_1.28_sd'] === null || !ours || ours.representTi === null) continue;
        expect(ours.representTi, `bin ${e.speed_bin_centre}`).toBeCloseTo(e['mean_plus_1.28_sd'], 5);
        compared++;
      }
      expect(compared).toBeGreaterThan(8);
      const overall = item.rows.at(-1);
      expect(overall.avg).toBeCloseTo(ref.ti_overall_Spd80mN.value.mean_TI, 5);
      expect(overall.sample).toBe(ref.ti_overall_Spd80mN.value.count);
    });

    it('matches Shear.Average over the N booms (α of the means and the log-law roughness)', () => {
      const expected = ref.shear_average_N.value;
      expect(data.shear.heightsM).toEqual([40, 60, 80]);
      expect(data.shear.count).toBe(expected.n_rows_used);
      expect(data.shear.exponent).toBeCloseTo(expected.alpha_power_law, 5);
      expect(data.shear.roughness).toBeCloseTo(expected.roughness_log_law_m, 4);
    });

    it('matches the 10-minute OLS of Spd80mN on the Spd40mN reference', () => {
      const expected = ref.correlation_Spd40mN_to_Spd80mN['ols_10min_cov0.9'].value;
      expect(data.correlation.referenceChannelId).toBe(ids.get('Spd40mN'));
      const item = data.correlation.items.find((i: any) => i.targetChannelId === ids.get('Spd80mN'));
      expect(item.count).toBe(expected.num_data_points);
      expect(item.slope).toBeCloseTo(expected.slope, 5);
      expect(item.intercept).toBeCloseTo(expected.offset, 4);
      expect(item.rSquared).toBeCloseTo(expected.r2, 5);
      expect(item.strength).toMatchObject({ r: 'strong', rSquared: 'high' });
    });

    it('matches the yearly maximum of the highest speed (the last 80 m sensor, Spd80mS)', () => {
      expect(data.extreme.gumbel.channelId).toBe(ids.get('Spd80mS'));
      expect(data.extreme.gumbel.annualMaxima).toEqual([
        expect.objectContaining({
          year: 2016,
          max: expect.closeTo(ref.extremes.value.yearly_max.Spd80mS['2016-01-01T00:00:00'], 5),
          isUsed: false,
        }),
      ]);
    });
  },
);
