import { type ReceiptChannel, type ReceiptOutput, type ReceiptWindow, receiptChecks } from '@masthub/wind';
import { describe, expect, it } from 'vitest';
import { demoMastChannels } from '../seed/demo-channel-configs.ts';
import { buildDemoStations } from '../seed/demo-stations.ts';
import {
  DEMO_SITE_COUNT,
  DEMO_UTC_OFFSET_MINUTES,
  demoColumns,
  demoMonthFiles,
} from '../seed/demo-timeseries.ts';
import { HISTORY_DAYS, receiptChannelOf } from './receipt-run.ts';

/**
 * The demo masts' own logger files join the receipt's fault-injection harness (WIND-ANALYSIS §15, packages/wind
 * fault-injection.test.ts) as untouched cases: every month file of the three demo masts, with the 30 days before
 * it, read as the receipt reads a stored file and judged against the demo channel configuration the seed writes.
 * The generator injects logger outages (gaps) and nothing else a receipt reads as a fault — a sensor's empty
 * days are missing values, its icing happens below the stuck check's 2 °C — so those gaps are the only findings
 * allowed. A 3 % slope step injected into the same files is still found, on the cup it was put into.
 */
const DAY_MS = 86_400_000;
const MONTHS = 13;
const FIRST_MONTH = Date.UTC(2024, 0, 1);

interface TDemoMast {
  code: string;
  topM: number;
  times: Float64Array;
  values: Record<string, Float64Array>;
  channels: ReceiptChannel[];
}

/** The first demo masts as the seed picks them (met masts with a height, in id order), their files parsed. */
function demoMasts(): TDemoMast[] {
  const masts = buildDemoStations(300)
    .filter((s) => s.stationType === 'met_mast' && s.pylonHeightM !== null)
    .slice(0, DEMO_SITE_COUNT);
  return masts.map((site, siteIndex) => {
    const topM = site.pylonHeightM!;
    const columns = demoColumns(topM);
    const times: number[] = [];
    const values = columns.map(() => [] as number[]);
    for (const file of demoMonthFiles({
      siteIndex,
      topM,
      altitudeM: site.altitudeM ?? 1000,
      firstMonth: FIRST_MONTH,
      months: MONTHS,
    })) {
      const lines = file.content.toString('utf8').split('\n');
      for (const line of lines.slice(1)) {
        if (!line) continue;
        const cells = line.split(',');
        times.push(Date.parse(`${cells[0]!.replace(' ', 'T')}Z`) - DEMO_UTC_OFFSET_MINUTES * 60_000);
        for (let k = 0; k < columns.length; k++) {
          const v = cells[k + 1]!;
          values[k]!.push(v === '-9999' ? Number.NaN : Number(v));
        }
      }
    }
    // What the seed's channel configuration says about each column, as the receipt service reads it.
    const config = new Map(demoMastChannels(topM, siteIndex, 0).map((c) => [c.data_key, c]));
    const channels = columns.map((c) => {
      const meta = config.get(c.channel.dataKey!);
      return receiptChannelOf(
        {
          dataKey: c.channel.dataKey!,
          element: c.channel.element,
          heightM: c.channel.heightM ?? null,
          statistic: c.channel.statistic,
        },
        meta && {
          boomOrientationDeg: meta.boom_orientation_deg,
          calibrationSlope: meta.calibration_slope,
          calibrationOffset: meta.calibration_offset,
          sensorKind: `${meta.sensor_make} ${meta.sensor_model}`.trim(),
        },
      );
    });
    return {
      code: site.stationCode,
      topM,
      times: Float64Array.from(times),
      values: Object.fromEntries(columns.map((c, k) => [c.channel.dataKey!, Float64Array.from(values[k]!)])),
      channels,
    };
  });
}

