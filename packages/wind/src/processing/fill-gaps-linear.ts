import { fitLinearLeastSquares, type LinearFit } from '../math/fit-linear-least-squares.ts';
import type { FlagSeries, NumericSeries } from '../model/types.ts';

/**
 * Gap filling by linear least squares (WIND-ANALYSIS §5): fit ŷ = a + b·x on concurrent usable pairs
 * of the target y and predictor x (another height, a redundant sensor or a nearby mast), and fill every
 * target gap where the predictor is present. Conditions: ≥ `minPairs` pairs (default 144 = 1 day of
 * 10-min data) and r ≥ `minR` (default 0.8); otherwise nothing is filled and `fit` explains why.
 * Filled values get flag 1 (filled) — provenance (source channel, a, b, r) is the returned fit.
 * Values flagged invalid/icing in either series are neither used for the fit nor filled from.
 *
 * @example fillGapsLinear({ target, predictor }).values // target with gaps filled
 */
export function fillGapsLinear(input: {
  target: NumericSeries;
  targetFlags?: FlagSeries;
  predictor: NumericSeries;
  predictorFlags?: FlagSeries;
  minPairs?: number;
  minR?: number;
}): {
  values: Float64Array;
  flags: Uint8Array;
  filledCount: number;
  fit: LinearFit | undefined;
  reason?: 'tooFewPairs' | 'weakCorrelation';
} {
  const { target, predictor } = input;
  const n = target.length;
  if (predictor.length !== n)
    throw new Error('fillGapsLinear requires target and predictor on the same grid');
  const usable = (v: number, flags: FlagSeries | undefined, i: number) =>
    !Number.isNaN(v) && (!flags || flags[i]! < 3);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const ok = usable(target[i]!, input.targetFlags, i) && usable(predictor[i]!, input.predictorFlags, i);
    x[i] = ok ? predictor[i]! : Number.NaN;
    y[i] = ok ? target[i]! : Number.NaN;
  }
  const values = Float64Array.from(target);
  const flags = input.targetFlags ? Uint8Array.from(input.targetFlags) : new Uint8Array(n);
  const fit = fitLinearLeastSquares(x, y);
  if (!fit || fit.count < (input.minPairs ?? 144))
    return { values, flags, filledCount: 0, fit, reason: 'tooFewPairs' };
  if (!(fit.r >= (input.minR ?? 0.8)))
    return { values, flags, filledCount: 0, fit, reason: 'weakCorrelation' };
  let filledCount = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isNaN(target[i]!) || !usable(predictor[i]!, input.predictorFlags, i)) continue;
    values[i] = fit.intercept + fit.slope * predictor[i]!;
    flags[i] = 1;
    filledCount++;
  }
  return { values, flags, filledCount, fit };
}
