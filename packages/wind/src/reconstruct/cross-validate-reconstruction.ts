import { gapRuns } from './gap-runs.ts';
import { holdOutBlocks, logUniformLengths } from './hold-out-blocks.ts';
import { reconstructSeries, usableMask } from './reconstruct-series.ts';
import { wrapDeg } from './source-models.ts';
import type {
  ReconstructCrossValidation,
  ReconstructCrossValidationOptions,
  ReconstructKindError,
  ReconstructSource,
  ReconstructSourceKind,
  ReconstructTarget,
} from './types.ts';

/** Sums of errors (reconstructed − measured) over held-out slots. */
interface ErrorSums {
  n: number;
  e: number;
  e2: number;
}

const kindError = (s: ErrorSums): ReconstructKindError => ({
  slots: s.n,
  bias: s.n > 0 ? s.e / s.n : Number.NaN,
  rmse: s.n > 0 ? Math.sqrt(s.e2 / s.n) : Number.NaN,
});

/**
 * Cross-validates the reconstruction of a target (issue 45 §1, METHODS.md): holds out ≈ `holdOutShare`
 * (default 10 %) of its valid slots in blocks whose lengths are drawn from its real gaps (seeded; a target
 * without gaps, or `blockLengthSlots` given, draws from those lengths; without either, 1 hour to 2 weeks
 * log-uniform), reconstructs them exactly as {@link reconstructSeries} does with the held-out values
 * hidden from the fits (one run, which fills the real gaps too), and compares with the measured values.
 *
 * - bias, rmse: mean and root mean square of (reconstructed − measured) over the held-out slots a source
 *   filled (direction: wrapped to ±180°; `directionErrorDeg` = mean absolute wrapped error).
 * - annualMeanErrorPct: mean of the series with the held-out slots reconstructed minus the measured mean,
 *   over the same slots, in % of the measured mean (NaN for direction).
 * - annualMeanUncertaintyPct: the standard uncertainty reconstruction adds to the mean of the REAL record.
 *   Estimator: errors are correlated within a gap, so the held-out block sums E_b = Σ e_i are taken as
 *   independent with variance proportional to their length, σ² = Σ E_b² / Σ L_b (uncentred, so a bias
 *   counts); filling F real gap slots in a record of N slots then moves the mean by u = √(σ²·F)/N,
 *   reported in % of the measured mean.
 *
 * @example crossValidateReconstruction(target, sources, { startMs, intervalMinutes: 10, seed: 1 }).rmse
 */
export function crossValidateReconstruction(
  target: ReconstructTarget,
  sources: readonly ReconstructSource[],
  options: ReconstructCrossValidationOptions,
): ReconstructCrossValidation {
  const seed = options.seed ?? 1;
  const usable = usableMask(target);
  const realGaps = gapRuns(usable, options.intervalMinutes);
  const lengths =
    options.blockLengthSlots ??
    (realGaps.count > 0 ? realGaps.lengths : logUniformLengths(options.intervalMinutes, 256, seed));
  const holdOut = holdOutBlocks(usable, lengths, options.holdOutShare ?? 0.1, seed);
  const masked = Float64Array.from(target.values);
  for (let i = 0; i < masked.length; i++) if (holdOut.mask[i] === 1) masked[i] = Number.NaN;
  const trial = reconstructSeries({ ...target, values: masked }, sources, options);
  const circular = target.element === 'wd';

  const all: ErrorSums = { n: 0, e: 0, e2: 0 };
  const byKind = new Map<ReconstructSourceKind, ErrorSums>();
  let absSum = 0;
  let blockSq = 0;
  let blockSlots = 0;
  for (let b = 0; b < holdOut.starts.length; b++) {
    let blockSum = 0;
    const start = holdOut.starts[b]!;
    for (let i = start; i < start + holdOut.lengths[b]!; i++) {
      const k = trial.filledBy[i]!;
      if (k < 0) continue;
      const truth = target.values[i]!;
      const e = circular ? wrapDeg(trial.values[i]! - truth) : trial.values[i]! - truth;
      all.n++;
      all.e += e;
      all.e2 += e * e;
      absSum += Math.abs(e);
      blockSum += e;
      blockSlots++;
      const kind = trial.steps[k]!.kind;
      const sums = byKind.get(kind) ?? { n: 0, e: 0, e2: 0 };
      sums.n++;
      sums.e += e;
      sums.e2 += e * e;
      byKind.set(kind, sums);
    }
    blockSq += blockSum * blockSum;
  }

  // Mean over the valid slots that are either kept or held out and filled.
  let sumTruth = 0;
  let sumRec = 0;
  let count = 0;
  for (let i = 0; i < usable.length; i++) {
    if (usable[i] !== 1 || (holdOut.mask[i] === 1 && trial.filledBy[i]! < 0)) continue;
    sumTruth += target.values[i]!;
    sumRec += trial.values[i]!;
    count++;
  }
  const meanTruth = sumTruth / count;
  // The trial run fills the real gaps too (they are missing in the masked series): count those it filled.
  let realFilled = 0;
  for (let i = 0; i < usable.length; i++) if (usable[i] === 0 && trial.filledBy[i]! >= 0) realFilled++;
  const recordSlots = usable.length - realGaps.slots + realFilled;
  const sigma2 = blockSlots > 0 ? blockSq / blockSlots : Number.NaN;
  const u = realFilled > 0 ? Math.sqrt(sigma2 * realFilled) / recordSlots : 0;
  const bySourceKind: Partial<Record<ReconstructSourceKind, ReconstructKindError>> = {};
  for (const [kind, sums] of byKind) bySourceKind[kind] = kindError(sums);
  const overall = kindError(all);
  return {
    blocks: holdOut.starts.length,
    heldOutSlots: holdOut.slots,
    filledSlots: all.n,
    bias: overall.bias,
    rmse: overall.rmse,
    ...(circular ? { directionErrorDeg: all.n > 0 ? absSum / all.n : Number.NaN } : {}),
    annualMeanErrorPct: circular ? Number.NaN : ((sumRec / count - meanTruth) / meanTruth) * 100,
    annualMeanUncertaintyPct: circular ? Number.NaN : (u / Math.abs(meanTruth)) * 100,
    bySourceKind,
  };
}
