import type { LidarKpiLevel } from './owa-roadmap-kpis.ts';
import type {
  LidarDirectionComparison,
  LidarKpiReason,
  LidarKpiVerdict,
  LidarSpeedComparison,
} from './types.ts';

const inside = (v: number | null | undefined, [lo, hi]: readonly [number, number]) =>
  v !== null && v !== undefined && v >= lo && v <= hi;

/**
 * One level of acceptance criteria applied to a height's comparisons: the speed slope through the origin
 * and the speed R² (of the regression with offset, r²), and — when directions were compared — the
 * direction slope, R² and |offset|. Too few pairs fail the level with their own reason.
 *
 * @example assessLidarKpis(speed, null, OWA_ROADMAP_KPIS.bestPractice, 100) // { pass: false, reasons: ['speed_slope'] }
 */
export function assessLidarKpis(
  speed: LidarSpeedComparison,
  direction: LidarDirectionComparison | null,
  level: LidarKpiLevel,
  minPairs: number,
): LidarKpiVerdict {
  const reasons: LidarKpiReason[] = [];
  if (speed.pairCount < minPairs || !speed.throughOrigin || !speed.withOffset) {
    reasons.push('speed_too_few_pairs');
  } else {
    if (!inside(speed.throughOrigin.slope, level.speedSlope)) reasons.push('speed_slope');
    if (!(speed.withOffset.rSquared > level.speedRSquared)) reasons.push('speed_r_squared');
  }
  if (direction) {
    if (direction.pairCount < minPairs || direction.slope === null) {
      reasons.push('direction_too_few_pairs');
    } else {
      if (!inside(direction.slope, level.directionSlope)) reasons.push('direction_slope');
      if (!((direction.rSquared ?? Number.NaN) > level.directionRSquared))
        reasons.push('direction_r_squared');
      if (!(Math.abs(direction.offsetDeg ?? Number.NaN) < level.directionOffsetDeg)) {
        reasons.push('direction_offset');
      }
    }
  }
  return { pass: reasons.length === 0, reasons };
}
