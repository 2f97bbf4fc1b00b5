/** The public face of the users module: all that other modules, server.ts and the seed import of it. */

export { UserAdminRepository } from './user-admin.repository.ts';
export { presentUserRecord, UserAdminService } from './user-admin.service.ts';
export { userRoutes } from './users.routes.ts';
