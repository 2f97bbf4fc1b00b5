import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import { PersonalConfigRepository } from './personal-config.repository.ts';
import { PersonalConfigService } from './personal-config.service.ts';

/** Wires the personal-config module: its service over its repository, alone and bound to a transaction. */
export function createPersonalConfigService(db: Database): PersonalConfigService {
  return new PersonalConfigService(
    new PersonalConfigRepository(db),
    createTransactor(db, (trx) => ({ configs: new PersonalConfigRepository(trx) })),
  );
}
