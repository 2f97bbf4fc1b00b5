import type { NumericSeries } from '../model/types.ts';
import { correlationFromGroups, type SectorCorrelation } from './correlate-by-sector.ts';
import { type WeibullFit, type WeibullMethod, weibullFromMoments } from './fit-weibull.ts';
import { frequencyFromCounts, type SpeedFrequency } from './speed-frequency.ts';
import { type TurbulenceIntensityTable, turbulenceFromGroups } from './turbulence-intensity-by-speed.ts';
import { roseFromSums, type WindRose } from './wind-rose.ts';

/** What one speed average is swept with (every series on the same grid, usable values, NaN = none). */
export interface SpeedSweepInput {
  readonly speeds: NumericSeries;
  /** Constant ρ, or a series parallel to the speeds. */
  readonly density: number | NumericSeries;
  /** ρ where the series has none (the rose's period mean, `periodMeanDensity`), or the constant. */
  readonly fallbackDensity: number;
  readonly weibullMethod: WeibullMethod;
  /** The paired vane's sector per record (`directionSectorIndices`, −1 = none): the rose. */
  readonly vaneSectors?: Int16Array | undefined;
  readonly calmThresholdMps: number;
  readonly sectors: number;
  /** The σ of the same sensor: the turbulence table (3 m/s minimum, 1 m/s bins). */
  readonly sd?: NumericSeries | undefined;
  /** The reference speeds and their vane's sectors: the correlation by sector. */
  readonly reference?: { readonly speeds: NumericSeries; readonly sectors: Int16Array } | undefined;
  /**
   * Work arrays of the grid's length that one station's speed averages share (no result keeps them): the
   * grouped TI, σ and pairs are written there instead of in arrays allocated per channel.
   */
  readonly scratch?: SpeedScratch | undefined;
}

/** Work arrays for {@link sweepSpeed}, one set per station analysis (see `SpeedSweepInput.scratch`). */
export class SpeedScratch {
  private readonly arrays: Float64Array[] = [];

  constructor(readonly length: number) {}

  /** Work array `k` (0–3) holding at least `size` numbers, as a view of exactly `size`. */
  take(k: number, size: number): Float64Array {
    let a = this.arrays[k];
    if (!a || a.length < size) {
      a = new Float64Array(Math.max(size, this.length));
      this.arrays[k] = a;
    }
    return a.subarray(0, size);
  }
}

/** The tables of one speed average, each equal to its one-statistic function's. */
export interface SpeedSweep {
  /** Records with 3 ≤ v ≤ 25 m/s (summarizeSpeed's useful-wind hours). */
  readonly inRange: number;
  /** summarizeSpeed's mean ρ (the constant, or the series' mean over the speed records). */
  readonly meanAirDensityKgM3: number | undefined;
  /** windPowerDensity(speeds, density). */
  readonly meanPowerDensityWm2: number | undefined;
  /** fitWeibull(speeds, { method }). */
  readonly weibull: WeibullFit | undefined;
  /** speedFrequency(speeds). */
  readonly frequency: SpeedFrequency | undefined;
  /** windRose(speeds, vane, { sectors, calmThresholdMps, airDensityKgM3: density }). */
  readonly rose: WindRose | undefined;
  /** turbulenceIntensityBySpeed(speeds, sd). */
  readonly turbulence: TurbulenceIntensityTable | undefined;
  /** correlateBySector(reference, speeds, referenceVane, { sectors, referenceSectorIndex }). */
  readonly correlation: SectorCorrelation | undefined;
}

const TI_MIN_SPEED = 3;
const TI_BIN_WIDTH = 1;

/**
 * Every table of one speed average (WIND-ANALYSIS §8.1–§8.4, §8.7, §8.8) from two passes over its
 * records instead of one or more each (issue 43 §1): the first sums what summarizeSpeed, windPowerDensity,
 * fitWeibull, speedFrequency and windRose sum and counts the turbulence bins and correlation sectors;
 * the second counts the speeds above their mean (WAsP) and groups the TI and the correlation pairs. Every
 * sum adds the same values in the same order as the function it replaces, so the numbers are the same;
 * the vane sectors are the ones worked out once per vane.
 *
 * @example sweepSpeed({ speeds, density: 1.225, fallbackDensity: 1.225, weibullMethod: 'wasp', calmThresholdMps: 0.5, sectors: 16 }).weibull
 */
