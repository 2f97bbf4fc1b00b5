import { describe, expect, it } from 'vitest';
import { convergenceOutlook, isShiftAlert, type TConvergencePoint } from './convergence-status.ts';

/** Steps m = 3 … 3 + n − 1 with the given L_m and u_MCP(m). */
function series(lt: readonly number[], u: readonly number[] | number): TConvergencePoint[] {
  return lt.map((longTermMps, i) => ({
    months: i + 3,
    longTermMps,
    uncertainty: typeof u === 'number' ? u : u[i]!,
  }));
}

describe('convergenceOutlook (WIND-ANALYSIS §13)', () => {
  it('is converged when |L_M − L_{M−3}|/L_M < 1 % and u_MCP(M) < 2 %, needing no more months', () => {
    const o = convergenceOutlook(series([7.4, 7.2, 7.1, 7.05, 7.0, 7.02, 7.03, 7.01], 0.015));
    expect(o.status).toBe('converged');
    expect(o.months).toBe(10);
    expect(o.changeThreeMonths).toBeCloseTo(Math.abs(7.01 - 7.0) / 7.01, 12);
    expect(o.monthsNeeded).toBe(0);
    expect(o.latestLtMps).toBe(7.01);
    expect(o.previousLtMps).toBe(7.03);
    expect(o.expectedUMcpNextMonth).toBeCloseTo(0.015 * Math.sqrt(10 / 11), 12);
  });

  it('is not yet converged with a stable estimate but u_MCP(M) ≥ 2 %: months from u·√(M/(M+k)) < 2 %', () => {
    // M = 10, u = 0.03: 10·(0.03/0.02)² = 22.5 → M + k > 22.5 → k = 13.
    const o = convergenceOutlook(series([7, 7, 7, 7, 7, 7, 7, 7], 0.03));
    expect(o.status).toBe('not_yet');
    expect(o.monthsNeeded).toBe(13);
    expect(0.03 * Math.sqrt(10 / 23)).toBeLessThan(0.02);
    expect(0.03 * Math.sqrt(10 / 22)).toBeGreaterThanOrEqual(0.02);
  });

  it('is not yet converged when the estimate still moves: the months until L_{M+k−3} is within 1 % of L_M', () => {
    // M = 10: L_7 = 7.5 (7 % off), L_8 = 7.2 (3 % off), L_9 = 7.04 (0.6 % off), L_10 = 7.0.
    const o = convergenceOutlook(series([7.9, 7.8, 7.7, 7.6, 7.5, 7.2, 7.04, 7.0], 0.01));
    expect(o.status).toBe('not_yet');
    expect(o.changeThreeMonths).toBeCloseTo(0.5 / 7, 12);
    // k = 1 compares L_8 (3 % off), k = 2 compares L_9 (within 1 %).
    expect(o.monthsNeeded).toBe(2);
  });

  it('waits three months at most for a moving estimate, and for the slower of both rules', () => {
    const moving = convergenceOutlook(series([9, 9, 9, 9, 8, 7.6, 7.3, 7.0], 0.01));
    expect(moving.monthsNeeded).toBe(3);
    const both = convergenceOutlook(series([9, 9, 9, 9, 8, 7.6, 7.3, 7.0], 0.021));
    // u alone: 10·(0.021/0.02)² = 11.025 → k = 2; the estimate: k = 3.
    expect(both.monthsNeeded).toBe(3);
  });

  it('is too short while L_{M−3} does not exist (M < 6), counting the months to six at least', () => {
    const o = convergenceOutlook(series([7.1, 7.0], 0.01));
    expect(o.status).toBe('too_short');
    expect(o.months).toBe(4);
    expect(o.changeThreeMonths).toBeNull();
    // k = 2 compares L_3 = 7.1 (1.4 % off), k = 3 compares the assumed L_M.
    expect(o.monthsNeeded).toBe(3);
  });

  it('is too short without steps, and cannot estimate the months without u_MCP', () => {
    expect(convergenceOutlook([])).toMatchObject({ status: 'too_short', months: 0, monthsNeeded: null });
    const noU = convergenceOutlook(series([7, 7, 7, 7, 7, 7], Number.NaN));
    expect(noU).toMatchObject({ status: 'not_yet', monthsNeeded: null, latestUMcp: null });
  });
});

describe('isShiftAlert', () => {
  it('raises when the last month moved L by more than 1 % of L_{M−1}, not at 1 % or less', () => {
    expect(isShiftAlert(convergenceOutlook(series([7, 7, 7, 7.0, 7.08], 0.01)))).toBe(true);
    expect(isShiftAlert(convergenceOutlook(series([7, 7, 7, 7.0, 7.06], 0.01)))).toBe(false);
    expect(isShiftAlert(convergenceOutlook(series([7.0], 0.01)))).toBe(false);
  });
});
