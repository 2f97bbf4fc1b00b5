/** The public face of the system-info module: all that other modules, server.ts and the seed import of it. */

export { systemInfoRoutes } from './system-info.routes.ts';
