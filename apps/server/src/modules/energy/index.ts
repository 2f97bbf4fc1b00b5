/** The public face of the energy module. */

/** The energy tasks of the compute pool (see platform/compute/compute-tasks.ts). */
export const ENERGY_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;

export { energyRoutes } from './energy.routes.ts';
export { EnergyService } from './energy.service.ts';
export { TurbineService } from './turbines.service.ts';
export { type TWindSpeedUncertainty, windSpeedUncertainty } from './wind-speed-uncertainty.ts';
