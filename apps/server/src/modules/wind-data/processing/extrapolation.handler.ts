import { ZExtrapolationRequest } from '@masthub/shared';
import { buildCalendarIndex, directionSectorIndices, extrapolateSeries, windShear } from '@masthub/wind';
import type { TChannelRow } from '../../timeseries/index.ts';
import { ProcessingFailure, type TTaskContext } from '../tasks.service.ts';
import {
  channelMap,
  loadChannels,
  outputChannel,
  rangeOf,
  requireChannel,
  requireKind,
  requireOneInterval,
  round,
  usableValues,
  writeDerived,
} from './processing-support.ts';

/** Direction sectors of the by-sector exponents (16, WIND-ANALYSIS §0). */
export const SHEAR_SECTORS = 16;
/** Records a shear cell needs (windShear's default, WIND-ANALYSIS §8.10 [P]). */
const SHEAR_MIN_COUNT = 30;
/** α without a second height (WIND-ANALYSIS §6). */
const DEFAULT_SHEAR_EXPONENT = 1 / 7;

/** Name and data key of the channel an extrapolation to `heightM` writes. */
export function extrapolatedChannelName(heightM: number): string {
  return `WS_${heightM}m_EXT`;
}

/**
 * Vertical extrapolation (WIND-ANALYSIS §6; SPEC §5 target height (0, 500]): fit the power-law shear
 * exponent of the mean speeds of the chosen heights (overall, by local hour or by direction sector; one
 * height: 1/7), then write V(t)·(target/z)^α from the height nearest the target into "WS_<h>m_EXT"
 * (element ws, statistic mean, flag 1; a rerun overwrites it).
 */
export async function extrapolationHandler(ctx: TTaskContext): Promise<Record<string, unknown>> {
  const p = ZExtrapolationRequest.parse(ctx.task.params);
  const utcOffsetMinutes = Number(ctx.task.params.utcOffsetMinutes ?? 480);
  const { byId } = await channelMap(ctx.store, ctx.version.id);
  const speeds = [...new Set(p.channelIds)].map((id) => requireChannel(byId, id));
  for (const c of speeds) {
    requireKind(c, 'ws', 'avg');
    if (!(c.heightM !== null && c.heightM > 0)) {
      throw new ProcessingFailure('channel_mismatch', { channel: c.name, expected: 'ws avg, height > 0 m' });
    }
  }
  const direction =
    p.shearMode === 'sector' && p.directionChannelId !== undefined
      ? requireChannel(byId, p.directionChannelId)
      : undefined;
  if (direction) requireKind(direction, 'wd');
  const inputs: TChannelRow[] = direction ? [...speeds, direction] : speeds;
  requireOneInterval(inputs);
  const range = await rangeOf(ctx.store, ctx.version.id, speeds, p);
  const loaded = await loadChannels(ctx.store, inputs, range);
  await ctx.progress(20);
  const heights = speeds.map((c) => c.heightM!);
  const series = speeds.map((c) => usableValues(loaded, c.id));
  // The source is the height nearest the target (the higher one on a tie).
  let source = 0;
  for (let k = 1; k < speeds.length; k++) {
    const d = Math.abs(heights[k]! - p.targetHeight);
    const best = Math.abs(heights[source]! - p.targetHeight);
    if (d < best || (d === best && heights[k]! > heights[source]!)) source = k;
  }
  const sourceHeight = heights[source]!;
  const isFitted = new Set(heights).size >= 2;
  const mode = isFitted ? p.shearMode : 'overall';
  let values: Float64Array;
  const shearResult: Record<string, unknown> = { shearMode: mode, isFitted };
  if (!isFitted) {
    values = extrapolateSeries(series[source]!, sourceHeight, p.targetHeight, {
      exponent: DEFAULT_SHEAR_EXPONENT,
    });
    shearResult.shearExponent = round(DEFAULT_SHEAR_EXPONENT);
  } else if (mode === 'overall') {
    const shear = windShear(series, heights, { minCount: SHEAR_MIN_COUNT });
    const exponent = shear?.overall.exponent;
    if (exponent === undefined) throw new ProcessingFailure('no_shear_fit', { minCount: SHEAR_MIN_COUNT });
    values = extrapolateSeries(series[source]!, sourceHeight, p.targetHeight, { exponent });
    shearResult.shearExponent = round(exponent);
    shearResult.recordCount = shear!.overall.count;
    shearResult.meanSpeedsMps = shear!.overall.meanSpeedsMps.map((v) => round(v, 3));
  } else if (mode === 'hourly') {
    const calendar = buildCalendarIndex(loaded.grid, utcOffsetMinutes / 60);
    const shear = windShear(series, heights, { minCount: SHEAR_MIN_COUNT, calendar });
    const byHour = shear?.byHour?.map((cell) => cell.exponent) ?? [];
    if (!byHour.some((a) => a !== undefined)) {
      throw new ProcessingFailure('no_shear_fit', { minCount: SHEAR_MIN_COUNT });
    }
    values = extrapolateSeries(series[source]!, sourceHeight, p.targetHeight, {
      exponentByHour: byHour,
      calendar,
    });
    shearResult.shearExponent = round(shear!.overall.exponent);
    shearResult.shearExponentByHour = byHour.map((a) => round(a));
    shearResult.utcOffsetMinutes = utcOffsetMinutes;
  } else {
    if (!direction) throw new ProcessingFailure('channel_mismatch', { channel: '-', expected: 'wd' });
    const sectorIndex = directionSectorIndices(usableValues(loaded, direction.id), SHEAR_SECTORS);
    const shear = windShear(series, heights, {
      minCount: SHEAR_MIN_COUNT,
      sectorIndex,
      sectors: SHEAR_SECTORS,
    });
    const bySector = shear?.bySector?.map((cell) => cell.exponent) ?? [];
    if (!bySector.some((a) => a !== undefined)) {
      throw new ProcessingFailure('no_shear_fit', { minCount: SHEAR_MIN_COUNT });
    }
    values = extrapolateSeries(series[source]!, sourceHeight, p.targetHeight, {
      exponentBySector: bySector,
      sectorIndex,
    });
    shearResult.shearExponent = round(shear!.overall.exponent);
    shearResult.shearExponentBySector = bySector.map((a) => round(a));
    shearResult.sectors = SHEAR_SECTORS;
  }
  await ctx.progress(60);
  const name = extrapolatedChannelName(p.targetHeight);
  const { channel } = await outputChannel(ctx.store, ctx.version.id, {
    dataKey: name,
    name,
    element: 'ws',
    heightM: p.targetHeight,
    statistic: 'mean',
    unit: speeds[source]!.unit || 'm/s',
    intervalS: speeds[source]!.intervalS,
  });
  const written = await writeDerived(ctx.store, ctx.version.id, channel, loaded.grid.startMs, values);
  return {
    ...shearResult,
    heightsM: heights,
    sourceChannelId: speeds[source]!.id,
    sourceName: speeds[source]!.name,
    sourceHeightM: sourceHeight,
    targetHeightM: p.targetHeight,
    channelId: channel.id,
    channelName: channel.name,
    writtenCount: written,
    startTime: new Date(range.fromMs).toISOString(),
    endTime: new Date(range.toMs).toISOString(),
  };
}
