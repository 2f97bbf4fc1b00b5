import {
  AppError,
  CONTACT_TYPE_NAMES,
  type Language,
  type TCarbonCopySaveRequest,
  type TContactListQuery,
  type TContactRecord,
  type TContactSaveRequest,
  type TContactType,
  type TUserAndCarbonCopy,
} from '@masthub/shared';
import { sql } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';

/** At most this many contacts are listed at once (an address book, not a register). */
const CONTACTS_MAX = 500;

/**
 * The address book of a company (SPEC §7 contacts): repair contacts (type 2, the maintenance
 * contractors a repair request goes to) and report recipients (type 1), plus each user's own carbon
 * copies. A user sees and edits the contacts of their own company only.
 */
export class ContactService {
  constructor(private readonly db: Database) {}

  private scoped(user: TAuthUser) {
    return this.db
      .selectFrom('contact')
      .where(sql<boolean>`coalesce(company_id, 0) = ${user.companyId ?? 0}`);
  }

  async list(user: TAuthUser, query: TContactListQuery, language: Language): Promise<TContactRecord[]> {
    let q = this.scoped(user).selectAll();
    if (query.type !== undefined) q = q.where('type', '=', query.type);
    if (query.email) q = q.where('email', 'ilike', likeContains(query.email));
    if (query.function) q = q.where('function', 'ilike', likeContains(query.function));
    const rows = await q.orderBy('type').orderBy('name').orderBy('id').limit(CONTACTS_MAX).execute();
    return rows.map((r) => ({
      id: Number(r.id),
      type: r.type,
      typeName: CONTACT_TYPE_NAMES[r.type as TContactType][language],
      name: r.name,
      email: r.email,
      phone: r.phone,
      function: r.function,
      updateTime: r.updated_at.toISOString(),
    }));
  }

  async save(user: TAuthUser, input: TContactSaveRequest): Promise<{ id: number }> {
    const values = {
      type: input.type,
      name: input.name,
      email: input.email,
      phone: input.phone,
      function: input.function,
    };
    return this.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom('contact')
        .select('id')
        .where(sql<boolean>`coalesce(company_id, 0) = ${user.companyId ?? 0}`)
        .where('type', '=', input.type)
        .where(sql<boolean>`lower(email) = ${input.email}`)
        .executeTakeFirst();
      if (clash && Number(clash.id) !== input.id) {
        throw new AppError('CONTACT_EMAIL_TAKEN', { email: input.email });
      }
      if (input.id === undefined) {
        const row = await trx
          .insertInto('contact')
          .values({ ...values, company_id: user.companyId, creator_id: user.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: Number(row.id) };
      }
      const updated = await trx
        .updateTable('contact')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', input.id)
        .where(sql<boolean>`coalesce(company_id, 0) = ${user.companyId ?? 0}`)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new AppError('NOT_FOUND');
      return { id: input.id };
    });
  }

  async delete(user: TAuthUser, id: number): Promise<void> {
    const deleted = await this.db
      .deleteFrom('contact')
      .where('id', '=', id)
      .where(sql<boolean>`coalesce(company_id, 0) = ${user.companyId ?? 0}`)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw new AppError('NOT_FOUND');
  }

  async userAndCarbonCopy(user: TAuthUser): Promise<TUserAndCarbonCopy> {
    const row = await this.db
      .selectFrom('app_user as u')
      .leftJoin('user_carbon_copy as c', 'c.user_id', 'u.id')
      .select(['u.user_name', 'u.email', 'u.phone', 'c.emails'])
      .where('u.id', '=', user.id)
      .executeTakeFirstOrThrow();
    return {
      userName: row.user_name,
      email: row.email ?? '',
      phone: row.phone ?? '',
      carbonCopy: row.emails ?? [],
    };
  }

  async saveCarbonCopy(user: TAuthUser, input: TCarbonCopySaveRequest): Promise<TUserAndCarbonCopy> {
    await this.db
      .insertInto('user_carbon_copy')
      .values({ user_id: user.id, emails: input.emails })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ emails: input.emails, updated_at: new Date() }))
      .execute();
    return this.userAndCarbonCopy(user);
  }

  /** The caller's carbon copies (added to every repair request they send). */
  async carbonCopyOf(userId: number): Promise<string[]> {
    const row = await this.db
      .selectFrom('user_carbon_copy')
      .select('emails')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.emails ?? [];
  }
}
