import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import { userLookup } from '../users/index.ts';
import { ManagementGuard } from './management-guard.ts';
import { ReachRepository } from './reach.repository.ts';
import { StationAccessRepository } from './station-access.repository.ts';
import { StationAccess } from './station-access.ts';
import { StationGrantRepository } from './station-grants.repository.ts';
import { StationGrantService } from './station-grants.service.ts';

/** Station access decided over `db` (a transaction where the caller is in one). */
export function createStationAccess(db: Database): StationAccess {
  return new StationAccess(new StationAccessRepository(db));
}

/** The one rule for managing users and roles, over `db` (a transaction where the caller is in one). */
export function createManagementGuard(db: Database): ManagementGuard {
  return new ManagementGuard(new ReachRepository(db));
}

/** Wires the station grants: direct assignments and transfers, each in one transaction. */
export function createStationGrantService(db: Database, stationAccess: StationAccess): StationGrantService {
  return new StationGrantService(
    new StationGrantRepository(db),
    stationAccess,
    createTransactor(db, (trx) => ({
      grants: new StationGrantRepository(trx),
      stationAccess: createStationAccess(trx),
      users: userLookup(trx),
      guard: createManagementGuard(trx),
    })),
  );
}
