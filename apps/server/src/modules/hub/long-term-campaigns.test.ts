import { describe, expect, it } from 'vitest';
import { longTermCampaigns, type TLongTermCampaignRow } from './long-term-campaigns.ts';

let id = 0;
function row(overrides: Partial<TLongTermCampaignRow>): TLongTermCampaignRow {
  id += 1;
  return {
    id,
    station_code: `S${String(id).padStart(3, '0')}`,
    project_name: `项目 ${id}`,
    status: 'not_yet',
    months: 8,
    months_needed: 4,
    has_error: false,
    ...overrides,
  };
}

describe('longTermCampaigns', () => {
  it('counts the verdicts, leaves defaults never computed or failed as pending, and takes the median of the months needed', () => {
    const figures = longTermCampaigns(
      [
        row({ status: 'converged', months_needed: 0 }),
        row({ status: 'not_yet', months_needed: 7 }),
        row({ status: 'not_yet', months_needed: 2 }),
        row({ status: 'too_short', months: 4, months_needed: 3 }),
        row({ status: 'not_yet', months_needed: null }),
        row({ status: null, months: null, months_needed: null, has_error: null }),
        row({ status: 'too_short', months: 0, months_needed: null, has_error: true }),
      ],
      'en',
    );
    expect(figures).toMatchObject({ sites: 7, converged: 1, notYet: 3, tooShort: 1, pending: 2 });
    expect(figures.medianMonthsNeeded).toBe(3);
    expect(figures.needing.map((s) => s.monthsNeeded)).toEqual([2, 3, 7, null]);
    expect(figures.needing[1]).toMatchObject({ status: 'too_short', statusName: 'Too short', months: 4 });
  });

  it('has no median without an estimate, and lists at most ten sites', () => {
    const figures = longTermCampaigns(
      Array.from({ length: 12 }, () => row({ months_needed: null })),
      'zh',
    );
    expect(figures.medianMonthsNeeded).toBeNull();
    expect(figures.needing).toHaveLength(10);
    expect(figures.needing[0]!.statusName).toBe('尚未收敛');
    expect(longTermCampaigns([], 'en')).toEqual({
      sites: 0,
      converged: 0,
      notYet: 0,
      tooShort: 0,
      pending: 0,
      medianMonthsNeeded: null,
      needing: [],
    });
  });
});
