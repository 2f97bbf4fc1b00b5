/** The public face of the access-tokens module: all that other modules, server.ts and wiring import of it. */

export { buildAccessTokenServices } from './access-tokens.module.ts';
export { accessTokenRoutes } from './access-tokens.routes.ts';
export type { AccessTokenService } from './access-tokens.service.ts';
export type { BearerAuthenticator } from './bearer.ts';
