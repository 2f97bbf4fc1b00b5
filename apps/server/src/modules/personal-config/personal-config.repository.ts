import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/** Per-user settings: (user, type, key) → JSON value. */
export class PersonalConfigRepository {
  constructor(private readonly db: Database) {}

  listByType(userId: number, type: string) {
    return this.db
      .selectFrom('personal_config')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .orderBy('key')
      .execute();
  }

  async upsert(userId: number, type: string, key: string, value: unknown) {
    await this.db
      .insertInto('personal_config')
      .values({ user_id: userId, type, key, value: JSON.stringify(value) })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'type', 'key'])
          .doUpdateSet({ value: sql`excluded.value`, updated_at: new Date() }),
      )
      .execute();
  }
}