export function sweepSpeed(input: SpeedSweepInput): SpeedSweep {
  const first = new FirstPass(input);
  first.run();
  const m1 = first.count > 0 ? first.sum / first.count : Number.NaN;
  const groups = groupRecords(input, first, m1);
  const densitySeries = typeof input.density === 'number' ? undefined : input.density;
  const { count, positive, sum, sumCubes, sumLog } = first;
  return {
    inRange: first.inRange,
    meanAirDensityKgM3: densitySeries
      ? first.rhoCount > 0
        ? first.rhoSum / first.rhoCount
        : undefined
      : (input.density as number),
    meanPowerDensityWm2: densitySeries
      ? first.rhoCount > 0
        ? (0.5 * first.powerSum) / first.rhoCount
        : undefined
      : count > 0
        ? (0.5 * (input.density as number) * sumCubes) / count
        : undefined,
    weibull: weibullFromMoments(
      input.speeds,
      { count, positive, sum, sumCubes, sumLog },
      input.weibullMethod,
      groups.above,
    ),
    frequency: frequencyFromCounts(first.frequency, first.frequencyTotal, 1, 0),
    rose: input.vaneSectors
      ? roseFromSums(first.roseCounts, first.roseSpeeds, first.roseEnergy, first.roseTotal, first.calmCount)
      : undefined,
    turbulence: groups.ti
      ? turbulenceFromGroups(groups.ti, groups.sigma!, groups.tiOffsets!, TI_BIN_WIDTH)
      : undefined,
    correlation: groups.gx ? correlationFromGroups(groups.gx, groups.gy!, groups.pairOffsets!) : undefined,
  };
}

/** The first pass's sums and counts (typed arrays and numbers: nothing allocated per record). */
class FirstPass {
  count = 0;
  positive = 0;
  sum = 0;
  sumCubes = 0;
  sumLog = 0;
  inRange = 0;
  rhoSum = 0;
  rhoCount = 0;
  powerSum = 0;
  frequency: Float64Array = new Float64Array(64);
  frequencyTotal = 0;
  readonly roseCounts: Float64Array;
  readonly roseSpeeds: Float64Array;
  readonly roseEnergy: Float64Array;
  roseTotal = 0;
  calmCount = 0;
  tiCounts: Int32Array = new Int32Array(64);
  tiBins = 0;
  tiTotal = 0;
  readonly pairCounts: Int32Array;

  constructor(readonly input: SpeedSweepInput) {
    const sectors = input.sectors;
    this.roseCounts = new Float64Array(sectors);
    this.roseSpeeds = new Float64Array(sectors);
    this.roseEnergy = new Float64Array(sectors);
    this.pairCounts = new Int32Array(sectors);
  }

  run(): void {
    const { speeds, vaneSectors, sd, reference, calmThresholdMps: calm, fallbackDensity } = this.input;
    const densitySeries = typeof this.input.density === 'number' ? undefined : this.input.density;
    const logs = this.input.weibullMethod === 'mle';
    const { roseCounts, roseSpeeds, roseEnergy, pairCounts } = this;
    let { count, positive, sum, sumCubes, sumLog, inRange, rhoSum, rhoCount, powerSum } = this;
    let { frequency, frequencyTotal, roseTotal, calmCount, tiCounts, tiBins, tiTotal } = this;
    for (let i = 0; i < speeds.length; i++) {
      const v = speeds[i]!;
      // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
      if (v !== v) continue;
      // fitWeibull's moments (ln v for the MLE only) and summarizeSpeed's useful-wind records.
      count++;
      sum += v;
      sumCubes += v * v * v;
      if (v > 0) {
        positive++;
        if (logs) sumLog += Math.log(v);
      }
      if (v >= 3 && v <= 25) inRange++;
      // summarizeSpeed's mean ρ and windPowerDensity over the records with ρ.
      if (densitySeries) {
        const rho = densitySeries[i]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
        if (rho === rho) {
          rhoSum += rho;
          rhoCount++;
          powerSum += rho * v * v * v;
        }
      }
      // speedFrequency: 1 m/s bins centred on integers.
      const k = Math.floor(v / 1 + 0.5);
      if (k >= 0) {
        if (k >= frequency.length) frequency = grown(frequency, k);
        frequency[k]!++;
        frequencyTotal++;
      }
      if (vaneSectors) {
        const s = vaneSectors[i]!;
        if (s >= 0) {
          roseTotal++;
          if (v < calm) calmCount++;
          else {
            roseCounts[s]!++;
            roseSpeeds[s]! += v;
            const rho = densitySeries ? densitySeries[i]! : fallbackDensity;
            // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
            roseEnergy[s]! += 0.5 * (rho !== rho ? fallbackDensity : rho) * v * v * v;
          }
        }
      }
      if (sd) {
        const sigma = sd[i]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
        if (v >= TI_MIN_SPEED && sigma === sigma && v > 0) {
          const bin = Math.floor(v / TI_BIN_WIDTH + 0.5);
          if (bin >= tiCounts.length) tiCounts = grownInt(tiCounts, bin);
          tiCounts[bin]!++;
          if (bin + 1 > tiBins) tiBins = bin + 1;
          tiTotal++;
        }
      }
      if (reference) {
        const s = reference.sectors[i]!;
        const x = reference.speeds[i]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
        if (s >= 0 && x === x) pairCounts[s]!++;
      }
    }
    Object.assign(this, { count, positive, sum, sumCubes, sumLog, inRange, rhoSum, rhoCount, powerSum });
    Object.assign(this, { frequency, frequencyTotal, roseTotal, calmCount, tiCounts, tiBins, tiTotal });
  }
}

