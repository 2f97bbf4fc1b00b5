import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { countReferring, countRows, withRowLock } from '../../platform/db/rows.ts';
import { countLiveUsersOf, deleteUserUnit } from '../../platform/db/user-references.ts';

/** Companies and their departments (SPEC "group"), with the counts that decide whether they are in use. */
export class OrganisationRepository {
  constructor(private readonly db: Database) {}

  async listCompanies(filter: { companyId?: number | undefined }) {
    let query = this.db
      .selectFrom('company as c')
      .select([
        'c.id',
        'c.name',
        'c.created_at',
        countReferring({ from: 'app_user', as: 'u', on: ['u.company_id', 'c.id'], live: true }).as(
          'user_count',
        ),
      ])
      .orderBy('c.id');
    if (filter.companyId !== undefined) query = query.where('c.id', '=', filter.companyId);
    return query.execute();
  }

  async listGroups(companyIds: number[]) {
    if (companyIds.length === 0) return [];
    return this.db
      .selectFrom('dept as d')
      .select([
        'd.id',
        'd.company_id',
        'd.name',
        'd.created_at',
        countReferring({ from: 'app_user', as: 'u', on: ['u.dept_id', 'd.id'], live: true }).as('user_count'),
      ])
      .where('d.company_id', 'in', companyIds)
      .orderBy('d.id')
      .execute();
  }

  /** A company; `lock` holds the row until the transaction ends, so its use cannot change meanwhile. */
  findCompany(id: number, lock: 'update' | 'share' | null = null) {
    return withRowLock(
      this.db.selectFrom('company').select(['id', 'name']).where('id', '=', id),
      lock,
    ).executeTakeFirst();
  }

  findCompanyByName(name: string) {
    return this.db
      .selectFrom('company')
      .select(['id', 'name'])
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  }

  insertCompany(name: string) {
    return this.db.insertInto('company').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
  }

  async renameCompany(id: number, name: string): Promise<void> {
    await this.db.updateTable('company').set({ name, updated_at: sql`now()` }).where('id', '=', id).execute();
  }

  /** Deletes an unused company; deleted users keep no reference to it. */
  deleteCompany(id: number): Promise<void> {
    return deleteUserUnit(this.db, 'company', 'company_id', id);
  }

  countCompanyUsers(companyId: number): Promise<number> {
    return countLiveUsersOf(this.db, 'company_id', companyId);
  }

  countCompanyGroups(companyId: number): Promise<number> {
    return countRows(this.db.selectFrom('dept').where('company_id', '=', companyId));
  }

  findGroup(id: number, lock: 'update' | 'share' | null = null) {
    return withRowLock(
      this.db.selectFrom('dept').select(['id', 'name', 'company_id']).where('id', '=', id),
      lock,
    ).executeTakeFirst();
  }

  findGroupByName(companyId: number, name: string) {
    return this.db
      .selectFrom('dept')
      .select(['id', 'name', 'company_id'])
      .where('company_id', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  }

  insertGroup(companyId: number, name: string) {
    return this.db
      .insertInto('dept')
      .values({ company_id: companyId, name })
      .returning(['id', 'name', 'company_id'])
      .executeTakeFirstOrThrow();
  }

  async renameGroup(id: number, name: string): Promise<void> {
    await this.db.updateTable('dept').set({ name, updated_at: sql`now()` }).where('id', '=', id).execute();
  }

  /** Deletes an unused department; deleted users keep no reference to it. */
  deleteGroup(id: number): Promise<void> {
    return deleteUserUnit(this.db, 'dept', 'dept_id', id);
  }

  countGroupUsers(groupId: number): Promise<number> {
    return countLiveUsersOf(this.db, 'dept_id', groupId);
  }

  searchCompanies(keywords: string | undefined, limit: number) {
    let query = this.db.selectFrom('company').select(['id', 'name']).orderBy('name').limit(limit);
    if (keywords) query = query.where('name', 'ilike', likeContains(keywords));
    return query.execute();
  }

  searchGroups(keywords: string | undefined, companyId: number | undefined, limit: number) {
    let query = this.db.selectFrom('dept').select(['id', 'name', 'company_id']).orderBy('name').limit(limit);
    if (keywords) query = query.where('name', 'ilike', likeContains(keywords));
    if (companyId !== undefined) query = query.where('company_id', '=', companyId);
    return query.execute();
  }
}
