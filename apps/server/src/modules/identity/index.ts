/** The public face of the identity module: all that other modules, server.ts and the seed import of it. */

export { callerByAccount } from './caller.ts';
export {
  accountUpkeep,
  buildIdentityServices,
  type TAccountUpkeep,
  type TIdentityNotices,
} from './identity.module.ts';
export { identityRoutes } from './identity.routes.ts';
export type { IdentityService } from './identity.service.ts';
export type { SecondFactorService } from './second-factor.service.ts';
