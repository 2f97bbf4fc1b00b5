import type { NumericSeries } from '../model/types.ts';
import { fitWeibull, type WeibullFit, type WeibullMethod } from '../statistics/fit-weibull.ts';
import { AVERAGE_YEAR_HOURS, type AverageYearEnergy, averageYearEnergy } from './average-year-energy.ts';
import { densityCorrectedPower } from './density-corrected-power.ts';
import type { PowerCurve } from './power-curve.ts';
import { weibullMeanPower } from './weibull-mean-power.ts';
import { capacityFactor, fullLoadHours } from './yield-figures.ts';

/** How measured speeds reach hub height (WIND-ANALYSIS §6, §11). */
export type HubShear =
  | { readonly mode: 'overall'; readonly exponent: number }
  /** α per direction sector; a sector without one (or a record without direction) uses `exponent`. */
  | {
      readonly mode: 'sector';
      readonly exponent: number;
      readonly bySector: ReadonlyArray<number | undefined>;
    }
  /** α per local hour 0–23; an hour without one uses `exponent`. */
  | { readonly mode: 'hour'; readonly exponent: number; readonly byHour: ReadonlyArray<number | undefined> };

export interface EnergyYieldInput {
  /** Usable measured speeds (NaN where invalid, icing or missing), m/s. */
  readonly speedsMps: NumericSeries;
  readonly measuredHeightM: number;
  readonly hubHeightM: number;
  readonly shear: HubShear;
  /** Local hour 0–23 and calendar month 1–12 per record. */
  readonly hourOfDay: ArrayLike<number>;
  readonly monthOfYear: ArrayLike<number>;
  /** Direction sector per record (−1 missing) and the sector count, for shear by sector and the breakdown. */
  readonly sectorIndex?: Int16Array | undefined;
  readonly sectors?: number | undefined;
  /** Air density per record (NaN → the series' mean) or one value, kg/m³. */
  readonly densityKgM3: number | NumericSeries;
  readonly curve: PowerCurve;
  readonly weibullMethod?: WeibullMethod | undefined;
}

export interface EnergyYield {
  /** Records with a usable speed. */
  readonly count: number;
  readonly hubMeanSpeedMps: number | undefined;
  readonly meanDensityKgM3: number;
  /** Gross energy from the time series, average-year weighted (§11). */
  readonly timeSeries: AverageYearEnergy & {
    readonly capacityFactor: number | undefined;
    readonly fullLoadHours: number | undefined;
  };
  /** Gross energy from the Weibull of the hub-height speeds (all sectors). */
  readonly weibull:
    | {
        readonly fit: WeibullFit;
        readonly meanPowerKw: number;
        readonly energyKwh: number;
        readonly capacityFactor: number;
        readonly fullLoadHours: number;
      }
    | undefined;
  /**
   * Σ over sectors of frequency × Weibull mean power × 8766 h (a sector without a fit counts with its
   * time-series mean power); undefined without directions.
   */
  readonly weibullBySectorEnergyKwh: number | undefined;
  /** Mean power by local hour 0–23, kW. */
  readonly byHour: ReadonlyArray<{
    readonly hour: number;
    readonly count: number;
    readonly meanPowerKw: number | undefined;
  }>;
  /** Per sector: frequency, mean hub speed, mean power, time-series energy share and the sector's Weibull. */
  readonly bySector: ReadonlyArray<{
    readonly sector: number;
    readonly count: number;
    readonly frequency: number;
    readonly meanSpeedMps: number | undefined;
    readonly meanPowerKw: number | undefined;
    /** Share of the time-series energy, 0–1. */
    readonly energyShare: number | undefined;
    readonly weibull: WeibullFit | undefined;
    readonly weibullMeanPowerKw: number | undefined;
  }>;
}

/**
 * Gross energy yield of one turbine on a measured speed series (WIND-ANALYSIS §11): speeds carried to
 * hub height with the chosen shear (overall, by sector or by hour), power from the density-corrected
 * curve per record (pitch: speed scaling; stall: power scaling), the average-year weighting of calendar
 * months, the Weibull of the hub speeds (overall and by sector), capacity factor, full-load hours and
 * the breakdowns by month, hour and sector.
 */
