import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import { OrganisationRepository } from './organisations.repository.ts';
import { OrganisationService } from './organisations.service.ts';

/** Wires the organisations module: its service over its repository, alone and bound to a transaction. */
export function createOrganisationService(db: Database): OrganisationService {
  return new OrganisationService(
    new OrganisationRepository(db),
    createTransactor(db, (trx) => ({ organisations: new OrganisationRepository(trx) })),
  );
}

/** What user administration looks up of companies and departments (with its row locks). */
export type TOrganisationLookup = Pick<OrganisationRepository, 'findCompany' | 'findGroup'>;

/** Companies and departments over `db` (a transaction where the caller is in one). */
export function organisationLookup(db: Database): TOrganisationLookup {
  return new OrganisationRepository(db);
}
