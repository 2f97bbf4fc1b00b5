import type { TurbulenceCategory } from '../statistics/iec-turbulence-intensity.ts';
import { CLASS_KEYS, type ClassKey, type WindClass } from './iec-classes.ts';
import type { ClassVerdict, SuitabilityCheck, SuitabilityCheckKey } from './suitability-types.ts';

/** Checks without which no class can be confirmed (inflow only counts when it was measured). */
const CORE_CHECKS: readonly SuitabilityCheckKey[] = ['meanSpeed', 'extremeWind', 'extremeGust', 'turbulence'];

/**
 * One verdict per class combination from the checks (WIND-ANALYSIS §14): unsuitable when any judged
 * check fails (the deciding check is the failure with the most negative margin); suitable when every
 * judged check passes and every core check (mean speed, extreme wind, extreme gust, turbulence) was
 * judged (the deciding check is then the tightest, smallest margin); undefined otherwise.
 * Informative checks (shear, air density) never decide; when flagged they are listed.
 *
 * @example classVerdicts(checks).find((v) => v.key === 'III B')?.isSuitable // true in the §14 example
 */
export function classVerdicts(checks: readonly SuitabilityCheck[]): ClassVerdict[] {
  return CLASS_KEYS.map((key: ClassKey) => {
    const [windClass, category] = key.split(' ') as [WindClass, TurbulenceCategory];
    const failed: SuitabilityCheck[] = [];
    const passed: SuitabilityCheck[] = [];
    const notJudged: SuitabilityCheckKey[] = [];
    for (const check of checks) {
      const pass = check.status === 'judged' ? check.passByClass[key] : undefined;
      if (pass === false) failed.push(check);
      else if (pass === true) passed.push(check);
      else if (CORE_CHECKS.includes(check.key)) notJudged.push(check.key);
    }
    const margin = (c: SuitabilityCheck): number => c.marginByClass[key] ?? Number.POSITIVE_INFINITY;
    const pick = (list: SuitabilityCheck[]): SuitabilityCheck | undefined =>
      list.reduce<SuitabilityCheck | undefined>(
        (best, c) => (!best || margin(c) < margin(best) ? c : best),
        undefined,
      );
    const isSuitable = failed.length > 0 ? false : notJudged.length > 0 ? undefined : true;
    const deciding = failed.length > 0 ? pick(failed) : pick(passed);
    return {
      key,
      windClass,
      category,
      isSuitable,
      decidingCheck: deciding?.key,
      decidingMargin: deciding?.marginByClass[key],
      failedChecks: failed.map((c) => c.key),
      flaggedChecks: checks.filter((c) => c.isFlagged).map((c) => c.key),
      notJudgedChecks: notJudged,
    };
  });
}
