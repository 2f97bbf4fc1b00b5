import { ZQcRunRequest } from '@masthub/shared';
import { type FlagCode, strongerFlag } from '@masthub/wind';
import type { TComputeAccess } from '../../../platform/compute/compute-task.ts';
import { runTask } from '../../../platform/compute/run-task.ts';
import { INTERNAL_RULE, listQcRulesForRun, type TQcSkipReason } from '../../qc-rules/index.ts';
import type { TChannelRow } from '../../timeseries/index.ts';
import { applyFlagMark } from '../marks/apply-flag-mark.ts';
import { ProcessingFailure, type TTaskContext } from '../tasks.service.ts';
import { channelMap, loadChannels, rangeOf } from './processing-support.ts';
import { evaluateQcGroup, type TQcGroupResult } from './qc-evaluate.ts';

/** Days listed per channel in a QC result's missing-days summary (the count is always complete). */
const MISSING_DAYS_LISTED = 400;

/**
 * Quality control (SPEC §3, WIND-ANALYSIS §2): runs the site's enabled QC rules (or the chosen ones) and
 * the always-on internal checks over the version's channels, and applies the flag changes as ONE flag
 * mark (source 'qc'), so the run is listed and undone like a manual mark. Flags only get stronger.
 */
export function qcHandler(compute?: TComputeAccess) {
  return (ctx: TTaskContext) => runQc(ctx, compute);
}

async function runQc(
  ctx: TTaskContext,
  compute: TComputeAccess | undefined,
): Promise<Record<string, unknown>> {
  const p = ZQcRunRequest.parse(ctx.task.params);
  const utcOffsetMinutes = Number(ctx.task.params.utcOffsetMinutes ?? 480);
  const rules = await listQcRulesForRun(ctx.trx, ctx.version.stationId, p.ruleIds);
  if (rules.length === 0) throw new ProcessingFailure('no_rules');
  const { all } = await channelMap(ctx.store, ctx.version.id);
  const range = await rangeOf(ctx.store, ctx.version.id, all, p);
  // One grid per interval (most versions have one).
  const groups = new Map<number, TChannelRow[]>();
  for (const c of all) groups.set(c.intervalS, [...(groups.get(c.intervalS) ?? []), c]);
  const targets = new Map<number, { startMs: number; stepMs: number; flags: Uint8Array }>();
  const counts = new Map<string, number>();
  const skippedEverywhere = new Map<number, TQcSkipReason>(rules.map((r) => [r.id, 'no_channel']));
  const missingDays: Record<string, unknown>[] = [];
  let strongest: FlagCode = 0;
  let done = 0;
  for (const channels of groups.values()) {
    const loaded = await loadChannels(ctx.store, channels, range);
    const startMs = loaded.grid.startMs;
    // The evaluation runs in a worker thread when there is a pool; the series move there (no copy).
    const result: TQcGroupResult = await runTask(
      compute,
      { kind: 'qc', loaded, rules, utcOffsetMinutes },
      () => evaluateQcGroup(loaded, rules, utcOffsetMinutes),
      { transferList: loaded.channels.flatMap((c) => [c.values.buffer, c.flags.buffer]) },
    );
    const skippedHere = new Map(result.skipped.map((s) => [s.ruleId, s.reason]));
    for (const [id] of skippedEverywhere) {
      const reason = skippedHere.get(id);
      if (reason === undefined) skippedEverywhere.delete(id);
      else skippedEverywhere.set(id, reason);
    }
    for (const [rule, n] of result.counts) counts.set(rule, (counts.get(rule) ?? 0) + n);
    strongest = strongerFlag(strongest, result.strongest);
    const intervals = new Map(channels.map((c) => [c.id, c.intervalS]));
    for (const { channelId, flags } of result.flags) {
      targets.set(channelId, { startMs, stepMs: intervals.get(channelId)! * 1000, flags });
    }
    const names = new Map(channels.map((c) => [c.id, c.name]));
    for (const m of result.missingDays) {
      missingDays.push({
        ruleId: m.ruleId,
        channelId: m.channelId,
        channelName: names.get(m.channelId) ?? String(m.channelId),
        dayCount: m.days.length,
        days: m.days.slice(0, MISSING_DAYS_LISTED),
      });
    }
    done++;
    await ctx.progress((done / groups.size) * 70);
  }
  if (skippedEverywhere.size === rules.length) {
    throw new ProcessingFailure('no_rules', { skipped: [...skippedEverywhere.keys()].join(', ') });
  }
  const marked = all.filter((c) => targets.has(c.id));
  const ruleCounts = Object.fromEntries(
    [...counts.entries()].map(([rule, n]) => [rule.startsWith('rule:') ? rule.slice(5) : rule, n]),
  );
  const mark = await applyFlagMark(ctx.trx, {
    versionId: ctx.version.id,
    source: 'qc',
    taskId: ctx.task.id,
    channels: marked,
    startMs: range.fromMs,
    endMs: range.toMs,
    flag: strongest === 0 || strongest === 1 ? 3 : strongest,
    decide: (channelId, timeMs, current) => {
      const target = targets.get(channelId);
      if (!target) return current;
      const i = Math.round((timeMs - target.startMs) / target.stepMs);
      return i >= 0 && i < target.flags.length ? target.flags[i]! : current;
    },
    ruleCounts,
    user: { id: ctx.task.createdBy, name: ctx.task.creatorName },
  });
  await ctx.progress(95);
  return {
    markId: mark.markId,
    changedCount: mark.changedCount,
    rules: rules.map((r) => ({
      ruleId: r.id,
      name: r.name,
      kind: r.kind,
      count: counts.get(`rule:${r.id}`) ?? 0,
      skipped: skippedEverywhere.get(r.id) ?? null,
    })),
    internalCount: counts.get(INTERNAL_RULE) ?? 0,
    missingDays,
    skipped: rules
      .filter((r) => skippedEverywhere.has(r.id))
      .map((r) => ({ ruleId: r.id, name: r.name, reason: skippedEverywhere.get(r.id)! })),
    startTime: new Date(range.fromMs).toISOString(),
    endTime: new Date(range.toMs).toISOString(),
  };
}
