/** The public face of the roles module: all that other modules, server.ts and the seed import of it. */

export { RoleRepository } from './roles.repository.ts';
export { roleRoutes } from './roles.routes.ts';
export { RoleService } from './roles.service.ts';
