import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import { OwnerRepository } from './owners.repository.ts';
import { OwnerService } from './owners.service.ts';

/** Wires the owners module: its service over its repository, alone and bound to a transaction. */
export function createOwnerService(db: Database): OwnerService {
  return new OwnerService(
    new OwnerRepository(db),
    createTransactor(db, (trx) => ({ owners: new OwnerRepository(trx) })),
  );
}
