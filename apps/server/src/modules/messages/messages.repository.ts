import type { TText } from '@masthub/shared';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { readPage } from '../../platform/db/paging.ts';
import { countRows } from '../../platform/db/rows.ts';
import { callSitesCover, type TAccessSubject } from '../access/index.ts';

/** Whose messages: the reader, with the call's narrowing to a token's sites if any. */
export type TMessageReader = Pick<TAccessSubject, 'id' | 'stationIds'>;

const COLUMNS = [
  'id',
  'user_id',
  'type',
  'message',
  'description',
  'message_text',
  'description_text',
  'message_type',
  'is_read',
  'is_ignored',
  'created_at',
] as const;

export type TMessageRow = Awaited<ReturnType<MessageRepository['findById']>> & {};

/** Stored messages of each user. */
export class MessageRepository {
  constructor(private readonly db: Database) {}

  insert(input: {
    userId: number;
    type: string;
    message: TText;
    description: TText | null;
    messageType: string;
    stationIds: readonly number[];
  }) {
    return this.db
      .insertInto('message')
      .values({
        user_id: input.userId,
        type: input.type,
        message: '',
        message_text: JSON.stringify(input.message),
        description_text: input.description === null ? null : JSON.stringify(input.description),
        message_type: input.messageType,
        station_ids: [...new Set(input.stationIds)],
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /**
   * Stores many messages in one statement and wakes the listening processes once per message, in the
   * same statement (NOTIFY is delivered at commit). Returns how many were stored.
   */
  async insertManyAndNotify(
    channel: string,
    rows: readonly {
      userId: number;
      type: string;
      message: TText;
      description: TText | null;
      messageType: string;
      stationIds: readonly number[];
    }[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await sql<{ n: number }>`
      WITH stored AS (
        INSERT INTO message (user_id, type, message, message_text, description_text, message_type, station_ids)
        SELECT u, t, '', m::jsonb, d::jsonb, k, s::bigint[]
        FROM unnest(${rows.map((r) => r.userId)}::bigint[], ${rows.map((r) => r.type)}::text[],
                    ${rows.map((r) => JSON.stringify(r.message))}::text[],
                    ${rows.map((r) => (r.description === null ? null : JSON.stringify(r.description)))}::text[],
                    ${rows.map((r) => r.messageType)}::text[],
                    ${rows.map((r) => `{${[...new Set(r.stationIds)].map(Number).join(',')}}`)}::text[])
             AS x(u, t, m, d, k, s)
        RETURNING id, user_id
      )
      SELECT count(pg_notify(${channel}, json_build_object('id', id, 'userId', user_id)::text))::int AS n
      FROM stored`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  findById(id: number) {
    return this.db.selectFrom('message').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The reader's own messages; a narrowed call's only those of its sites (the one narrowing, modules/access). */
  private ofReader(reader: TMessageReader) {
    return this.db
      .selectFrom('message')
      .where('user_id', '=', reader.id)
      .where(callSitesCover(reader, sql.ref('message.station_ids')));
  }

  async page(
    reader: TMessageReader,
    filter: { pageNo: number; pageSize: number; isRead?: boolean; type?: string },
  ) {
    let query = this.ofReader(reader).where('is_ignored', '=', false);
    if (filter.isRead !== undefined) query = query.where('is_read', '=', filter.isRead);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    const { rows: records, total } = await readPage(
      query,
      query.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      filter,
    );
    return { records, total };
  }

  countUnread(reader: TMessageReader): Promise<number> {
    return countRows(this.ofReader(reader).where('is_read', '=', false).where('is_ignored', '=', false));
  }

  /**
   * Marks the reader's own messages read; ids of other users, and beyond a narrowed call's sites, are
   * ignored. Returns how many changed.
   */
  async markRead(reader: TMessageReader, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable('message')
      .set({ is_read: true })
      .where('user_id', '=', reader.id)
      .where(callSitesCover(reader, sql.ref('message.station_ids')))
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async ignore(reader: TMessageReader, id: number): Promise<number> {
    const result = await this.db
      .updateTable('message')
      .set({ is_ignored: true, is_read: true })
      .where('user_id', '=', reader.id)
      .where(callSitesCover(reader, sql.ref('message.station_ids')))
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Wakes every MastHub process listening on the channel (fan-out across API processes). */
  /** NOTIFY now, or at the commit of `within` (PostgreSQL delivers a transaction's notifications then). */
  async notify(channel: string, payload: string, within: Database = this.db): Promise<void> {
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(within);
  }
}
