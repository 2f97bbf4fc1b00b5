import type { TContactListQuery } from '@masthub/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { TDb } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import type { ContactTable } from '../../platform/db/schema.ts';

/** A company's address book (a company of none is company 0) and each user's own carbon copies. */
export class ContactRepository {
  constructor(private readonly db: TDb) {}

  private scoped(companyId: number | null) {
    return this.db.selectFrom('contact').where(sql<boolean>`coalesce(company_id, 0) = ${companyId ?? 0}`);
  }

  list(companyId: number | null, query: TContactListQuery, max: number) {
    let q = this.scoped(companyId).selectAll();
    if (query.type !== undefined) q = q.where('type', '=', query.type);
    if (query.email) q = q.where('email', 'ilike', likeContains(query.email));
    if (query.function) q = q.where('function', 'ilike', likeContains(query.function));
    return q.orderBy('type').orderBy('name').orderBy('id').limit(max).execute();
  }

  /** The company's contact of that type with that e-mail (compared in lower case). */
  findByEmail(companyId: number | null, type: number, email: string) {
    return this.db
      .selectFrom('contact')
      .select('id')
      .where(sql<boolean>`coalesce(company_id, 0) = ${companyId ?? 0}`)
      .where('type', '=', type)
      .where(sql<boolean>`lower(email) = ${email}`)
      .executeTakeFirst();
  }

  async insert(values: Insertable<ContactTable>): Promise<number> {
    const row = await this.db.insertInto('contact').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** False when the company has no such contact. */
  async update(companyId: number | null, id: number, values: Updateable<ContactTable>): Promise<boolean> {
    const updated = await this.db
      .updateTable('contact')
      .set(values)
      .where('id', '=', id)
      .where(sql<boolean>`coalesce(company_id, 0) = ${companyId ?? 0}`)
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  }

  /** False when the company has no such contact. */
  async delete(companyId: number | null, id: number): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('contact')
      .where('id', '=', id)
      .where(sql<boolean>`coalesce(company_id, 0) = ${companyId ?? 0}`)
      .returning('id')
      .executeTakeFirst();
    return deleted !== undefined;
  }

  findUserWithCarbonCopy(userId: number) {
    return this.db
      .selectFrom('app_user as u')
      .leftJoin('user_carbon_copy as c', 'c.user_id', 'u.id')
      .select(['u.user_name', 'u.email', 'u.phone', 'c.emails'])
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  async saveCarbonCopy(userId: number, emails: string[]): Promise<void> {
    await this.db
      .insertInto('user_carbon_copy')
      .values({ user_id: userId, emails })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ emails, updated_at: new Date() }))
      .execute();
  }

  async listCarbonCopy(userId: number): Promise<string[]> {
    const row = await this.db
      .selectFrom('user_carbon_copy')
      .select('emails')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.emails ?? [];
  }
}
