import { describe, expect, it } from 'vitest';
import { correlationStrength } from '../statistics/correlation-strength.ts';
import { describeSeries } from './describe-series.ts';
import { findRoot } from './find-root.ts';
import { fitLinearLeastSquares } from './fit-linear-least-squares.ts';
import { fitOrthogonalLeastSquares } from './fit-orthogonal-least-squares.ts';
import { fitThroughOrigin } from './fit-through-origin.ts';
import { fitVarianceRatio } from './fit-variance-ratio.ts';
import { gammaFunction } from './gamma-function.ts';
import { quantileSorted } from './quantile-sorted.ts';

const X7 = [3.2, 4.5, 5.1, 6.8, 7.7, 9.0];
const Y7 = [4.6, 5.2, 6.9, 7.6, 9.9, 10.1];

describe('regression lines (WIND-ANALYSIS §5, §7 worked examples)', () => {
  it('fitLinearLeastSquares(§5 pairs) → a = 0.2744, b = 1.0624, r = 0.9989; x = 7.5 fills 8.242 m/s', () => {
    const fit = fitLinearLeastSquares([5.0, 6.2, 7.1, 8.4, 9.0], [5.6, 6.9, 7.7, 9.3, 9.8])!;
    expect(fit.intercept).toBeCloseTo(0.2744, 4);
    expect(fit.slope).toBeCloseTo(1.0624, 4);
    expect(fit.r).toBeCloseTo(0.9989, 4);
    expect(fit.intercept + fit.slope * 7.5).toBeCloseTo(8.242, 3);
  });

  it('fitLinearLeastSquares(§7 pairs) → r = 0.9675, b = 1.0295, a = 1.1551, ŷ(8) = 9.391', () => {
    const fit = fitLinearLeastSquares(X7, Y7)!;
    expect(fit.r).toBeCloseTo(0.9675, 4);
    expect(fit.slope).toBeCloseTo(1.0295, 4);
    expect(fit.intercept).toBeCloseTo(1.1551, 4);
    expect(fit.intercept + 8 * fit.slope).toBeCloseTo(9.391, 3);
  });

  it('fitOrthogonalLeastSquares(§7 pairs) → b = 1.0662, a = 0.9327, ŷ(8) = 9.462 (scipy ODR agrees)', () => {
    const fit = fitOrthogonalLeastSquares(X7, Y7)!;
    expect(fit.slope).toBeCloseTo(1.0662, 4);
    expect(fit.intercept).toBeCloseTo(0.9327, 4);
    expect(fit.intercept + 8 * fit.slope).toBeCloseTo(9.462, 3);
  });

  it('fitVarianceRatio(§7 pairs) → b = 1.0640, a = 0.9461, ŷ(8) = 9.458', () => {
    const fit = fitVarianceRatio(X7, Y7)!;
    expect(fit.slope).toBeCloseTo(1.064, 4);
    expect(fit.intercept).toBeCloseTo(0.9461, 4);
    expect(fit.intercept + 8 * fit.slope).toBeCloseTo(9.458, 3);
  });

  it('correlationStrength(0.9675) → strong / high; boundaries are lower-inclusive', () => {
    expect(correlationStrength(0.9675)).toEqual({ r: 'strong', rSquared: 'high' });
    expect(correlationStrength(0.7)!.r).toBe('strong');
    expect(correlationStrength(-0.3)!.r).toBe('moderate');
    expect(correlationStrength(0.29)).toEqual({ r: 'weak', rSquared: 'low' });
    expect(correlationStrength(Math.sqrt(0.1))!.rSquared).toBe('moderate');
    expect(correlationStrength(Math.sqrt(0.5) + 1e-12)!.rSquared).toBe('high');
    expect(correlationStrength(Number.NaN)).toBeUndefined();
  });

  it('fits skip NaN pairs and are undefined with fewer than 2 pairs or no spread', () => {
    expect(fitLinearLeastSquares([1, Number.NaN, 3], [2, 5, 6])!.count).toBe(2);
    expect(fitLinearLeastSquares([1], [2])).toBeUndefined();
    expect(fitLinearLeastSquares([2, 2, 2], [1, 2, 3])).toBeUndefined();
    expect(fitOrthogonalLeastSquares([1, 2, 3], [5, 5, 5])).toBeUndefined();
    expect(fitVarianceRatio([1, 2, 3], [5, 5, 5])).toBeUndefined();
    expect(fitThroughOrigin([0, 0], [1, 2])).toBeUndefined();
    expect(() => fitLinearLeastSquares([1], [1, 2])).toThrow('fitLinearLeastSquares requires');
  });

  it('fitThroughOrigin([1, 2, 3], [2, 4, 6]) = slope 2, R² 1', () => {
    expect(fitThroughOrigin([1, 2, 3], [2, 4, 6])).toEqual({ slope: 2, rSquared: 1, count: 3 });
  });
});

describe('numeric helpers', () => {
  it('gammaFunction matches factorials and Γ(1/2) = √π', () => {
    expect(gammaFunction(5)).toBeCloseTo(24, 10);
    expect(gammaFunction(0.5)).toBeCloseTo(Math.sqrt(Math.PI), 12);
    expect(gammaFunction(1 + 3 / 2)).toBeCloseTo(1.329340388, 9);
  });

  it('findRoot finds √2 and refuses a bracket without a sign change', () => {
    expect(findRoot((x) => x * x - 2, 0, 2)).toBeCloseTo(Math.SQRT2, 12);
    expect(findRoot((x) => x * x + 1, 0, 2)).toBeUndefined();
  });

  it('quantileSorted interpolates linearly like pandas', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 12);
    expect(quantileSorted([7], 0.9)).toBe(7);
    expect(quantileSorted([], 0.5)).toBeUndefined();
  });

  it('describeSeries skips NaN, gives NaN sd for one value and undefined for none', () => {
    expect(describeSeries([1, 2, Number.NaN, 3])).toEqual({ count: 3, mean: 2, sd: 1, min: 1, max: 3 });
    expect(describeSeries([4])!.sd).toBeNaN();
    expect(describeSeries([])).toBeUndefined();
    expect(describeSeries(new Float32Array(3).fill(Number.NaN))).toBeUndefined();
  });
});
