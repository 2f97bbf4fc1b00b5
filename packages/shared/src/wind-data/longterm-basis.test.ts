import { describe, expect, it } from 'vitest';
import { longTermBasisOf } from './longterm-basis.ts';

describe('longTermBasisOf', () => {
  it('is null for a version no long-term correction wrote', () => {
    expect(longTermBasisOf([{ step: 'import' }, { step: 'qc' }], 'en')).toBeNull();
  });

  it('reads the workbench step with its reference, method name and uncertainties, the latest step winning', () => {
    const basis = longTermBasisOf(
      [
        { step: 'mesoscale_scale', params: { datasetName: 'old', method: 'lls' } },
        {
          step: 'longterm_mcp',
          params: {
            reference: { kind: 'site', name: 'M5 · 10 m' },
            method: 'speed_sort',
            isBySector: true,
            sectors: 12,
            concurrentPeriods: 11043,
            r: 0.95,
            uMcp: 0.01,
            uLt: 0.02,
            uTotal: Math.sqrt(0.0005),
            averageYearMps: 7.5,
          },
        },
      ],
      'zh',
    );
    expect(basis).toEqual({
      step: 'longterm_mcp',
      referenceName: 'M5 · 10 m',
      method: 'speed_sort',
      methodName: '风速排序 (12)',
      concurrentPeriods: 11043,
      r: 0.95,
      uMcp: 0.01,
      uLt: 0.02,
      uTotal: Math.sqrt(0.0005),
      averageYearMps: 7.5,
    });
  });

  it('reads the wind source assessment scaling, which has no cross-validated uncertainty', () => {
    expect(
      longTermBasisOf(
        [
          {
            step: 'mesoscale_scale',
            params: { datasetName: 'WRF 2010–2020', method: 'tls', concurrentHours: 800, r: 0.8 },
          },
        ],
        'en',
      ),
    ).toMatchObject({
      step: 'mesoscale_scale',
      referenceName: 'WRF 2010–2020',
      methodName: 'Orthogonal least squares',
      concurrentPeriods: 800,
      uTotal: null,
    });
  });
});
