import {
  createManagementGuard,
  createStationGrantService,
  type StationAccess,
} from '../modules/access/index.ts';
import { buildAccessTokenServices } from '../modules/access-tokens/index.ts';
import { accountUpkeep, buildIdentityServices, type TIdentityNotices } from '../modules/identity/index.ts';
import { createLoginLogService } from '../modules/login-log/index.ts';
import { createOrganisationService, organisationLookup } from '../modules/organisations/index.ts';
import { createRoleService, roleLookup } from '../modules/roles/index.ts';
import { createUserAdminService } from '../modules/users/index.ts';
import type { TConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { TServices } from '../server.ts';

/**
 * Accounts: login and second factor (telling a user through `notices` when wrong codes lock it), personal
 * access tokens, users, roles, organisations, station grants and the login log.
 */
export function buildAccountServices(
  db: Database,
  config: TConfig,
  stationAccess: StationAccess,
  notices: TIdentityNotices,
): Pick<
  TServices,
  | 'identity'
  | 'secondFactors'
  | 'stationGrants'
  | 'users'
  | 'organisations'
  | 'roles'
  | 'loginLog'
  | 'accessTokens'
  | 'bearer'
> {
  const identity = buildIdentityServices(db, config, {
    ...notices,
    log: notices.log.child({ module: 'identity' }),
  });
  return {
    ...identity,
    ...buildAccessTokenServices(db, {
      identity: identity.identity,
      stationAccess,
      ratePerMinute: config.ACCESS_TOKEN_RATE_PER_MINUTE,
      changes: notices.messages,
    }),
    stationGrants: createStationGrantService(db, stationAccess),
    // User administration writes roles, organisations and accounts of the modules above it in its transactions.
    users: createUserAdminService(db, stationAccess, (trx) => ({
      ...accountUpkeep(trx),
      roles: roleLookup(trx),
      organisations: organisationLookup(trx),
      guard: createManagementGuard(trx),
    })),
    organisations: createOrganisationService(db),
    roles: createRoleService(db),
    loginLog: createLoginLogService(db),
  };
}
