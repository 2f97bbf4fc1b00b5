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
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { ContactRepository } from './contacts.repository.ts';

/** At most this many contacts are listed at once (an address book, not a register). */
const CONTACTS_MAX = 500;

/**
 * The address book of a company (SPEC §7 contacts): repair contacts (type 2, the maintenance
 * contractors a repair request goes to) and report recipients (type 1), plus each user's own carbon
 * copies. A user sees and edits the contacts of their own company only.
 */
export class ContactService {
  private readonly contacts: ContactRepository;

  constructor(private readonly db: Database) {
    this.contacts = new ContactRepository(db);
  }

  async list(user: TAuthUser, query: TContactListQuery, language: Language): Promise<TContactRecord[]> {
    const rows = await this.contacts.list(user.companyId, query, CONTACTS_MAX);
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
      const contacts = new ContactRepository(trx);
      const clash = await contacts.findByEmail(user.companyId, input.type, input.email);
      if (clash && Number(clash.id) !== input.id) {
        throw new AppError('CONTACT_EMAIL_TAKEN', { email: input.email });
      }
      if (input.id === undefined) {
        return { id: await contacts.insert({ ...values, company_id: user.companyId, creator_id: user.id }) };
      }
      const updated = await contacts.update(user.companyId, input.id, { ...values, updated_at: new Date() });
      if (!updated) throw new AppError('NOT_FOUND');
      return { id: input.id };
    });
  }

  async delete(user: TAuthUser, id: number): Promise<void> {
    const deleted = await this.contacts.delete(user.companyId, id);
    if (!deleted) throw new AppError('NOT_FOUND');
  }

  async userAndCarbonCopy(user: TAuthUser): Promise<TUserAndCarbonCopy> {
    const row = await this.contacts.findUserWithCarbonCopy(user.id);
    return {
      userName: row.user_name,
      email: row.email ?? '',
      phone: row.phone ?? '',
      carbonCopy: row.emails ?? [],
    };
  }

  async saveCarbonCopy(user: TAuthUser, input: TCarbonCopySaveRequest): Promise<TUserAndCarbonCopy> {
    await this.contacts.saveCarbonCopy(user.id, input.emails);
    return this.userAndCarbonCopy(user);
  }

  /** The caller's carbon copies (added to every repair request they send). */
  async carbonCopyOf(userId: number): Promise<string[]> {
    return this.contacts.listCarbonCopy(userId);
  }
}
