import type { Database } from './database.ts';

/**
 * Runs work in one database transaction with repositories bound to it, so a service can check its
 * rules and write through several repositories all-or-nothing: a refusal thrown inside rolls back
 * everything written before it.
 */
export interface TTransactor<R> {
  run<T>(work: (repositories: R) => Promise<T>): Promise<T>;
}

/** Builds a transactor from a factory of the repositories a service needs. */
export function createTransactor<R>(db: Database, build: (db: Database) => R): TTransactor<R> {
  return {
    run: (work) => db.transaction().execute((trx) => work(build(trx))),
  };
}
