import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGolden, printGoldenLedger } from '../testing/golden-ledger.ts';
import {
  hasMcpShared,
  loadM5ForMcp,
  loadMcpReference,
  type M5McpData,
  MCP_SKIP_MESSAGE,
  m5Series,
  naiveMs,
} from '../testing/mcp-reference-fixture.ts';
import { alignForMcp } from './align-for-mcp.ts';
import { averageByMcpPeriod } from './average-by-mcp-period.ts';
import { compareMcpMethods } from './compare-mcp-methods.ts';
import { fitMcp, type McpFitOptions } from './fit-mcp.ts';
import { meanOfMonthlyMeans } from './mean-of-monthly-means.ts';
import { roundHalfEven } from './round-half-even.ts';
import { simpleSpeedRatio } from './simple-speed-ratio.ts';
import { synthesizeLongTerm } from './synthesize-long-term.ts';
import type { McpAlignment, McpFit, McpPeriod, McpSeries } from './types.ts';

// Golden tests against ../shared/reference/brightwind-mcp/reference.json (brightwind 2.3.0 MCP on the NREL
// M5 mast). Every entry of every run is visited: each key is either compared or named below with the reason
// it is not, so a new key in the file fails the test instead of being skipped silently.
const ref = hasMcpShared ? loadMcpReference() : undefined;
const TLS_TOLERANCE = 1e-5;

const NOT_COMPARED: Record<string, string> = {
  brightwind_call: 'the call that made the entry',
  timing_s: 'run times (bench/, never asserted)',
  brightwind_warnings: 'brightwind console output',
  brightwind_printed: 'brightwind console output',
  note: 'prose',
  calm_points_randomised: 'random calm directions change neither fit nor synthesis (METHODS.md §5)',
  error: 'checked through error_is_expected_behaviour',
};

const METHOD_OPTIONS: Record<
  string,
  McpFitOptions & { tolerance: number; alignment: 'speed' | 'ref' | 'both' }
> = {
  ols: { method: 'ols', tolerance: 1e-6, alignment: 'speed' },
  ols_forced_origin: { method: 'ols_through_origin', tolerance: 1e-6, alignment: 'speed' },
  orthogonal: { method: 'tls', tolerance: TLS_TOLERANCE, alignment: 'speed' },
  variance_ratio_DERIVED: { method: 'variance_ratio', tolerance: 1e-6, alignment: 'speed' },
  ols_by_sector_12: {
    method: 'ols',
    sectors: 12,
    minSectorCount: 2,
    sectorFallback: 'none',
    tolerance: 1e-6,
    alignment: 'ref',
  },
  speedsort_12: {
    method: 'speed_sort',
    sectors: 12,
    minSectorCount: 2,
    sectorFallback: 'none',
    tolerance: 1e-6,
    alignment: 'both',
  },
};

function runPeriod(run: string): { period: McpPeriod; threshold: number } {
  const m = /^(1H|1D|1M)_cov([\d.]+)$/.exec(run);
  if (!m) throw new Error(`unknown run ${run}`);
  return { period: m[1] as McpPeriod, threshold: Number(m[2]) };
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** Monthly means of a synthesised series (brightwind average_data_by_period(x, '1M')): [month start, mean]. */
function monthlyMeans(stamps: Float64Array, values: Float64Array): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let key = Number.NaN;
  let sum = 0;
  let n = 0;
  const flush = () => {
    if (n > 0) out.push([key, sum / n]);
  };
  for (let i = 0; i < stamps.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const d = new Date(stamps[i]!);
    const k = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    if (k !== key) {
      flush();
      key = k;
      sum = 0;
      n = 0;
    }
    sum += v;
    n++;
  }
  flush();
  return out;
}

