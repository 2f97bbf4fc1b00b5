/** The public face of the wind-data module. */

/** The wind-data tasks of the compute pool (see platform/compute/compute-tasks.ts). */
export const WIND_DATA_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;
