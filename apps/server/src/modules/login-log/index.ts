/** The public face of the login-log module: all that other modules, server.ts and the seed import of it. */

export { createLoginLogService } from './login-log.module.ts';
export { loginLogRoutes } from './login-log.routes.ts';
export type { LoginLogService } from './login-log.service.ts';
