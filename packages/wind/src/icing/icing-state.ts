import { angleDifference } from '../direction/angle-difference.ts';
import type { NumericSeries } from '../model/types.ts';

/**
 * The instrumental icing symptoms (WIND-ANALYSIS §2.2, plus the heated-vs-unheated cup divergence of issue 45 §2):
 * - `cup-flat`: speed sd = 0 with avg > 0 (≥ 2 records);
 * - `cup-stalled`: avg < 0.5 m/s while the redundant/adjacent cup reads > 3 m/s (≥ 2 records);
 * - `vane-frozen`: direction sd < 1° or θ within ±0.5° of the previous record while v > 1 m/s (≥ 3 records);
 * - `unheated-low`: the unheated cup reads ≤ {@link UNHEATED_LOW_RATIO} × the heated cup at (about) the
 *   same height while the heated cup reads > {@link UNHEATED_LOW_MIN_SPEED} m/s (≥ 3 records). Not in the §2.2 rule: a heated cup keeps
 *   turning while an unheated one collects rime and slows (IEA Wind Task 19, RP 13 2nd ed. 2017, §4: icing
 *   detection by comparing heated and unheated anemometers).
 */
export const ICING_SYMPTOMS = ['cup-flat', 'cup-stalled', 'vane-frozen', 'unheated-low'] as const;
export type IcingSymptom = (typeof ICING_SYMPTOMS)[number];

/**
 * Ratio unheated/heated at or below which the unheated cup "reads low". Two healthy cups 0–10 m apart on
 * one mast agree within a few per cent (shear between 80 and 87 m at α = 0.2 is 1.7 %); a 20 % deficit is
 * far outside that scatter and well inside what rime on the cups does (they slow by 20–60 %).
 */
export const UNHEATED_LOW_RATIO = 0.8;

/**
 * The heated cup must read above this for the comparison (m/s): well above a cup's starting threshold
 * (0.3–1 m/s), where two healthy cups track each other. 2 m/s rather than the 3 m/s of `cup-stalled`:
 * rime slows a cup most in the light winds of a cold, foggy spell, and the ratio test is stricter than an
 * absolute one.
 */
export const UNHEATED_LOW_MIN_SPEED = 2;

/** Bit of a symptom in {@link IcingState.symptoms}. */
export function symptomBit(symptom: IcingSymptom): number {
  return 1 << ICING_SYMPTOMS.indexOf(symptom);
}

export interface IcingStateInput {
  temperatureC: NumericSeries;
  relativeHumidityPct?: NumericSeries;
  speed: NumericSeries;
  speedSd?: NumericSeries;
  redundantSpeed?: NumericSeries;
  /** A heated cup at (about) the height of `speed` (the unheated one): enables `unheated-low`. */
  heatedSpeed?: NumericSeries;
  direction?: NumericSeries;
  directionSd?: NumericSeries;
  intervalMinutes: number;
  temperatureThresholdC?: number;
}

export interface IcingState {
  /** 1 where the sensor is judged iced (the §2.2 state machine). */
  icing: Uint8Array;
  /** Bits ({@link symptomBit}) of the symptoms present at each record (persistent or not). */
  symptoms: Uint8Array;
}

function run(prev: Int32Array, i: number, on: boolean): number {
  return on ? (i > 0 ? prev[i - 1]! : 0) + 1 : 0;
}

