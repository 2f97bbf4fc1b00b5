/** The public face of the users module: all that other modules, server.ts and the seed import of it. */

export { presentUserRecord, type UserAdminService } from './user-admin.service.ts';
export { createUserAdminService, type TUserLookup, userLookup } from './users.module.ts';
export { userRoutes } from './users.routes.ts';
