/** The public face of the station-log module: all that other modules, server.ts and the seed import of it. */

export { stationLogRoutes } from './station-log.routes.ts';
export { StationLogService } from './station-log.service.ts';
