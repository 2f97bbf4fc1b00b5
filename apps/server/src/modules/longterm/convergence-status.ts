import {
  LT_CONVERGENCE_CHANGE_LIMIT,
  LT_CONVERGENCE_MIN_MONTHS,
  LT_CONVERGENCE_SHIFT_ALERT,
  LT_CONVERGENCE_UNCERTAINTY_LIMIT,
  type TLtConvergenceStatus,
} from '@masthub/shared';

/** One step of a convergence series: the fit on the first `months` months. */
export interface TConvergencePoint {
  months: number;
  /** L_m, m/s. */
  longTermMps: number;
  /** u_MCP(m), a fraction; NaN when not known. */
  uncertainty: number;
}

/** What a series says: the §13 verdict, the months still needed and the figures behind them. */
export interface TConvergenceOutlook {
  status: TLtConvergenceStatus;
  /** M: months of the last step (0 without steps). */
  months: number;
  /** 0 when converged; null when it cannot be estimated (no u_MCP). */
  monthsNeeded: number | null;
  latestLtMps: number | null;
  previousLtMps: number | null;
  latestUMcp: number | null;
  expectedUMcpNextMonth: number | null;
  /** |L_M − L_{M−3}|/L_M, null without L_{M−3}. */
  changeThreeMonths: number | null;
  /** |L_M − L_{M−1}|/L_{M−1}, null without L_{M−1}. */
  changeLastMonth: number | null;
}

/** The most months ahead the estimate looks (a u_MCP this poor needs a new reference, not waiting). */
const MONTHS_NEEDED_MAX = 600;

const finite = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);

/**
 * The verdict of a campaign from its convergence series (WIND-ANALYSIS §13): converged when
 * |L_M − L_{M−3}|/L_M < 1 % and u_MCP(M) < 2 %; too short while L_{M−3} does not exist (M < 6: the series
 * starts at m = 3); not yet otherwise.
 *
 * Months still needed: the fewest k ≥ 0 for which both rules would hold at M + k, assuming the estimate
 * stays at L_M from now on and u_MCP falls as u_MCP(M)·√(M/(M+k)): the uncertainty rule needs
 * u_MCP(M)·√(M/(M+k)) < 2 %; the change rule compares L_M with L_{M+k−3}, a known step while k < 3
 * (it holds when that step is within 1 % of L_M) and L_M itself from k = 3 on (it holds).
 */
export function convergenceOutlook(steps: readonly TConvergencePoint[]): TConvergenceOutlook {
  const last = steps[steps.length - 1];
  if (!last || !Number.isFinite(last.longTermMps) || last.longTermMps <= 0) {
    return {
      status: 'too_short',
      months: last?.months ?? 0,
      monthsNeeded: null,
      latestLtMps: null,
      previousLtMps: null,
      latestUMcp: null,
      expectedUMcpNextMonth: null,
      changeThreeMonths: null,
      changeLastMonth: null,
    };
  }
  const M = last.months;
  const L = last.longTermMps;
  const at = (m: number) => steps.find((s) => s.months === m);
  const previous = finite(at(M - 1)?.longTermMps);
  const threeBefore = finite(at(M - 3)?.longTermMps);
  const u = finite(last.uncertainty);
  const changeThreeMonths = threeBefore === null ? null : Math.abs(L - threeBefore) / L;
  const isChangeOk = (k: number): boolean => {
    const m = M + k - 3;
    if (m < LT_CONVERGENCE_MIN_MONTHS) return false;
    if (k >= 3) return true;
    const lm = finite(at(m)?.longTermMps);
    return lm !== null && Math.abs(L - lm) / L < LT_CONVERGENCE_CHANGE_LIMIT;
  };
  const isUncertaintyOk = (k: number) =>
    u !== null && u * Math.sqrt(M / (M + k)) < LT_CONVERGENCE_UNCERTAINTY_LIMIT;
  let monthsNeeded: number | null = null;
  if (u !== null) {
    // The uncertainty rule first, in closed form: M + k > M·(u/limit)².
    const ratio = (u / LT_CONVERGENCE_UNCERTAINTY_LIMIT) ** 2;
    let k = Math.max(0, Math.floor(M * ratio - M));
    while (k <= MONTHS_NEEDED_MAX && !(isUncertaintyOk(k) && isChangeOk(k))) k++;
    monthsNeeded = k <= MONTHS_NEEDED_MAX ? k : null;
  }
  const isConverged =
    changeThreeMonths !== null &&
    changeThreeMonths < LT_CONVERGENCE_CHANGE_LIMIT &&
    u !== null &&
    u < LT_CONVERGENCE_UNCERTAINTY_LIMIT;
  return {
    status: isConverged ? 'converged' : threeBefore === null ? 'too_short' : 'not_yet',
    months: M,
    monthsNeeded: isConverged ? 0 : monthsNeeded,
    latestLtMps: L,
    previousLtMps: previous,
    latestUMcp: u,
    expectedUMcpNextMonth: u === null ? null : u * Math.sqrt(M / (M + 1)),
    changeThreeMonths,
    changeLastMonth: previous === null || previous <= 0 ? null : Math.abs(L - previous) / previous,
  };
}

/** A month moved the long-term estimate by more than 1 % (the site's data administrator is told). */
export function isShiftAlert(outlook: TConvergenceOutlook): boolean {
  return outlook.changeLastMonth !== null && outlook.changeLastMonth > LT_CONVERGENCE_SHIFT_ALERT;
}