/** Per record: which symptoms are present, and the persistent-run lengths the state machine needs. */
function symptomRuns(input: IcingStateInput) {
  const n = input.speed.length;
  const cupRun = new Int32Array(n);
  const vaneRun = new Int32Array(n);
  const heatedRun = new Int32Array(n);
  const symptoms = new Uint8Array(n);
  const speed = input.speed;
  for (let i = 0; i < n; i++) {
    const v = speed[i]!;
    const sd = input.speedSd ? input.speedSd[i]! : Number.NaN;
    const other = input.redundantSpeed ? input.redundantSpeed[i]! : Number.NaN;
    const flat = sd === 0 && v > 0;
    const stalled = v < 0.5 && other > 3;
    cupRun[i] = run(cupRun, i, flat || stalled);
    let vane = false;
    if (input.direction && v > 1) {
      const d = input.direction[i]!;
      const dsd = input.directionSd ? input.directionSd[i]! : Number.NaN;
      const prev = i > 0 ? input.direction[i - 1]! : Number.NaN;
      vane =
        dsd < 1 || (!Number.isNaN(d) && !Number.isNaN(prev) && Math.abs(angleDifference(d, prev)) <= 0.5);
    }
    vaneRun[i] = run(vaneRun, i, vane);
    const heated = input.heatedSpeed ? input.heatedSpeed[i]! : Number.NaN;
    const low = heated > UNHEATED_LOW_MIN_SPEED && v <= UNHEATED_LOW_RATIO * heated;
    heatedRun[i] = run(heatedRun, i, low);
    symptoms[i] =
      (flat ? symptomBit('cup-flat') : 0) |
      (stalled ? symptomBit('cup-stalled') : 0) |
      (vane ? symptomBit('vane-frozen') : 0) |
      (low ? symptomBit('unheated-low') : 0);
  }
  return { cupRun, vaneRun, heatedRun, symptoms };
}

/**
 * The icing state machine of WIND-ANALYSIS §2.2 [P]: a record is "cold" when T ≤ threshold (default 1 °C,
 * 0–2) and, if RH is given, RH ≥ 85 % (the `unheated-low` symptom needs only T ≤ threshold). Icing starts at the first cold record completing a persistent
 * symptom (the records of that run are iced too) and lasts until T > threshold + 1 °C or no symptom has
 * been seen for 1 hour. Shared by the QC rule (detectIcing) and the instrumental icing periods.
 */
export function icingState(input: IcingStateInput): IcingState {
  const n = input.speed.length;
  const series = [
    input.temperatureC,
    input.relativeHumidityPct,
    input.speedSd,
    input.redundantSpeed,
    input.heatedSpeed,
    input.direction,
    input.directionSd,
  ];
  for (const s of series)
    if (s && s.length !== n) throw new Error('detectIcing requires every series on the same grid');
  const threshold = input.temperatureThresholdC ?? 1;
  if (!(threshold >= 0 && threshold <= 2))
    throw new Error('detectIcing requires temperatureThresholdC in [0, 2]');
  const clearSlots = Math.max(1, Math.round(60 / input.intervalMinutes));
  const { cupRun, vaneRun, heatedRun, symptoms } = symptomRuns(input);
  const icing = new Uint8Array(n);
  let on = false;
  let sinceSymptom = 0;
  for (let i = 0; i < n; i++) {
    const t = input.temperatureC[i]!;
    const rh = input.relativeHumidityPct ? input.relativeHumidityPct[i]! : Number.NaN;
    const humid = !input.relativeHumidityPct || rh >= 85;
    const cup = cupRun[i]! >= 2 && humid ? cupRun[i]! : 0;
    const vane = vaneRun[i]! >= 3 && humid ? vaneRun[i]! : 0;
    // The heated/unheated divergence is itself evidence of ice (not a symptom other faults share), so it
    // needs the cold but not the RH gate: capacitive RH sensors read unreliably near saturation below 0 °C.
    const heated = heatedRun[i]! >= 3 ? heatedRun[i]! : 0;
    if (!on && t <= threshold && (cup || vane || heated)) {
      on = true;
      for (let k = i - Math.max(cup, vane, heated) + 1; k < i; k++) icing[k] = 1;
    }
    if (!on) continue;
    sinceSymptom = symptoms[i] ? 0 : sinceSymptom + 1;
    if (t > threshold + 1 || sinceSymptom >= clearSlots) {
      on = false;
      sinceSymptom = 0;
      continue;
    }
    icing[i] = 1;
  }
  return { icing, symptoms };
}
