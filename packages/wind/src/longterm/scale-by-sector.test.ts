import { describe, expect, it } from 'vitest';
import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';
import { fitRatioOfMeans } from './fit-ratio-of-means.ts';
import { hourlyMeans } from './hourly-means.ts';
import { applySectorScaling, scaleBySector, scalePredict } from './scale-by-sector.ts';

const X = [3.2, 4.5, 5.1, 6.8, 7.7, 9.0];
const Y = [4.6, 5.2, 6.9, 7.6, 9.9, 10.1];

describe('WIND-ANALYSIS §12 worked example (the §7 pairs, one sector)', () => {
  it('OLS b = 1.0295, a = 1.1551 gives 6.3024, 9.3908, 13.5087 at x = 5, 8, 12', () => {
    const ols = fitLinearLeastSquares(X, Y)!;
    expect(ols.slope).toBeCloseTo(1.0295, 4);
    expect(ols.intercept).toBeCloseTo(1.1551, 4);
    const scaling = scaleBySector({ x: X, y: Y, xDirectionDeg: X.map(() => 0), sectors: 1, minCount: 1 });
    const fit = scaling.bySector[0]!.fit!;
    expect([5, 8, 12].map((x) => scalePredict(fit, x))).toEqual([
      expect.closeTo(6.3024, 3),
      expect.closeTo(9.3908, 3),
      expect.closeTo(13.5087, 3),
    ]);
  });

  it('ratio of means b = 1.22039 gives 6.1019, 9.7631, 14.6446', () => {
    const fit = fitRatioOfMeans(X, Y)!;
    expect(fit.slope).toBeCloseTo(1.22039, 5);
    const scaling = scaleBySector({
      x: X,
      y: Y,
      xDirectionDeg: X.map(() => 0),
      sectors: 1,
      minCount: 1,
      method: 'speed_ratio',
    });
    const line = scaling.bySector[0]!.fit!;
    expect([5, 8, 12].map((x) => scalePredict(line, x))).toEqual([
      expect.closeTo(6.1019, 3),
      expect.closeTo(9.7631, 3),
      expect.closeTo(14.6446, 3),
    ]);
    expect(line.biasMps).toBeCloseTo(Y.reduce((a, b) => a + b) / 6 - X.reduce((a, b) => a + b) / 6, 9);
  });
});

describe('sector scaling', () => {
  it('merges a sector with fewer than 30 pairs into the all-sector fit and says so', () => {
    const x: number[] = [];
    const y: number[] = [];
    const dir: number[] = [];
    for (let i = 0; i < 100; i++) {
      x.push(4 + (i % 10));
      y.push(1.1 * (4 + (i % 10)) + 0.3);
      dir.push(i < 90 ? 10 : 100); // 90 pairs in sector 0, 10 in sector 3
    }
    const s = scaleBySector({ x, y, xDirectionDeg: dir, sectors: 12 });
    expect(s.bySector[0]!.isMerged).toBe(false);
    expect(s.bySector[3]!).toMatchObject({ count: 10, isMerged: true });
    expect(s.bySector[3]!.fit).toBe(s.overall);
    expect(s.bySector[0]!.fit!.slope).toBeCloseTo(1.1, 9);
  });

  it('clamps scaled speeds at zero and turns directions by the sector offset', () => {
    const x = Array.from({ length: 60 }, (_, i) => 5 + (i % 6));
    const s = scaleBySector({
      x,
      y: x.map((v) => v - 1),
      xDirectionDeg: x.map(() => 350),
      yDirectionDeg: x.map(() => 20),
      sectors: 12,
    });
    expect(s.bySector[0]!.directionOffsetDeg).toBeCloseTo(30, 9);
    const out = applySectorScaling(s, [0.2, 8], [355, 355]);
    expect(out.speedMps[0]).toBe(0);
    expect(out.speedMps[1]).toBeCloseTo(7, 9);
    expect(out.directionDeg[1]).toBeCloseTo(25, 9);
  });

  it('scales with speed sort: drops the pairs below the cutoff min(0.5·x̄, 4) and fits through the half means', () => {
    const x = [1, 5, 6, 7, 8];
    const s = scaleBySector({
      x,
      y: [2, 6, 7, 8, 9],
      xDirectionDeg: x.map(() => 0),
      sectors: 1,
      minCount: 1,
      method: 'speed_sort',
    });
    const fit = s.bySector[0]!.fit!;
    expect(fit.cutoffMps).toBeCloseTo(Math.min(0.5 * 5.4, 4), 12);
    expect(fit.slope).toBeCloseTo(1, 12);
    expect(fit.intercept).toBeCloseTo(1, 12);
    expect(scalePredict(fit, fit.cutoffMps! / 2)).toBeCloseTo((fit.cutoffMps! + 1) / 2, 12);
    expect(
      scaleBySector({ x: [1], y: [1], xDirectionDeg: [0], sectors: 1, method: 'speed_sort' }).overall,
    ).toBe(undefined);
  });

  it('scales with speed sort from the origin below its cutoff and through the half means above', () => {
    const x = Array.from({ length: 200 }, (_, i) => 0.5 + i * 0.06);
    const y = x.map((v) => 1.2 * v + 0.4);
    const s = scaleBySector({ x, y, xDirectionDeg: x.map(() => 0), sectors: 1, method: 'speed_sort' });
    const fit = s.bySector[0]!.fit!;
    expect(fit.slope).toBeCloseTo(1.2, 9);
    expect(fit.intercept).toBeCloseTo(0.4, 9);
    expect(scalePredict(fit, 0)).toBe(0);
    expect(scalePredict(fit, fit.cutoffMps! / 2)).toBeCloseTo((0.4 + 1.2 * fit.cutoffMps!) / 2, 9);
  });
});

describe('hourly means', () => {
  it('keeps hours with ≥ 90 % of their records and averages directions as vectors', () => {
    const start = Date.UTC(2024, 0, 1);
    const speeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, Number.NaN, 12];
    const h = hourlyMeans(speeds, start, 10);
    expect(Array.from(h.hourStartMs)).toEqual([start]);
    expect(h.mean[0]).toBeCloseTo(3.5, 9);
    const d = hourlyMeans([350, 10, 350, 10, 350, 10], start, 10, { isDirection: true });
    expect(Math.min(d.mean[0]!, 360 - d.mean[0]!)).toBeCloseTo(0, 6);
  });
});
