import { MCP_METHODS, type McpMethod } from '../longterm/types.ts';
import type { NumericSeries } from '../model/types.ts';
import {
  type DirectionTrig,
  directionFitter,
  directionTrig,
  type FitContext,
  offsetFitter,
  physicalModel,
  type SourceFitter,
  type SourceModel,
  speedFitter,
  wrapDeg,
} from './source-models.ts';
import type {
  ReconstructElement,
  ReconstructRejected,
  ReconstructSkill,
  ReconstructSource,
  ReconstructSpeedMethod,
} from './types.ts';

/** Below this much concurrent data a speed source is scaled by the speed ratio only (one month, METHODS.md). */
export const SHORT_OVERLAP_HOURS = 720;

/** Thresholds resolved from the options. */
export interface EvaluateSettings {
  readonly element: ReconstructElement;
  readonly method: ReconstructSpeedMethod;
  readonly sectors: number;
  readonly minR: number;
  readonly minConcurrentHours: number;
}

/** A source that passed: its final model (fitted on all concurrent data) and its skill. */
export interface AcceptedSource {
  readonly index: number;
  readonly source: ReconstructSource;
  readonly model: SourceModel;
  readonly skill: ReconstructSkill;
}

/** Pearson r of target and source over the concurrent slots. */
function pearson(target: NumericSeries, src: NumericSeries, idx: Int32Array, count: number): number {
  if (count < 2) return Number.NaN;
  let ma = 0;
  let mb = 0;
  for (let k = 0; k < count; k++) {
    const i = idx[k]!;
    ma += target[i]!;
    mb += src[i]!;
  }
  ma /= count;
  mb /= count;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let k = 0; k < count; k++) {
    const i = idx[k]!;
    const a = target[i]! - ma;
    const b = src[i]! - mb;
    sab += a * b;
    saa += a * a;
    sbb += b * b;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : Number.NaN;
}

/**
 * Circular correlation of two directions (Jammalamadaka & SenGupta 2001, §8.2):
 * Σ sin(a − ā)·sin(b − b̄) / √(Σ sin²(a − ā)·Σ sin²(b − b̄)), ā, b̄ the circular means; from precomputed
 * sines and cosines (sin(a − ā) = sin a·cos ā − cos a·sin ā).
 */
function circularCorrelation(trig: DirectionTrig, idx: Int32Array, count: number): number {
  if (count < 2) return Number.NaN;
  const { sinT, cosT, sinS, cosS } = trig;
  let sa = 0;
  let ca = 0;
  let sb = 0;
  let cb = 0;
  for (let k = 0; k < count; k++) {
    const i = idx[k]!;
    sa += sinT[i]!;
    ca += cosT[i]!;
    sb += sinS[i]!;
    cb += cosS[i]!;
  }
  const ra = Math.hypot(sa, ca);
  const rb = Math.hypot(sb, cb);
  if (!(ra > 0 && rb > 0)) return Number.NaN;
  const [sma, cma, smb, cmb] = [sa / ra, ca / ra, sb / rb, cb / rb];
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let k = 0; k < count; k++) {
    const i = idx[k]!;
    const a = sinT[i]! * cma - cosT[i]! * sma;
    const b = sinS[i]! * cmb - cosS[i]! * smb;
    sab += a * b;
    saa += a * a;
    sbb += b * b;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : Number.NaN;
}

/** Two folds of alternating blocks (≈ one month of concurrent pairs each, at least four blocks). */
function twoFolds(idx: Int32Array, count: number, slotsPerMonth: number): [Int32Array, Int32Array] {
  const block = Math.max(1, Math.min(slotsPerMonth, Math.ceil(count / 4)));
  const a = new Int32Array(count);
  const b = new Int32Array(count);
  let na = 0;
  let nb = 0;
  for (let k = 0; k < count; k++) {
    if (Math.floor(k / block) % 2 === 0) a[na++] = idx[k]!;
    else b[nb++] = idx[k]!;
  }
  return [a.subarray(0, na), b.subarray(0, nb)];
}

/** Errors of `model` at the given slots (predicted − measured). */
function accumulate(
  model: SourceModel,
  target: NumericSeries,
  slots: Int32Array,
  circular: boolean,
  sums: { n: number; e: number; e2: number },
): void {
  for (let k = 0; k < slots.length; k++) {
    const i = slots[k]!;
    const p = model.predictAt(i);
    if (Number.isNaN(p)) continue;
    const e = circular ? wrapDeg(p - target[i]!) : p - target[i]!;
    sums.n++;
    sums.e += e;
    sums.e2 += e * e;
  }
}

