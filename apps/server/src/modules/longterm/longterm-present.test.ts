import { describe, expect, it } from 'vitest';
import { recommendationReason, rowName, verdictOf } from './longterm-present.ts';

describe('the long-term workbench texts', () => {
  it('rowName(method, sectors, language) names overall and by-sector rows in both languages', () => {
    expect(rowName('tls', 0, 'en')).toBe('Orthogonal least squares, overall');
    expect(rowName('speed_sort', 16, 'en')).toBe('SpeedSort, 16 sectors');
    expect(rowName('variance_ratio', 12, 'zh')).toBe('方差比（12 扇区）');
  });

  it('recommendationReason says which rule chose the row and names the runner-up', () => {
    const recommendation = {
      method: 'ols',
      sectors: 0,
      rule: 'cv_rmse_tie_smaller_abs_bias',
      cvRmse: 0.0441,
      cvBias: -0.00835,
      runnerUp: { method: 'tls', sectors: 12, cvRmse: 0.04412, cvBias: 0.01 },
    } as const;
    expect(recommendationReason(recommendation, 'en')).toBe(
      'Cross-validated RMSE 4.41 %, level with the lowest within 0.01 %; chosen for the smallest bias (-0.83 %); next: Orthogonal least squares, 12 sectors, 4.41 %.',
    );
    expect(
      recommendationReason({ ...recommendation, rule: 'lowest_cv_rmse', runnerUp: undefined }, 'zh'),
    ).toBe('分块交叉验证均方根误差最小：为平均风速的 4.41 %（偏差 -0.83 %）。');
  });

  it('verdictOf warns of a weak correlation and a drifting reference, and says when u_LT is missing', () => {
    const text = verdictOf({
      language: 'en',
      period: '1M',
      periods: 6,
      months: 6,
      r: 0.65,
      recommendedRow: { methodName: 'Ordinary least squares, overall', uTotal: null, uMcp: 0.018 } as never,
      mean: 7.5222,
      averageYear: 7.51,
      trend: 2.5,
    });
    expect(text).toBe(
      '6 concurrent monthly periods over 6 months, r = 0.650. Recommended: Ordinary least squares, overall; ' +
        'long-term mean 7.52 m/s (average year 7.51 m/s), uncertainty of the long-term mean 1.8 % (u_MCP only: ' +
        'too few reference years for u_LT). The correlation is weak (r < 0.7): do not rely on the long-term ' +
        'estimate. The reference drifts by 2.5 % per decade: check its homogeneity before using it.',
    );
  });
});
