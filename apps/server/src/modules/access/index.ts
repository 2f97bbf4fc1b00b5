/** The public face of the access module: all that other modules, server.ts and the seed import of it. */

export { createManagementGuard, createStationAccess, createStationGrantService } from './access.module.ts';
export { accessRoutes } from './access.routes.ts';
export type { ManagementGuard, TManagingCaller } from './management-guard.ts';
export {
  callSitesCover,
  hasAllStations,
  stationAccessPredicate,
  type TAccessSubject,
} from './station-access.repository.ts';
export type { StationAccess } from './station-access.ts';
export type { StationGrantService } from './station-grants.service.ts';
