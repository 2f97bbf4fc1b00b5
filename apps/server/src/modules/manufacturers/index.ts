/** The public face of the manufacturers module: all that other modules, server.ts and the seed import of it. */

export { ManufacturerRepository } from './manufacturers.repository.ts';
export { manufacturerRoutes } from './manufacturers.routes.ts';
export { ManufacturerService } from './manufacturers.service.ts';
