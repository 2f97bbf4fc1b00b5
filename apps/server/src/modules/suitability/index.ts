/** The public face of the suitability module (site suitability, issue 29). */

/** The suitability task of the compute pool (see platform/compute/compute-tasks.ts). */
export const SUITABILITY_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;

export { createSuitabilityService } from './suitability.module.ts';
export { suitabilityRoutes } from './suitability.routes.ts';
export type { SuitabilityService } from './suitability.service.ts';
export { addSuitabilitySheets, passMark } from './suitability-workbook.ts';
