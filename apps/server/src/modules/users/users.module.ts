import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import type { StationAccess } from '../access/index.ts';
import { UserAdminRepository } from './user-admin.repository.ts';
import { type TUserAdminParts, UserAdminService } from './user-admin.service.ts';

/** What other modules look up of the users (a user with a row lock, the user list). */
export type TUserLookup = Pick<UserAdminRepository, 'findById' | 'page'>;

/** The users over `db` (a transaction where the caller is in one). */
export function userLookup(db: Database): TUserLookup {
  return new UserAdminRepository(db);
}

/**
 * Wires user administration. The parts of other modules it writes through in its transactions (roles,
 * organisations, accounts, the management rule) are handed in bound to the transaction, since those
 * modules stand above this one.
 */
export function createUserAdminService(
  db: Database,
  stationAccess: StationAccess,
  partsIn: (db: Database) => TUserAdminParts,
): UserAdminService {
  return new UserAdminService(
    new UserAdminRepository(db),
    partsIn(db).accounts,
    stationAccess,
    createTransactor(db, (trx) => ({ users: new UserAdminRepository(trx), ...partsIn(trx) })),
  );
}
