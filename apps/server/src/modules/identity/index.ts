/** The public face of the identity module: all that other modules, server.ts and the seed import of it. */

export { identityRoutes } from './identity.routes.ts';
export { IdentityService } from './identity.service.ts';
export { LoginAttemptRepository } from './login-attempts.repository.ts';
export { SecondFactorRepository } from './second-factor.repository.ts';
export { SecondFactorService } from './second-factor.service.ts';
export { TokenRepository } from './tokens.repository.ts';
export { UserRepository } from './users.repository.ts';