/** Cross-validated rmse and bias of a fitter: fit on one fold of month blocks, predict the other. */
function crossValidatedError(
  fitter: SourceFitter,
  folds: [Int32Array, Int32Array],
  target: NumericSeries,
  circular: boolean,
): { rmse: number; bias: number } {
  const sums = { n: 0, e: 0, e2: 0 };
  for (let f = 0; f < 2; f++) {
    const train = folds[f]!;
    const test = folds[1 - f]!;
    const model = train.length > 0 ? fitter(train, train.length) : undefined;
    if (model) accumulate(model, target, test, circular, sums);
  }
  if (sums.n === 0) return { rmse: Number.NaN, bias: Number.NaN };
  return { rmse: Math.sqrt(sums.e2 / sums.n), bias: sums.e / sums.n };
}

function candidateFitters(
  ctx: FitContext,
  source: ReconstructSource,
  settings: EvaluateSettings,
  hours: number,
  trig: DirectionTrig | undefined,
): SourceFitter[] {
  const { element } = settings;
  if (element === 'wd') {
    if (!trig) throw new Error('direction sources need their sines and cosines');
    return [directionFitter(ctx, source, settings.sectors, ctx.minSectorCount, trig)];
  }
  if (element !== 'ws') return [offsetFitter(ctx, source, element)];
  if (hours < SHORT_OVERLAP_HOURS) return [speedFitter(ctx, source, 'speed_ratio', 0)];
  const methods: (McpMethod | 'ols_through_origin')[] =
    settings.method === 'auto' ? [...MCP_METHODS, 'ols_through_origin'] : [settings.method];
  return methods.map((m) => speedFitter(ctx, source, m, settings.sectors));
}

/**
 * Accepts or rejects one source: concurrent slots, correlation and concurrent time against the thresholds,
 * the candidate fits cross-validated on alternating month blocks (the best rmse wins), the final fit on all
 * concurrent data. Temperature and pressure without enough overlap fall back to the lapse rate and the
 * hypsometric reduction when both heights are known.
 *
 * @param scratch an Int32Array of the series length, reused between sources (no per-source allocation)
 */
export function evaluateSource(
  ctx: FitContext,
  targetUsable: Uint8Array,
  source: ReconstructSource,
  index: number,
  settings: EvaluateSettings,
  scratch: Int32Array,
): { accepted: AcceptedSource } | { rejected: ReconstructRejected } {
  const src = source.values;
  const n = targetUsable.length;
  let count = 0;
  for (let i = 0; i < n; i++) if (targetUsable[i] === 1 && !Number.isNaN(src[i]!)) scratch[count++] = i;
  const idx = scratch.slice(0, count);
  const hours = (count * ctx.intervalMinutes) / 60;
  const circular = settings.element === 'wd';
  let trig: DirectionTrig | undefined;
  if (circular) {
    if (!ctx.targetTrig) throw new Error('a direction target needs its sines and cosines');
    const own = directionTrig(src, idx);
    trig = { sinT: ctx.targetTrig.sin, cosT: ctx.targetTrig.cos, sinS: own.sin, cosS: own.cos };
  }
  const r = trig ? circularCorrelation(trig, idx, count) : pearson(ctx.target, src, idx, count);
  const { element } = settings;
  if (hours < settings.minConcurrentHours) {
    const physical = element === 'T' || element === 'P' ? physicalModel(ctx, source, element) : undefined;
    if (!physical)
      return {
        rejected: {
          sourceId: source.id,
          reason: count === 0 ? 'noOverlap' : 'tooFewPairs',
          concurrentHours: hours,
        },
      };
    // No fitted parameters: the few concurrent pairs (if any) test the physical model directly.
    const sums = { n: 0, e: 0, e2: 0 };
    accumulate(physical, ctx.target, idx, false, sums);
    const rmse = sums.n > 0 ? Math.sqrt(sums.e2 / sums.n) : Number.NaN;
    const bias = sums.n > 0 ? sums.e / sums.n : Number.NaN;
    return {
      accepted: { index, source, model: physical, skill: { r, rmse, bias, concurrentCount: count } },
    };
  }
  if (!(r >= settings.minR)) return { rejected: { sourceId: source.id, reason: 'weakCorrelation', r } };
  const folds = twoFolds(idx, count, Math.round((30 * 24 * 60) / ctx.intervalMinutes));
  let best: { fitter: SourceFitter; rmse: number; bias: number } | undefined;
  for (const fitter of candidateFitters(ctx, source, settings, hours, trig)) {
    const e = crossValidatedError(fitter, folds, ctx.target, circular);
    if (!best || e.rmse < best.rmse || Number.isNaN(best.rmse)) best = { fitter, ...e };
  }
  const model = best ? best.fitter(idx, count) : undefined;
  if (!best || !model)
    return { rejected: { sourceId: source.id, reason: 'tooFewPairs', concurrentHours: hours } };
  return {
    accepted: {
      index,
      source,
      model,
      skill: { r, rmse: best.rmse, bias: best.bias, concurrentCount: count },
    },
  };
}
