import { angleDifference } from '../direction/angle-difference.ts';
import type { Channel, FlagCode } from '../model/types.ts';
import type { FlagChange } from './flag-change.ts';
import { flagChangeFor } from './flag-change-for.ts';

/**
 * Relational (height-difference) test on every concurrent pair (WIND-ANALYSIS §2.1): |a − b| ≥
 * `maxDifference` — absolute speed difference, or |Δ(a, b)| for directions — flags BOTH values as
 * suspicious (2) by default (the test cannot tell which sensor is wrong). Unlike qh_xj it does not
 * demand upper > lower, which would wrongly flag negative shear.
 *
 * @example checkRelational(ws50, ws30, { maxDifference: 2 }) // GB/T 18710: |v50 − v30| < 2.0 m/s
 * @example checkRelational(wd50, wd30, { maxDifference: 22.5, isDirection: true })
 */
export function checkRelational(
  a: Channel,
  b: Channel,
  limits: { maxDifference: number; isDirection?: boolean; flag?: FlagCode; rule?: string },
): FlagChange[] {
  if (a.values.length !== b.values.length)
    throw new Error('checkRelational requires channels on the same grid');
  if (!(limits.maxDifference > 0)) throw new Error('checkRelational requires maxDifference to be positive');
  const rule = limits.rule ?? `relational:${a.id}/${b.id}`;
  const flag = limits.flag ?? 2;
  const out: FlagChange[] = [];
  for (let i = 0; i < a.values.length; i++) {
    const x = a.values[i]!;
    const y = b.values[i]!;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    const difference = limits.isDirection ? Math.abs(angleDifference(x, y)) : Math.abs(x - y);
    if (difference < limits.maxDifference) continue;
    const ca = flagChangeFor(a.id, a.flags, i, flag, rule);
    const cb = flagChangeFor(b.id, b.flags, i, flag, rule);
    if (ca) out.push(ca);
    if (cb) out.push(cb);
  }
  return out;
}
