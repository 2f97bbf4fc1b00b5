import type { Channel, FlagCode } from '../model/types.ts';
import type { RuleCondition, RuleExpression } from './custom-rule.ts';
import type { FlagChange } from './flag-change.ts';
import { flagChangeFor } from './flag-change-for.ts';

const UNKNOWN = 2;

/**
 * Evaluates a custom rule (AND / OR / NOT over channel-threshold conditions) on every slot and flags
 * the target channels where it is TRUE. Missing values make a condition unknown, combined with Kleene
 * three-valued logic (NOT unknown = unknown), so a gap never triggers a flag by itself.
 *
 * @param rule.id rule id recorded in the flag changes (`custom:<id>`)
 * @param rule.targetChannelIds channels to flag
 * @param rule.flag flag to set (2 suspicious, 3 invalid or 4 icing)
 * @example evaluateCustomRule({ id: 'cold-calm', expression: { and: [{ channelId: 'T', comparator: '<=', threshold: 0 }, { channelId: 'ws80', comparator: '<', threshold: 0.5 }] }, targetChannelIds: ['ws80'], flag: 4 }, channels)
 */
export function evaluateCustomRule(
  rule: { id: string; expression: RuleExpression; targetChannelIds: readonly string[]; flag: FlagCode },
  channels: readonly Channel[],
): FlagChange[] {
  const byId = new Map(channels.map((c) => [c.id, c]));
  const n = channels[0]?.values.length ?? 0;
  for (const c of channels)
    if (c.values.length !== n) throw new Error('evaluateCustomRule requires channels on the same grid');
  const targets = rule.targetChannelIds.map((id) => {
    const c = byId.get(id);
    if (!c) throw new Error(`evaluateCustomRule requires target channel ${id} to be given`);
    return c;
  });
  const compiled = compile(rule.expression, byId);
  const out: FlagChange[] = [];
  const ruleId = `custom:${rule.id}`;
  for (let i = 0; i < n; i++) {
    if (compiled(i) !== 1) continue;
    for (const t of targets) {
      if (Number.isNaN(t.values[i]!)) continue;
      const change = flagChangeFor(t.id, t.flags, i, rule.flag, ruleId);
      if (change) out.push(change);
    }
  }
  return out;
}

/** Compiles an expression to a per-slot function returning 0 false, 1 true, 2 unknown. */
function compile(expression: RuleExpression, byId: Map<string, Channel>): (i: number) => number {
  if ('and' in expression) {
    if (expression.and.length === 0) throw new Error('evaluateCustomRule requires AND to have operands');
    const parts = expression.and.map((e) => compile(e, byId));
    return (i) => {
      let result = 1;
      for (const p of parts) {
        const v = p(i);
        if (v === 0) return 0;
        if (v === UNKNOWN) result = UNKNOWN;
      }
      return result;
    };
  }
  if ('or' in expression) {
    if (expression.or.length === 0) throw new Error('evaluateCustomRule requires OR to have operands');
    const parts = expression.or.map((e) => compile(e, byId));
    return (i) => {
      let result = 0;
      for (const p of parts) {
        const v = p(i);
        if (v === 1) return 1;
        if (v === UNKNOWN) result = UNKNOWN;
      }
      return result;
    };
  }
  if ('not' in expression) {
    const inner = compile(expression.not, byId);
    return (i) => {
      const v = inner(i);
      return v === UNKNOWN ? UNKNOWN : 1 - v;
    };
  }
  return compileCondition(expression, byId);
}

function compileCondition(condition: RuleCondition, byId: Map<string, Channel>): (i: number) => number {
  const channel = byId.get(condition.channelId);
  if (!channel) throw new Error(`evaluateCustomRule requires channel ${condition.channelId} to be given`);
  if (!Number.isFinite(condition.threshold)) throw new Error('evaluateCustomRule requires finite thresholds');
  const values = channel.values;
  const t = condition.threshold;
  const test: (v: number) => boolean =
    condition.comparator === '<'
      ? (v) => v < t
      : condition.comparator === '<='
        ? (v) => v <= t
        : condition.comparator === '>'
          ? (v) => v > t
          : condition.comparator === '>='
            ? (v) => v >= t
            : condition.comparator === '=='
              ? (v) => v === t
              : condition.comparator === '!='
                ? (v) => v !== t
                : () => {
                    throw new Error('evaluateCustomRule requires a known comparator');
                  };
  return (i) => {
    const v = values[i]!;
    if (Number.isNaN(v)) return UNKNOWN;
    return test(v) ? 1 : 0;
  };
}
