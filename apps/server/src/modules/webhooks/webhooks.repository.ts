import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { listStrandedIds } from '../../platform/db/outbox.ts';
import { readPage } from '../../platform/db/paging.ts';
import type { WebhookDeliveryTable, WebhookTable } from '../../platform/db/schema.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

/**
 * Whose hooks a caller manages: every hook (system administrator), or their own and those of the
 * colleagues of their company they may manage. `stationIds`: a call narrowed to these sites manages only
 * hooks kept to sites among them.
 */
export type TWebhookOwners = (
  | { all: true }
  | { all: false; userId: number; companyId: number | null; colleagueIds: readonly number[] }
) & { stationIds?: readonly number[] | undefined };

export type TDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed' | 'skipped';

/** Webhooks, their deliveries (the outbox) and the attempts of each. */
export class WebhookRepository {
  constructor(private readonly db: Database) {}

  async create(values: Insertable<WebhookTable>): Promise<number> {
    const row = await this.db.insertInto('webhook').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(id: number, values: Updateable<WebhookTable>): Promise<void> {
    await this.db
      .updateTable('webhook')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('webhook').where('id', '=', id).execute();
  }

  findById(id: number) {
    return this.db.selectFrom('webhook').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private ofOwners(owners: TWebhookOwners) {
    let query = this.db.selectFrom('webhook as w');
    if (!owners.all) {
      const { userId, companyId, colleagueIds } = owners;
      query = query.where((eb) =>
        companyId === null || colleagueIds.length === 0
          ? eb('w.created_by', '=', userId)
          : eb.or([
              eb('w.created_by', '=', userId),
              eb.and([eb('w.company_id', '=', companyId), eb('w.created_by', 'in', [...colleagueIds])]),
            ]),
      );
    }
    if (owners.stationIds !== undefined) {
      query = query.where(
        sql<boolean>`w.station_ids IS NOT NULL AND w.station_ids <@ ${[...owners.stationIds]}::bigint[]`,
      );
    }
    return query;
  }

  /** The creators of the hooks of a company. */
  async listCreators(companyId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('webhook')
      .select('created_by')
      .distinct()
      .where('company_id', '=', companyId)
      .execute();
    return rows.map((r) => Number(r.created_by));
  }

  page(owners: TWebhookOwners, filter: { keywords?: string | undefined; pageNo: number; pageSize: number }) {
    let query = this.ofOwners(owners);
    if (filter.keywords) {
      const p = likeContains(filter.keywords);
      query = query.where((eb) => eb.or([eb('w.name', 'ilike', p), eb('w.url', 'ilike', p)]));
    }
    const listed = query
      .innerJoin('app_user as u', 'u.id', 'w.created_by')
      .leftJoin('company as c', 'c.id', 'w.company_id')
      .select([
        'w.id',
        'w.name',
        'w.url',
        'w.events',
        'w.is_enabled',
        'w.secret_prefix',
        'w.created_at',
        'u.account as creator_account',
        'c.name as company_name',
      ])
      .select((eb) => [
        eb
          .selectFrom('webhook_delivery as d')
          .select('d.status')
          .whereRef('d.webhook_id', '=', 'w.id')
          .orderBy('d.id', 'desc')
          .limit(1)
          .as('last_status'),
        eb
          .selectFrom('webhook_delivery as d')
          .select('d.created_at')
          .whereRef('d.webhook_id', '=', 'w.id')
          .orderBy('d.id', 'desc')
          .limit(1)
          .as('last_delivery_at'),
      ])
      .orderBy('w.id', 'desc');
    return readPage(query, listed, filter);
  }

  /** The enabled hooks subscribed to `kind` whose creator is enabled, with their creator and sites. */
  listSubscribed(kind: string) {
    return this.db
      .selectFrom('webhook as w')
      .innerJoin('app_user as u', 'u.id', 'w.created_by')
      .select(['w.id', 'w.created_by', 'w.station_ids'])
      .where('w.is_enabled', '=', true)
      .where('u.is_enabled', '=', true)
      .where('u.is_deleted', '=', false)
      .where(sql<boolean>`w.events @> ARRAY[${kind}]::text[]`)
      .execute();
  }

  async insertDeliveries(rows: Insertable<WebhookDeliveryTable>[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db.insertInto('webhook_delivery').values(rows).returning('id').execute();
    return inserted.map((r) => Number(r.id));
  }

  /**
   * Takes a delivery to send for `leaseSeconds` — one waiting, or one whose lease expired — with its hook
   * (address, state, creator and whether they are enabled, sites, sealed secret); undefined if none.
   */
  async claim(id: number, leaseSeconds: number) {
    const claimed = await sql<{
      id: number;
      webhook_id: number;
      event_id: string;
      kind: string;
      station_ids: string[];
      body: string;
      attempts: number;
      max_attempts: number;
      url: string;
      is_enabled: boolean;
      created_by: number;
      creator_enabled: boolean;
      hook_station_ids: string[] | null;
      secret_sealed: Buffer;
    }>`
      UPDATE webhook_delivery AS d
         SET status = 'sending', attempts = d.attempts + 1,
             lease_until = now() + make_interval(secs => ${leaseSeconds})
        FROM webhook AS w JOIN app_user AS u ON u.id = w.created_by
       WHERE d.id = ${id} AND w.id = d.webhook_id
         AND (d.status = 'pending' OR (d.status = 'sending' AND d.lease_until < now()))
      RETURNING d.id, d.webhook_id, d.event_id, d.kind, d.station_ids, d.body, d.attempts, d.max_attempts,
                w.url, w.is_enabled, w.created_by, (u.is_enabled AND NOT u.is_deleted) AS creator_enabled,
                w.station_ids AS hook_station_ids, w.secret_sealed`.execute(this.db);
    return claimed.rows[0];
  }

  /** Records one attempt and the delivery's new state, together. */
  async finish(
    id: number,
    attempt: { attempt: number; statusCode: number | null; durationMs: number; error: string },
    status: TDeliveryStatus,
  ): Promise<void> {
    // One statement: the attempt logged and the delivery's state, together.
    await sql`
      WITH logged AS (
        INSERT INTO webhook_attempt (delivery_id, attempt, status_code, duration_ms, error)
        VALUES (${id}, ${attempt.attempt}, ${attempt.statusCode}, ${attempt.durationMs}, ${attempt.error})
      )
      UPDATE webhook_delivery
         SET status = ${status}::text, lease_until = NULL, last_status_code = ${attempt.statusCode},
             last_duration_ms = ${attempt.durationMs}, last_error = ${attempt.error},
             finished_at = CASE WHEN ${status}::text = 'pending' THEN NULL ELSE now() END
       WHERE id = ${id}`.execute(this.db);
  }

  /** Deliveries nobody is sending: written but never queued (a crash), or a lease that expired. */
  listStranded(): Promise<number[]> {
    return listStrandedIds(this.db, 'webhook_delivery');
  }

  /**
   * A hook's deliveries, newest first; with `reader`, only those whose every site the reader sees (as the
   * call is narrowed: a token's sites).
   */
  pageDeliveries(filter: {
    webhookId: number;
    status?: TDeliveryStatus | undefined;
    reader?: TAccessSubject | undefined;
    pageNo: number;
    pageSize: number;
  }) {
    let query = this.db.selectFrom('webhook_delivery as d').where('d.webhook_id', '=', filter.webhookId);
    if (filter.status) query = query.where('d.status', '=', filter.status);
    if (filter.reader) {
      const sees = stationAccessPredicate(filter.reader, 's');
      query = query.where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM station s WHERE s.id = ANY(d.station_ids) AND NOT ${sees})`,
      );
    }
    return readPage(query, query.selectAll('d').orderBy('d.id', 'desc'), filter);
  }

  findDelivery(id: number) {
    return this.db.selectFrom('webhook_delivery').selectAll().where('id', '=', id).executeTakeFirst();
  }

  attemptsOf(deliveryIds: number[]) {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('webhook_attempt')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('delivery_id')
      .orderBy('attempt')
      .execute();
  }

  stationRefs(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('station')
      .select(['id', 'station_code', 'project_name'])
      .where('id', 'in', ids)
      .execute();
  }
}
