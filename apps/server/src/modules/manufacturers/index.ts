/** The public face of the manufacturers module: all that other modules, server.ts and the seed import of it. */

export { createManufacturerService } from './manufacturers.module.ts';
export { manufacturerRoutes } from './manufacturers.routes.ts';
export type { ManufacturerService } from './manufacturers.service.ts';
