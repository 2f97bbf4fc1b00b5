import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import { fitMcp } from '../longterm/fit-mcp.ts';
import { predictMcp, predictMcpLine } from '../longterm/predict-mcp.ts';
import type { McpMethod } from '../longterm/types.ts';
import type { NumericSeries } from '../model/types.ts';
import type { ReconstructFit, ReconstructMethod, ReconstructSectorFit, ReconstructSource } from './types.ts';

const TO_RAD = Math.PI / 180;

/** Standard gravity, m/s² (ISO 2533). */
export const GRAVITY = 9.80665;
/** Specific gas constant of dry air, J/(kg·K) (WIND-ANALYSIS §8.5). */
export const R_DRY_AIR = 287.05;
/** Reduction temperature without a measured one: the ISA sea-level 15 °C. */
export const DEFAULT_REDUCTION_C = 15;
/** Standard-atmosphere lapse rate, K/m (ISA troposphere −6.5 K/km). */
export const LAPSE_RATE_K_PER_M = -0.0065;

/** A fitted transfer from one source to the target, predicting at any slot where the source is present. */
export interface SourceModel {
  readonly method: ReconstructMethod;
  readonly fit: ReconstructFit;
  /** The target predicted at slot i; NaN where the source is missing. */
  readonly predictAt: (i: number) => number;
}

/** Fits a model on the first `count` slot indices of `train` (concurrent slots of target and source). */
export type SourceFitter = (train: Int32Array, count: number) => SourceModel | undefined;

/** What every fitter reads: the target's values and the grid. */
export interface FitContext {
  readonly target: NumericSeries;
  readonly targetHeightM: number | undefined;
  readonly startMs: number;
  readonly intervalMinutes: number;
  readonly minSectorCount: number;
  /** Direction targets: sines and cosines of the target (computed once per call). */
  readonly targetTrig?: { readonly sin: Float64Array; readonly cos: Float64Array } | undefined;
}

/** (a − b) wrapped to (−180, 180]. */
export function wrapDeg(d: number): number {
  let v = d % 360;
  if (v > 180) v -= 360;
  else if (v <= -180) v += 360;
  return v;
}

/**
 * Speed by the long-term correction's own fit (fitMcp: OLS, TLS, variance ratio, SpeedSort, speed ratio,
 * through the origin) on the concurrent 10-minute pairs, by sector of the source's vane when `sectors` > 1
 * (sectors with fewer than minSectorCount pairs use the overall line, as fitMcp does); a slot whose vane
 * is missing uses the overall line. Predictions are clamped ≥ 0 (WIND-ANALYSIS §13).
 */
