import type { Database } from '../../platform/db/database.ts';
import { countRows } from '../../platform/db/rows.ts';

/** Users with their role, company and department names. */
export class UserRepository {
  constructor(private readonly db: Database) {}

  private selectWithNames() {
    return this.db
      .selectFrom('app_user as u')
      .leftJoin('role as r', 'r.id', 'u.role_id')
      .leftJoin('company as c', 'c.id', 'u.company_id')
      .leftJoin('dept as d', 'd.id', 'u.dept_id')
      .select([
        'u.id',
        'u.account',
        'u.user_name',
        'u.password_hash',
        'u.role_id',
        'u.company_id',
        'u.dept_id',
        'u.is_enabled',
        'u.phone',
        'u.email',
        'u.created_at',
        'u.last_login_at',
        'r.name as role_name',
        'r.builtin_key as role_builtin_key',
        'r.is_admin',
        'r.data_scope',
        'r.requires_second_factor',
        'c.name as company_name',
        'd.name as dept_name',
      ])
      .where('u.is_deleted', '=', false);
  }

  findByAccount(account: string) {
    return this.selectWithNames()
      .where((eb) => eb(eb.fn('lower', ['u.account']), '=', account.toLowerCase()))
      .executeTakeFirst();
  }

  findById(id: number) {
    return this.selectWithNames().where('u.id', '=', id).executeTakeFirst();
  }

  async listFeatures(roleId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('role_feature')
      .select('feature')
      .where('role_id', '=', roleId)
      .execute();
    return rows.map((r) => r.feature);
  }

  async updatePassword(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ password_hash: passwordHash, password_changed_at: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  async touchLastLogin(userId: number): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ last_login_at: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  countAll(): Promise<number> {
    return countRows(this.db.selectFrom('app_user'));
  }
}
