/** The public face of the owners module: all that other modules, server.ts and the seed import of it. */

export { OwnerRepository } from './owners.repository.ts';
export { ownerRoutes } from './owners.routes.ts';
export { OwnerService } from './owners.service.ts';
