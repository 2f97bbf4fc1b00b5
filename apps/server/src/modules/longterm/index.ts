/** The public face of the longterm module (the long-term correction workbench, issue 28). */

/** The longterm tasks of the compute pool (see platform/compute/compute-tasks.ts). */
export const LONGTERM_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;

export { longTermOnDataArrived } from './data-arrived.ts';
export { createLongTermConvergenceService, createLongTermService } from './longterm.module.ts';
export { longTermRoutes } from './longterm.routes.ts';
export type { LongTermService } from './longterm.service.ts';
export { longTermConvergenceRoutes } from './longterm-convergence.routes.ts';
export type { LongTermConvergenceService } from './longterm-convergence.service.ts';
export {
  createLongTermReferenceServices,
  type TLongTermReferenceServices,
} from './longterm-references.module.ts';
export {
  createReferenceSeries,
  defaultReferenceKeys,
  referenceCsvOf,
  type TCreateReferenceInput,
  type TReferenceColumnInput,
} from './reference-store.ts';
export { longTermReferenceRoutes } from './references.routes.ts';
export { refreshConvergence, setSiteDefault } from './site-default.ts';
