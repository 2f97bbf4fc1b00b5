import { icingState } from '../icing/icing-state.ts';
import type { Channel, NumericSeries } from '../model/types.ts';
import type { FlagChange } from './flag-change.ts';
import { flagChangeFor } from './flag-change-for.ts';

/**
 * Icing detection (WIND-ANALYSIS §2.2 [P]). A record is "cold" when T ≤ `temperatureThresholdC`
 * (default 1 °C, 0–2) and, if RH is given, RH ≥ 85 %. Symptoms:
 * - cup: sd = 0 with avg > 0, or avg < 0.5 m/s while the redundant/adjacent cup reads > 3 m/s,
 *   persisting ≥ 2 records;
 * - vane: direction sd < 1° or θ constant within ±0.5° of the previous record while v > 1 m/s,
 *   persisting ≥ 3 records.
 * Icing starts at the first cold record completing a persistent symptom (the records of the run are
 * flagged too) and is kept until T > threshold + 1 °C or the symptom has been absent for 1 hour.
 * Flags the speed (and direction) channel with 4 (icing). Skip heated sensors (do not call this).
 * The symptoms and the state machine live in icing/icing-state.ts (shared with the instrumental icing
 * periods, which add the heated-vs-unheated cup divergence).
 *
 * @param input.intervalMinutes grid interval, for the 1-hour clearing time
 * @example detectIcing({ temperatureC, speed: ws80, speedSd: ws80Sd, direction: wd78, intervalMinutes: 10 })
 */
export function detectIcing(input: {
  temperatureC: NumericSeries;
  relativeHumidityPct?: NumericSeries;
  speed: Channel;
  speedSd?: NumericSeries;
  redundantSpeed?: NumericSeries;
  direction?: Channel;
  directionSd?: NumericSeries;
  intervalMinutes: number;
  temperatureThresholdC?: number;
  rule?: string;
}): FlagChange[] {
  const { icing } = icingState({
    temperatureC: input.temperatureC,
    relativeHumidityPct: input.relativeHumidityPct,
    speed: input.speed.values,
    speedSd: input.speedSd,
    redundantSpeed: input.redundantSpeed,
    direction: input.direction?.values,
    directionSd: input.directionSd,
    intervalMinutes: input.intervalMinutes,
    temperatureThresholdC: input.temperatureThresholdC,
  });
  const rule = input.rule ?? `icing:${input.speed.id}`;
  const out: FlagChange[] = [];
  for (let i = 0; i < icing.length; i++) {
    if (!icing[i]) continue;
    const a = flagChangeFor(input.speed.id, input.speed.flags, i, 4, rule);
    if (a) out.push(a);
    if (input.direction) {
      const b = flagChangeFor(input.direction.id, input.direction.flags, i, 4, rule);
      if (b) out.push(b);
    }
  }
  return out;
}
