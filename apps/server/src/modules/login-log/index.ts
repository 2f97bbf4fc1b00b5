/** The public face of the login-log module: all that other modules, server.ts and the seed import of it. */

export { LoginLogRepository } from './login-log.repository.ts';
export { loginLogRoutes } from './login-log.routes.ts';
export { LoginLogService } from './login-log.service.ts';
