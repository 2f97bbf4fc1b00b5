/** The public face of the stations module: all that other modules, server.ts and the seed import of it. */

export { createStationService, stationFigures, type TStationFigures } from './stations.module.ts';
export { stationRoutes } from './stations.routes.ts';
export type { StationService } from './stations.service.ts';
