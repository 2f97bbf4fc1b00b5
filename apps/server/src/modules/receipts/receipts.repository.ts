import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/** A finding as stored by a receipt's computation (channels as sorted data keys). */
export interface TFindingInsert {
  position: number;
  check: string;
  key: string;
  severity: 'info' | 'warning' | 'error';
  channels: string[];
  fromMs: number;
  toMs: number;
  numbers: Record<string, number | null>;
  chart: Record<string, unknown> | null;
  fix: Record<string, unknown> | null;
  dismissalId: number | null;
}

const SEVERITY_RANK = sql<string>`CASE f.severity WHEN 'error' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END`;

/** Data receipts, their findings, dismissals and applied fixes (migration 0026). */
export class ReceiptRepository {
  constructor(private readonly db: Database) {}

  /** The raw file and its site as the receipt needs them. */
  findRawFile(rawFileId: number) {
    return this.db
      .selectFrom('raw_file as f')
      .innerJoin('station as s', 's.id', 'f.station_id')
      .select([
        'f.id',
        'f.station_id',
        'f.file_name',
        'f.source',
        'f.status',
        'f.first_time',
        'f.last_time',
        's.station_code',
        's.latitude',
        's.longitude',
        's.is_deleted',
      ])
      .where('f.id', '=', rawFileId)
      .executeTakeFirst();
  }

