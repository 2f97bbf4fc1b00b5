import {
  AppError,
  displayPersonName,
  type Language,
  localizeProcessingFailure,
  type TPage,
  type TProcessingFailureReason,
  type TProcessingTask,
  type TTaskKind,
  text,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { openTimeSeriesStore, type TTimeSeriesStore, type TVersionRow } from '../timeseries/index.ts';
import { TaskRepository, type TTaskRow } from './tasks.repository.ts';

/** A processing failure the user can act on: the task fails with this localised reason. */
export class ProcessingFailure extends Error {
  constructor(
    readonly reasonKey: TProcessingFailureReason,
    readonly details: Record<string, unknown> = {},
  ) {
    super(reasonKey);
    this.name = 'ProcessingFailure';
  }
}

/** What a task handler gets: its task, the version and repositories bound to the task's transaction. */
export interface TTaskContext {
  task: TTaskRow;
  version: TVersionRow;
  /** The transaction the handler writes in: everything commits at the end, or nothing. */
  trx: Database;
  store: TTimeSeriesStore;
  /** Reports progress 0–100 (written outside the transaction and pushed; throttled). */
  progress(percent: number): Promise<void>;
}

/** Does the work of one kind of task; returns the task's result (counts, fits, choices). */
export type TTaskHandler = (ctx: TTaskContext) => Promise<Record<string, unknown>>;

const PROGRESS_MIN_INTERVAL_MS = 400;

/**
 * Data-processing tasks (SPEC §4, DESIGN §6): one queued or running task per version, enforced by a
 * unique index (a second request gets 409 VERSION_TASK_RUNNING); each task runs as a pg-boss job in one
 * transaction holding the version lock, so a failed task leaves the version unchanged; progress and the
 * end are pushed over the websocket (transient frames) and the end is also stored as a message.
 */
export class ProcessingTaskService {
  private readonly handlers = new Map<TTaskKind, TTaskHandler>();
  private readonly tasks: TaskRepository;
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly jobs: TJobs,
    private readonly messages: MessageService,
    private readonly stationAccess: StationAccess,
    private readonly log: Logger,
    private readonly stationLog: Pick<StationLogService, 'recordAs'>,
  ) {
    this.tasks = new TaskRepository(db);
    this.store = openTimeSeriesStore(db);
  }

  /** Registers the handler of a task kind (each module registers its own at composition time). */
  register(kind: TTaskKind, handler: TTaskHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Starts the worker; fails tasks a stopped process left running and re-queues queued ones. */
  async startWorkers(): Promise<void> {
    if (!this.jobs.isWorking) return;
    const interrupted = await this.tasks.failInterrupted();
    if (interrupted.length > 0) this.log.warn({ interrupted }, 'processing tasks interrupted by a stop');
    await this.jobs.work('processing.run', async (job) => this.run(job.data.taskId, job.data.language), {
      concurrency: 1,
    });
    for (const id of await this.tasks.listQueued()) {
      await this.jobs.send('processing.run', { taskId: id, language: 'zh' }, { singletonKey: `task-${id}` });
    }
  }

  /**
   * The version a user may process: visible to them, and not the view-only original unless the kind
   * only reads it (never: every kind writes).
   */
  async writableVersion(user: TAuthUser, versionId: number): Promise<TVersionRow> {
    const version = await this.store.findVersion(versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.stationAccess.assertCanEdit(user, version.stationId);
    if (version.isViewOnly) throw new AppError('VERSION_VIEW_ONLY');
    return version;
  }

  /** Queues a task on a version; 409 VERSION_TASK_RUNNING when one is already queued or running. */
  async start(
    user: TAuthUser,
    input: { kind: TTaskKind; version: TVersionRow; params: Record<string, unknown>; language: Language },
  ): Promise<TTaskRow> {
    if (!this.handlers.has(input.kind)) throw new Error(`no handler registered for task kind ${input.kind}`);
    const task = await this.tasks.insertQueued({
      versionId: input.version.id,
      stationId: input.version.stationId,
      kind: input.kind,
      params: input.params,
      createdBy: user.id,
      creatorName: user.userName,
    });
    if (!task) {
      const active = await this.tasks.findActive(input.version.id);
      throw new AppError('VERSION_TASK_RUNNING', { taskId: active?.id ?? '' });
    }
    await this.jobs.send(
      'processing.run',
      { taskId: task.id, language: input.language },
      { singletonKey: `task-${task.id}`, retryLimit: 0 },
    );
    return task;
  }

  /** Runs one task (the job handler). Never throws: the outcome is written on the task. */
  async run(taskId: number, language: Language = 'zh'): Promise<void> {
    if (!(await this.tasks.markRunning(taskId))) return;
    const task = (await this.tasks.find(taskId))!;
    const handler = this.handlers.get(task.kind);
    let lastPush = 0;
    let lastPercent = -1;
    const progress = async (percent: number) => {
      const now = Date.now();
      const p = Math.round(percent);
      if (p <= lastPercent || (now - lastPush < PROGRESS_MIN_INTERVAL_MS && p < 100)) return;
      lastPush = now;
      lastPercent = p;
      await this.tasks.setProgress(taskId, p);
      await this.push({ ...task, status: 'running', progress: p }, language);
    };
    await this.push({ ...task, status: 'running' }, language);
    try {
      if (!handler) throw new Error(`no handler for ${task.kind}`);
      const result = await this.db.transaction().execute(async (trx) => {
        const store = openTimeSeriesStore(trx);
        await store.lockVersion(task.versionId);
        const version = await store.findVersion(task.versionId);
        if (!version) throw new ProcessingFailure('no_data');
        const out = await handler({ task, version, trx, store, progress });
        if (task.kind !== 'delete_data') {
          await store.refreshSummary(task.versionId);
          await store.appendLineage(task.versionId, {
            step: task.kind,
            taskId: task.id,
            params: task.params,
            userName: task.creatorName,
            time: new Date().toISOString(),
          });
          // A finished task changed the version's data: the station log says so in the same transaction.
          await this.stationLog.recordAs(
            trx,
            { userId: task.createdBy, systemName: task.creatorName },
            {
              type: task.kind === 'import' ? 'add' : 'edit',
              stationId: task.stationId,
              location: 'dataProcessing',
              objects: text('stationLog.taskDone', {
                version: version.name,
                kind: text(`taskKind.${task.kind}`),
                taskId: task.id,
              }),
              details: {
                taskId: task.id,
                kind: task.kind,
                versionId: task.versionId,
                params: task.params,
                result: out,
              },
            },
          );
        }
        return out;
      });
      await this.tasks.markSucceeded(taskId, result);
      // The task row outlives its version (no foreign key), so it is read back; memory is the fallback.
      const done = (await this.tasks.find(taskId)) ?? {
        ...task,
        status: 'succeeded' as const,
        progress: 100,
        result,
        finishedAt: new Date(),
      };
      await this.push(done, language);
      await this.notifyEnd(done);
    } catch (err) {
      const failure = err instanceof ProcessingFailure ? err : new ProcessingFailure('internal_error', {});
      if (!(err instanceof ProcessingFailure)) this.log.error({ err, taskId }, 'processing task failed');
      await this.tasks.markFailed(taskId, failure.reasonKey, failure.details);
      const failed = (await this.tasks.find(taskId)) ?? {
        ...task,
        status: 'failed' as const,
        errorKey: failure.reasonKey,
        errorDetails: failure.details,
        finishedAt: new Date(),
      };
      await this.push(failed, language);
      await this.notifyEnd(failed);
    }
  }

  async get(user: TAuthUser, taskId: number, language: Language): Promise<TProcessingTask> {
    const task = await this.tasks.find(taskId);
    if (!task) throw new AppError('NOT_FOUND');
    await this.stationAccess.assertCanView(user, task.stationId);
    return presentTask(task, language);
  }

  async page(
    user: TAuthUser,
    filter: { stationId: number; versionId?: number | undefined; pageNo: number; pageSize: number },
    language: Language,
  ): Promise<TPage<TProcessingTask>> {
    await this.stationAccess.assertCanView(user, filter.stationId);
    const { records, total } = await this.tasks.page(filter);
    return presentPage(filter, { rows: records, total }, (t) => presentTask(t, language));
  }

  /** The active task of a version, if any. */
  async activeTaskOf(versionId: number): Promise<TTaskRow | undefined> {
    return this.tasks.findActive(versionId);
  }

  private async push(task: TTaskRow, language: Language): Promise<void> {
    if (task.createdBy === null) return;
    const presented = presentTask(task, language);
    const sent = await this.messages.publishEvent(task.createdBy, { event: 'task', task: presented });
    if (!sent) {
      await this.messages.publishEvent(task.createdBy, {
        event: 'task',
        task: { ...presented, params: {}, result: null },
      });
    }
  }

  private async notifyEnd(task: TTaskRow): Promise<void> {
    if (task.createdBy === null) return;
    const ok = task.status === 'succeeded';
    const params = { kind: text(`taskKind.${task.kind}`), taskId: task.id };
    // The failure reason has its own table (and nested reason keys): both languages are kept.
    const reason = (language: Language) =>
      localizeProcessingFailure(task.errorKey, task.errorDetails, language) ?? '';
    await this.messages.send(task.createdBy, {
      type: 'task',
      message: text(ok ? 'message.taskSucceeded' : 'message.taskFailed', params),
      description:
        ok || task.errorKey === null
          ? null
          : text('part.localized', { value: { zh: reason('zh'), en: reason('en') } }),
      messageType: ok ? 'success' : 'error',
      stationIds: [task.stationId],
    });
  }
}

export function presentTask(task: TTaskRow, language: Language): TProcessingTask {
  return {
    id: task.id,
    versionId: task.versionId,
    stationId: task.stationId,
    kind: task.kind,
    status: task.status,
    progress: task.progress,
    params: task.params,
    result: task.result,
    errorKey: task.errorKey,
    error: localizeProcessingFailure(task.errorKey, task.errorDetails, language),
    creatorName: displayPersonName(task.creatorName, language),
    createTime: task.createdAt.toISOString(),
    startTime: task.startedAt?.toISOString() ?? null,
    finishTime: task.finishedAt?.toISOString() ?? null,
  };
}
