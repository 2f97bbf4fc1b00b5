import { FEATURE_KEYS } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { composeReach, isWithin, NO_ROLE, narrowReach, reachExcess, type TRoleRights } from './reach.ts';

const role = (over: Partial<TRoleRights> = {}): TRoleRights => ({ ...NO_ROLE, ...over });
const ADMIN = role({ isAdmin: true });

describe('a reach', () => {
  it('joins the role’s site list with the user’s assigned and owned sites', () => {
    const reach = composeReach(role({ features: ['a'], stationIds: [1, 2] }), [2, 3]);
    expect([...reach.stationIds].sort()).toEqual([1, 2, 3]);
    expect([...reach.features]).toEqual(['a']);
  });

  it('lists no sites for data scope all, which reaches every site', () => {
    const reach = composeReach(role({ dataScope: 'all' }), [7]);
    expect(reach.allStations).toBe(true);
    expect(reach.stationIds.size).toBe(0);
  });

  it('lies within another when its features and its sites each do', () => {
    const caller = composeReach(role({ features: ['a', 'b'], stationIds: [1, 2] }), []);
    expect(isWithin(composeReach(role({ features: ['a'], stationIds: [1] }), [2]), caller)).toBe(true);
    expect(isWithin(composeReach(role({ features: ['a'] }), [3]), caller)).toBe(false);
    expect(isWithin(composeReach(role({ features: ['c'] }), []), caller)).toBe(false);
    expect(isWithin(composeReach(role({ dataScope: 'all' }), []), caller)).toBe(false);
  });

  it('counts a site reached only by assignment, even for a user without features', () => {
    const caller = composeReach(role({ features: ['a'], stationIds: [1] }), []);
    expect(reachExcess(composeReach(NO_ROLE, [9]), caller)).toEqual({
      admin: false,
      features: [],
      allStations: false,
      stationIds: [9],
    });
  });

  it('puts everything within the administrator and the administrator within no one else', () => {
    const everything = composeReach(role({ features: ['a', 'b'], dataScope: 'all' }), []);
    expect(isWithin(everything, composeReach(ADMIN, []))).toBe(true);
    expect(isWithin(composeReach(ADMIN, []), everything)).toBe(false);
    expect(reachExcess(composeReach(ADMIN, []), everything).admin).toBe(true);
  });

  it('puts any list of sites within a caller reaching every site, but not more features', () => {
    const all = composeReach(role({ features: ['a'], dataScope: 'all' }), []);
    expect(isWithin(composeReach(role({ features: ['a'], stationIds: [1, 2, 3] }), [4]), all)).toBe(true);
    expect(isWithin(composeReach(role({ features: ['a', 'b'] }), []), all)).toBe(false);
  });

  it('narrowed to a token’s sites keeps the features on those of its sites only, never every site', () => {
    const own = composeReach(role({ features: ['a'], stationIds: [1, 2] }), [3]);
    const narrowed = narrowReach(own, [2, 3, 9]);
    expect(narrowed).toMatchObject({ isAdmin: false, allStations: false });
    expect([...narrowed.stationIds].sort()).toEqual([2, 3]);
    expect([...narrowed.features]).toEqual(['a']);
    expect(isWithin(composeReach(role({ features: ['a'] }), [1]), narrowed)).toBe(false);
    expect(isWithin(composeReach(role({ features: ['a'], dataScope: 'all' }), []), narrowed)).toBe(false);
  });

  it('narrowed, makes the administrator or data scope all hold exactly the named sites', () => {
    const admin = narrowReach(composeReach(ADMIN, []), [4, 5]);
    expect(admin).toMatchObject({ isAdmin: false, allStations: false });
    expect(admin.features.size).toBe(FEATURE_KEYS.length);
    expect([...admin.stationIds].sort()).toEqual([4, 5]);
    expect(isWithin(composeReach(ADMIN, []), admin)).toBe(false);
    expect(isWithin(composeReach(role({ features: [...FEATURE_KEYS] }), [4]), admin)).toBe(true);
    const all = narrowReach(composeReach(role({ features: ['a'], dataScope: 'all' }), []), [7]);
    expect(reachExcess(composeReach(role({ features: ['a'] }), [7, 8]), all).stationIds).toEqual([8]);
  });
});