export function energyYield(input: EnergyYieldInput): EnergyYield {
  const { speedsMps, curve } = input;
  const n = speedsMps.length;
  const ratio = input.hubHeightM / input.measuredHeightM;
  const sectors = input.sectors ?? 0;
  const sectorIndex = input.sectorIndex;
  // Mean density stands in for a record without one.
  let meanDensity: number;
  if (typeof input.densityKgM3 === 'number') {
    meanDensity = input.densityKgM3;
  } else {
    let s = 0;
    let c = 0;
    for (let i = 0; i < input.densityKgM3.length; i++) {
      const d = input.densityKgM3[i]!;
      if (!Number.isNaN(d)) {
        s += d;
        c += 1;
      }
    }
    meanDensity = c > 0 ? s / c : curve.referenceDensityKgM3;
  }
  const densityAt = (i: number): number => {
    if (typeof input.densityKgM3 === 'number') return input.densityKgM3;
    const d = input.densityKgM3[i]!;
    return Number.isNaN(d) ? meanDensity : d;
  };
  const exponentAt = (i: number): number => {
    const shear = input.shear;
    if (shear.mode === 'overall') return shear.exponent;
    if (shear.mode === 'hour') return shear.byHour[input.hourOfDay[i]!] ?? shear.exponent;
    const s = sectorIndex ? sectorIndex[i]! : -1;
    return (s >= 0 ? shear.bySector[s] : undefined) ?? shear.exponent;
  };
  const hub = new Float64Array(n);
  const power = new Float64Array(n);
  const hourSums = new Float64Array(24);
  const hourCounts = new Float64Array(24);
  const sectorSums = new Float64Array(sectors);
  const sectorSpeedSums = new Float64Array(sectors);
  const sectorCounts = new Float64Array(sectors);
  let speedSum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const v = speedsMps[i]!;
    if (Number.isNaN(v)) {
      hub[i] = Number.NaN;
      power[i] = Number.NaN;
      continue;
    }
    const vh = v * ratio ** exponentAt(i);
    const p = densityCorrectedPower(curve, vh, densityAt(i));
    hub[i] = vh;
    power[i] = p;
    speedSum += vh;
    count += 1;
    const h = input.hourOfDay[i]!;
    hourSums[h]! += p;
    hourCounts[h]! += 1;
    const s = sectorIndex ? sectorIndex[i]! : -1;
    if (s >= 0 && s < sectors) {
      sectorSums[s]! += p;
      sectorSpeedSums[s]! += vh;
      sectorCounts[s]! += 1;
    }
  }
  const series = averageYearEnergy(power, input.monthOfYear);
  const fit = count >= 2 ? fitWeibull(hub, { method: input.weibullMethod ?? 'wasp' }) : undefined;
  let weibull: EnergyYield['weibull'];
  if (fit) {
    const meanPowerKw = weibullMeanPower(curve, fit.scaleMps, fit.shape, meanDensity);
    const energyKwh = meanPowerKw * AVERAGE_YEAR_HOURS;
    weibull = {
      fit,
      meanPowerKw,
      energyKwh,
      capacityFactor: capacityFactor(energyKwh, curve.ratedKw),
      fullLoadHours: fullLoadHours(energyKwh, curve.ratedKw),
    };
  }
  const sectorTotal = sectorCounts.reduce((a, b) => a + b, 0);
  const energyTotal = sectorSums.reduce((a, b) => a + b, 0);
  const bySector = Array.from({ length: sectors }, (_, s) => {
    let sectorFit: WeibullFit | undefined;
    if (sectorCounts[s]! >= 2 && sectorIndex) {
      const values = new Float64Array(sectorCounts[s]!);
      let k = 0;
      for (let i = 0; i < n; i++) if (sectorIndex[i] === s && !Number.isNaN(hub[i]!)) values[k++] = hub[i]!;
      sectorFit = fitWeibull(values, { method: input.weibullMethod ?? 'wasp' });
    }
    return {
      sector: s,
      count: sectorCounts[s]!,
      frequency: sectorTotal > 0 ? sectorCounts[s]! / sectorTotal : 0,
      meanSpeedMps: sectorCounts[s]! > 0 ? sectorSpeedSums[s]! / sectorCounts[s]! : undefined,
      meanPowerKw: sectorCounts[s]! > 0 ? sectorSums[s]! / sectorCounts[s]! : undefined,
      energyShare: energyTotal > 0 ? sectorSums[s]! / energyTotal : undefined,
      weibull: sectorFit,
      weibullMeanPowerKw: sectorFit
        ? weibullMeanPower(curve, sectorFit.scaleMps, sectorFit.shape, meanDensity)
        : undefined,
    };
  });
  // A sector too sparse for a Weibull (< 2 values or no fit) contributes its time-series mean power.
  const weibullBySectorEnergyKwh =
    sectors > 0 && sectorTotal > 0
      ? bySector.reduce((e, s) => e + s.frequency * (s.weibullMeanPowerKw ?? s.meanPowerKw ?? 0), 0) *
        AVERAGE_YEAR_HOURS
      : undefined;
  const energy = series.energyKwh;
  return {
    count,
    hubMeanSpeedMps: count > 0 ? speedSum / count : undefined,
    meanDensityKgM3: meanDensity,
    timeSeries: {
      ...series,
      capacityFactor: energy === undefined ? undefined : capacityFactor(energy, curve.ratedKw),
      fullLoadHours: energy === undefined ? undefined : fullLoadHours(energy, curve.ratedKw),
    },
    weibull,
    weibullBySectorEnergyKwh,
    byHour: Array.from({ length: 24 }, (_, h) => ({
      hour: h,
      count: hourCounts[h]!,
      meanPowerKw: hourCounts[h]! > 0 ? hourSums[h]! / hourCounts[h]! : undefined,
    })),
    bySector,
  };
}
