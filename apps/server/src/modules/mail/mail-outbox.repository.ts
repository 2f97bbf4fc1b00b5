import type { TSendLogPageRequest } from '@masthub/shared';
import { type Insertable, sql } from 'kysely';
import type { TDb } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { listStrandedIds } from '../../platform/db/outbox.ts';
import { readPage } from '../../platform/db/paging.ts';
import type { MailSendLogTable, TMailAttachment } from '../../platform/db/schema.ts';

/** The send log: every e-mail written, claimed with a lease, and finished. */
export class MailOutboxRepository {
  constructor(private readonly db: TDb) {}

  async insert(values: Insertable<MailSendLogTable>): Promise<number> {
    const row = await this.db
      .insertInto('mail_send_log')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The product's own sending mailbox: the first e-mail source with an SMTP server, if any. */
  async findDefaultSender(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('data_source')
      .select('id')
      .where('fetch_type', '=', 'email')
      .where('smtp_host', '<>', '')
      .orderBy('id')
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  insertReturningMessageId(values: Insertable<MailSendLogTable>) {
    return this.db
      .insertInto('mail_send_log')
      .values(values)
      .returning(['id', 'message_id'])
      .executeTakeFirstOrThrow();
  }

  async finish(id: number, status: 'sent' | 'failed' | 'pending', error: string): Promise<void> {
    await this.db
      .updateTable('mail_send_log')
      .set({
        status,
        last_error: error,
        lease_until: null,
        sent_at: status === 'sent' ? new Date() : null,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Takes a mail to send for `leaseSeconds`: one waiting, or one whose lease expired; undefined if none. */
  async claim(mailId: number, leaseSeconds: number) {
    const claimed = await sql<{
      id: number;
      data_source_id: number | null;
      to_addrs: string[];
      cc_addrs: string[];
      subject: string;
      body_text: string;
      message_id: string;
      attempts: number;
      max_attempts: number;
      attachments: TMailAttachment[];
    }>`
      UPDATE mail_send_log
         SET status = 'sending', attempts = attempts + 1,
             lease_until = now() + make_interval(secs => ${leaseSeconds})
       WHERE id = ${mailId}
         AND (status = 'pending' OR (status = 'sending' AND lease_until < now()))
      RETURNING id, data_source_id, to_addrs, cc_addrs, subject, body_text, message_id, attempts, max_attempts, attachments`.execute(
      this.db,
    );
    return claimed.rows[0];
  }

  /** Mails nobody is sending: written but never queued (a crash), or a lease that expired. */
  listStranded(): Promise<number[]> {
    return listStrandedIds(this.db, 'mail_send_log');
  }

  page(request: TSendLogPageRequest) {
    let query = this.db.selectFrom('mail_send_log');
    if (request.kind) query = query.where('kind', '=', request.kind);
    if (request.status) query = query.where('status', '=', request.status);
    if (request.keywords) {
      const p = likeContains(request.keywords);
      query = query.where(sql<boolean>`(to_name ILIKE ${p} OR array_to_string(to_addrs, ',') ILIKE ${p})`);
    }
    return readPage(query, query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), request);
  }
}
