import { assessLidarKpis } from './assess-lidar-kpis.ts';
import { compareLidarDirection } from './compare-lidar-direction.ts';
import { compareLidarSpeed } from './compare-lidar-speed.ts';
import { OWA_ROADMAP_KPIS } from './owa-roadmap-kpis.ts';
import type {
  LidarDirectionComparison,
  LidarVsMastHeight,
  LidarVsMastHeightInput,
  LidarVsMastOptions,
} from './types.ts';
import { usablePairs } from './usable-pairs.ts';

/**
 * The lidar-versus-mast verification of one height (issue 31): 10-min pairs where both sides' values
 * are usable by their flags and the mast speed lies in the reference range; the speed regressions,
 * the circular direction regression, and the best-practice and minimum verdicts with their reasons.
 *
 * @example verifyLidarHeight({ heightM: 80, lidarSpeed, mastSpeed }).verdict // 'best_practice'
 */
export function verifyLidarHeight(
  input: LidarVsMastHeightInput,
  options: LidarVsMastOptions = {},
): LidarVsMastHeight {
  const kpis = options.kpis ?? OWA_ROADMAP_KPIS;
  const minPairs = options.minPairs ?? 100;
  const lo = options.minReferenceSpeed ?? 2;
  const hi = options.maxReferenceSpeed ?? Number.POSITIVE_INFINITY;
  const includeSuspicious = options.includeSuspicious ?? true;
  const { mastSpeed } = input;
  const inRange = (i: number) => {
    const v = mastSpeed[i]!;
    return v >= lo && v <= hi;
  };
  const speedPairs = usablePairs(
    input.mastSpeed,
    input.mastSpeedFlags,
    input.lidarSpeed,
    input.lidarSpeedFlags,
    {
      includeSuspicious,
      keep: inRange,
    },
  );
  const speed = compareLidarSpeed(input.mastSpeed, input.lidarSpeed, speedPairs);
  let direction: LidarDirectionComparison | null = null;
  if (input.lidarDirection && input.mastDirection) {
    const directionPairs = usablePairs(
      input.mastDirection,
      input.mastDirectionFlags,
      input.lidarDirection,
      input.lidarDirectionFlags,
      { includeSuspicious, keep: inRange },
    );
    direction = compareLidarDirection(input.mastDirection, input.lidarDirection, directionPairs);
  }
  const bestPractice = assessLidarKpis(speed, direction, kpis.bestPractice, minPairs);
  const minimum = assessLidarKpis(speed, direction, kpis.minimum, minPairs);
  return {
    heightM: input.heightM,
    mastHeightM: input.mastHeightM ?? input.heightM,
    speed,
    direction,
    bestPractice,
    minimum,
    verdict: bestPractice.pass ? 'best_practice' : minimum.pass ? 'minimum' : 'fail',
  };
}