function checkSynthesis(
  label: string,
  expected: Record<string, any>,
  stamps: Float64Array,
  values: Float64Array,
  tolerance: number,
) {
  const keep: number[] = [];
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) keep.push(i);
  const s = Float64Array.from(keep, (i) => stamps[i]!);
  const v = Float64Array.from(keep, (i) => values[i]!);
  let sum = 0;
  for (const x of v) sum += x;
  const handled = new Set([
    'column',
    'count',
    'first',
    'last',
    'mean',
    'momm',
    'sum',
    'monthly_means',
    'monthly_means_columns',
    'series',
    'note',
  ]);
  for (const k of Object.keys(expected)) expect(handled.has(k), `${label}: key ${k} not compared`).toBe(true);
  expect(v.length, `${label} count`).toBe(expected.count);
  if (expected.first !== undefined) expect(iso(s[0]!), `${label} first`).toBe(expected.first);
  if (expected.last !== undefined) expect(iso(s[s.length - 1]!), `${label} last`).toBe(expected.last);
  checkGolden('synthesis mean', label, sum / v.length, expected.mean, tolerance);
  checkGolden('synthesis momm', label, meanOfMonthlyMeans(s, v), expected.momm, tolerance);
  if (expected.sum !== undefined) checkGolden('synthesis sum', label, sum, expected.sum, tolerance);
  if (expected.monthly_means) {
    const ours = monthlyMeans(s, v);
    const theirs = (expected.monthly_means as Array<[string, number | null, number]>).filter(
      (r) => r[1] !== null,
    );
    expect(ours.length, `${label} months`).toBe(theirs.length);
    theirs.forEach((r, i) => {
      expect(iso(ours[i]![0]), `${label} month ${i}`).toBe(r[0]);
      checkGolden('synthesis monthly mean', label, ours[i]![1], r[1], tolerance);
    });
  }
  if (expected.series) {
    const rows = expected.series as Array<[string, number]>;
    expect(v.length).toBe(rows.length);
    rows.forEach((r, i) => {
      expect(iso(s[i]!)).toBe(r[0]);
      checkGolden('synthesis series', label, v[i], r[1], tolerance);
    });
  }
}

