import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import { TagRepository } from './tags.repository.ts';
import { TagService } from './tags.service.ts';

/** Wires the tags module: its service over its repository, alone and bound to a transaction. */
export function createTagService(db: Database): TagService {
  return new TagService(
    new TagRepository(db),
    createTransactor(db, (trx) => ({ tags: new TagRepository(trx) })),
  );
}
