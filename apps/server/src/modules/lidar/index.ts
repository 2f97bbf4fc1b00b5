/** The public face of the lidar module (lidar versus mast, issue 31). */

/** The lidar task of the compute pool (see platform/compute/compute-tasks.ts). */
export const LIDAR_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;

export { createLidarVerifyService } from './lidar.module.ts';
export { lidarVerifyRoutes } from './lidar-verify.routes.ts';
export type { LidarVerifyService } from './lidar-verify.service.ts';