export function speedFitter(
  ctx: FitContext,
  source: ReconstructSource,
  method: McpMethod | 'ols_through_origin',
  sectors: number,
): SourceFitter {
  const src = source.values;
  const vane = sectors > 1 ? source.directionDeg : undefined;
  const useSectors = vane ? sectors : 0;
  const step = ctx.intervalMinutes * 60_000;
  return (train, count) => {
    const x = new Float64Array(count);
    const y = new Float64Array(count);
    // Only SpeedSort reads the stamps (the MOMM of its cutoff); the other methods get none.
    const stamps = new Float64Array(method === 'speed_sort' ? count : 0);
    const dir = vane ? new Float64Array(count) : undefined;
    for (let k = 0; k < count; k++) {
      const i = train[k]!;
      x[k] = src[i]!;
      y[k] = ctx.target[i]!;
      if (stamps.length > 0) stamps[k] = ctx.startMs + i * step;
      if (dir) dir[k] = vane![i]!;
    }
    const fit = fitMcp(
      { periodStartMs: stamps, x, y, xDirectionDeg: dir, yDirectionDeg: undefined },
      { method, sectors: useSectors, minSectorCount: ctx.minSectorCount },
    );
    const overall = fit.overall;
    if (!overall) return undefined;
    const sectorFits: ReconstructSectorFit[] = fit.bySector.map((s) => ({
      sector: s.sector,
      count: s.count,
      merged: s.isMerged,
      slope: s.line?.slope,
      offset: s.line?.offset,
    }));
    // Straight lines (every method but SpeedSort's cutoff) as per-sector slope/offset tables, so a
    // prediction is one sector lookup and a multiply-add (predictMcpLine's arithmetic).
    const straight =
      overall.cutoffMps === undefined && fit.bySector.every((b) => b.line?.cutoffMps === undefined);
    const slopes = new Float64Array(fit.bySector.length);
    const offsets = new Float64Array(fit.bySector.length);
    fit.bySector.forEach((b, k) => {
      slopes[k] = b.line ? b.line.slope : overall.slope;
      offsets[k] = b.line ? b.line.offset : overall.offset;
    });
    const predictAt = (i: number): number => {
      const xv = src[i]!;
      if (Number.isNaN(xv)) return Number.NaN;
      let v: number;
      const d = vane ? vane[i]! : Number.NaN;
      if (Number.isNaN(d)) v = predictMcpLine(overall, xv);
      else if (straight) {
        const k = directionSectorIndex(d, useSectors);
        v = slopes[k]! * xv + offsets[k]!;
      } else {
        v = predictMcp(fit, xv, d);
        if (Number.isNaN(v)) v = predictMcpLine(overall, xv);
      }
      return v > 0 ? v : 0;
    };
    return {
      method,
      fit: {
        slope: overall.slope,
        offset: overall.offset,
        ...(useSectors > 1 ? { sectors: sectorFits } : {}),
      },
      predictAt,
    };
  };
}

/** Sines and cosines of the target and of one source direction (computed once per call, not per fit). */
export interface DirectionTrig {
  readonly sinT: Float64Array;
  readonly cosT: Float64Array;
  readonly sinS: Float64Array;
  readonly cosS: Float64Array;
}

/** Sine and cosine of a direction series at the given slots (0 elsewhere; every slot without `slots`). */
export function directionTrig(
  values: NumericSeries,
  slots?: Int32Array,
): { sin: Float64Array; cos: Float64Array } {
  const n = values.length;
  const sin = new Float64Array(n);
  const cos = new Float64Array(n);
  const count = slots ? slots.length : n;
  for (let k = 0; k < count; k++) {
    const i = slots ? slots[k]! : k;
    const r = values[i]! * TO_RAD;
    sin[i] = Math.sin(r);
    cos[i] = Math.cos(r);
  }
  return { sin, cos };
}

/**
 * Direction: the source vane plus the circular mean veer (target − source) of the sector of the source
 * direction (WIND-ANALYSIS §5); sectors with fewer than minSectorCount pairs use the overall veer.
 * sin/cos of the veer come from the precomputed sines and cosines (angle-difference identities).
 */
export function directionFitter(
  _ctx: FitContext,
  source: ReconstructSource,
  sectors: number,
  minSectorCount: number,
  trig: DirectionTrig,
): SourceFitter {
  const src = source.values;
  const nSectors = Math.max(1, sectors);
  const { sinT, cosT, sinS, cosS } = trig;
  return (train, count) => {
    if (count === 0) return undefined;
    const sin = new Float64Array(nSectors);
    const cos = new Float64Array(nSectors);
    const counts = new Int32Array(nSectors);
    let sinAll = 0;
    let cosAll = 0;
    for (let k = 0; k < count; k++) {
      const i = train[k]!;
      const sd = sinT[i]! * cosS[i]! - cosT[i]! * sinS[i]!;
      const cd = cosT[i]! * cosS[i]! + sinT[i]! * sinS[i]!;
      sinAll += sd;
      cosAll += cd;
      const sector = nSectors > 1 ? directionSectorIndex(src[i]!, nSectors) : 0;
      sin[sector]! += sd;
      cos[sector]! += cd;
      counts[sector]! += 1;
    }
    const overallVeer = Math.atan2(sinAll, cosAll) / TO_RAD;
    const veers = new Float64Array(nSectors);
    const sectorFits: ReconstructSectorFit[] = [];
    for (let s = 0; s < nSectors; s++) {
      const merged = counts[s]! < minSectorCount;
      veers[s] = merged ? overallVeer : Math.atan2(sin[s]!, cos[s]!) / TO_RAD;
      sectorFits.push({ sector: s, count: counts[s]!, merged, veerDeg: veers[s] });
    }
    const predictAt = (i: number): number => {
      const s = src[i]!;
      if (Number.isNaN(s)) return Number.NaN;
      const sector = nSectors > 1 ? directionSectorIndex(s, nSectors) : 0;
      const v = (s + veers[sector]!) % 360;
      return v < 0 ? v + 360 : v;
    };
    return {
      method: 'veer',
      fit: {
        slope: 1,
        offset: 0,
        veerDeg: overallVeer,
        ...(nSectors > 1 ? { sectors: sectorFits } : {}),
      },
      predictAt,
    };
  };
}

