import {
  ManagementGuard,
  ReachRepository,
  type StationAccess,
  StationAccessRepository,
  StationGrantRepository,
  StationGrantService,
} from '../modules/access/index.ts';
import {
  IdentityService,
  LoginAttemptRepository,
  SecondFactorRepository,
  SecondFactorService,
  TokenRepository,
  UserRepository,
} from '../modules/identity/index.ts';
import { LoginLogRepository, LoginLogService } from '../modules/login-log/index.ts';
import { OrganisationRepository, OrganisationService } from '../modules/organisations/index.ts';
import { RoleRepository, RoleService } from '../modules/roles/index.ts';
import { UserAdminRepository, UserAdminService } from '../modules/users/index.ts';
import type { TConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { createTransactor } from '../platform/db/transaction.ts';
import { createKeySource, SecretBox } from '../platform/secrets/secret-box.ts';
import type { TServices } from '../server.ts';

/** Accounts: login and second factor, users, roles, organisations, station grants and the login log. */
export function buildAccountServices(
  db: Database,
  config: TConfig,
  stationAccess: StationAccess,
): Pick<
  TServices,
  'identity' | 'secondFactors' | 'stationGrants' | 'users' | 'organisations' | 'roles' | 'loginLog'
> {
  const users = new UserRepository(db);
  const userAdmin = new UserAdminRepository(db);
  const loginAttempts = new LoginAttemptRepository(db);
  const factors = new SecondFactorRepository(db);
  const secondFactors = new SecondFactorService(
    factors,
    new SecretBox(
      createKeySource({
        configuredSecret: config.PASSWORD_RECORD_KEY,
        dataDir: config.dataDirAbs,
        purpose: 'second-factor',
      }),
    ),
    users,
    loginAttempts,
  );
  return {
    identity: new IdentityService(
      users,
      new TokenRepository(db),
      loginAttempts,
      config,
      secondFactors,
      factors,
    ),
    secondFactors,
    stationGrants: new StationGrantService(
      new StationGrantRepository(db),
      stationAccess,
      createTransactor(db, (trx) => ({
        grants: new StationGrantRepository(trx),
        stationAccess: new StationAccessRepository(trx),
        users: new UserAdminRepository(trx),
        guard: new ManagementGuard(new ReachRepository(trx)),
      })),
    ),
    users: new UserAdminService(
      userAdmin,
      users,
      stationAccess,
      createTransactor(db, (trx) => ({
        users: new UserAdminRepository(trx),
        roles: new RoleRepository(trx),
        organisations: new OrganisationRepository(trx),
        tokens: new TokenRepository(trx),
        accounts: new UserRepository(trx),
        guard: new ManagementGuard(new ReachRepository(trx)),
        secondFactors: new SecondFactorRepository(trx),
        attempts: new LoginAttemptRepository(trx),
      })),
    ),
    organisations: new OrganisationService(
      new OrganisationRepository(db),
      createTransactor(db, (trx) => ({ organisations: new OrganisationRepository(trx) })),
    ),
    roles: new RoleService(
      new RoleRepository(db),
      userAdmin,
      createTransactor(db, (trx) => ({
        roles: new RoleRepository(trx),
        stationAccess: new StationAccessRepository(trx),
        guard: new ManagementGuard(new ReachRepository(trx)),
      })),
    ),
    loginLog: new LoginLogService(new LoginLogRepository(db)),
  };
}
