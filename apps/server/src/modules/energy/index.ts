/** The public face of the energy module. */

/** The energy tasks of the compute pool (see platform/compute/compute-tasks.ts). */
export const ENERGY_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;

export { energyRoutes } from './energy.routes.ts';
export { EnergyService } from './energy.service.ts';
export { mesoscaleRoutes } from './mesoscale.routes.ts';
export { MesoscaleService } from './mesoscale.service.ts';
export {
  findMesoscaleReference,
  listMesoscaleReferences,
  readMesoscaleColumns,
  type TMesoscaleReferenceInfo,
} from './mesoscale-reference.ts';
export { TurbineService } from './turbines.service.ts';
