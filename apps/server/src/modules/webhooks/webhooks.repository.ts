import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { listStrandedIds } from '../../platform/db/outbox.ts';
import { readPage } from '../../platform/db/paging.ts';
import type { WebhookDeliveryTable, WebhookTable } from '../../platform/db/schema.ts';

/** Whose hooks a caller sees: every company (system administrator) or one (null: users of no company). */
export type TWebhookOwners = { all: true } | { all: false; companyId: number | null };

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
      query = query.where(sql<boolean>`w.company_id IS NOT DISTINCT FROM ${owners.companyId}`);
    }
    return query;
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

  /** The enabled hooks subscribed to `kind`, with their creator. */
  listSubscribed(kind: string) {
    return this.db
      .selectFrom('webhook')
      .select(['id', 'created_by'])
      .where('is_enabled', '=', true)
      .where(sql<boolean>`events @> ARRAY[${kind}]::text[]`)
      .execute();
  }

  async insertDeliveries(rows: Insertable<WebhookDeliveryTable>[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db.insertInto('webhook_delivery').values(rows).returning('id').execute();
    return inserted.map((r) => Number(r.id));
  }

  /**
   * Takes a delivery to send for `leaseSeconds` — one waiting, or one whose lease expired — with its hook
   * (address, state, creator, sealed secret); undefined if none.
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
      secret_sealed: Buffer;
    }>`
      UPDATE webhook_delivery AS d
         SET status = 'sending', attempts = d.attempts + 1,
             lease_until = now() + make_interval(secs => ${leaseSeconds})
        FROM webhook AS w
       WHERE d.id = ${id} AND w.id = d.webhook_id
         AND (d.status = 'pending' OR (d.status = 'sending' AND d.lease_until < now()))
      RETURNING d.id, d.webhook_id, d.event_id, d.kind, d.station_ids, d.body, d.attempts, d.max_attempts,
                w.url, w.is_enabled, w.created_by, w.secret_sealed`.execute(this.db);
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

  pageDeliveries(filter: {
    webhookId: number;
    status?: TDeliveryStatus | undefined;
    pageNo: number;
    pageSize: number;
  }) {
    let query = this.db.selectFrom('webhook_delivery').where('webhook_id', '=', filter.webhookId);
    if (filter.status) query = query.where('status', '=', filter.status);
    return readPage(query, query.selectAll().orderBy('id', 'desc'), filter);
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
