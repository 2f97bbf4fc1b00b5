import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from './schema.ts';

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

/**
 * A correlated count as a column: how many rows of `from` (named `as`) point at the outer row by `on`
 * (inner column, outer column), of those only the live ones (`is_deleted = false`) when `live`, and
 * only those meeting `where`. Counts come back from PostgreSQL as bigint text, read as a number by the caller.
 */
export function countReferring(spec: {
  from: keyof DB & string;
  as: string;
  on: readonly [string, string];
  live?: boolean;
  where?: Expression<SqlBool>;
}): RawBuilder<number> {
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref(spec.on[0])} = ${sql.ref(spec.on[1])}`];
  if (spec.live) conditions.push(sql<SqlBool>`${sql.ref(`${spec.as}.is_deleted`)} = false`);
  if (spec.where) conditions.push(spec.where);
  return sql<number>`(SELECT count(*) FROM ${sql.table(spec.from)} AS ${sql.id(spec.as)} WHERE ${sql.join(conditions, sql` AND `)})`;
}

/** The row's `name` is `name` but for case (both through PostgreSQL's lower()): the check behind unique names. */
export function sameName(name: string): RawBuilder<boolean> {
  return sql<boolean>`lower(name) = lower(${name})`;
}
