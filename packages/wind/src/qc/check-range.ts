import type { Channel, FlagCode } from '../model/types.ts';
import type { FlagChange } from './flag-change.ts';
import { flagChangeFor } from './flag-change-for.ts';

/**
 * Range test on every value (WIND-ANALYSIS §2.1): flags values below `min` or above `max`
 * (`maxExclusive` for GB's 0 ≤ v̄ < 40 and 0 ≤ θ < 360) as invalid (3) by default. Missing values
 * are not range failures (they count as lack in recovery).
 *
 * @example checkRange(channel, { min: 0, max: 40, maxExclusive: true }) // FlagChange[] with rule 'range:<id>'
 */
export function checkRange(
  channel: Channel,
  limits: { min: number; max: number; maxExclusive?: boolean; flag?: FlagCode; rule?: string },
): FlagChange[] {
  if (!(limits.min <= limits.max)) throw new Error('checkRange requires min not above max');
  const rule = limits.rule ?? `range:${channel.id}`;
  const flag = limits.flag ?? 3;
  const out: FlagChange[] = [];
  const { values, flags } = channel;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (v < limits.min || v > limits.max || (limits.maxExclusive && v === limits.max)) {
      const change = flagChangeFor(channel.id, flags, i, flag, rule);
      if (change) out.push(change);
    }
  }
  return out;
}
