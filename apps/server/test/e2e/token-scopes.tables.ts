import { sql } from 'kysely';
import type { Database } from '../../src/platform/db/database.ts';

/**
 * Tables a call writes whatever the token's scope, left out of the whole-API scope test's comparison:
 * - `access_token`: the token's last use and address (the personal centre shows them);
 * - `login_attempt`: the login log, where a token's use is written with its name;
 * and for `download` calls only, the records of handing out a file:
 * - `download_ticket`: the two-minute single-use ticket that opens an approved application's file;
 * - `download_log`: who downloaded which file, when.
 */
const ALWAYS_WRITTEN = ['public.access_token', 'public.login_attempt'];
const DOWNLOAD_WRITTEN = ['public.download_ticket', 'public.download_log'];

let tables: Promise<string[]> | undefined;

/** Every table of the application's schema and of the job queue (pg-boss), as `schema.table`. */
function listTables(db: Database): Promise<string[]> {
  tables ??= sql<{ name: string }>`
      SELECT format('%I.%I', n.nspname, c.relname) AS name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'pgboss') AND NOT c.relispartition
       ORDER BY 1`
    .execute(db)
    .then((r) => r.rows.map((row) => row.name));
  return tables;
}

/**
 * A signature of every table: its row count and the sum of its
 * rows' `xmin` (the transaction that wrote each row version). An insert or a delete changes the count; an
 * update writes a new row version with the updating transaction's id, which changes the sum. Reading
 * `xmin` needs no row's content (no TOAST, no text), so a snapshot of the whole database takes
 * milliseconds, where an MD5 of every row took most of the test's time.
 */
export async function tableChecksums(db: Database): Promise<Map<string, string>> {
  const names = await listTables(db);
  const query = names
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) AS sum FROM ${name}`,
    )
    .join(' UNION ALL ');
  const result = await sql<{ name: string; sum: string }>`${sql.raw(query)}`.execute(db);
  return new Map(result.rows.map((row) => [row.name, row.sum]));
}

/** The tables whose signature differs between two snapshots, but for those a call of `scope` may write. */
export function changedTables(
  before: Map<string, string>,
  after: Map<string, string>,
  scope: 'read' | 'download',
): string[] {
  const skipped = new Set([...ALWAYS_WRITTEN, ...(scope === 'download' ? DOWNLOAD_WRITTEN : [])]);
  return [...after.keys()].filter((name) => !skipped.has(name) && before.get(name) !== after.get(name));
}
