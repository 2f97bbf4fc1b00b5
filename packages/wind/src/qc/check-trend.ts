import type { CalendarIndex, Channel, FlagCode } from '../model/types.ts';
import type { FlagChange } from './flag-change.ts';
import { flagChangeFor } from './flag-change-for.ts';

/**
 * Trend test (WIND-ANALYSIS §2.1): on consecutive clock-hour means (an hour is valid with ≥ 3 values,
 * §1), a change of at least `maxChange` between hour h − `windowHours` and hour h flags the later
 * hour's records as suspicious (2) by default — GB/T 18710: 1 h change of v̄ < 6 m/s, of T < 5 °C,
 * 3 h change of p < 1 kPa. Only usable-so-far values (flag < 3) enter the hourly means.
 *
 * @param calendar calendar index of the channel's grid (its clock hours)
 * @example checkTrend(speed80, calendar, { maxChange: 6 })
 */
export function checkTrend(
  channel: Channel,
  calendar: CalendarIndex,
  limits: {
    maxChange: number;
    windowHours?: number;
    minValuesPerHour?: number;
    flag?: FlagCode;
    rule?: string;
  },
): FlagChange[] {
  const { values, flags } = channel;
  const n = values.length;
  if (calendar.hourIndex.length !== n)
    throw new Error('checkTrend requires the calendar to match the channel');
  const window = limits.windowHours ?? 1;
  if (!Number.isInteger(window) || window < 1)
    throw new Error('checkTrend requires windowHours to be a positive integer');
  const minValues = limits.minValuesPerHour ?? 3;
  const sums = new Float64Array(calendar.hourCount);
  const counts = new Float64Array(calendar.hourCount);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isNaN(v) || (flags && flags[i]! >= 3)) continue;
    const h = calendar.hourIndex[i]!;
    sums[h]! += v;
    counts[h]!++;
  }
  const jump = new Uint8Array(calendar.hourCount);
  for (let h = window; h < calendar.hourCount; h++) {
    if (counts[h]! < minValues || counts[h - window]! < minValues) continue;
    if (Math.abs(sums[h]! / counts[h]! - sums[h - window]! / counts[h - window]!) >= limits.maxChange)
      jump[h] = 1;
  }
  const rule = limits.rule ?? `trend:${channel.id}`;
  const flag = limits.flag ?? 2;
  const out: FlagChange[] = [];
  for (let i = 0; i < n; i++) {
    if (!jump[calendar.hourIndex[i]!] || Number.isNaN(values[i]!)) continue;
    const change = flagChangeFor(channel.id, flags, i, flag, rule);
    if (change) out.push(change);
  }
  return out;
}
