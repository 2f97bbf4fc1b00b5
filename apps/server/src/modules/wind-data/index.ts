/** The public face of the wind-data module. */

/** The wind-data tasks of the compute pool (see platform/compute/compute-tasks.ts). */
export const WIND_DATA_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;

export { windDataRoutes } from './data/data.routes.ts';
export { WindDataService } from './data/data.service.ts';
export { flagMarkRoutes } from './marks/flag-marks.routes.ts';
export { FlagMarkService } from './marks/flag-marks.service.ts';
export { type TLongTermVersionInput, writeLongTermVersion } from './processing/long-term-version.ts';
export { processingRoutes } from './processing/processing.routes.ts';
export { ProcessingService } from './processing/processing.service.ts';
export { writeDerived } from './processing/processing-support.ts';
export { statisticsRoutes } from './statistics/statistics.routes.ts';
export { StatisticsService } from './statistics/statistics.service.ts';
export { GB_TURBULENCE_GRADES, heightTagOf } from './statistics/statistics-labels.ts';
export { ProcessingFailure, ProcessingTaskService, type TTaskContext } from './tasks.service.ts';
export { versionRoutes } from './versions.routes.ts';
export { VersionService } from './versions.service.ts';
