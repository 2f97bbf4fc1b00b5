import type { LidarVsMastHeight, LidarVsMastHeightInput, LidarVsMastOptions } from './types.ts';
import { verifyLidarHeight } from './verify-lidar-height.ts';

/**
 * Lidar versus mast, height by height (issue 31; acceptance criteria of the Carbon Trust OWA roadmap,
 * see {@link OWA_ROADMAP_KPIS}): per matched height the speed regressions through the origin and with an
 * offset, the mean difference, the circular direction regression and offset, and whether the height
 * reaches best practice, the minimum, or fails — with the machine-readable reasons of each miss.
 * Heights come back in the order given.
 *
 * @example lidarVsMast([{ heightM: 80, lidarSpeed, mastSpeed, lidarDirection, mastDirection }]) // [{ verdict: 'best_practice', … }]
 */
export function lidarVsMast(
  heights: readonly LidarVsMastHeightInput[],
  options: LidarVsMastOptions = {},
): LidarVsMastHeight[] {
  return heights.map((height) => verifyLidarHeight(height, options));
}