function grown(counts: Float64Array, k: number): Float64Array {
  const out = new Float64Array(Math.max(k + 1, counts.length * 2));
  out.set(counts);
  return out;
}

function grownInt(counts: Int32Array, k: number): Int32Array {
  const out = new Int32Array(Math.max(k + 1, counts.length * 2));
  out.set(counts);
  return out;
}

/** Start of every group (and the end of the last) from the counts of `groups` groups. */
function offsetsOf(counts: Int32Array, groups: number): Int32Array {
  const offsets = new Int32Array(groups + 1);
  for (let g = 0; g < groups; g++) offsets[g + 1] = offsets[g]! + counts[g]!;
  return offsets;
}

interface Groups {
  above: number | undefined;
  ti?: Float64Array;
  sigma?: Float64Array;
  tiOffsets?: Int32Array;
  gx?: Float64Array;
  gy?: Float64Array;
  pairOffsets?: Int32Array;
}

/**
 * The second pass: speeds above their mean `m1` (WAsP), TI and σ grouped by speed bin, the concurrent
 * reference and target speeds grouped by reference sector — each group in time order, as
 * turbulenceIntensityBySpeed and correlateBySector group them.
 */
function groupRecords(input: SpeedSweepInput, first: FirstPass, m1: number): Groups {
  const { speeds, sd, reference } = input;
  const take = (k: number, size: number) => input.scratch?.take(k, size) ?? new Float64Array(size);
  const wasp = input.weibullMethod === 'wasp' && first.count >= 2;
  const withTi = sd !== undefined && first.tiTotal > 0;
  const groups: Groups = { above: undefined };
  if (!wasp && !withTi && !reference) return groups;
  let above = 0;
  let ti: Float64Array = new Float64Array(0);
  let sigma = ti;
  let tiFill = new Int32Array(0);
  if (withTi) {
    groups.tiOffsets = offsetsOf(first.tiCounts, first.tiBins);
    tiFill = groups.tiOffsets.slice(0, first.tiBins);
    ti = take(0, first.tiTotal);
    sigma = take(1, first.tiTotal);
    groups.ti = ti;
    groups.sigma = sigma;
  }
  let gx: Float64Array = ti;
  let gy: Float64Array = ti;
  let pairFill = tiFill;
  if (reference) {
    const sectors = input.sectors;
    groups.pairOffsets = offsetsOf(first.pairCounts, sectors);
    pairFill = groups.pairOffsets.slice(0, sectors);
    gx = take(2, groups.pairOffsets[sectors]!);
    gy = take(3, groups.pairOffsets[sectors]!);
    groups.gx = gx;
    groups.gy = gy;
  }
  for (let i = 0; i < speeds.length; i++) {
    const v = speeds[i]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
    if (v !== v) continue;
    if (v > m1) above++;
    if (withTi) {
      const s = sd[i]!;
      // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
      if (v >= TI_MIN_SPEED && s === s && v > 0) {
        const j = tiFill[Math.floor(v / TI_BIN_WIDTH + 0.5)]!++;
        sigma[j] = s;
        ti[j] = s / v;
      }
    }
    if (reference) {
      const s = reference.sectors[i]!;
      const x = reference.speeds[i]!;
      // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
      if (s >= 0 && x === x) {
        const j = pairFill[s]!++;
        gx[j] = x;
        gy[j] = v;
      }
    }
  }
  if (wasp) groups.above = above;
  return groups;
}
