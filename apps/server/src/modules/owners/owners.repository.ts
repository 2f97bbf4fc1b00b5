import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { countReferring, countRows, sameName, withRowLock } from '../../platform/db/rows.ts';

/** Owner parties (业主) and how many live sites each has. */
export class OwnerRepository {
  constructor(private readonly db: Database) {}

  private withCounts() {
    return this.db
      .selectFrom('owner as o')
      .select([
        'o.id',
        'o.name',
        'o.phone',
        'o.email',
        'o.created_at',
        countReferring({ from: 'station', as: 's', on: ['s.owner_party_id', 'o.id'], live: true }).as(
          'station_count',
        ),
      ]);
  }

  async page(filter: { pageNo: number; pageSize: number; keywords?: string | undefined }) {
    let query = this.withCounts();
    let count = this.db.selectFrom('owner as o');
    if (filter.keywords) {
      const pattern = likeContains(filter.keywords);
      const match = sql<boolean>`(o.name ILIKE ${pattern} OR o.phone ILIKE ${pattern} OR o.email ILIKE ${pattern})`;
      query = query.where(match);
      count = count.where(match);
    }
    const { rows: records, total } = await readPage(count, query.orderBy('o.name').orderBy('o.id'), filter);
    return { records, total };
  }

  listOptions() {
    return this.db.selectFrom('owner').select(['id', 'name']).orderBy('name').orderBy('id').execute();
  }

  find(id: number, lock?: 'update') {
    return withRowLock(this.db.selectFrom('owner').selectAll().where('id', '=', id), lock).executeTakeFirst();
  }

  findByName(name: string) {
    return this.db.selectFrom('owner').select(['id', 'name']).where(sameName(name)).executeTakeFirst();
  }

  insert(values: { name: string; phone: string; email: string }) {
    return this.db.insertInto('owner').values(values).returning('id').executeTakeFirstOrThrow();
  }

  async update(id: number, values: { name: string; phone: string; email: string }) {
    await this.db
      .updateTable('owner')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  countStations(id: number): Promise<number> {
    return countRows(
      this.db.selectFrom('station').where('owner_party_id', '=', id).where('is_deleted', '=', false),
    );
  }

  async delete(id: number) {
    // Deleted sites keep no link to a deleted owner.
    await this.db
      .updateTable('station')
      .set({ owner_party_id: null })
      .where('owner_party_id', '=', id)
      .execute();
    await this.db.deleteFrom('owner').where('id', '=', id).execute();
  }
}