  /** A pending receipt for a file (a recompute resets it); its id. */
  async upsertPending(rawFileId: number, stationId: number, versionId: number | null): Promise<number> {
    const row = await this.db
      .insertInto('data_receipt')
      .values({ raw_file_id: rawFileId, station_id: stationId, version_id: versionId })
      .onConflict((oc) =>
        oc
          .column('raw_file_id')
          .doUpdateSet({ status: 'pending', version_id: versionId, error: null, doubts: null }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The receipt of a held file (issue 40): no figures, the doubts it waits on. */
  async upsertHeld(rawFileId: number, stationId: number, doubts: unknown[]): Promise<void> {
    const values = {
      status: 'held' as const,
      doubts: JSON.stringify(doubts),
      basic: null,
      passed: '[]',
      skipped: '[]',
      finding_count: 0,
      open_count: 0,
      max_severity: null,
      error: null,
      computed_at: new Date(),
    };
    await this.db
      .insertInto('data_receipt')
      .values({ raw_file_id: rawFileId, station_id: stationId, version_id: null, ...values })
      .onConflict((oc) => oc.column('raw_file_id').doUpdateSet(values))
      .execute();
  }

  /** The site's zone: the fixed UTC offset (minutes) its loggers write. */
  async findStationUtcOffset(stationId: number): Promise<number> {
    const row = await this.db
      .selectFrom('station')
      .select('logger_utc_offset_minutes')
      .where('id', '=', stationId)
      .executeTakeFirst();
    return row?.logger_utc_offset_minutes ?? 0;
  }

  findByRawFile(rawFileId: number) {
    return this.db
      .selectFrom('data_receipt')
      .selectAll()
      .where('raw_file_id', '=', rawFileId)
      .executeTakeFirst();
  }

  /** A receipt with its file's name and source and its site's code. */
  findDetail(id: number) {
    return this.db
      .selectFrom('data_receipt as r')
      .innerJoin('raw_file as f', 'f.id', 'r.raw_file_id')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .selectAll('r')
      .select(['f.file_name', 'f.source', 's.station_code'])
      .where('r.id', '=', id)
      .where('s.is_deleted', '=', false)
      .executeTakeFirst();
  }

  async saveComputed(
    id: number,
    input: {
      status: 'done' | 'failed';
      periodStart: Date | null;
      periodEnd: Date | null;
      basic: Record<string, unknown> | null;
      passed: unknown[];
      skipped: unknown[];
      findingCount: number;
      error: string | null;
      computeMs: number;
    },
  ): Promise<void> {
    await this.db
      .updateTable('data_receipt')
      .set({
        status: input.status,
        period_start: input.periodStart,
        period_end: input.periodEnd,
        basic: input.basic === null ? null : JSON.stringify(input.basic),
        passed: JSON.stringify(input.passed),
        skipped: JSON.stringify(input.skipped),
        finding_count: input.findingCount,
        error: input.error,
        compute_ms: input.computeMs,
        computed_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Replaces a receipt's findings (a recompute). */
  /**
   * Stores a (re)computed receipt's findings, idempotent per file: a finding already stored with the same
   * key, channels and period keeps its row (so an applied fix and its undo data stay) and its `fixed`
   * status, and takes the new numbers; new findings are added; stored ones the checks no longer raise are
   * removed unless a fix was applied to them. Returns how many findings are new.
   */
  async replaceFindings(
    receiptId: number,
    stationId: number,
    findings: readonly TFindingInsert[],
  ): Promise<number> {
    const stored = await this.db
      .selectFrom('receipt_finding')
      .select(['id', 'finding_key', 'channels', 'period_start', 'period_end', 'status'])
      .where('receipt_id', '=', receiptId)
      .execute();
    const identity = (key: string, channels: readonly string[], from: number, to: number) =>
      `${key}|${[...channels].join(',')}|${from}|${to}`;
    const byIdentity = new Map(
      stored.map((r) => [
        identity(r.finding_key, r.channels, r.period_start.getTime(), r.period_end.getTime()),
        r,
      ]),
    );
    const kept = new Set<number>();
    const fresh: TFindingInsert[] = [];
    for (const f of findings) {
      const match = byIdentity.get(identity(f.key, f.channels, f.fromMs, f.toMs));
      if (!match || kept.has(match.id)) {
        fresh.push(f);
        continue;
      }
      kept.add(match.id);
      const status = match.status === 'fixed' ? 'fixed' : f.dismissalId === null ? 'open' : 'dismissed';
      await this.db
        .updateTable('receipt_finding')
        .set({
          position: f.position,
          check_kind: f.check,
          severity: f.severity,
          numbers: JSON.stringify(f.numbers),
          chart: f.chart === null ? null : JSON.stringify(f.chart),
          fix: f.fix === null ? null : JSON.stringify(f.fix),
          status,
          dismissal_id: f.dismissalId,
        })
        .where('id', '=', match.id)
        .execute();
    }
    const gone = stored.filter((r) => !kept.has(r.id) && r.status !== 'fixed').map((r) => r.id);
    if (gone.length > 0) await this.db.deleteFrom('receipt_finding').where('id', 'in', gone).execute();
    if (fresh.length === 0) return 0;
    await this.db
      .insertInto('receipt_finding')
      .values(
        fresh.map((f) => ({
          receipt_id: receiptId,
          station_id: stationId,
          position: f.position,
          check_kind: f.check,
          finding_key: f.key,
          severity: f.severity,
          channels: f.channels,
          period_start: new Date(f.fromMs),
          period_end: new Date(f.toMs),
          numbers: JSON.stringify(f.numbers),
          chart: f.chart === null ? null : JSON.stringify(f.chart),
          fix: f.fix === null ? null : JSON.stringify(f.fix),
          status: f.dismissalId === null ? 'open' : 'dismissed',
          dismissal_id: f.dismissalId,
        })),
      )
      .execute();
    return fresh.length;
  }

  /** Recounts a receipt's open findings and their worst severity. */
  async recountOpen(receiptId: number): Promise<void> {
    await sql`
      UPDATE data_receipt r
         SET open_count = o.n, max_severity = o.worst
        FROM (SELECT count(*)::int AS n,
                     (ARRAY['info', 'warning', 'error'])[max(${SEVERITY_RANK})] AS worst
                FROM receipt_finding f WHERE f.receipt_id = ${receiptId} AND f.status = 'open') o
       WHERE r.id = ${receiptId}`.execute(this.db);
  }

  /** The site's dismissals of these finding keys. */
  listDismissals(stationId: number, keys: readonly string[]) {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('receipt_dismissal')
      .select(['id', 'finding_key', 'channels', 'period_start', 'period_end'])
      .where('station_id', '=', stationId)
      .where('finding_key', 'in', [...keys])
      .execute();
  }

  async page(options: { stationId: number; isOpenOnly: boolean; offset: number; limit: number }) {
    let query = this.db
      .selectFrom('data_receipt as r')
      .innerJoin('raw_file as f', 'f.id', 'r.raw_file_id')
      .where('r.station_id', '=', options.stationId);
    if (options.isOpenOnly) query = query.where('r.open_count', '>', 0);
    const [rows, total] = await Promise.all([
      query
        .selectAll('r')
        .select(['f.file_name', 'f.source'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** A receipt's findings with their dismissal and latest fix (its version's name, its tasks' states). */
  listFindings(receiptId: number) {
    return this.db
      .selectFrom('receipt_finding as f')
      .leftJoin('receipt_dismissal as d', 'd.id', 'f.dismissal_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('receipt_fix as x')
            .leftJoin('dataset_version as v', 'v.id', 'x.version_id')
            .leftJoin('processing_task as t', 't.id', 'x.task_id')
            .select([
              'x.id as fix_id',
              'x.version_id as fix_version_id',
              'v.name as fix_version_name',
              'x.status as fix_status',
              'x.task_id as fix_task_id',
              'x.undo_task_id as fix_undo_task_id',
              't.status as fix_task_status',
              'x.creator_name as fix_creator_name',
              'x.created_at as fix_created_at',
            ])
            .whereRef('x.finding_id', '=', 'f.id')
            .orderBy('x.id', 'desc')
            .limit(1)
            .as('x'),
        (join) => join.onTrue(),
      )
      .selectAll('f')
      .select([
        'd.reason as dismissal_reason',
        'd.dismisser_name',
        'd.created_at as dismissed_at',
        'x.fix_id',
        'x.fix_version_id',
        'x.fix_version_name',
        'x.fix_status',
        'x.fix_task_id',
        'x.fix_undo_task_id',
        'x.fix_task_status',
        'x.fix_creator_name',
        'x.fix_created_at',
      ])
      .where('f.receipt_id', '=', receiptId)
      .orderBy('f.position')
      .execute();
  }

  findFinding(id: number) {
    return this.db
      .selectFrom('receipt_finding as f')
      .innerJoin('station as s', 's.id', 'f.station_id')
      .selectAll('f')
      .where('f.id', '=', id)
      .where('s.is_deleted', '=', false)
      .executeTakeFirst();
  }

  async setFindingStatus(
    id: number,
    status: 'open' | 'dismissed' | 'fixed',
    dismissalId?: number,
  ): Promise<void> {
    await this.db
      .updateTable('receipt_finding')
      .set({ status, ...(dismissalId === undefined ? {} : { dismissal_id: dismissalId }) })
      .where('id', '=', id)
      .execute();
  }

  async insertDismissal(input: {
    stationId: number;
    key: string;
    channels: string[];
    periodStart: Date;
    periodEnd: Date;
    reason: string;
    userId: number;
    userName: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('receipt_dismissal')
      .values({
        station_id: input.stationId,
        finding_key: input.key,
        channels: input.channels,
        period_start: input.periodStart,
        period_end: input.periodEnd,
        reason: input.reason,
        dismissed_by: input.userId,
        dismisser_name: input.userName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A working version of the site by name (case-insensitive). */
  findWorkingVersionByName(stationId: number, name: string) {
    return this.db
      .selectFrom('dataset_version')
      .select(['id', 'name'])
      .where('station_id', '=', stationId)
      .where('kind', '=', 'working')
      .where(sql<boolean>`lower(name) = lower(${name})`)
      .executeTakeFirst();
  }

  async insertFix(input: {
    findingId: number;
    stationId: number;
    versionId: number;
    fix: Record<string, unknown>;
    userId: number;
    userName: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('receipt_fix')
      .values({
        finding_id: input.findingId,
        station_id: input.stationId,
        version_id: input.versionId,
        fix: JSON.stringify(input.fix),
        created_by: input.userId,
        creator_name: input.userName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findFix(id: number) {
    return this.db.selectFrom('receipt_fix').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteFix(id: number): Promise<void> {
    await this.db.deleteFrom('receipt_fix').where('id', '=', id).execute();
  }

  async setFixTask(id: number, column: 'task_id' | 'undo_task_id', taskId: number): Promise<void> {
    await this.db
      .updateTable('receipt_fix')
      .set({ [column]: taskId })
      .where('id', '=', id)
      .execute();
  }

  async markFixApplied(id: number, undo: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('receipt_fix')
      .set({ status: 'applied', undo: JSON.stringify(undo), applied_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async markFixUndone(id: number): Promise<void> {
    await this.db
      .updateTable('receipt_fix')
      .set({ status: 'undone', undone_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}
