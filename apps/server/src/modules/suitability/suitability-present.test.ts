import type { TSuitabilityMaximum } from '@masthub/shared';
import type { SiteSuitability } from '@masthub/wind';
import { describe, expect, it } from 'vitest';
import { DOMINANT_RATIO, decidingRecord } from './suitability-present.ts';

/** Factory: the parts of a check the deciding-record rule reads. */
function check(chosen: { method: string; valueMps: number }, gust: { method: string; valueMps: number }) {
  return { extremes: { chosen }, gust } as unknown as SiteSuitability;
}

/** Factory: used monthly maxima with the given speeds, one a month from January 2025. */
function maxima(
  speeds: number[],
  method: TSuitabilityMaximum['method'] = 'periodicMaxima',
): TSuitabilityMaximum[] {
  return speeds.map((valueMps, k) => ({
    method,
    time: new Date(Date.UTC(2025, k, 10)).toISOString(),
    valueMps,
    flag: 0,
    isUsed: true,
  }));
}

describe('a verdict decided by one record says so (issue 41 §1)', () => {
  it(`names the record when the largest maximum is more than ${DOMINANT_RATIO}× the next`, () => {
    const s = check({ method: 'periodicMaxima', valueMps: 52 }, { method: 'measuredPeriodic', valueMps: 70 });
    expect(decidingRecord(s, maxima([18, 21, 60, 19, 20]), 9)).toEqual({
      reason: 'dominant',
      method: 'periodicMaxima',
      time: '2025-03-10T00:00:00.000Z',
      valueMps: 60,
      nextMps: 21,
      channelId: 9,
    });
  });

  it('names the largest maximum when the 10-minute V50 lies above a measured 50-year gust', () => {
    const s = check(
      { method: 'independentStorms', valueMps: 44 },
      { method: 'measuredAnnual', valueMps: 40 },
    );
    expect(decidingRecord(s, maxima([30, 28, 27], 'independentStorms'), 9)).toMatchObject({
      reason: 'aboveGust',
      valueMps: 30,
      nextMps: 28,
    });
  });

  it('says nothing for maxima of one weather, a gust from V50, or the fivefold mean', () => {
    const even = maxima([18, 21, 24, 19, 20]);
    expect(
      decidingRecord(
        check({ method: 'periodicMaxima', valueMps: 33 }, { method: 'measuredPeriodic', valueMps: 45 }),
        even,
        9,
      ),
    ).toBeNull();
    // 1.4·V50 cannot lie below V50: no comparison.
    expect(
      decidingRecord(
        check({ method: 'periodicMaxima', valueMps: 33 }, { method: 'fromV50', valueMps: 30 }),
        even,
        9,
      ),
    ).toBeNull();
    expect(
      decidingRecord(
        check({ method: 'fivefoldMean', valueMps: 35 }, { method: 'fromV50', valueMps: 49 }),
        maxima([18, 60]),
        9,
      ),
    ).toBeNull();
  });

  it('leaves maxima out of the rule that did not enter the fit', () => {
    const m = maxima([18, 21, 60, 19]);
    m[2] = { ...m[2]!, isUsed: false };
    expect(
      decidingRecord(
        check({ method: 'periodicMaxima', valueMps: 30 }, { method: 'measuredPeriodic', valueMps: 45 }),
        m,
        9,
      ),
    ).toBeNull();
  });
});
