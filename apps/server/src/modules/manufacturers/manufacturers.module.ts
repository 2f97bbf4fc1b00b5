import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import { ManufacturerRepository } from './manufacturers.repository.ts';
import { ManufacturerService } from './manufacturers.service.ts';

/** Wires the manufacturers module: its service over its repository, alone and bound to a transaction. */
export function createManufacturerService(db: Database): ManufacturerService {
  return new ManufacturerService(
    new ManufacturerRepository(db),
    createTransactor(db, (trx) => ({ manufacturers: new ManufacturerRepository(trx) })),
  );
}
