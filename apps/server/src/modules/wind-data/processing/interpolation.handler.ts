import { ZInterpolationRequest } from '@masthub/shared';
import { fillGapsLinear } from '@masthub/wind';
import { writeSeries } from '../../timeseries/index.ts';
import { ProcessingFailure, type TTaskContext } from '../tasks.service.ts';
import {
  channelMap,
  loadChannels,
  rangeOf,
  requireChannel,
  requireOneInterval,
  round,
} from './processing-support.ts';

/**
 * Gap filling by linear least squares (WIND-ANALYSIS §5; SPEC §9): fit target = a + b·predictor on the
 * concurrent usable pairs and fill every target gap where the predictor is usable (flag 1). Fewer pairs
 * than asked or a weaker correlation fail the task with the numbers, leaving the version unchanged.
 */
export async function interpolationHandler(ctx: TTaskContext): Promise<Record<string, unknown>> {
  const p = ZInterpolationRequest.parse(ctx.task.params);
  const { byId } = await channelMap(ctx.store, ctx.version.id);
  const target = requireChannel(byId, p.targetChannelId);
  const predictor = requireChannel(byId, p.predictorChannelId);
  if (target.element !== predictor.element) {
    throw new ProcessingFailure('channel_mismatch', { channel: predictor.name, expected: target.element });
  }
  requireOneInterval([target, predictor]);
  const range = await rangeOf(ctx.store, ctx.version.id, [target, predictor], p);
  const loaded = await loadChannels(ctx.store, [target, predictor], range);
  await ctx.progress(20);
  const [t, x] = loaded.channels as [(typeof loaded.channels)[0], (typeof loaded.channels)[0]];
  const filled = fillGapsLinear({
    target: t.values,
    targetFlags: t.flags,
    predictor: x.values,
    predictorFlags: x.flags,
    minPairs: p.minPairs,
    minR: p.minR,
  });
  if (filled.reason === 'tooFewPairs') {
    throw new ProcessingFailure('too_few_pairs', { minPairs: p.minPairs, count: filled.fit?.count ?? 0 });
  }
  if (filled.reason === 'weakCorrelation') {
    throw new ProcessingFailure('weak_correlation', {
      r: (filled.fit?.r ?? Number.NaN).toFixed(3),
      minR: p.minR,
    });
  }
  await ctx.progress(60);
  await writeSeries(ctx.store, ctx.version.id, target, loaded.grid.startMs, filled.values, filled.flags);
  const fit = filled.fit!;
  return {
    targetChannelId: target.id,
    targetName: target.name,
    predictorChannelId: predictor.id,
    predictorName: predictor.name,
    filledCount: filled.filledCount,
    intercept: round(fit.intercept),
    slope: round(fit.slope),
    r: round(fit.r),
    pairCount: fit.count,
    startTime: new Date(range.fromMs).toISOString(),
    endTime: new Date(range.toMs).toISOString(),
  };
}
