import { deflateSync, inflateSync } from 'node:zlib';
import {
  type Language,
  type TReconstructPreview,
  type TReconstructRequest,
  type TReconstructTargetResult,
  ZReconstructRequest,
} from '@masthub/shared';
import { FLAG } from '@masthub/wind';
import type { TComputeAccess } from '../../../platform/compute/compute-task.ts';
import { runTask } from '../../../platform/compute/run-task.ts';
import { loadSeries, refreshReconstructedDays, writeSeries } from '../../timeseries/index.ts';
import { ProcessingFailure, type TTaskContext } from '../tasks.service.ts';
import { ReconstructRepository, type TReconstructUndoEntry } from './reconstruct.repository.ts';
import type { TResolvedSources } from './reconstruct.service.ts';
import { runReconstruction, speedUncertaintyPct, type TReconstructJob } from './reconstruct-run.ts';
import { discoverSources, type TReconstructInput } from './reconstruct-sources.ts';

const encode = (bytes: ArrayBufferView) =>
  deflateSync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString('base64');
const decode = (text: string) => {
  const b = inflateSync(Buffer.from(text, 'base64'));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};

/** The longest list of rejected sources a failure message names. */
const REASONS_NAMED = 6;

/**
 * Why a run fills nothing: no target has a source (reconstruct_no_source), or every source of every
 * target was rejected (reconstruct_all_rejected, naming the sources and why), or no accepted source has
 * data during the gaps (reconstruct_no_source). Undefined when something is filled.
 */
export function failureOf(targets: readonly TReconstructTargetResult[]): ProcessingFailure | undefined {
  if (targets.some((t) => t.filledCount > 0)) return undefined;
  const channels = targets.map((t) => t.channelName).join(', ');
  const anySource = targets.some((t) => t.steps.length > 0 || t.rejected.length > 0);
  const allRejected = anySource && targets.every((t) => t.steps.length === 0);
  if (allRejected) {
    const reasons = targets.flatMap((t) =>
      t.rejected.map((r) => `${t.channelName} ← ${r.sourceName}: ${r.reason}`),
    );
    const more = reasons.length > REASONS_NAMED ? ` (+${reasons.length - REASONS_NAMED})` : '';
    return new ProcessingFailure('reconstruct_all_rejected', {
      reasons: reasons.slice(0, REASONS_NAMED).join('; ') + more,
    });
  }
  return new ProcessingFailure('reconstruct_no_source', { channels });
}

/** The result of a run or a preview: the range, the neighbours read, each target, the totals. */
export function presentRun(
  input: TReconstructInput,
  request: TReconstructRequest,
  resolved: TResolvedSources,
  targets: TReconstructTargetResult[],
): TReconstructPreview {
  return {
    startTime: new Date(input.fromMs).toISOString(),
    endTime: new Date(input.toMs).toISOString(),
    intervalMinutes: input.intervalMinutes,
    radiusKm: request.radiusKm,
    neighbours: resolved.neighbours,
    targets,
    filledCount: targets.reduce((sum, t) => sum + t.filledCount, 0),
    uncertaintyPct: speedUncertaintyPct(targets),
  };
}

/**
 * The `reconstruct` task (issue 45 §1): every target's gaps filled from its ranked sources (flag 1), what
 * the filled slots held kept for the undo with the step that filled each slot (its provenance), the lineage (per target the sources with kind, method, fit,
 * skill and count, the rejected ones with why, gaps, recovery before/after, the cross-validated error) as
 * the task's result; `uncertaintyPct` is the largest |annual-mean uncertainty| over the speed targets,
 * the energy assessment's uncertainty component.
 */
