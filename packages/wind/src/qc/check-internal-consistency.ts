import type { Channel, FlagCode } from '../model/types.ts';
import type { FlagChange } from './flag-change.ts';
import { flagChangeFor } from './flag-change-for.ts';

/**
 * Always-on internal checks of one sensor's statistics (WIND-ANALYSIS §2.1 [P]): min ≤ avg ≤ max,
 * sd ≥ 0 and sd ≤ max − min. A failing record flags every given channel of the sensor invalid (3).
 * A small tolerance absorbs logger rounding.
 *
 * @example checkInternalConsistency({ avg: ws80, sd: ws80Sd, max: ws80Max, min: ws80Min })
 */
export function checkInternalConsistency(
  sensor: { avg: Channel; sd?: Channel; max?: Channel; min?: Channel },
  options: { tolerance?: number; flag?: FlagCode; rule?: string } = {},
): FlagChange[] {
  const channels = [sensor.avg, sensor.sd, sensor.max, sensor.min].filter(
    (c): c is Channel => c !== undefined,
  );
  const n = sensor.avg.values.length;
  for (const c of channels)
    if (c.values.length !== n) throw new Error('checkInternalConsistency requires channels on the same grid');
  const tolerance = options.tolerance ?? 1e-6;
  const rule = options.rule ?? `internal:${sensor.avg.id}`;
  const flag = options.flag ?? 3;
  const out: FlagChange[] = [];
  for (let i = 0; i < n; i++) {
    const avg = sensor.avg.values[i]!;
    const sd = sensor.sd ? sensor.sd.values[i]! : Number.NaN;
    const max = sensor.max ? sensor.max.values[i]! : Number.NaN;
    const min = sensor.min ? sensor.min.values[i]! : Number.NaN;
    const bad =
      min > avg + tolerance ||
      avg > max + tolerance ||
      min > max + tolerance ||
      sd < -tolerance ||
      sd > max - min + tolerance;
    if (!bad) continue;
    for (const c of channels) {
      if (Number.isNaN(c.values[i]!)) continue;
      const change = flagChangeFor(c.id, c.flags, i, flag, rule);
      if (change) out.push(change);
    }
  }
  return out;
}