describe.skipIf(!hasMcpShared)(
  `brightwind MCP reference, NREL M5 (${hasMcpShared ? 'reference present' : MCP_SKIP_MESSAGE})`,
  () => {
    let m5: M5McpData;
    const series: Record<string, { reference: McpSeries; target: McpSeries }> = {};
    beforeAll(() => {
      const cases = ref.cases as Record<string, any>;
      const first = Object.values(cases)[0];
      const names = new Set<string>();
      for (const c of Object.values(cases)) {
        names.add(c.reference.spd);
        names.add(c.reference.dir);
        names.add(c.target.spd);
        names.add(c.target.dir);
      }
      m5 = loadM5ForMcp([...names]);
      void first;
      for (const [name, c] of Object.entries(cases)) {
        const reference10 = m5Series(m5, c.reference.spd, c.reference.dir);
        const target = m5Series(
          m5,
          c.target.spd,
          c.target.dir,
          naiveMs(c.target.window[0]),
          naiveMs(c.target.window[1]),
        );
        let reference = reference10;
        if (c.reference.variant === 'hourly') {
          const h = averageByMcpPeriod(reference10, '1H');
          reference = {
            startMs: h.periodStartMs[0]!,
            intervalMinutes: 60,
            speedMps: h.speedMps,
            directionDeg: h.directionDeg,
          };
        } else expect(c.reference.variant).toBe('10min');
        series[name] = { reference, target };
      }
    }, 60_000);
    afterAll(() => printGoldenLedger('brightwind MCP, NREL M5'));

    it('prepares the M5 inputs as the reference did (valid counts, means, sums, hourly variant)', () => {
      const inputs = ref.inputs;
      let rows = 0;
      for (const r of m5.hasRow) rows += r;
      expect(rows).toBe(inputs.rows_after_preparation);
      const stats = (s: ArrayLike<number>) => {
        let n = 0;
        let sum = 0;
        for (let i = 0; i < s.length; i++) {
          if (Number.isNaN(s[i]!)) continue;
          n++;
          sum += s[i]!;
        }
        return { n, sum };
      };
      for (const kind of ['spd', 'dir'] as const) {
        const e = inputs.reference['10min'][kind];
        const { n, sum } = stats(m5.columns[inputs.reference[kind]]!);
        expect(n).toBe(e.valid_count);
        checkGolden('inputs', `10min ${kind} sum`, sum, e.sum);
        const hourly = Object.values(series).find((c) => c.reference.intervalMinutes === 60)!.reference;
        const he = inputs.reference.hourly[kind];
        const hs = stats(kind === 'spd' ? hourly.speedMps : hourly.directionDeg!);
        expect(hs.n, `hourly ${kind} count`).toBe(he.valid_count);
        checkGolden('inputs', `hourly ${kind} sum`, hs.sum, he.sum);
        expect(hourly.speedMps.length).toBe(inputs.reference.hourly.rows);
      }
    });

    it('compareMcpMethods (1H, 12 sectors) fits on the brightwind alignments: OLS, TLS, VR and OLS by sector as in the reference', () => {
      for (const [caseName, c] of Object.entries(ref.cases as Record<string, any>)) {
        const run = c.runs['1H_cov0.9'];
        const { reference, target } = series[caseName]!;
        const table = compareMcpMethods(reference, target, { period: '1H', isCrossValidated: false });
        const row = (method: string, sectors: number) =>
          table.rows.find((r) => r.method === method && r.sectors === sectors)!;
        const label = `${caseName} compareMcpMethods`;
        expect(row('ols', 0).count).toBe(run.ols.params.num_data_points);
        checkGolden('compare ols', label, row('ols', 0).slope, run.ols.params.slope);
        checkGolden('compare ols', label, row('ols', 0).offset, run.ols.params.offset);
        checkGolden('compare tls', label, row('tls', 0).slope, run.orthogonal.params.slope, TLS_TOLERANCE);
        checkGolden(
          'compare vr',
          label,
          row('variance_ratio', 0).slope,
          run.variance_ratio_DERIVED.params.slope,
        );
        expect(row('ols', 12).count).toBe(run.ols_by_sector_12.num_data_points_all_sectors);
        for (const p of run.ols_by_sector_12.params) {
          // every sector has ≥ 30 hours here, so none is merged
          checkGolden(
            'compare ols by sector',
            label,
            row('ols', 12).fit.bySector[p.sector_number - 1]!.ownLine?.slope,
            p.slope,
          );
        }
        // The long-term means are the prediction over every reference hour, clamped at ≥ 0 (our rule, §12);
        // brightwind does not clamp OLS: the difference is exactly the clamped negative hours.
        const unclamped = synthesizeLongTerm(row('ols', 0).fit, reference, {
          period: '1H',
          isClampedAtZero: false,
        });
        let negative = 0;
        let count = 0;
        for (const v of unclamped.speedMps) {
          if (Number.isNaN(v)) continue;
          count++;
          if (v < 0) negative -= v;
        }
        expect(count).toBe(run.ols.prediction_only.count);
        const ours = row('ols', 0).longTerm[0]!.meanMps!;
        expect(ours - negative / count).toBeCloseTo(run.ols.prediction_only.mean, 12);
        checkGolden(
          'compare LT mean, unclamped',
          label,
          ours - negative / count,
          run.ols.prediction_only.mean,
        );
        expect(row('ols', 0).longTerm[0]!.count).toBe(run.ols.prediction_only.count);
      }
    }, 60_000);

    for (const [caseName, c] of Object.entries((ref?.cases ?? {}) as Record<string, any>)) {
      for (const [runName, run] of Object.entries(c.runs as Record<string, any>)) {
        if (runName === 'simple_speed_ratio') {
          it(`${caseName} simple_speed_ratio: brightwind's overlap end reproduced as an option; the true overlap by default`, () => {
            const { reference, target } = series[caseName]!;
            const handled = new Set([
              'params',
              'overlap_start',
              'overlap_end',
              'true_overlap_DERIVED',
              ...Object.keys(NOT_COMPARED),
            ]);
            for (const k of Object.keys(run)) expect(handled.has(k), `key ${k} not compared`).toBe(true);
            // brightwind ends the overlap at the reference end (METHODS.md §7)
            const bw = simpleSpeedRatio(reference, target, { overlapEnd: 'reference' })!;
            expect(iso(bw.overlapStartMs)).toBe(run.overlap_start);
            expect(iso(bw.overlapEndMs)).toBe(run.overlap_end);
            checkGolden('simple speed ratio', 'brightwind ratio', bw.ratio, run.params.simple_speed_ratio);
            checkGolden(
              'simple speed ratio',
              'ref MOMM',
              bw.referenceLongTermMps,
              run.params.ref_long_term_momm,
            );
            checkGolden(
              'simple speed ratio',
              'brightwind LT',
              bw.targetLongTermMps,
              run.params.target_long_term,
            );
            checkGolden(
              'simple speed ratio',
              'coverage',
              bw.targetOverlapCoverage,
              run.params.target_overlap_coverage,
            );
            const ours = simpleSpeedRatio(reference, target)!;
            const t = run.true_overlap_DERIVED;
            expect(iso(ours.overlapStartMs)).toBe(t.overlap_start);
            expect(iso(ours.overlapEndMs)).toBe(t.overlap_end);
            checkGolden('simple speed ratio', 'true-overlap ratio', ours.ratio, t.ratio);
            checkGolden('simple speed ratio', 'true-overlap LT', ours.targetLongTermMps, t.target_long_term);
            // the documented difference: brightwind's LT is higher by its later reference years
            expect(bw.targetLongTermMps - ours.targetLongTermMps).toBeGreaterThan(0.1);
          });
          continue;
        }
        const { period, threshold } = runPeriod(runName);
        for (const [entryName, entry] of Object.entries(run as Record<string, any>)) {
          it(`${caseName} ${runName} ${entryName}`, () => {
            const { reference, target } = series[caseName]!;
            const align = (kind: 'speed' | 'ref' | 'both') =>
              alignForMcp(reference, target, {
                period,
                coverageThreshold: threshold,
                isReferenceDirectionUsed: kind !== 'speed',
                isTargetDirectionUsed: kind === 'both',
              })!;
            if (entryName === 'alignment') {
              const a = align('speed');
              const e = entry.value;
              expect(a.x.length).toBe(e.n);
              expect(iso(a.periodStartMs[0]!)).toBe(e.first);
              expect(iso(a.periodStartMs[a.x.length - 1]!)).toBe(e.last);
              const mean = (v: Float64Array) => v.reduce((s, x) => s + x, 0) / v.length;
              const sd = (v: Float64Array) => {
                const m = mean(v);
                return Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1));
              };
              checkGolden('alignment', 'ref_mean', mean(a.x), e.ref_mean);
              checkGolden('alignment', 'target_mean', mean(a.y), e.target_mean);
              checkGolden(
                'alignment',
                'ref_sum',
                a.x.reduce((s, x) => s + x, 0),
                e.ref_sum,
              );
              checkGolden(
                'alignment',
                'target_sum',
                a.y.reduce((s, x) => s + x, 0),
                e.target_sum,
              );
              checkGolden('alignment', 'ref_std_ddof1', sd(a.x), e.ref_std_ddof1);
              checkGolden('alignment', 'target_std_ddof1', sd(a.y), e.target_std_ddof1);
              const rows = (e.rows ?? e.first_rows) as Array<[string, number, number, number, number]>;
              rows.forEach((r, i) => {
                expect(iso(a.periodStartMs[i]!)).toBe(r[0]);
                checkGolden('alignment rows', 'ref', a.x[i], r[1]);
                checkGolden('alignment rows', 'ref coverage', a.xCoverage[i], r[2]);
                checkGolden('alignment rows', 'target', a.y[i], r[3]);
                checkGolden('alignment rows', 'target coverage', a.yCoverage[i], r[4]);
              });
              return;
            }
            const options = METHOD_OPTIONS[entryName];
            expect(options, `entry ${entryName} has no comparison`).toBeDefined();
            const { tolerance, alignment: kind, ...fitOptions } = options!;
            if (entry.error_is_expected_behaviour) {
              // brightwind raises "Not enough overlapping data points": ≤ 1 aligned period, and no fit
              const a = align(kind);
              expect(a.x.length).toBeLessThanOrEqual(1);
              expect(fitMcp(a, fitOptions).overall).toBeUndefined();
              return;
            }
            const handled = new Set([
              'params',
              'synthesized',
              'prediction_only',
              'num_data_points',
              'num_data_points_all_sectors',
              'lt_ref_speed_momm_of_aligned_ref',
              'speedsort_seed_spread',
              ...Object.keys(NOT_COMPARED),
            ]);
            for (const k of Object.keys(entry)) expect(handled.has(k), `key ${k} not compared`).toBe(true);
            const a = align(kind);
            const fit = fitMcp(a, fitOptions);
            const label = `${caseName} ${runName} ${entryName}`;
            if (entryName === 'ols_by_sector_12') checkSectorParams(label, fit, entry);
            else if (entryName === 'speedsort_12') checkSpeedSortParams(label, fit, entry);
            else {
              const p = entry.params;
              expect(fit.overall!.count).toBe(p.num_data_points);
              checkGolden(`${entryName} slope`, label, fit.overall!.slope, p.slope, tolerance);
              if (entryName === 'orthogonal') checkTlsObjective(label, a, fit.overall!, p);
              else checkGolden(`${entryName} offset`, label, fit.overall!.offset, p.offset, tolerance);
              checkGolden(`${entryName} r2`, label, fit.overall!.rSquared, p.r2, tolerance);
            }
            const isSpeedSort = entryName === 'speedsort_12';
            const synth = synthesizeLongTerm(fit, reference, {
              period,
              referenceCoverageThreshold: isSpeedSort ? 0 : threshold,
              target,
              isClampedAtZero: isSpeedSort,
            });
            for (const [column, e] of Object.entries(entry.synthesized as Record<string, any>)) {
              if (column.startsWith('Direction')) {
                // Documented deviation: our direction is the reference direction turned by the sector's
                // circular-mean offset (WIND-ANALYSIS §12), not brightwind's veer interpolated between sector
                // centres; only the periods that carry a direction are compared.
                expect(e.count).toBeGreaterThan(0);
                continue;
              }
              checkSynthesis(`${label} synthesized`, e, synth.periodStartMs, synth.speedMps, tolerance);
            }
            if (entry.prediction_only) {
              const po = synthesizeLongTerm(fit, reference, {
                period,
                referenceCoverageThreshold: threshold,
                isClampedAtZero: false,
              });
              const handledPo = new Set(['count', 'mean', 'momm', 'note']);
              for (const k of Object.keys(entry.prediction_only)) expect(handledPo.has(k)).toBe(true);
              checkSynthesis(
                `${label} prediction_only`,
                { ...entry.prediction_only, note: undefined },
                po.periodStartMs,
                po.speedMps,
                tolerance,
              );
            }
            if (entry.speedsort_seed_spread) {
              const spread = entry.speedsort_seed_spread;
              expect(spread.all_equal).toBe(true);
            }
          });
        }
      }
    }
  },
);

