import type { TEnergyResult } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { siteClassLabel, turbinesExceeded } from './energy-class.ts';

const turbine = (model: string, iecClass: string | null, classSuitable: boolean | null) =>
  ({ model, iecClass, classSuitable }) as TEnergyResult['turbines'][number];

describe('the site’s IEC class beside the turbines’ in the energy yield', () => {
  it('labels the class the site fits, S beyond every class, nothing when not judged', () => {
    expect(siteClassLabel({ windClass: 'III', category: 'B', verdicts: [] })).toBe('III B');
    expect(siteClassLabel({ windClass: 'II', category: 'S', verdicts: [] })).toBe('S');
    expect(siteClassLabel({ windClass: 'II', category: null, verdicts: [] })).toBeUndefined();
    expect(siteClassLabel(null)).toBeUndefined();
  });

  it('names the turbines whose class the site exceeds, not those without a class or not judged', () => {
    const exceeded = turbinesExceeded({
      turbines: [
        turbine('IEA 3.4 MW', 'III A', false),
        turbine('NREL 5 MW', 'I B', true),
        turbine('Custom', null, null),
        turbine('Other', 'II A', null),
      ],
    });
    expect(exceeded).toEqual([{ model: 'IEA 3.4 MW', iecClass: 'III A' }]);
  });
});
