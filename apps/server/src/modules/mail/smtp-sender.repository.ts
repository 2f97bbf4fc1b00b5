import type { Database } from '../../platform/db/database.ts';

/** The e-mail data source whose SMTP settings send a mail (the "sender e-mail"), or undefined. */
export function findSenderSource(db: Database, dataSourceId: number) {
  return db.selectFrom('data_source').selectAll().where('id', '=', dataSourceId).executeTakeFirst();
}