export function reconstructHandler(compute: TComputeAccess | undefined) {
  return async (ctx: TTaskContext): Promise<Record<string, unknown>> => {
    const request = ZReconstructRequest.parse(ctx.task.params);
    const resolved = (ctx.task.params.resolved ?? { neighbours: [], references: [] }) as TResolvedSources;
    const language: Language = ctx.task.params.language === 'en' ? 'en' : 'zh';
    const input = await discoverSources(ctx.trx, ctx.store, ctx.version.id, request, resolved);
    await ctx.progress(30);
    const job: TReconstructJob = { input, options: request, withSeries: true, language };
    const done = await runTask(compute, { kind: 'reconstruct', job }, () => runReconstruction(job));
    await ctx.progress(70);
    const results = done.map((d) => d.result);
    const failure = failureOf(results);
    if (failure) throw failure;
    const entries: TReconstructUndoEntry[] = [];
    const all = await ctx.store.listChannels(ctx.version.id);
    for (const [i, d] of done.entries()) {
      const t = input.targets[i]!;
      const slots = d.filled!;
      if (slots.length === 0) continue;
      const values = Float32Array.from(t.rawValues);
      const flags = Uint8Array.from(t.flags);
      const oldValues = new Float32Array(slots.length);
      const oldFlags = new Uint8Array(slots.length);
      for (const [k, slot] of slots.entries()) {
        oldValues[k] = values[slot]!;
        oldFlags[k] = flags[slot]!;
        values[slot] = d.values![slot]!;
        flags[slot] = FLAG.filled;
      }
      const channel = all.find((c) => c.id === t.channel.id)!;
      await writeSeries(ctx.store, ctx.version.id, channel, input.startMs, values, flags);
      entries.push({
        channelId: channel.id,
        dataKey: channel.dataKey,
        startMs: input.startMs,
        intervalS: channel.intervalS,
        slots: encode(slots),
        values: encode(oldValues),
        flags: encode(oldFlags),
        filledBy: encode(d.filledBy!),
        sourceIds: d.result.steps.map((step) => step.sourceId),
      });
    }
    await new ReconstructRepository(ctx.trx).insert(ctx.task.id, ctx.version.id, entries);
    // The hub's recovery after reconstruction sees the filled values with them (or not at all).
    await refreshReconstructedDays(ctx.trx, {
      stationId: ctx.task.stationId,
      taskId: ctx.task.id,
      versionId: ctx.version.id,
      fromMs: input.fromMs,
      toMs: input.toMs,
    });
    return presentRun(input, request, resolved, results);
  };
}

/**
 * The `reconstruct_undo` task: each slot the reconstruction filled gets back what it held, as long as it
 * still holds a filled value (flag 1); a slot changed since (re-marked, re-filled by another task) is left
 * as it is and counted.
 */
export async function reconstructUndoHandler(ctx: TTaskContext): Promise<Record<string, unknown>> {
  const reconstructTaskId = Number(ctx.task.params.reconstructTaskId);
  const repository = new ReconstructRepository(ctx.trx);
  const row = await repository.find(reconstructTaskId, true);
  if (!row || row.versionId !== ctx.version.id || row.undoneAt !== null) {
    throw new ProcessingFailure('reconstruct_undo_stale');
  }
  const all = await ctx.store.listChannels(ctx.version.id);
  let restored = 0;
  let kept = 0;
  const channels: string[] = [];
  const span = { fromMs: Number.POSITIVE_INFINITY, toMs: Number.NEGATIVE_INFINITY };
  for (const entry of row.entries) {
    const channel =
      all.find((c) => c.id === entry.channelId) ??
      all.find((c) => c.dataKey.toLowerCase() === entry.dataKey.toLowerCase());
    if (!channel || channel.intervalS !== entry.intervalS) continue;
    const slots = new Int32Array(decode(entry.slots));
    const values = new Float32Array(decode(entry.values));
    const flags = new Uint8Array(decode(entry.flags));
    if (slots.length === 0) continue;
    const stepMs = entry.intervalS * 1000;
    const endMs = entry.startMs + (slots[slots.length - 1]! + 1) * stepMs;
    span.fromMs = Math.min(span.fromMs, entry.startMs + slots[0]! * stepMs);
    span.toMs = Math.max(span.toMs, endMs);
    const loaded = await loadSeries(ctx.store, [channel], entry.startMs, endMs);
    const c = loaded.channels[0]!;
    const offset = Math.round((entry.startMs - loaded.grid.startMs) / stepMs);
    const now = Float32Array.from(c.values);
    const nowFlags = Uint8Array.from(c.flags);
    for (const [k, slot] of slots.entries()) {
      const i = slot + offset;
      if (nowFlags[i] !== FLAG.filled) {
        kept++;
        continue;
      }
      now[i] = values[k]!;
      nowFlags[i] = flags[k]!;
      restored++;
    }
    await writeSeries(ctx.store, ctx.version.id, channel, loaded.grid.startMs, now, nowFlags);
    channels.push(channel.name);
  }
  await repository.markUndone(reconstructTaskId, ctx.task.id);
  // Undone, the reconstruction no longer counts in the hub's recovery after reconstruction.
  if (span.fromMs <= span.toMs) {
    await refreshReconstructedDays(ctx.trx, {
      stationId: ctx.task.stationId,
      taskId: reconstructTaskId,
      versionId: ctx.version.id,
      ...span,
    });
  }
  return { reconstructTaskId, channels, restoredCount: restored, keptCount: kept };
}
