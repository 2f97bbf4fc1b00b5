/** The public face of the access module: all that other modules, server.ts and the seed import of it. */

export { accessRoutes } from './access.routes.ts';
export { ManagementGuard } from './management-guard.ts';
export { ReachRepository } from './reach.repository.ts';
export {
  hasAllStations,
  StationAccessRepository,
  stationAccessPredicate,
  type TAccessSubject,
} from './station-access.repository.ts';
export { StationAccess } from './station-access.ts';
export { StationGrantRepository } from './station-grants.repository.ts';
export { StationGrantService } from './station-grants.service.ts';