/** The records of [fromMs, toMs), every channel parallel. */
function windowOf(mast: TDemoMast, fromMs: number, toMs: number): ReceiptWindow {
  let from = 0;
  while (from < mast.times.length && mast.times[from]! < fromMs) from++;
  let to = from;
  while (to < mast.times.length && mast.times[to]! < toMs) to++;
  return {
    timesMs: mast.times.slice(from, to),
    channels: Object.fromEntries(Object.entries(mast.values).map(([k, v]) => [k, v.slice(from, to)])),
  };
}

/** Each month file after the first: the file (from its first record) and the 30 days before it. */
function monthCases(mast: TDemoMast) {
  const cases: { label: string; file: ReceiptWindow; history: ReceiptWindow }[] = [];
  for (let m = 1; m < MONTHS; m++) {
    const localStart = Date.UTC(2024, m, 1) - DEMO_UTC_OFFSET_MINUTES * 60_000;
    const localEnd = Date.UTC(2024, m + 1, 1) - DEMO_UTC_OFFSET_MINUTES * 60_000;
    const file = windowOf(mast, localStart, localEnd);
    const fromMs = file.timesMs[0]!;
    cases.push({
      label: `${mast.code} ${new Date(Date.UTC(2024, m, 1)).toISOString().slice(0, 7)}`,
      file,
      history: windowOf(mast, fromMs - HISTORY_DAYS * DAY_MS, fromMs),
    });
  }
  return cases;
}

const masts = demoMasts();
const run = (mast: TDemoMast, file: ReceiptWindow, history: ReceiptWindow): ReceiptOutput =>
  receiptChecks({ file, history, channels: mast.channels, intervalMinutes: 10 });

describe('the demo masts’ files as untouched cases of the receipt', () => {
  it('raise no finding the generator did not inject: its logger outages are the only findings', () => {
    const flags: string[] = [];
    let judged = 0;
    let slopePairsJudged = 0;
    for (const mast of masts) {
      for (const c of monthCases(mast)) {
        const out = run(mast, c.file, c.history);
        judged++;
        for (const f of out.findings)
          if (f.key !== 'basic.gaps') flags.push(`${c.label} ${f.key} ${f.channels}`);
        slopePairsJudged += out.results.filter(
          (r) => r.status === 'pass' && r.pass.check === 'slope_mismatch',
        ).length;
      }
    }
    console.info(
      `demo masts as untouched receipt cases: ${judged} month files of ${masts.map((m) => m.code).join(', ')}, ` +
        `${slopePairsJudged} cup pairs judged by the slope check, ${flags.length} false flags`,
    );
    expect(flags).toEqual([]);
    // The check judged the top cup pair on every file: the pass is not a skip.
    expect(slopePairsJudged).toBe(judged);
  });

  it('still find a 3 % step of one top cup from the 1st or the 11th, on that cup', () => {
    let injected = 0;
    let detected = 0;
    for (const mast of masts) {
      const cup = `ws_${mast.topM}_mean`;
      for (const c of monthCases(mast).filter((_, k) => k % 3 === 1)) {
        for (const [day, factor] of [
          [0, 1.03],
          [10, 0.97],
        ] as const) {
          const fromMs = Date.UTC(
            new Date(c.file.timesMs[0]! + DEMO_UTC_OFFSET_MINUTES * 60_000).getUTCFullYear(),
            new Date(c.file.timesMs[0]! + DEMO_UTC_OFFSET_MINUTES * 60_000).getUTCMonth(),
            1 + day,
          );
          const values = c.file.channels[cup]!.map((v, i) => (c.file.timesMs[i]! >= fromMs ? v * factor : v));
          const out = run(mast, { ...c.file, channels: { ...c.file.channels, [cup]: values } }, c.history);
          const finding = out.findings.find((f) => f.key === 'slope_mismatch.changed');
          injected++;
          if (finding?.fix?.kind === 'slope_offset' && finding.fix.channel === cup) {
            expect(finding.fix.slope).toBeCloseTo(1 / factor, 2);
            detected++;
          }
        }
      }
    }
    expect(detected / injected).toBeGreaterThanOrEqual(0.95);
  });
});
