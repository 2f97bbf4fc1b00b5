import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import { createManagementGuard, createStationAccess } from '../access/index.ts';
import { userLookup } from '../users/index.ts';
import { RoleRepository } from './roles.repository.ts';
import { RoleService } from './roles.service.ts';

/** Wires the roles module: its service over its repository, the users it lists and, in a transaction, the access checks. */
export function createRoleService(db: Database): RoleService {
  return new RoleService(
    new RoleRepository(db),
    userLookup(db),
    createTransactor(db, (trx) => ({
      roles: new RoleRepository(trx),
      stationAccess: createStationAccess(trx),
      guard: createManagementGuard(trx),
    })),
  );
}

/** What user administration looks up of a role. */
export type TRoleLookup = Pick<RoleRepository, 'findById'>;

/** Roles over `db` (a transaction where the caller is in one). */
export function roleLookup(db: Database): TRoleLookup {
  return new RoleRepository(db);
}
