import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { countReferring, countRows } from '../../platform/db/rows.ts';

export interface TUserFilter {
  keywords?: string | undefined;
  account?: string | undefined;
  userName?: string | undefined;
  roleId?: number | undefined;
  companyId?: number | undefined;
  groupId?: number | undefined;
  excludeUserId?: number | undefined;
  onlyUserId?: number | undefined;
}

export type TUserAdminRow = Awaited<ReturnType<UserAdminRepository['page']>>['records'][number];

/** Users as the administration pages see them: live users with names, counts and the built-in flag. */
export class UserAdminRepository {
  constructor(private readonly db: Database) {}

  private filtered(filter: TUserFilter) {
    let query = this.db
      .selectFrom('app_user as u')
      .leftJoin('role as r', 'r.id', 'u.role_id')
      .leftJoin('company as c', 'c.id', 'u.company_id')
      .leftJoin('dept as d', 'd.id', 'u.dept_id')
      .where('u.is_deleted', '=', false);
    if (filter.keywords) {
      const pattern = likeContains(filter.keywords);
      query = query.where((eb) =>
        eb.or([eb('u.account', 'ilike', pattern), eb('u.user_name', 'ilike', pattern)]),
      );
    }
    if (filter.account) query = query.where('u.account', 'ilike', likeContains(filter.account));
    if (filter.userName) query = query.where('u.user_name', 'ilike', likeContains(filter.userName));
    if (filter.roleId !== undefined) query = query.where('u.role_id', '=', filter.roleId);
    if (filter.companyId !== undefined) query = query.where('u.company_id', '=', filter.companyId);
    if (filter.groupId !== undefined) query = query.where('u.dept_id', '=', filter.groupId);
    if (filter.excludeUserId !== undefined) query = query.where('u.id', '!=', filter.excludeUserId);
    if (filter.onlyUserId !== undefined) query = query.where('u.id', '=', filter.onlyUserId);
    return query;
  }

  async page(filter: TUserFilter & { pageNo: number; pageSize: number }) {
    const query = this.filtered(filter);
    const { rows: records, total } = await readPage(
      query,
      query
        .select([
          'u.id',
          'u.account',
          'u.user_name',
          'u.role_id',
          'u.company_id',
          'u.dept_id',
          'u.phone',
          'u.email',
          'u.created_at',
          'u.last_login_at',
          'u.is_builtin',
          'r.name as role_name',
          'r.builtin_key as role_builtin_key',
          'r.is_admin',
          'c.name as company_name',
          'd.name as dept_name',
          countReferring({ from: 'station', as: 's', on: ['s.owner_id', 'u.id'], live: true }).as(
            'owned_station_count',
          ),
          (eb) =>
            eb
              .selectFrom('user_second_factor as f')
              .select('f.locked_until')
              .whereRef('f.user_id', '=', 'u.id')
              .where('f.locked_until', '>', sql<Date>`now()`)
              .as('second_factor_locked_until'),
        ])
        .orderBy('u.is_builtin', 'desc')
        .orderBy('u.id'),
      filter,
    );
    return { records, total };
  }

  list(filter: TUserFilter, limit: number) {
    return this.filtered(filter)
      .select([
        'u.id',
        'u.account',
        'u.user_name',
        'r.name as role_name',
        'r.builtin_key as role_builtin_key',
        'c.name as company_name',
        'd.name as dept_name',
      ])
      .orderBy('u.account')
      .limit(limit)
      .execute();
  }

  /** A live user with what the rules need; `lock` holds the row until the transaction ends. */
  findById(id: number, lock: 'update' | 'share' | null = null) {
    let query = this.db
      .selectFrom('app_user as u')
      .leftJoin('role as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.account', 'u.user_name', 'u.role_id', 'u.is_builtin', 'r.is_admin'])
      .where('u.id', '=', id)
      .where('u.is_deleted', '=', false);
    // FOR UPDATE OF u: lock the user, not the joined role row other users share.
    if (lock === 'update') query = query.forUpdate(['u']);
    if (lock === 'share') query = query.forShare(['u']);
    return query.executeTakeFirst();
  }

  /** The live user holding an account, whatever its letter case. */
  findByAccount(account: string) {
    return this.db
      .selectFrom('app_user')
      .select(['id', 'account'])
      .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
      .where('is_deleted', '=', false)
      .executeTakeFirst();
  }

  async insert(values: {
    account: string;
    userName: string;
    passwordHash: string;
    roleId: number;
    companyId: number;
    deptId: number | null;
    phone: string | null;
    email: string | null;
  }): Promise<number> {
    const row = await this.db
      .insertInto('app_user')
      .values({
        account: values.account,
        user_name: values.userName,
        password_hash: values.passwordHash,
        role_id: values.roleId,
        company_id: values.companyId,
        dept_id: values.deptId,
        phone: values.phone,
        email: values.email,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    values: {
      account: string;
      userName: string;
      roleId: number;
      companyId: number;
      deptId: number | null;
      phone: string | null;
      email: string | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({
        account: values.account,
        user_name: values.userName,
        role_id: values.roleId,
        company_id: values.companyId,
        dept_id: values.deptId,
        phone: values.phone,
        email: values.email,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  async updateProfile(
    id: number,
    values: { userName: string; phone: string | null; email: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ user_name: values.userName, phone: values.phone, email: values.email, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .execute();
  }

  countOwnedStations(userId: number): Promise<number> {
    return countRows(
      this.db.selectFrom('station').where('owner_id', '=', userId).where('is_deleted', '=', false),
    );
  }

  /** Soft delete: the row stays for history (logs, creators); its direct site assignments go. */
  async softDelete(userId: number): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ is_deleted: true, deleted_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await this.db.deleteFrom('user_station').where('user_id', '=', userId).execute();
  }
}
