import type { Database } from '../../platform/db/database.ts';

/** The data revisions of versions, by id (a version that does not exist is left out). */
export async function dataRevisions(db: Database, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('dataset_version')
    .select(['id', 'data_revision'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.data_revision)]));
}
