import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * Defence in depth for routes declared `read` (issue 39 §1): their database work runs with
 * `default_transaction_read_only`, so PostgreSQL refuses a write the code forgot (SQLSTATE 25006) instead
 * of a read-scope access token changing data. Marked per request with AsyncLocalStorage; a connection taken
 * from the pool inside such a request is switched to read-only and switched back before it returns to the
 * pool, so every idle connection is read-write and the rest of the process (jobs, the LISTEN client, the
 * migrations) never meets a read-only one. It costs two round trips per connection a read request takes
 * (≈ 0.1 ms each on loopback), against a request's own queries.
 *
 * Not covered, and why: the compute threads (statistics, exports, suitability…) open their own connections
 * and only read chunks; pg-boss has its own. The whole-API scope test (token-scopes.e2e.test.ts)
 * checks every table after every read and download call, which covers them.
 */
const readOnlyCalls = new AsyncLocalStorage<true>();

/** Runs `work` with every connection it takes from the pool read-only. */
export function runReadOnly<T>(work: () => Promise<T>): Promise<T> {
  return readOnlyCalls.run(true, work);
}

/** Whether the current call is a read-only one. */
export function isReadOnlyCall(): boolean {
  return readOnlyCalls.getStore() === true;
}

/** What Kysely's PostgresDialect needs of a pool. */
export interface TDialectPool {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
  options: object;
}

/** The pool Kysely uses: connections taken inside `runReadOnly` are read-only until released. */
export function readOnlyAwarePool(pool: pg.Pool): TDialectPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      if (!isReadOnlyCall()) return client;
      try {
        await client.query('SET default_transaction_read_only = on');
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      const release = client.release.bind(client);
      // Back to read-write before the pool hands it to anyone else; a connection that cannot is dropped.
      client.release = ((error?: Error | boolean) => {
        client.release = release;
        if (error) return release(error);
        client.query('SET default_transaction_read_only = off').then(
          () => release(),
          (resetError: Error) => release(resetError),
        );
      }) as typeof client.release;
      return client;
    },
    end: () => pool.end(),
    options: pool.options,
  };
}
