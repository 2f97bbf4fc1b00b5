/** The public face of the lookups module (lookup data of forms and the map): all that others import of it. */

export { lookupRoutes } from './lookups.routes.ts';
export { LookupService } from './lookups.service.ts';
export { listCities, PROVINCES, provinceOf } from './regions.ts';
