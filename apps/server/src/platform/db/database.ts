import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { readOnlyAwarePool } from './read-only.ts';
import type { DB } from './schema.ts';

// BIGINT ids and counts come back as JS numbers: ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Database = Kysely<DB>;

/** The database or a transaction on it: what repositories and in-transaction steps read and write through. */
export type TDb = Database | Transaction<DB>;

/** Opens the pool and the typed query builder over it. */
export function createDatabase(
  url: string,
  max = 20,
  onIdleError: (error: Error) => void = () => undefined,
  /** How long taking a new connection may wait (a replica that does not answer is given less). */
  connectionTimeoutMs = 5_000,
): { db: Database; pool: pg.Pool } {
  // A database that does not answer must fail a call within seconds (503), not hang it for minutes.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectionTimeoutMs,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on next use.
  pool.on('error', onIdleError);
  // A connection lost while checked out (a query in flight when the database restarts) emits 'error' on
  // its client, which the pool listens to only while the client is idle: without this listener that
  // event is an uncaught exception and the whole process dies. The query itself still fails (→ 503).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: readOnlyAwarePool(pool) }) });
  return { db, pool };
}
