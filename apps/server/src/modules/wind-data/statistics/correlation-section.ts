import {
  CORRELATION_PERIOD_NAMES,
  CORRELATION_SCATTER_MAX_POINTS,
  CORRELATION_STRENGTH_TEXT,
  MCP_METHOD_NAMES,
  type TCorrelationItem,
  type TStatisticsResult,
} from '@masthub/shared';
import {
  type Channel,
  correlateByPeriod,
  correlateBySector,
  correlationStrength,
  fitLinearLeastSquares,
  type McpLine,
  type McpSeries,
  type PeriodCorrelation,
} from '@masthub/wind';
import { type AnalysisContext, num, round } from './analysis-context.ts';

type TCorrelationSection = TStatisticsResult['correlation'];
type TLine = TCorrelationItem['line'];

function strengthOf(ctx: AnalysisContext, r: number | undefined) {
  const words = r === undefined ? undefined : correlationStrength(r);
  if (!words) return null;
  return {
    r: words.r,
    rSquared: words.rSquared,
    rText: CORRELATION_STRENGTH_TEXT.r[words.r][ctx.language],
    rSquaredText: CORRELATION_STRENGTH_TEXT.rSquared[words.rSquared][ctx.language],
  };
}

/**
 * The correlation tab (WIND-ANALYSIS §8.8): every other speed average against the reference speed and
 * the vane nearest to it. 10-min OLS (the default) is packages/wind's per-sector OLS of the records; any
 * other averaging or method is the long-term workbench's alignment and line (correlateByPeriod).
 */
export function correlationSection(ctx: AnalysisContext): TCorrelationSection {
  const period = ctx.options.correlationPeriod ?? '10min';
  const method = ctx.options.correlationMethod ?? 'ols';
  const coverage = ctx.options.correlationCoverage ?? 0.9;
  const head = {
    period,
    periodName: CORRELATION_PERIOD_NAMES[period][ctx.language],
    coverage: period === '10min' ? null : coverage,
    method,
    methodName: MCP_METHOD_NAMES[method][ctx.language],
  };
  const reference = ctx.referenceSpeed();
  if (!reference) {
    return {
      ...head,
      referenceChannelId: null,
      referenceHeightTag: null,
      directionChannelId: null,
      items: [],
    };
  }
  const vane = ctx.nearestVane(reference.heightM);
  const items: TCorrelationItem[] = [];
  for (const target of ctx.speeds) {
    if (target.id === reference.id) continue;
    items.push(
      period === '10min' && method === 'ols'
        ? recordsOlsItem(ctx, reference, target, vane)
        : periodItem(ctx, reference, target, vane, { period, method, coverage }),
    );
  }
  return {
    ...head,
    referenceChannelId: ctx.info(reference.id).channelId,
    referenceHeightTag: ctx.info(reference.id).heightTag,
    directionChannelId: vane ? ctx.info(vane.id).channelId : null,
    items,
  };
}

/** The line from x0 to x1 (SpeedSort: through its cutoff, from the origin below it), rounded for the chart. */
function lineOver(line: McpLine | undefined, x0: number, x1: number): TLine {
  if (!line || !(x1 >= x0)) return { x: [], y: [] };
  const c = line.cutoffMps;
  const xs = c !== undefined && c > x0 && c < x1 ? [x0, c, x1] : [x0, x1];
  const at = (x: number) =>
    c !== undefined && x < c && c > 0
      ? ((line.slope * c + line.offset) * x) / c
      : line.slope * x + line.offset;
  return { x: xs.map((x) => round(x, 3)), y: xs.map((x) => round(at(round(x, 3)), 4)) };
}

