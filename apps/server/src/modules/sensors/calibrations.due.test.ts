import { describe, expect, it } from 'vitest';
import { addMonths, dueOf } from './calibrations.due.ts';

describe('when a sensor is due for calibration', () => {
  it('adds whole months, the day clamped to the month’s end', () => {
    expect(addMonths('2021-01-31', 1)).toBe('2021-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2021-03-15', 12)).toBe('2022-03-15');
    expect(addMonths('2021-11-30', 3)).toBe('2022-02-28');
  });

  it('is due its interval after the newest calibration: ok, due within 30 days, overdue after', () => {
    const rule = { months: 12, isPostCampaignRequired: false, campaignEnd: null };
    expect(dueOf('2024-06-01', rule, '2025-01-10')).toEqual({
      dueDate: '2025-06-01',
      status: 'ok',
      reason: null,
    });
    expect(dueOf('2024-06-01', rule, '2025-05-10')).toEqual({
      dueDate: '2025-06-01',
      status: 'due',
      reason: 'interval',
    });
    expect(dueOf('2024-06-01', rule, '2025-06-02')).toEqual({
      dueDate: '2025-06-01',
      status: 'overdue',
      reason: 'interval',
    });
  });

  it('is overdue without any calibration', () => {
    expect(
      dueOf(null, { months: 12, isPostCampaignRequired: false, campaignEnd: null }, '2025-01-01'),
    ).toEqual({
      dueDate: null,
      status: 'overdue',
      reason: 'never',
    });
  });

  it('is due at the campaign’s end when a post-campaign calibration is required and none is newer', () => {
    const rule = { months: 24, isPostCampaignRequired: true, campaignEnd: '2025-03-31' };
    expect(dueOf('2024-06-01', rule, '2025-04-02')).toEqual({
      dueDate: '2025-03-31',
      status: 'overdue',
      reason: 'post_campaign',
    });
    // Calibrated after the end: the post-campaign calibration is done, the interval counts again.
    expect(dueOf('2025-04-10', rule, '2025-04-12')).toEqual({
      dueDate: '2027-04-10',
      status: 'ok',
      reason: null,
    });
    // Without the requirement the end does not matter.
    expect(dueOf('2024-06-01', { ...rule, isPostCampaignRequired: false }, '2025-04-02').status).toBe('ok');
  });
});
