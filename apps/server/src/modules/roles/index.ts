/** The public face of the roles module: all that other modules, server.ts and the seed import of it. */

export { createRoleService, roleLookup, type TRoleLookup } from './roles.module.ts';
export { roleRoutes } from './roles.routes.ts';
export type { RoleService } from './roles.service.ts';