describe.skipIf(!hasMcpShared)(
  `brightwind MCP reference, worked example and MERRA-2 NE pairs (${hasMcpShared ? 'reference present' : MCP_SKIP_MESSAGE})`,
  () => {
    afterAll(() => printGoldenLedger('brightwind MCP, worked example and MERRA-2 NE'));

    it('has exactly the top-level sections this file compares (meta, timing: not compared; no failures)', () => {
      expect(Object.keys(ref).sort()).toEqual(
        [
          'cases',
          'failures',
          'inputs',
          'meta',
          'published_expectations_merra2_ne',
          'timing',
          'worked_example',
        ].sort(),
      );
      expect(ref.failures).toEqual([]);
    });

    it('worked_example (METHODS.md §9): OLS, through the origin, orthogonal, variance ratio, simple speed ratio', () => {
      const w = ref.worked_example;
      const handled = new Set([
        'note',
        'ref',
        'target',
        'ols',
        'ols_forced_origin',
        'orthogonal',
        'variance_ratio_DERIVED',
        'simple_speed_ratio',
      ]);
      for (const k of Object.keys(w)) expect(handled.has(k), `worked_example.${k} not compared`).toBe(true);
      const daily = (rows: Array<[string, number]>): McpSeries => ({
        startMs: naiveMs(rows[0]![0]),
        intervalMinutes: 1440,
        speedMps: rows.map((r) => r[1]),
      });
      const reference = daily(w.ref);
      const target = daily(w.target);
      const a = alignForMcp(reference, target, { period: '1D' })!;
      const cases: Array<[string, McpFitOptions['method'], number]> = [
        ['ols', 'ols', 1e-6],
        ['ols_forced_origin', 'ols_through_origin', 1e-6],
        ['orthogonal', 'tls', TLS_TOLERANCE],
      ];
      for (const [key, method, tolerance] of cases) {
        const e = w[key];
        const line = fitMcp(a, { method }).overall!;
        expect(line.count).toBe(e.params.num_data_points);
        checkGolden(`worked ${key}`, 'slope', line.slope, e.params.slope, tolerance);
        if (method === 'tls') checkTlsObjective(`worked ${key}`, a, line, e.params);
        else checkGolden(`worked ${key}`, 'offset', line.offset, e.params.offset, tolerance);
        checkGolden(`worked ${key}`, 'r2', line.rSquared, e.params.r2, tolerance);
        if (e.synthesized) {
          const s = synthesizeLongTerm(fitMcp(a, { method }), reference, {
            period: '1D',
            target,
            isClampedAtZero: false,
          });
          (e.synthesized as Array<[string, number]>).forEach((r, i) => {
            expect(iso(s.periodStartMs[i]!)).toBe(r[0]);
            checkGolden(`worked ${key}`, 'synthesized', s.speedMps[i], r[1], tolerance);
          });
          checkGolden(
            `worked ${key}`,
            'synthesized_mean',
            s.speedMps.reduce((p, v) => p + v, 0) / s.speedMps.length,
            e.synthesized_mean,
            tolerance,
          );
        }
      }
      const vr = fitMcp(a, { method: 'variance_ratio' }).overall!;
      checkGolden('worked variance ratio', 'slope', vr.slope, w.variance_ratio_DERIVED.slope);
      checkGolden('worked variance ratio', 'offset', vr.offset, w.variance_ratio_DERIVED.offset);
      const ssr = simpleSpeedRatio(reference, target, { overlapEnd: 'reference' })!;
      const p = w.simple_speed_ratio.params;
      checkGolden('worked simple speed ratio', 'ratio', ssr.ratio, p.simple_speed_ratio);
      checkGolden('worked simple speed ratio', 'ref MOMM', ssr.referenceLongTermMps, p.ref_long_term_momm);
      checkGolden('worked simple speed ratio', 'LT', ssr.targetLongTermMps, p.target_long_term);
      checkGolden(
        'worked simple speed ratio',
        'coverage',
        ssr.targetOverlapCoverage,
        p.target_overlap_coverage,
      );
      // with the true overlap (days 01–06) the ratio is ȳ/x̄ of the concurrent days
      expect(simpleSpeedRatio(reference, target)!.ratio).toBeCloseTo(47 / 6 / 6.5, 12);
    });

    it('published_expectations_merra2_ne: the monthly MERRA-2 NE pairs refitted; the rest named as not recomputable', () => {
      const pe = ref.published_expectations_merra2_ne;
      for (const k of Object.keys(pe))
        expect(['source', 'monthly_pairs', 'asserted', 'recomputed_here_from_monthly_pairs']).toContain(k);
      const rows = pe.monthly_pairs.rows as Array<[string, number, number, number]>;
      const pairs = (minCoverage: number): McpAlignment => {
        const kept = rows.filter((r) => r[3] >= minCoverage);
        return {
          period: '1M',
          periodStartMs: Float64Array.from(kept, (r) => naiveMs(r[0])),
          x: Float64Array.from(kept, (r) => r[1]),
          y: Float64Array.from(kept, (r) => r[2]),
          xDirectionDeg: undefined,
          yDirectionDeg: undefined,
          xCoverage: new Float64Array(kept.length).fill(1),
          yCoverage: Float64Array.from(kept, (r) => r[3]),
        };
      };
      const runs: Record<string, [McpFitOptions['method'], number, number]> = {
        ols_1M_cov0: ['ols', 0, 1e-6],
        orthogonal_1M_cov0: ['tls', 0, TLS_TOLERANCE],
        'ols_1M_cov0.9': ['ols', 0.9, 1e-6],
        'ols_1M_cov0.9_forced_origin': ['ols_through_origin', 0.9, 1e-6],
      };
      const recomputed = pe.recomputed_here_from_monthly_pairs.value;
      expect(Object.keys(recomputed).sort()).toEqual(Object.keys(runs).sort());
      for (const [key, [method, coverage, tolerance]] of Object.entries(runs)) {
        const line = fitMcp(pairs(coverage), { method }).overall!;
        const e = recomputed[key];
        expect(line.count).toBe(e.num_data_points);
        checkGolden('MERRA-2 NE monthly', `${key} slope`, line.slope, e.slope, tolerance);
        if (method === 'tls') checkTlsObjective(`MERRA-2 NE ${key}`, pairs(coverage), line, e);
        else checkGolden('MERRA-2 NE monthly', `${key} offset`, line.offset, e.offset, tolerance);
        checkGolden('MERRA-2 NE monthly', `${key} r2`, line.rSquared, e.r2, tolerance);
        // and brightwind's own test values, to the precision it prints them
        const asserted = pe.asserted[key];
        const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;
        for (const field of ['slope', 'offset', 'r2'] as const) {
          const places = key.startsWith('orthogonal') && field !== 'r2' ? 3 : decimals(asserted[field]);
          const ours = field === 'slope' ? line.slope : field === 'offset' ? line.offset : line.rSquared;
          expect(Math.abs(ours - asserted[field])).toBeLessThanOrEqual(0.5 * 10 ** -places + 1e-12);
        }
      }
      // The other asserted values need brightwind's MERRA-2 and demo-mast files, which are not available
      // (README.md "Why this is not brightwind's MERRA-2 demo"); they are named so none is skipped silently.
      const notRecomputable = [
        'ols_1H_cov1',
        'orthogonal_1H_cov1',
        'ols_1D_cov0.9_4sectors',
        'ols_1D_cov0.9_4sectors_forced_origin',
        'simple_speed_ratio',
        'multiple_linear_regression_1M_cov0.95_NE_NW',
        'speedsort_1H_cov0.9_12sectors',
      ];
      expect(Object.keys(pe.asserted).sort()).toEqual([...Object.keys(runs), ...notRecomputable].sort());
    });
  },
);

