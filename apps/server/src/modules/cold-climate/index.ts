/** The public face of the cold-climate module (issue 45 §2): icing, the IEA ice class, the fleet layer. */

export { createColdClimateService } from './cold-climate.module.ts';
export { coldClimateRoutes } from './cold-climate.routes.ts';
export { ColdClimateService, type TIcingFound } from './cold-climate.service.ts';
export { rangeText, representativeYear } from './cold-climate-present.ts';
export { coldClimateChannels, coldClimateOfSeries } from './cold-climate-run.ts';
