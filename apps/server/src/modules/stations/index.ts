/** The public face of the stations module: all that other modules, server.ts and the seed import of it. */

export { StationRepository } from './stations.repository.ts';
export { stationRoutes } from './stations.routes.ts';
export { StationService } from './stations.service.ts';
