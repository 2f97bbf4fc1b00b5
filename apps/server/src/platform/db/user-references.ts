import type { Database } from './database.ts';
import { countRows } from './rows.ts';

/** The columns by which a user belongs to a role, a company or a department. */
type TUserReference = 'role_id' | 'company_id' | 'dept_id';

/** How many live (not deleted) users belong to the row `id` through `column`: the row is in use while any do. */
export function countLiveUsersOf(db: Database, column: TUserReference, id: number): Promise<number> {
  return countRows(db.selectFrom('app_user').where(column, '=', id).where('is_deleted', '=', false));
}

/**
 * Deletes the row `id` of `table`, which no live user belongs to any more: the deleted users that still
 * name it through `column` let go of it first.
 */
export async function deleteUserUnit(
  db: Database,
  table: 'role' | 'company' | 'dept',
  column: TUserReference,
  id: number,
): Promise<void> {
  await db
    .updateTable('app_user')
    .set(column, null)
    .where(column, '=', id)
    .where('is_deleted', '=', true)
    .execute();
  await db.deleteFrom(table).where('id', '=', id).execute();
}
