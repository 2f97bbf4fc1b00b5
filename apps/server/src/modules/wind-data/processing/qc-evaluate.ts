import { applyFlagChanges, type FlagChange, type FlagCode, strongerFlag } from '@masthub/wind';
import { evaluateQcRules, type TQcRuleForRun, type TQcSkipReason } from '../../qc-rules/index.ts';
import { type TLoadedSeries, toWindStation } from '../../timeseries/index.ts';

/** What a QC run found on the channels of one interval (the CPU part of qcHandler, pool or not). */
export interface TQcGroupResult {
  /** Rules that did nothing here, and why. */
  skipped: { ruleId: number; reason: TQcSkipReason }[];
  /** Flag changes by rule (`rule:<id>` or `internal`), changes to the same flag not counted. */
  counts: [string, number][];
  strongest: FlagCode;
  /** The new flags of every channel a rule touched (same grid as the loaded series). */
  flags: { channelId: number; flags: Uint8Array }[];
  missingDays: {
    ruleId: number;
    channelId: number;
    days: { year: number; month: number; day: number; valueCount: number }[];
  }[];
}

/**
 * Runs the QC rules over channels of one interval and folds the changes into each touched channel's
 * flags: five years of 100 channels is millions of slot checks, so the compute pool runs this (only
 * the flag arrays come back), and the processing task's transaction waits for it without holding up the
 * event loop.
 */
export function evaluateQcGroup(
  loaded: TLoadedSeries,
  rules: readonly TQcRuleForRun[],
  utcOffsetMinutes: number,
): TQcGroupResult {
  const evaluation = evaluateQcRules(toWindStation(loaded, utcOffsetMinutes), rules);
  const counts = new Map<string, number>();
  // Changes by channel, so each channel's flags fold only its own (not every change of the run).
  const byChannel = new Map<string, FlagChange[]>();
  let strongest: FlagCode = 0;
  for (const change of evaluation.changes) {
    const list = byChannel.get(change.channelId);
    if (list) list.push(change);
    else byChannel.set(change.channelId, [change]);
    if (change.toFlag === change.fromFlag) continue;
    counts.set(change.rule, (counts.get(change.rule) ?? 0) + 1);
    strongest = strongerFlag(strongest, change.toFlag);
  }
  const flags: TQcGroupResult['flags'] = [];
  for (const c of loaded.channels) {
    const id = String(c.row.id);
    const changes = byChannel.get(id);
    if (changes) flags.push({ channelId: c.row.id, flags: applyFlagChanges(c.flags, changes, id) });
  }
  return {
    skipped: evaluation.skipped,
    counts: [...counts.entries()],
    strongest,
    flags,
    missingDays: evaluation.missingDays.map((m) => ({
      ruleId: m.ruleId,
      channelId: Number(m.channelId),
      days: m.days,
    })),
  };
}
