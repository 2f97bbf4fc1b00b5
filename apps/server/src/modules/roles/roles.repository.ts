import { type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { countReferring, withRowLock } from '../../platform/db/rows.ts';
import { countLiveUsersOf, deleteUserUnit } from '../../platform/db/user-references.ts';

/** Roles with their function permissions (role_feature) and data permissions (data_scope, role_station). */
export class RoleRepository {
  constructor(private readonly db: Database) {}

  private selectWithCounts() {
    return this.db
      .selectFrom('role as r')
      .select([
        'r.id',
        'r.name',
        'r.description',
        'r.builtin_key',
        'r.is_admin',
        'r.data_scope',
        'r.created_at',
        'r.requires_second_factor',
        countReferring({ from: 'app_user', as: 'u', on: ['u.role_id', 'r.id'], live: true }).as('user_count'),
        countReferring({ from: 'role_feature', as: 'f', on: ['f.role_id', 'r.id'] }).as('feature_count'),
      ]);
  }

  /**
   * A page of roles; `keywords` match the stored name or, `builtinKeys`, the built-in name in either
   * language (a built-in role is found by the name the reader sees).
   */
  async page(filter: {
    pageNo: number;
    pageSize: number;
    keywords?: string | undefined;
    builtinKeys?: readonly string[];
  }) {
    const matches = (keywords: string) =>
      filter.builtinKeys?.length
        ? sql<SqlBool>`(r.name ILIKE ${likeContains(keywords)} OR r.builtin_key IN (${sql.join([...filter.builtinKeys])}))`
        : sql<SqlBool>`r.name ILIKE ${likeContains(keywords)}`;
    let base = this.db.selectFrom('role as r');
    if (filter.keywords) base = base.where(matches(filter.keywords));
    let query = this.selectWithCounts();
    if (filter.keywords) query = query.where(matches(filter.keywords));
    const { rows: records, total } = await readPage(
      base,
      query.orderBy('r.is_admin', 'desc').orderBy('r.id'),
      filter,
    );
    return { records, total };
  }

  findWithCounts(id: number) {
    return this.selectWithCounts().where('r.id', '=', id).executeTakeFirst();
  }

  /** A role; `lock` holds the row until the transaction ends. */
  findById(id: number, lock: 'update' | 'share' | null = null) {
    return withRowLock(
      this.db
        .selectFrom('role')
        .select([
          'id',
          'name',
          'description',
          'builtin_key',
          'is_admin',
          'data_scope',
          'requires_second_factor',
        ])
        .where('id', '=', id),
      lock,
    ).executeTakeFirst();
  }

  findByName(name: string) {
    return this.db
      .selectFrom('role')
      .select(['id', 'name'])
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  }

  async insert(values: {
    name: string;
    description: string;
    builtin_key?: string | null;
    requires_second_factor?: boolean;
  }): Promise<number> {
    const row = await this.db.insertInto('role').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    values: {
      name: string;
      description: string;
      builtin_key?: string | null;
      requires_second_factor?: boolean;
    },
  ): Promise<void> {
    await this.db
      .updateTable('role')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes an unused role with its rights; deleted users keep no reference to it. */
  delete(id: number): Promise<void> {
    return deleteUserUnit(this.db, 'role', 'role_id', id);
  }

  countUsers(roleId: number): Promise<number> {
    return countLiveUsersOf(this.db, 'role_id', roleId);
  }

  async listFeatures(roleId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('role_feature')
      .select('feature')
      .where('role_id', '=', roleId)
      .orderBy('feature')
      .execute();
    return rows.map((r) => r.feature);
  }

  /** The live stations on the role's list. */
  listStations(roleId: number) {
    return this.db
      .selectFrom('role_station as rs')
      .innerJoin('station as s', 's.id', 'rs.station_id')
      .select(['s.id', 's.station_code', 's.project_name'])
      .where('rs.role_id', '=', roleId)
      .where('s.is_deleted', '=', false)
      .orderBy('s.station_code')
      .execute();
  }

  /** Replaces the role's features, data scope and station list. */
  async replaceRights(
    roleId: number,
    rights: { features: readonly string[]; dataScope: 'all' | 'list'; stationIds: readonly number[] },
  ): Promise<void> {
    await this.db
      .updateTable('role')
      .set({ data_scope: rights.dataScope, updated_at: sql`now()` })
      .where('id', '=', roleId)
      .execute();
    await this.db.deleteFrom('role_feature').where('role_id', '=', roleId).execute();
    if (rights.features.length > 0) {
      await this.db
        .insertInto('role_feature')
        .values(rights.features.map((feature) => ({ role_id: roleId, feature })))
        .execute();
    }
    await this.db.deleteFrom('role_station').where('role_id', '=', roleId).execute();
    if (rights.stationIds.length > 0) {
      await sql`
        INSERT INTO role_station (role_id, station_id)
        SELECT ${roleId}, id FROM station WHERE id = ANY(${[...rights.stationIds]}::bigint[])
      `.execute(this.db);
    }
  }

  search(keywords: string | undefined, limit: number, builtinKeys: readonly string[] = []) {
    let query = this.db.selectFrom('role').select(['id', 'name', 'builtin_key']).orderBy('name').limit(limit);
    if (keywords) {
      query = query.where((eb) =>
        eb.or([
          eb('name', 'ilike', likeContains(keywords)),
          ...(builtinKeys.length > 0 ? [eb('builtin_key', 'in', [...builtinKeys])] : []),
        ]),
      );
    }
    return query.execute();
  }
}