/**
 * The orthogonal (TLS) line is checked by its objective, not by a fixed offset bound (issue 46 §3).
 *
 * MastHub's TLS line is the closed form of the orthogonal regression (WIND-ANALYSIS §13), the exact
 * minimiser of the sum of squared perpendicular residuals S(b, a) = Σ (y − b·x − a)² / (1 + b²).
 * brightwind fits it with scipy ODR, an iterative solver that stops short of the optimum
 * (reference/brightwind-mcp/METHODS.md §3): on this set its offset is up to 6e-6 m/s from the closed
 * form, on other inputs up to 3.7e-5 m/s — more than any fixed offset bound tighter than the solver's
 * own error would allow. What must hold instead is that MastHub's line is at least as good by the
 * criterion both minimise: S(MastHub) ≤ S(brightwind) on the same pairs (a relative 1e-12 for the
 * summation's rounding). The slope stays compared within TLS_TOLERANCE and r² within its tolerance.
 */
function checkTlsObjective(
  label: string,
  pairs: { x: ArrayLike<number>; y: ArrayLike<number> },
  line: { slope: number; offset: number },
  expected: { slope: number; offset: number },
) {
  const objective = (b: number, a: number) => {
    let s = 0;
    for (let i = 0; i < pairs.x.length; i++) s += (pairs.y[i]! - b * pairs.x[i]! - a) ** 2;
    return s / (1 + b * b);
  };
  const ours = objective(line.slope, line.offset);
  const theirs = objective(expected.slope, expected.offset);
  expect(ours, `${label} TLS perpendicular residual ${ours} vs brightwind ${theirs}`).toBeLessThanOrEqual(
    theirs * (1 + 1e-12),
  );
}

