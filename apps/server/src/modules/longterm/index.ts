/**
 * The public face of the longterm module: every correction of a site's series to the long term (issue 28,
 * issue 16) — the MCP workbench, the mesoscale scaling by sector as one of its methods, the candidate
 * ranking, the long-term versions they write, and a site default's convergence.
 */

/** The longterm tasks of the compute pool (see platform/compute/compute-tasks.ts). */
export const LONGTERM_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;

export { candidateRoutes } from './candidates.routes.ts';
export type { CandidateService } from './candidates.service.ts';
export { longTermOnDataArrived } from './data-arrived.ts';
export {
  createLongTermConvergenceService,
  createLongTermMethodServices,
  createLongTermService,
  type TLongTermMethodServices,
} from './longterm.module.ts';
export { longTermRoutes } from './longterm.routes.ts';
export type { LongTermService } from './longterm.service.ts';
export { longTermConvergenceRoutes } from './longterm-convergence.routes.ts';
export type { LongTermConvergenceService } from './longterm-convergence.service.ts';
export { scalingRoutes } from './scaling.routes.ts';
export type { ScalingService } from './scaling.service.ts';
export { refreshConvergence, setSiteDefault } from './site-default.ts';
