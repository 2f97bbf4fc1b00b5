/** The public face of the reference module: all that other modules, server.ts and the seed import of it. */

export { referenceRoutes } from './reference.routes.ts';
export { ReferenceService } from './reference.service.ts';
export { listCities, PROVINCES, provinceOf } from './regions.ts';
