import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { countReferring, sameName, withRowLock } from '../../platform/db/rows.ts';
import { hasAllStations, stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

export interface TDataSourceValues {
  name: string;
  fetchType: 'email' | 'ftp';
  protocol: 'imap' | 'imaps' | 'ftp' | 'ftps';
  host: string;
  port: number;
  isSsl: boolean;
  username: string;
  folder: string;
  scheduleCron: string;
  intervalMinutes: number | null;
  isEnabled: boolean;
  nextRunAt: Date | null;
  smtpHost: string;
  smtpPort: number | null;
  smtpSecurity: 'tls' | 'starttls' | 'none';
  smtpUsername: string;
}

function toColumns(v: TDataSourceValues) {
  return {
    name: v.name,
    fetch_type: v.fetchType,
    protocol: v.protocol,
    host: v.host,
    port: v.port,
    is_ssl: v.isSsl,
    username: v.username,
    folder: v.folder,
    schedule_cron: v.scheduleCron,
    interval_minutes: v.intervalMinutes,
    is_enabled: v.isEnabled,
    next_run_at: v.nextRunAt,
    smtp_host: v.smtpHost,
    smtp_port: v.smtpPort,
    smtp_security: v.smtpSecurity,
    smtp_username: v.smtpUsername,
  };
}

/** How long a run may hold its source before another process may take it over (a crashed run). */
const RUN_LEASE_MINUTES = 30;

/** Data sources, their runs, and what was fetched from them (fetched_item, fetched_file). */
export class DataSourceRepository {
  constructor(private readonly db: Database) {}

  private withRuleCount() {
    return this.db
      .selectFrom('data_source as d')
      .selectAll('d')
      .select(
        countReferring({ from: 'file_match_rule', as: 'r', on: ['r.data_source_id', 'd.id'] }).as(
          'rule_count',
        ),
      );
  }

  async page(filter: {
    pageNo: number;
    pageSize: number;
    keywords?: string | undefined;
    fetchType?: 'email' | 'ftp' | undefined;
  }) {
    let query = this.withRuleCount();
    let count = this.db.selectFrom('data_source as d');
    if (filter.keywords) {
      const p = likeContains(filter.keywords);
      const match = sql<boolean>`(d.name ILIKE ${p} OR d.host ILIKE ${p} OR d.username ILIKE ${p})`;
      query = query.where(match);
      count = count.where(match);
    }
    if (filter.fetchType) {
      query = query.where('d.fetch_type', '=', filter.fetchType);
      count = count.where('d.fetch_type', '=', filter.fetchType);
    }
    const { rows: records, total } = await readPage(count, query.orderBy('d.name').orderBy('d.id'), filter);
    return { records, total };
  }

  listOptions(fetchType?: 'email' | 'ftp') {
    let query = this.db
      .selectFrom('data_source')
      .select(['id', 'name', 'fetch_type', 'protocol', 'host', 'username', 'is_enabled', 'smtp_host'])
      .select(sql<boolean>`smtp_secret IS NOT NULL`.as('has_smtp_secret'))
      .orderBy('name')
      .orderBy('id');
    if (fetchType) query = query.where('fetch_type', '=', fetchType);
    return query.execute();
  }

  find(id: number, lock?: 'update') {
    return withRowLock(
      this.db.selectFrom('data_source').selectAll().where('id', '=', id),
      lock,
    ).executeTakeFirst();
  }

  findWithRuleCount(id: number) {
    return this.withRuleCount().where('d.id', '=', id).executeTakeFirst();
  }

  findByName(name: string) {
    return this.db.selectFrom('data_source').select(['id', 'name']).where(sameName(name)).executeTakeFirst();
  }

  listEnabledIds() {
    return this.db.selectFrom('data_source').select('id').where('is_enabled', '=', true).execute();
  }

  insert(values: TDataSourceValues, creatorId: number | null) {
    return this.db
      .insertInto('data_source')
      .values({ ...toColumns(values), creator_id: creatorId })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async update(id: number, values: TDataSourceValues): Promise<void> {
    await this.db
      .updateTable('data_source')
      .set({ ...toColumns(values), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async setSecret(id: number, secret: Buffer): Promise<void> {
    await this.db.updateTable('data_source').set({ secret }).where('id', '=', id).execute();
  }

  /** The sealed SMTP password; null forgets it (no sending server, or another server or account). */
  async setSmtpSecret(id: number, secret: Buffer | null): Promise<void> {
    await this.db.updateTable('data_source').set({ smtp_secret: secret }).where('id', '=', id).execute();
  }

  /** Forgets the IMAP positions (after the host or account changed, they mean nothing). */
  async resetCursor(id: number): Promise<void> {
    await this.db.updateTable('data_source').set({ imap_cursor: '{}' }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('data_source').where('id', '=', id).execute();
  }

  // --- Scheduling and runs --------------------------------------------------------------------------

  /** Enabled sources due at `now` and not held by a run. */
  listDue(now: Date) {
    return this.db
      .selectFrom('data_source')
      .select(['id', 'next_run_at', 'schedule_cron', 'interval_minutes', 'is_enabled'])
      .where('is_enabled', '=', true)
      .where('next_run_at', '<=', now)
      .where((eb) => eb.or([eb('run_lease_until', 'is', null), eb('run_lease_until', '<', now)]))
      .execute();
  }

  /** Moves a due source's next run on, unless another process did first; true when this one did. */
  async claimDue(id: number, previous: Date, next: Date | null): Promise<boolean> {
    const result = await this.db
      .updateTable('data_source')
      .set({ next_run_at: next })
      .where('id', '=', id)
      .where('next_run_at', '=', previous)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Takes the source for one run, or undefined while another run holds it. */
  acquireLease(id: number) {
    return this.db
      .updateTable('data_source')
      .set({
        run_lease_until: sql`now() + make_interval(mins => ${RUN_LEASE_MINUTES})`,
        last_run_status: 'running',
        last_run_at: sql`now()`,
      })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('run_lease_until', 'is', null), eb('run_lease_until', '<', sql<Date>`now()`)]))
      .returningAll()
      .executeTakeFirst();
  }

  async releaseLease(
    id: number,
    outcome: {
      status: 'success' | 'failed';
      error: string;
      summary: Record<string, unknown>;
      nextRunAt: Date | null;
      imapCursor?: Record<string, { validity: number; uid: number }>;
    },
  ): Promise<void> {
    await this.db
      .updateTable('data_source')
      .set({
        run_lease_until: null,
        last_run_status: outcome.status,
        last_run_error: outcome.error,
        last_run_summary: JSON.stringify(outcome.summary),
        next_run_at: outcome.nextRunAt,
        ...(outcome.imapCursor ? { imap_cursor: JSON.stringify(outcome.imapCursor) } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  insertRun(run: {
    dataSourceId: number;
    trigger: 'schedule' | 'manual' | 'station';
    stationId: number | null;
    userId: number | null;
  }) {
    return this.db
      .insertInto('data_fetch_run')
      .values({
        data_source_id: run.dataSourceId,
        trigger: run.trigger,
        station_id: run.stationId,
        user_id: run.userId,
        status: 'running',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async finishRun(
    id: number,
    outcome: { status: 'success' | 'failed'; error: string; summary: Record<string, unknown> },
  ): Promise<void> {
    await this.db
      .updateTable('data_fetch_run')
      .set({
        status: outcome.status,
        error: outcome.error,
        summary: JSON.stringify(outcome.summary),
        finished_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  // --- Sites of matched files ----------------------------------------------------------------------

  /** The live site with this code, or undefined. */
  findStationByCode(stationCode: string) {
    return this.db
      .selectFrom('station')
      .select(['id', 'station_code'])
      .where('station_code', '=', stationCode)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
  }

  findLiveStation(id: number) {
    return this.db
      .selectFrom('station')
      .select(['id', 'station_code'])
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
  }

  // --- Fetched once ---------------------------------------------------------------------------------

  /** The keys among `keys` already fetched to the end (status done). */
  async listDoneKeys(dataSourceId: number, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('fetched_item')
      .select('item_key')
      .where('data_source_id', '=', dataSourceId)
      .where('status', '=', 'done')
      .where('item_key', 'in', [...keys])
      .execute();
    return new Set(rows.map((r) => r.item_key));
  }

  /** UIDs of messages of a mailbox claimed but never finished (a crash or an ingestion error). */
  async listPendingUids(dataSourceId: number, mailbox: string, validity: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('fetched_item')
      .select('uid')
      .where('data_source_id', '=', dataSourceId)
      .where('status', '=', 'pending')
      .where('kind', '=', 'email')
      .where('mailbox', '=', mailbox)
      .where('item_key', 'like', `imap:%:${validity}:%`)
      .execute();
    return rows.map((r) => Number(r.uid)).filter((uid) => uid > 0);
  }

  /** Claims an item before its content is ingested: a new row 'pending', or one more attempt. */
  claimItem(item: {
    dataSourceId: number;
    key: string;
    kind: 'email' | 'ftp';
    mailbox: string;
    uid: number | null;
    messageId: string;
    subject: string;
    sender: string;
    remotePath: string;
    sizeBytes: number | null;
  }) {
    return this.db
      .insertInto('fetched_item')
      .values({
        data_source_id: item.dataSourceId,
        item_key: item.key,
        kind: item.kind,
        mailbox: item.mailbox,
        uid: item.uid,
        message_id: item.messageId.slice(0, 500),
        subject: item.subject.slice(0, 500),
        sender: item.sender.slice(0, 255),
        remote_path: item.remotePath,
        size_bytes: item.sizeBytes,
        status: 'pending',
      })
      .onConflict((oc) =>
        oc.columns(['data_source_id', 'item_key']).doUpdateSet({
          attempts: sql`fetched_item.attempts + 1`,
          status: 'pending',
          updated_at: new Date(),
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async finishItem(id: number, outcome: { status: 'pending' | 'done'; error: string }): Promise<void> {
    await this.db
      .updateTable('fetched_item')
      .set({ status: outcome.status, error: outcome.error.slice(0, 1000), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async saveFile(file: {
    itemId: number;
    dataSourceId: number;
    position: number;
    fileName: string;
    sizeBytes: number;
    ruleId: number | null;
    stationId: number | null;
    isMatched: boolean;
    rawFileId: number | null;
    ingestStatus: string;
    reason: string;
  }): Promise<void> {
    const values = {
      item_id: file.itemId,
      data_source_id: file.dataSourceId,
      position: file.position,
      file_name: file.fileName,
      size_bytes: file.sizeBytes,
      rule_id: file.ruleId,
      station_id: file.stationId,
      is_matched: file.isMatched,
      raw_file_id: file.rawFileId,
      ingest_status: file.ingestStatus,
      reason: file.reason.slice(0, 1000),
    };
    const { item_id: _item, position: _position, ...changes } = values;
    await this.db
      .insertInto('fetched_file')
      .values(values)
      .onConflict((oc) => oc.columns(['item_id', 'position']).doUpdateSet(changes))
      .execute();
  }

  async pageFiles(
    filter: {
      pageNo: number;
      pageSize: number;
      dataSourceId?: number | undefined;
      stationId?: number | undefined;
      isMatched?: boolean | undefined;
      keywords?: string | undefined;
    },
    viewer: TAccessSubject,
  ) {
    let query = this.db
      .selectFrom('fetched_file as f')
      .innerJoin('fetched_item as i', 'i.id', 'f.item_id')
      .innerJoin('data_source as d', 'd.id', 'f.data_source_id')
      .leftJoin('file_match_rule as r', 'r.id', 'f.rule_id')
      .leftJoin('station as s', 's.id', 'f.station_id');
    if (!hasAllStations(viewer)) {
      query = query.where((eb) =>
        eb.or([eb('f.station_id', 'is', null), stationAccessPredicate(viewer, 's')]),
      );
    }
    if (filter.dataSourceId !== undefined) query = query.where('f.data_source_id', '=', filter.dataSourceId);
    if (filter.stationId !== undefined) query = query.where('f.station_id', '=', filter.stationId);
    if (filter.isMatched !== undefined) query = query.where('f.is_matched', '=', filter.isMatched);
    if (filter.keywords) query = query.where('f.file_name', 'ilike', likeContains(filter.keywords));
    const { rows: records, total } = await readPage(
      query,
      query
        // The stored file's data receipt (issue 30) for its badge.
        .leftJoin('data_receipt as rc', 'rc.raw_file_id', 'f.raw_file_id')
        .select([
          'f.id',
          'f.data_source_id',
          'd.name as data_source_name',
          'f.file_name',
          'f.size_bytes',
          'i.kind',
          'i.mailbox',
          'i.subject',
          'i.remote_path',
          'f.is_matched',
          'f.rule_id',
          'r.name as rule_name',
          'f.station_id',
          's.station_code',
          'f.raw_file_id',
          'rc.id as receipt_id',
          'rc.status as receipt_status',
          'rc.finding_count as receipt_finding_count',
          'rc.open_count as receipt_open_count',
          'rc.max_severity as receipt_max_severity',
          'f.ingest_status',
          'f.reason',
          'f.created_at',
        ])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc'),
      filter,
    );
    return { records, total };
  }
}