/** Pressure at the source reduced to the target height by the hypsometric equation (no offset). */
function barometricFactor(source: ReconstructSource, dz: number): (i: number) => number {
  const temperature = source.temperatureC;
  const k = (-GRAVITY * dz) / R_DRY_AIR;
  const standard = Math.exp(k / (DEFAULT_REDUCTION_C + 273.15));
  if (!temperature) return () => standard;
  return (i) => {
    if (i < 0) return standard;
    const t = temperature[i]!;
    return Number.isNaN(t) ? standard : Math.exp(k / (t + 273.15));
  };
}

/**
 * Offset models: target = base(source) + mean concurrent difference. Temperature: base = source;
 * humidity: base = source, clipped to [0, 100]; pressure: base = the source reduced barometrically.
 */
export function offsetFitter(
  ctx: FitContext,
  source: ReconstructSource,
  element: 'T' | 'P' | 'RH',
): SourceFitter {
  const src = source.values;
  const dz = (ctx.targetHeightM ?? 0) - (source.heightM ?? 0);
  const barometric = element === 'P' && ctx.targetHeightM !== undefined && source.heightM !== undefined;
  const factor = barometric ? barometricFactor(source, dz) : () => 1;
  const clip = element === 'RH';
  return (train, count) => {
    if (count === 0) return undefined;
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const i = train[k]!;
      sum += ctx.target[i]! - src[i]! * factor(i);
    }
    const offset = sum / count;
    const predictAt = (i: number): number => {
      const s = src[i]!;
      if (Number.isNaN(s)) return Number.NaN;
      const v = s * factor(i) + offset;
      if (!clip) return v;
      return v < 0 ? 0 : v > 100 ? 100 : v;
    };
    return {
      method: barometric ? 'barometric_offset' : 'offset',
      fit: { slope: factor(-1), offset, heightDifferenceM: dz },
      predictAt,
    };
  };
}

/**
 * Physical models without concurrent data: temperature by the standard lapse rate −6.5 K/km over the
 * height difference, pressure by the hypsometric reduction. Undefined without both heights (or for other
 * elements).
 */
export function physicalModel(
  ctx: FitContext,
  source: ReconstructSource,
  element: 'T' | 'P',
): SourceModel | undefined {
  if (ctx.targetHeightM === undefined || source.heightM === undefined) return undefined;
  const src = source.values;
  const dz = ctx.targetHeightM - source.heightM;
  if (element === 'T') {
    const offset = LAPSE_RATE_K_PER_M * dz;
    return {
      method: 'lapse_rate',
      fit: { slope: 1, offset, heightDifferenceM: dz },
      predictAt: (i) => src[i]! + offset,
    };
  }
  const factor = barometricFactor(source, dz);
  return {
    method: 'barometric',
    fit: { slope: factor(-1), offset: 0, heightDifferenceM: dz },
    predictAt: (i) => src[i]! * factor(i),
  };
}