/** Today's 10-min OLS of the records, unchanged: by sector when a vane is present. */
function recordsOlsItem(
  ctx: AnalysisContext,
  reference: Channel,
  target: Channel,
  vane: Channel | undefined,
): TCorrelationItem {
  const x = ctx.mask(reference);
  const y = ctx.mask(target);
  const direction = vane ? ctx.mask(vane) : undefined;
  // packages/wind already correlated every speed with the default reference and its vane.
  const computed =
    reference.id === ctx.stats.referenceSpeedChannelId
      ? ctx.statisticsOf(target.id).speed?.correlation
      : undefined;
  const bySector =
    computed ??
    (direction ? correlateBySector(x, y, direction, { sectors: ctx.options.sectors }) : undefined);
  const overall = bySector ? bySector.overall : fitLinearLeastSquares(x, y);
  const scatter = samplePairs(x, y, CORRELATION_SCATTER_MAX_POINTS);
  const line =
    overall && scatter.x.length > 0
      ? lineOver(
          { count: overall.count, slope: overall.slope, offset: overall.intercept, rSquared: 0 },
          scatter.xMin,
          scatter.xMax,
        )
      : { x: [], y: [] };
  return {
    targetChannelId: ctx.info(target.id).channelId,
    heightTag: ctx.info(target.id).heightTag,
    count: overall?.count ?? 0,
    slope: num(overall?.slope),
    intercept: num(overall?.intercept),
    r: num(overall?.r),
    rSquared: num(overall?.rSquared),
    strength: strengthOf(ctx, overall?.r),
    throughOriginSlope: num(bySector?.throughOrigin?.slope),
    sectors: (bySector?.sectors ?? []).map((s) => ({
      sectorRange: s.sectorRange,
      count: s.count,
      intercept: num(s.intercept),
      slope: num(s.slope),
      r: num(s.r),
      rSquared: num(s.rSquared),
      correctedValue: num(s.correctedValue),
      strength: strengthOf(ctx, s.r),
    })),
    scatter: { x: scatter.x, y: scatter.y },
    line,
  };
}

/** A channel's usable values as a series of the long-term workbench, stamped in local time (local days, months). */
function seriesOf(ctx: AnalysisContext, speed: Channel, vane: Channel | undefined): McpSeries {
  const grid = ctx.station.grid;
  return {
    startMs: grid.startMs + ctx.station.utcOffsetHours * 3_600_000,
    intervalMinutes: grid.intervalMinutes,
    speedMps: ctx.mask(speed),
    directionDeg: vane ? ctx.mask(vane) : undefined,
  };
}

/** One target by the workbench's averaging and method (correlateByPeriod), in the 10-min item's shape. */
function periodItem(
  ctx: AnalysisContext,
  reference: Channel,
  target: Channel,
  vane: Channel | undefined,
  options: Pick<PeriodCorrelation, 'period' | 'method'> & { coverage: number },
): TCorrelationItem {
  const fit = correlateByPeriod(seriesOf(ctx, reference, vane), seriesOf(ctx, target, undefined), {
    period: options.period,
    method: options.method,
    coverageThreshold: options.coverage,
    sectors: ctx.options.sectors,
  });
  const { x, y } = fit.pairs;
  const scatter = samplePairs(x, y, CORRELATION_SCATTER_MAX_POINTS);
  const overall = fit.overall;
  return {
    targetChannelId: ctx.info(target.id).channelId,
    heightTag: ctx.info(target.id).heightTag,
    count: x.length,
    slope: num(overall?.slope),
    intercept: num(overall?.offset),
    r: num(fit.r),
    rSquared: num(overall?.rSquared),
    strength: strengthOf(ctx, fit.r),
    throughOriginSlope: num(fit.throughOriginSlope),
    sectors: fit.sectors.map((s) => ({
      sectorRange: s.sectorRange,
      count: s.count,
      intercept: num(s.line?.offset),
      slope: num(s.line?.slope),
      r: num(s.r),
      rSquared: num(s.line?.rSquared),
      correctedValue: num(s.correctedValue),
      strength: strengthOf(ctx, s.r),
    })),
    scatter: { x: scatter.x, y: scatter.y },
    line: scatter.x.length > 0 ? lineOver(overall, scatter.xMin, scatter.xMax) : { x: [], y: [] },
  };
}

/** An evenly strided sample of the concurrent valid pairs (≤ max, rounded to mm/s) and the range of x. */
export function samplePairs(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  max: number,
): { x: number[]; y: number[]; xMin: number; xMax: number } {
  let count = 0;
  let xMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
    if (xi !== xi || yi !== yi) continue;
    count++;
    if (xi < xMin) xMin = xi;
    if (xi > xMax) xMax = xi;
  }
  const stride = Math.max(1, Math.ceil(count / max));
  const out = { x: [] as number[], y: [] as number[], xMin, xMax };
  // Every stride-th present pair, the first one included (a countdown: no remainder per record).
  let skip = 0;
  for (let i = 0; i < x.length && out.x.length < max; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
    if (xi !== xi || yi !== yi) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    skip = stride - 1;
    out.x.push(round(xi, 3));
    out.y.push(round(yi, 3));
  }
  return out;
}
