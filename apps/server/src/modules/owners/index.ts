/** The public face of the owners module: all that other modules, server.ts and the seed import of it. */

export { createOwnerService } from './owners.module.ts';
export { ownerRoutes } from './owners.routes.ts';
export type { OwnerService } from './owners.service.ts';
