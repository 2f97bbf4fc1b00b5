import { sql } from 'kysely';
import type { Database } from './database.ts';

/** The durable outboxes (mail, webhooks): rows with a status, an attempt count and a sending lease. */
export type TOutboxTable = 'mail_send_log' | 'webhook_delivery';

/**
 * Rows of an outbox nobody is sending: written but never queued (a crash between the commit and the
 * queue), or sending under a lease that expired (the sender died). At most 500 a sweep.
 */
export async function listStrandedIds(db: Database, table: TOutboxTable): Promise<number[]> {
  const rows = await sql<{ id: string }>`
    SELECT id FROM ${sql.table(table)}
     WHERE (status = 'pending' AND attempts = 0 AND created_at < now() - interval '1 minute')
        OR (status = 'sending' AND lease_until < now())
     LIMIT 500`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}