function checkSectorParams(label: string, fit: McpFit, entry: any) {
  const listed = new Set<number>();
  let total = 0;
  for (const p of entry.params as any[]) {
    const s = fit.bySector[p.sector_number - 1]!;
    listed.add(s.sector);
    expect(s.count, `${label} sector ${p.sector_number} n`).toBe(p.num_data_points);
    checkGolden('sector edges', label, s.sectorMinDeg, p.sector_min);
    checkGolden('sector edges', label, s.sectorMaxDeg, p.sector_max);
    checkGolden('by-sector slope', label, s.ownLine?.slope, p.slope);
    checkGolden('by-sector offset', label, s.ownLine?.offset, p.offset);
    checkGolden('by-sector r2', label, s.ownLine?.rSquared, p.r2);
  }
  for (const s of fit.bySector) {
    total += s.count;
    if (!listed.has(s.sector)) expect(s.count, `${label}: sector ${s.sector} absent in brightwind`).toBe(0);
  }
  expect(total).toBe(entry.num_data_points_all_sectors);
}

function checkSpeedSortParams(label: string, fit: McpFit, entry: any) {
  const p = entry.params;
  const r5 = (v: number | undefined) =>
    v === undefined || Number.isNaN(v) ? Number.NaN : roundHalfEven(v, 5);
  const ss = fit.speedSort!;
  checkGolden('speedsort cutoffs', label, r5(ss.referenceCutoffMps), p.ref_speed_cutoff);
  checkGolden('speedsort cutoffs', label, r5(ss.referenceVeerCutoffMps), p.ref_veer_cutoff);
  checkGolden('speedsort cutoffs', label, r5(ss.targetVeerCutoffMps), p.target_veer_cutoff);
  checkGolden('speedsort veer', label, r5(ss.overallAverageVeerDeg), p.overall_average_veer);
  checkGolden(
    'speedsort LT reference',
    label,
    ss.longTermReferenceMps,
    entry.lt_ref_speed_momm_of_aligned_ref,
  );
  let total = 0;
  for (const s of fit.bySector) {
    const e = p[String(s.sector + 1)];
    total += s.count;
    if (!e) {
      expect(s.count, `${label}: sector ${s.sector} absent in brightwind`).toBe(0);
      continue;
    }
    expect(s.count).toBe(e.num_total_pts);
    checkGolden('sector edges', label, s.sectorMinDeg, e.sector_min);
    checkGolden('sector edges', label, s.sectorMaxDeg, e.sector_max);
    checkGolden('speedsort slope', label, r5(s.ownLine?.slope), e.slope);
    checkGolden('speedsort offset', label, r5(s.ownLine?.offset), e.offset);
    if (s.ownLine) {
      expect(s.ownLine.count).toBe(e.num_pts_for_speed_fit);
      checkGolden('speedsort target cutoff', label, r5(s.ownLine.targetCutoffMps), e.target_speed_cutoff);
    } else expect(e.num_pts_for_speed_fit).toBeLessThanOrEqual(1);
    checkGolden('speedsort veer', label, r5(s.averageVeerDeg), e.average_veer);
    expect(s.veerCount).toBe(e.num_pts_for_veer);
  }
  expect(total).toBe(entry.num_data_points);
}
