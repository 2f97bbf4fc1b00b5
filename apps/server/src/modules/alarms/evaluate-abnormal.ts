import type { FlagChange } from '@masthub/wind';

/**
 * A channel-day is abnormal when more than this share of its values is flagged suspicious, invalid or
 * icing by the QC rules: a sensor that goes bad for an hour does not raise an alarm, one bad for a
 * third of the day does.
 */
export const ABNORMAL_DAY_SHARE = 0.3;

/** A channel whose QC results cross the threshold on some days of the evaluated period. */
export interface TAbnormalChannel {
  channelId: string;
  /** Start of the first and end of the last abnormal day (ms, UTC instants of the local days). */
  fromMs: number;
  toMs: number;
  /** The worst day's flagged share (0–1). */
  worstShare: number;
  /** The rules that flagged the abnormal days (`rule:<id>` or an internal check name). */
  rules: string[];
}

/**
 * Turns QC flag changes into abnormal channels: per channel and local day, flagged slots (flag ≥ 2)
 * over slots holding a value; days above ABNORMAL_DAY_SHARE make the channel abnormal.
 *
 * @param changes evaluateQcRules' changes on the grid `startMs + i·stepMs`
 * @param valueCounts per channel id: for each slot whether it holds a value
 * @param utcOffsetMinutes the site's day boundary
 */
export function abnormalChannels(input: {
  changes: readonly FlagChange[];
  hasValue: ReadonlyMap<string, (index: number) => boolean>;
  length: number;
  startMs: number;
  stepMs: number;
  utcOffsetMinutes: number;
}): TAbnormalChannel[] {
  const dayMs = 86_400_000;
  const offsetMs = input.utcOffsetMinutes * 60_000;
  const dayOf = (index: number) => Math.floor((input.startMs + index * input.stepMs + offsetMs) / dayMs);
  // Slots with a value per channel and day.
  const totals = new Map<string, Map<number, number>>();
  for (const [channelId, has] of input.hasValue) {
    const perDay = new Map<number, number>();
    for (let i = 0; i < input.length; i++) if (has(i)) perDay.set(dayOf(i), (perDay.get(dayOf(i)) ?? 0) + 1);
    totals.set(channelId, perDay);
  }
  // Flagged slots per channel and day (a slot counted once, whichever rules flagged it).
  const flagged = new Map<string, Map<number, Set<number>>>();
  const rulesOf = new Map<string, Map<number, Set<string>>>();
  for (const change of input.changes) {
    if (change.toFlag < 2) continue;
    const day = dayOf(change.index);
    const byDay = flagged.get(change.channelId) ?? new Map<number, Set<number>>();
    flagged.set(change.channelId, byDay);
    const slots = byDay.get(day) ?? new Set<number>();
    byDay.set(day, slots);
    slots.add(change.index);
    const rules = rulesOf.get(change.channelId) ?? new Map<number, Set<string>>();
    rulesOf.set(change.channelId, rules);
    rules.set(day, (rules.get(day) ?? new Set<string>()).add(change.rule));
  }
  const result: TAbnormalChannel[] = [];
  for (const [channelId, byDay] of flagged) {
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    let worst = 0;
    const rules = new Set<string>();
    for (const [day, slots] of byDay) {
      const total = totals.get(channelId)?.get(day) ?? 0;
      if (total === 0) continue;
      const share = slots.size / total;
      if (share <= ABNORMAL_DAY_SHARE) continue;
      from = Math.min(from, day * dayMs - offsetMs);
      to = Math.max(to, (day + 1) * dayMs - offsetMs);
      worst = Math.max(worst, share);
      for (const rule of rulesOf.get(channelId)?.get(day) ?? []) rules.add(rule);
    }
    if (Number.isFinite(from))
      result.push({ channelId, fromMs: from, toMs: to, worstShare: worst, rules: [...rules].sort() });
  }
  return result.sort((a, b) => a.channelId.localeCompare(b.channelId));
}
