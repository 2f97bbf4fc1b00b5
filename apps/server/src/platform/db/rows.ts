import type { SelectQueryBuilder } from 'kysely';

/**
 * The number of rows `query` matches: its tables and conditions, with one count as its only column.
 * `query` must not select columns of its own.
 */
export async function countRows<D, T extends keyof D>(
  query: SelectQueryBuilder<D, T, object>,
): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  // The count's row type is lost to the generic query (its selection is unknown here): it is `{ n }`.
  return Number((row as { n: string }).n);
}

/** How a read holds the rows it finds until the transaction ends: for writing, for sharing, or not. */
export type TRowLock = 'update' | 'share' | null | undefined;

/** `query` holding its rows as `lock` says (FOR UPDATE, FOR SHARE, or as it is). */
export function withRowLock<Q extends { forUpdate(): Q; forShare(): Q }>(query: Q, lock: TRowLock): Q {
  if (lock === 'update') return query.forUpdate();
  if (lock === 'share') return query.forShare();
  return query;
}
