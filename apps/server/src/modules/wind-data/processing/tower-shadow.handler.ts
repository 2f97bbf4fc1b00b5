import { ZTowerShadowRequest } from '@masthub/shared';
import { angleDifference, applyTowerShadowChoice, mergeTowerShadow } from '@masthub/wind';
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
  requireSameHeight,
  usableValues,
  writeDerived,
} from './processing-support.ts';

/** Suffix of the channels a tower-shadow merge writes ("<name A>_TS", "<dataKey A>_TS"). */
export const TOWER_SHADOW_SUFFIX = '_TS';

/**
 * Tower-shadow correction (WIND-ANALYSIS §4; SPEC §9 GB / max / average): for each pair of cups at one
 * height, merge the two averages into a new channel "<name A>_TS" (rerun: overwritten), and apply the
 * same per-record choice to the sd and max channels when given. Written values are flagged 1.
 * Invalid and icing values (flags 3, 4) count as missing, so the other cup is taken.
 */
export async function towerShadowHandler(ctx: TTaskContext): Promise<Record<string, unknown>> {
  const p = ZTowerShadowRequest.parse(ctx.task.params);
  const { byId } = await channelMap(ctx.store, ctx.version.id);
  // Only the GB method reads the wind direction.
  const direction =
    p.method !== 'gb' || p.directionChannelId === undefined
      ? undefined
      : requireChannel(byId, p.directionChannelId);
  if (direction) requireKind(direction, 'wd');
  const pairs = p.pairs.map((pair) => {
    const avgA = requireChannel(byId, pair.avgA);
    const avgB = requireChannel(byId, pair.avgB);
    requireKind(avgA, 'ws', 'avg');
    requireKind(avgB, 'ws', 'avg');
    requireSameHeight(avgA, avgB);
    const optional = (a: number | undefined, b: number | undefined, statistic: 'sd' | 'max') => {
      if (a === undefined && b === undefined) return undefined;
      if (a === undefined || b === undefined) {
        const given = requireChannel(byId, (a ?? b)!);
        throw new ProcessingFailure('channel_mismatch', {
          channel: given.name,
          expected: `ws ${statistic} A + B`,
        });
      }
      const ca = requireChannel(byId, a);
      const cb = requireChannel(byId, b);
      requireKind(ca, 'ws', statistic);
      requireKind(cb, 'ws', statistic);
      return { a: ca, b: cb };
    };
    return {
      ...pair,
      avg: { a: avgA, b: avgB },
      sd: optional(pair.sdA, pair.sdB, 'sd'),
      max: optional(pair.maxA, pair.maxB, 'max'),
    };
  });
  if (p.method === 'gb') {
    for (const pair of pairs) {
      if (Math.abs(angleDifference(pair.boomA, pair.boomB)) < 2 * p.wakeHalfWidth) {
        throw new ProcessingFailure('wake_sectors_overlap', { minDeg: 2 * p.wakeHalfWidth });
      }
    }
  }
  const inputs = new Map<number, TChannelRow>();
  for (const pair of pairs) {
    for (const c of [pair.avg, pair.sd, pair.max]) {
      if (!c) continue;
      inputs.set(c.a.id, c.a);
      inputs.set(c.b.id, c.b);
    }
  }
  if (direction) inputs.set(direction.id, direction);
  const channels = [...inputs.values()];
  requireOneInterval(channels);
  const range = await rangeOf(ctx.store, ctx.version.id, channels, p);
  const loaded = await loadChannels(ctx.store, channels, range);
  await ctx.progress(10);
  const directionDeg = direction ? usableValues(loaded, direction.id) : undefined;
  const results: Record<string, unknown>[] = [];
  for (const [k, pair] of pairs.entries()) {
    const merged = mergeTowerShadow({
      speed1: usableValues(loaded, pair.avg.a.id),
      speed2: usableValues(loaded, pair.avg.b.id),
      ...(directionDeg ? { directionDeg } : {}),
      boom1Deg: pair.boomA,
      boom2Deg: pair.boomB,
      method: p.method,
      correctionAngleDeg: p.correctionAngle,
      wakeHalfWidthDeg: p.wakeHalfWidth,
    });
    const counts = { fromA: 0, fromB: 0, averaged: 0, maximum: 0, missing: 0 };
    for (const c of merged.choice) {
      if (c === 1) counts.fromA++;
      else if (c === 2) counts.fromB++;
      else if (c === 3) counts.averaged++;
      else if (c === 4) counts.maximum++;
      else counts.missing++;
    }
    const written: { id: number; name: string; dataKey: string; statistic: string; count: number }[] = [];
    const write = async (source: TChannelRow, values: ArrayLike<number>) => {
      const { channel } = await outputChannel(ctx.store, ctx.version.id, {
        dataKey: `${source.dataKey}${TOWER_SHADOW_SUFFIX}`,
        name: `${source.name}${TOWER_SHADOW_SUFFIX}`,
        element: source.element,
        heightM: source.heightM,
        statistic: source.statistic,
        unit: source.unit,
        intervalS: source.intervalS,
      });
      const count = await writeDerived(ctx.store, ctx.version.id, channel, loaded.grid.startMs, values);
      written.push({
        id: channel.id,
        name: channel.name,
        dataKey: channel.dataKey,
        statistic: channel.statistic,
        count,
      });
    };
    await write(pair.avg.a, merged.values);
    for (const extra of [pair.sd, pair.max]) {
      if (!extra) continue;
      await write(
        extra.a,
        applyTowerShadowChoice(
          merged.choice,
          usableValues(loaded, extra.a.id),
          usableValues(loaded, extra.b.id),
        ),
      );
    }
    results.push({
      heightM: pair.avg.a.heightM,
      sourceChannelIds: [pair.avg.a.id, pair.avg.b.id],
      sourceNames: [pair.avg.a.name, pair.avg.b.name],
      channels: written,
      ...counts,
    });
    await ctx.progress(10 + ((k + 1) / pairs.length) * 85);
  }
  return {
    method: p.method,
    correctionAngle: p.correctionAngle,
    wakeHalfWidth: p.wakeHalfWidth,
    startTime: new Date(range.fromMs).toISOString(),
    endTime: new Date(range.toMs).toISOString(),
    pairs: results,
  };
}
