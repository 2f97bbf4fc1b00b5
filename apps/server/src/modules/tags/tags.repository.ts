import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { sameName, withRowLock } from '../../platform/db/rows.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

/** Tags, tag groups and their coverage (live sites carrying each tag). */
export class TagRepository {
  constructor(private readonly db: Database) {}

  /** Tags with the number of live sites carrying each among those `subject` may see. */
  list(
    filter: {
      keywords?: string | undefined;
      isEnabled?: boolean | undefined;
      groupId?: number | undefined;
    },
    subject: TAccessSubject,
  ) {
    let query = this.db
      .selectFrom('tag as t')
      .leftJoin('tag_group as g', 'g.id', 't.group_id')
      .select((eb) => [
        't.id',
        't.name',
        't.color',
        't.is_enabled',
        't.group_id',
        'g.name as group_name',
        't.created_at',
        eb
          .selectFrom('station_tag as st')
          .innerJoin('station as s', 's.id', 'st.station_id')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('st.tag_id', '=', 't.id')
          .where('s.is_deleted', '=', false)
          .where(stationAccessPredicate(subject, 's'))
          .as('usage_count'),
      ]);
    if (filter.keywords) {
      const p = likeContains(filter.keywords);
      query = query.where(sql<boolean>`(t.name ILIKE ${p} OR g.name ILIKE ${p})`);
    }
    if (filter.isEnabled !== undefined) query = query.where('t.is_enabled', '=', filter.isEnabled);
    if (filter.groupId !== undefined) query = query.where('t.group_id', '=', filter.groupId);
    return query.orderBy('g.name').orderBy('t.name').orderBy('t.id').execute();
  }

  listGroups() {
    return this.db.selectFrom('tag_group').selectAll().orderBy('name').orderBy('id').execute();
  }

  find(id: number, lock?: 'update') {
    return withRowLock(this.db.selectFrom('tag').selectAll().where('id', '=', id), lock).executeTakeFirst();
  }

  findMany(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tag')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  findByName(name: string) {
    return this.db.selectFrom('tag').select('id').where(sameName(name)).executeTakeFirst();
  }

  async groupIdFor(name: string): Promise<number | null> {
    if (name === '') return null;
    const found = await this.db.selectFrom('tag_group').select('id').where(sameName(name)).executeTakeFirst();
    if (found) return found.id;
    return (await this.db.insertInto('tag_group').values({ name }).returning('id').executeTakeFirstOrThrow())
      .id;
  }

  /** Groups left without tags disappear. */
  async dropEmptyGroups() {
    await this.db
      .deleteFrom('tag_group')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('tag').select('tag.id').whereRef('tag.group_id', '=', 'tag_group.id'))),
      )
      .execute();
  }

  insert(values: { name: string; color: string; is_enabled: boolean; group_id: number | null }) {
    return this.db.insertInto('tag').values(values).returning('id').executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    values: { name: string; color: string; is_enabled: boolean; group_id: number | null },
  ) {
    await this.db
      .updateTable('tag')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async setEnabled(ids: readonly number[], isEnabled: boolean): Promise<number> {
    const result = await this.db
      .updateTable('tag')
      .set({ is_enabled: isEnabled, updated_at: new Date() })
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async countStations(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('station_tag as st')
      .innerJoin('station as s', 's.id', 'st.station_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('st.tag_id', '=', id)
      .where('s.is_deleted', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async delete(id: number) {
    await this.db.deleteFrom('tag').where('id', '=', id).execute();
  }
}
