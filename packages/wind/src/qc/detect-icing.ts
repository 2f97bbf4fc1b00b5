import { angleDifference } from '../direction/angle-difference.ts';
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
  const n = input.speed.values.length;
  const series = [
    input.temperatureC,
    input.relativeHumidityPct,
    input.speedSd,
    input.redundantSpeed,
    input.direction?.values,
    input.directionSd,
  ];
  for (const s of series)
    if (s && s.length !== n) throw new Error('detectIcing requires every series on the same grid');
  const threshold = input.temperatureThresholdC ?? 1;
  if (!(threshold >= 0 && threshold <= 2))
    throw new Error('detectIcing requires temperatureThresholdC in [0, 2]');
  const clearSlots = Math.max(1, Math.round(60 / input.intervalMinutes));
  const speed = input.speed.values;
  const cupRun = new Int32Array(n);
  const vaneRun = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = speed[i]!;
    const sd = input.speedSd ? input.speedSd[i]! : Number.NaN;
    const other = input.redundantSpeed ? input.redundantSpeed[i]! : Number.NaN;
    const cup = (sd === 0 && v > 0) || (v < 0.5 && other > 3);
    cupRun[i] = cup ? (i > 0 ? cupRun[i - 1]! : 0) + 1 : 0;
    let vane = false;
    if (input.direction && v > 1) {
      const d = input.direction.values[i]!;
      const dsd = input.directionSd ? input.directionSd[i]! : Number.NaN;
      const prev = i > 0 ? input.direction.values[i - 1]! : Number.NaN;
      vane =
        dsd < 1 || (!Number.isNaN(d) && !Number.isNaN(prev) && Math.abs(angleDifference(d, prev)) <= 0.5);
    }
    vaneRun[i] = vane ? (i > 0 ? vaneRun[i - 1]! : 0) + 1 : 0;
  }
  const rule = input.rule ?? `icing:${input.speed.id}`;
  const out: FlagChange[] = [];
  const flag = (i: number) => {
    const a = flagChangeFor(input.speed.id, input.speed.flags, i, 4, rule);
    if (a) out.push(a);
    if (input.direction) {
      const b = flagChangeFor(input.direction.id, input.direction.flags, i, 4, rule);
      if (b) out.push(b);
    }
  };
  let icing = false;
  let sinceSymptom = 0;
  for (let i = 0; i < n; i++) {
    const t = input.temperatureC[i]!;
    const rh = input.relativeHumidityPct ? input.relativeHumidityPct[i]! : Number.NaN;
    const cold = t <= threshold && (!input.relativeHumidityPct || rh >= 85);
    const persistent = cupRun[i]! >= 2 || vaneRun[i]! >= 3;
    const symptom = cupRun[i]! > 0 || vaneRun[i]! > 0;
    if (!icing && cold && persistent) {
      icing = true;
      const run = Math.max(cupRun[i]! >= 2 ? cupRun[i]! : 0, vaneRun[i]! >= 3 ? vaneRun[i]! : 0);
      for (let k = i - run + 1; k < i; k++) flag(k);
    }
    if (!icing) continue;
    sinceSymptom = symptom ? 0 : sinceSymptom + 1;
    if (t > threshold + 1 || sinceSymptom >= clearSlots) {
      icing = false;
      sinceSymptom = 0;
      continue;
    }
    flag(i);
  }
  return out;
}
