import type { TJointFrequencyTable, TMonthlyMaxima, TTurbulenceItem } from '@masthub/shared';
import {
  averageByPeriod,
  type Channel,
  frequencyTable,
  type TurbulenceIntensityTable,
  turbulenceIntensityBySector,
} from '@masthub/wind';
import { type AnalysisContext, num, pad2, round } from './analysis-context.ts';

/**
 * The figures issue 29 added to the statistics tabs ("complete the statistics"): the joint speed ×
 * direction table of a rose, TI by sector with the overall P90, the monthly maxima with their time.
 */

/**
 * Joint table of a speed and its vane in 1 m/s bins × the analysis's sectors, % of the pairs: bins centred
 * on integers [k − 0.5, k + 0.5) by default (WIND-ANALYSIS §0, brightwind's `freq_table`), or [k, k + 1).
 */
export function jointTableOf(ctx: AnalysisContext, speed: Channel, vane: Channel): TJointFrequencyTable {
  const bins = ctx.options.jointTableBins ?? 'centred';
  const table = frequencyTable(ctx.mask(speed), ctx.mask(vane), {
    sectors: ctx.options.sectors,
    sectorIndex: ctx.sectorIndexOf(vane),
    binStart: bins === 'centred' ? 'half' : 'zero',
  });
  const total = table.totalCount;
  const pct = (count: number) => (total > 0 ? round((count / total) * 100, 6) : 0);
  return {
    bins,
    lower: [...table.lowerEdgesMps],
    upper: [...table.upperEdgesMps],
    pct: table.counts.map((row) => Array.from(row, pct)),
    sectorPct: Array.from(table.sectorCounts, pct),
    totalCount: total,
  };
}

/** The turbulence item's overall row, characteristic TI at 15 m/s and TI by sector of the nearest vane. */
export function turbulenceDetail(
  ctx: AnalysisContext,
  speed: Channel,
  sd: Channel,
  table: TurbulenceIntensityTable,
): Pick<TTurbulenceItem, 'overall' | 'characteristicTi15' | 'bySector' | 'directionChannelId'> {
  const o = table.overall;
  const bin15 = table.bins.find((b) => b.centreMps === 15);
  const vane = ctx.nearestVane(speed.heightM);
  const labels = ctx.sectorNames();
  return {
    overall: {
      count: o.count,
      meanTi: num(o.meanTi),
      sdTi: num(o.sdTi),
      representTi: num(o.representativeTi),
      p90Ti: num(o.p90Ti),
    },
    characteristicTi15: num(bin15?.characteristicTi),
    bySector: vane
      ? turbulenceIntensityBySector(ctx.mask(speed), ctx.mask(sd), ctx.mask(vane), {
          sectors: ctx.options.sectors,
          sectorIndex: ctx.sectorIndexOf(vane),
        }).map((s) => ({
          label: labels[s.index] ?? String(s.index),
          count: s.count,
          meanTi: num(s.meanTi),
          representTi: num(s.representativeTi),
          p90Ti: num(s.p90Ti),
        }))
      : [],
    directionChannelId: vane ? ctx.info(vane.id).channelId : null,
  };
}

/** The gust (max) channel at a speed's height; on a dual-boom height the one whose name shares most with the speed's. */
function gustOf(ctx: AnalysisContext, speed: Channel): Channel | undefined {
  const name = ctx.info(speed.id).name;
  const shared = (other: Channel) => {
    const o = ctx.info(other.id).name;
    let k = 0;
    while (k < o.length && o[k] === name[k]) k++;
    return k;
  };
  return ctx.station.channels
    .filter((o) => o.element === 'ws' && o.statistic === 'max' && o.heightM === speed.heightM)
    .sort((a, b) => shared(b) - shared(a))[0];
}

/**
 * Each local calendar month's highest 10-min mean and gust of every speed average, with the record that
 * holds it (the input of the periodic-maxima method, WIND-ANALYSIS §14), highest channel first.
 */
export function monthlyMaximaSection(ctx: AnalysisContext): TMonthlyMaxima[] {
  const { startMs, intervalMinutes } = ctx.station.grid;
  const timeOf = (slot: number) =>
    slot >= 0 ? new Date(startMs + slot * intervalMinutes * 60_000).toISOString() : null;
  const monthly = (c: Channel) =>
    averageByPeriod(ctx.mask(c), ctx.stats.calendar, 'month', intervalMinutes, {
      ...(ctx.sums.has(c.id) ? { sums: ctx.sums.get(c.id)! } : {}),
    });
  return [...ctx.speeds].reverse().map((c) => {
    const gust = gustOf(ctx, c);
    const gusts = gust ? monthly(gust) : [];
    const months = ctx.stats.calendar.months;
    return {
      channelId: ctx.info(c.id).channelId,
      heightTag: ctx.info(c.id).heightTag,
      gustChannelId: gust ? ctx.info(gust.id).channelId : null,
      months: monthly(c).map((m, k) => {
        const g = gusts[k];
        const calendarMonth = months[m.period]!;
        return {
          month: `${calendarMonth.year}-${pad2(calendarMonth.month)}`,
          count: m.count,
          coverage: num(m.coverage * 100),
          max: m.count > 0 ? num(m.max) : null,
          maxTime: m.count > 0 ? timeOf(m.maxIndex) : null,
          gustMax: g && g.count > 0 ? num(g.max) : null,
          gustMaxTime: g && g.count > 0 ? timeOf(g.maxIndex) : null,
        };
      }),
    };
  });
}
