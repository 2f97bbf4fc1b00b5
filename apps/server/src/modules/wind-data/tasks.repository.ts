import type { TTaskKind, TTaskStatus } from '@masthub/shared';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { readPage } from '../../platform/db/paging.ts';
import { VERSION_LOCK_CLASS } from '../timeseries/index.ts';

export interface TTaskRow {
  id: number;
  versionId: number;
  stationId: number;
  kind: TTaskKind;
  status: TTaskStatus;
  progress: number;
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
  errorKey: string | null;
  errorDetails: Record<string, unknown> | null;
  createdBy: number | null;
  creatorName: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Processing tasks (migration 0008): at most one queued or running task per version (unique index). */
export class TaskRepository {
  constructor(private readonly db: Database) {}

  /** Inserts a queued task; undefined when the version already has an active one (the index said no). */
  async insertQueued(input: {
    versionId: number;
    stationId: number;
    kind: TTaskKind;
    params: Record<string, unknown>;
    createdBy: number | null;
    creatorName: string;
  }): Promise<TTaskRow | undefined> {
    const row = await sql<TDbTask>`
      INSERT INTO processing_task (version_id, station_id, kind, params, created_by, creator_name)
      VALUES (${input.versionId}, ${input.stationId}, ${input.kind}, ${JSON.stringify(input.params)}::jsonb,
              ${input.createdBy}, ${input.creatorName})
      ON CONFLICT (version_id) WHERE status IN ('queued', 'running') DO NOTHING
      RETURNING *`.execute(this.db);
    const r = row.rows[0];
    return r ? toTask(r) : undefined;
  }

  async findActive(versionId: number): Promise<TTaskRow | undefined> {
    const row = await this.db
      .selectFrom('processing_task')
      .selectAll()
      .where('version_id', '=', versionId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row ? toTask(row as unknown as TDbTask) : undefined;
  }

  async find(id: number): Promise<TTaskRow | undefined> {
    const row = await this.db
      .selectFrom('processing_task')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toTask(row as unknown as TDbTask) : undefined;
  }

  /** queued → running; false when the task is not queued any more (already run or failed). */
  async markRunning(id: number): Promise<boolean> {
    const r = await this.db
      .updateTable('processing_task')
      .set({ status: 'running', started_at: new Date(), progress: 0 })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setProgress(id: number, progress: number): Promise<void> {
    await this.db
      .updateTable('processing_task')
      .set({ progress: Math.max(0, Math.min(100, Math.round(progress))) })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  async markSucceeded(id: number, result: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('processing_task')
      .set({ status: 'succeeded', progress: 100, result: JSON.stringify(result), finished_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: number, errorKey: string, details: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('processing_task')
      .set({
        status: 'failed',
        error_key: errorKey,
        error_details: JSON.stringify(details),
        finished_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Tasks a stopped process left running: they failed (their transaction rolled back). A task another
   * live process is running holds its version's lock for its whole transaction, so only tasks whose
   * version lock is free are failed (several API/worker processes may start at different times).
   */
  async failInterrupted(): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      UPDATE processing_task SET status = 'failed', error_key = 'interrupted', finished_at = now()
      WHERE status = 'running' AND pg_try_advisory_xact_lock(${VERSION_LOCK_CLASS}, version_id::int)
      RETURNING id`.execute(this.db);
    return rows.rows.map((r) => Number(r.id));
  }

  async listQueued(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('processing_task')
      .select('id')
      .where('status', '=', 'queued')
      .execute();
    return rows.map((r) => r.id);
  }

  async page(filter: {
    stationId: number;
    versionId?: number | undefined;
    pageNo: number;
    pageSize: number;
  }): Promise<{ records: TTaskRow[]; total: number }> {
    let q = this.db.selectFrom('processing_task').where('station_id', '=', filter.stationId);
    if (filter.versionId !== undefined) q = q.where('version_id', '=', filter.versionId);
    const { rows, total } = await readPage(q, q.selectAll().orderBy('id', 'desc'), filter);
    return { records: rows.map((r) => toTask(r as unknown as TDbTask)), total };
  }
}

interface TDbTask {
  id: number;
  version_id: number;
  station_id: number;
  kind: TTaskKind;
  status: TTaskStatus;
  progress: number;
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error_key: string | null;
  error_details: Record<string, unknown> | null;
  created_by: number | null;
  creator_name: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

function toTask(r: TDbTask): TTaskRow {
  return {
    id: Number(r.id),
    versionId: Number(r.version_id),
    stationId: Number(r.station_id),
    kind: r.kind,
    status: r.status,
    progress: r.progress,
    params: r.params ?? {},
    result: r.result,
    errorKey: r.error_key,
    errorDetails: r.error_details,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    creatorName: r.creator_name,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}
