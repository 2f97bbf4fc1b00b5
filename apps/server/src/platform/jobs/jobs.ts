import PgBoss from 'pg-boss';
import { JOBS_CONNECTIONS } from '../compute/capacity.ts';
import type { Logger } from '../logger.ts';

/**
 * The queues of MastHub and the payload each carries (DESIGN §6). Add a queue here first: `send`,
 * `work` and `schedule` only accept names listed here, with their payload type.
 */
export interface TJobQueues {
  /** Parse one stored raw file (ingestion). */
  'ingestion.parse': { rawFileId: number; userId?: number | null };
  /** Fetch one data source (e-mail inbox or FTP server); `stationId` narrows a manual pull. */
  'data-source.fetch': { dataSourceId: number; stationId?: number | null; userId?: number | null };
  /** Periodic tick that enqueues a fetch for every data source due. */
  'data-source.tick': Record<string, never>;
  /** Daily: drop recognition previews never confirmed. */
  'ingestion.clean-previews': Record<string, never>;
  /** First start: import the demo sites' generated logger files (idempotent; resumes after a stop). */
  'seed.demo-timeseries': { firstMonthMs?: number };
  /** Periodic: open or extend data-missing alarms of silent sites (issue 14). */
  'alarms.sweep': Record<string, never>;
  /** Send one e-mail of the send log (retried with back-off while the server is unreachable or busy). */
  'mail.send': { mailId: number };
  /** Periodic: re-queue e-mails left waiting (a crash between writing and queueing, an expired lease). */
  'mail.sweep': Record<string, never>;
  /** Send one webhook delivery (retried with doubling back-off up to the hook's attempts, issue 32). */
  'webhook.send': { deliveryId: number };
  /** Periodic: re-queue webhook deliveries left waiting (never queued, or an expired lease). */
  'webhook.sweep': Record<string, never>;
  /** The no-data reminders of TimedTask, on their own crons. */
  'reminder.warn': Record<string, never>;
  'reminder.report': Record<string, never>;
  'reminder.receipt': Record<string, never>;
  'reminder.calibration': Record<string, never>;
  /** Render one group report (Word and PDF) and send it when the group says so. */
  'reports.generate': { reportId: number };
  /** Build one analysis report (data report) of a data version: Word and PDF. */
  'reports.analysis': { reportId: number };
  /** Periodic: write the due scheduled reports of every group (once per slot across processes). */
  'reports.tick': Record<string, never>;
  /** Export the file of an approved download application and send its link (issue 17). */
  'apply.export': { applicationId: number };
  /** Once after an upgrade: the per-day recovery of sites that held data before the hub existed. */
  'hub.backfill-days': Record<string, never>;
  /** Daily after midnight UTC: roll the hub's recovery windows of every site forward a day. */
  'hub.roll-windows': Record<string, never>;
  /** Nightly: the stored IEA ice class of every site (issue 45 §2, modules/cold-climate). */
  'cold-climate.refresh': Record<string, never>;
  /** Recompute the long-term convergence of one site with a default (issue 28, WIND-ANALYSIS §13). */
  'longterm.convergence': { stationId: number };
  /** Nightly: queue a convergence recompute for every site with a default. */
  'longterm.convergence-nightly': Record<string, never>;
  /** Compute the data receipt of one stored raw file (issue 30, WIND-ANALYSIS §15). */
  'receipt.compute': { rawFileId: number };
  /** At start, and again while unfinished: re-encode the chunks stored as zlib (issue 33). */
  'store.reencode': Record<string, never>;
  /** At start, and again while unfinished: move the chunks into the partitioned table (issue 43 §5). */
  'store.partition': Record<string, never>;
  /** Run one data-processing task (MeasureWind); `language` of the request that started it. */
  'processing.run': { taskId: number; language: 'zh' | 'en' };
}

export type TQueueName = keyof TJobQueues;

/**
 * How often the workers of cron-driven queues look for work. Their jobs come once a minute or less,
 * and every poll holds one of the pool's connections: polling them each second kept the connections
 * busy enough to delay processing tasks behind them (measured in the browser suite).
 */
export const SCHEDULED_POLL_SECONDS = 10;

/** Options of one job: a subset of pg-boss's send options. */
export interface TSendOptions {
  /** At most one queued job with this key (pg-boss singletonKey). */
  singletonKey?: string;
  /** Delay in seconds, or a date. */
  startAfter?: number | Date;
  retryLimit?: number;
  retryDelay?: number;
  /** Doubles the delay after each failed attempt (with jitter). */
  retryBackoff?: boolean;
  expireInSeconds?: number;
  priority?: number;
}

export interface TJob<D> {
  id: string;
  data: D;
}

export interface TWorkOptions {
  /** How many jobs of this queue run at once in this process (default 1). */
  concurrency?: number;
  /** Polling interval when idle (default 1 s); local sends wake the worker at once. */
  pollingIntervalSeconds?: number;
}

/** Background jobs and cron schedules on the same PostgreSQL (pg-boss). */
export interface TJobs {
  /** Whether this process runs workers (JOBS_ENABLED); sending works either way. */
  readonly isWorking: boolean;
  send<Q extends TQueueName>(queue: Q, data: TJobQueues[Q], options?: TSendOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement (an outbox's deliveries); their ids are not returned. */
  sendMany<Q extends TQueueName>(
    queue: Q,
    items: readonly { data: TJobQueues[Q]; options?: TSendOptions }[],
  ): Promise<void>;
  /**
   * Registers a handler; a thrown error fails the job (pg-boss retries per the queue's policy).
   * A no-op in a process started with JOBS_ENABLED=false.
   */
  work<Q extends TQueueName>(
    queue: Q,
    handler: (job: TJob<TJobQueues[Q]>) => Promise<void>,
    options?: TWorkOptions,
  ): Promise<void>;
  /** A cron schedule (UTC unless `tz`) that sends `data` to `queue`; one per queue name. */
  schedule<Q extends TQueueName>(
    queue: Q,
    cron: string,
    data: TJobQueues[Q],
    options?: { tz?: string },
  ): Promise<void>;
  unschedule(queue: TQueueName): Promise<void>;
  /** The state of one job, or null when unknown (completed jobs are kept a while). */
  getJob(queue: TQueueName, id: string): Promise<{ state: string; output: unknown } | null>;
  /** How many jobs of a queue are not done yet (created, waiting to retry or running). */
  pendingCount(queue: TQueueName): Promise<number>;
}

export interface TJobsOptions {
  /** Run workers and schedules in this process (JOBS_ENABLED). */
  isWorking: boolean;
  log: Logger;
}

/**
 * pg-boss in its own schema (`pgboss`) of the application database. `start` installs or upgrades the
 * schema; `stop` waits for running jobs a short while, then leaves the rest to be retried.
 */
export class PgBossJobs implements TJobs {
  readonly isWorking: boolean;
  private readonly boss: PgBoss;
  private readonly log: Logger;
  private readonly createdQueues = new Map<string, Promise<void>>();
  private readonly workerIds = new Map<string, string[]>();
  private isStarted = false;

  constructor(connectionString: string, options: TJobsOptions) {
    this.isWorking = options.isWorking;
    this.log = options.log;
    this.boss = new PgBoss({
      connectionString,
      max: JOBS_CONNECTIONS,
      application_name: 'masthub-jobs',
      schedule: options.isWorking,
      supervise: options.isWorking,
    });
    // While stopping, a poll cut short by the shutdown is expected, not an error worth an alarm.
    this.boss.on('error', (err) =>
      this.isStopping
        ? this.log.debug({ err }, 'job queue error while stopping')
        : this.log.error({ err }, 'job queue error'),
    );
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.isStarted = true;
  }

  private isStopping = false;

  async stop(): Promise<void> {
    if (!this.isStarted) return;
    this.isStarted = false;
    this.isStopping = true;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
  }

  private ensureQueue(queue: string): Promise<void> {
    let created = this.createdQueues.get(queue);
    if (!created) {
      created = (async () => {
        for (let attempt = 0; ; attempt++) {
          if (await this.boss.getQueue(queue)) return;
          try {
            await this.boss.createQueue(queue, { name: queue, retryLimit: 2, retryDelay: 10 });
            return;
          } catch (error) {
            // Another process may be creating it at the same moment: look again shortly.
            if (attempt >= 5) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 100));
          }
        }
      })();
      created.catch(() => this.createdQueues.delete(queue));
      this.createdQueues.set(queue, created);
    }
    return created;
  }

  async send<Q extends TQueueName>(
    queue: Q,
    data: TJobQueues[Q],
    options: TSendOptions = {},
  ): Promise<string | null> {
    await this.ensureQueue(queue);
    const id = await this.boss.send(queue, data as object, options);
    // Wake this process's idle workers of that queue instead of waiting for their next poll.
    for (const workerId of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  async sendMany<Q extends TQueueName>(
    queue: Q,
    items: readonly { data: TJobQueues[Q]; options?: TSendOptions }[],
  ): Promise<void> {
    if (items.length === 0) return;
    await this.ensureQueue(queue);
    await this.boss.insert(
      items.map(({ data, options = {} }) => {
        const { startAfter, ...rest } = options;
        const after = typeof startAfter === 'number' ? new Date(Date.now() + startAfter * 1000) : startAfter;
        return { name: queue, data: data as object, ...rest, ...(after ? { startAfter: after } : {}) };
      }),
    );
    for (const workerId of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(workerId);
  }

  async work<Q extends TQueueName>(
    queue: Q,
    handler: (job: TJob<TJobQueues[Q]>) => Promise<void>,
    options: TWorkOptions = {},
  ): Promise<void> {
    if (!this.isWorking) return;
    await this.ensureQueue(queue);
    const concurrency = Math.max(1, options.concurrency ?? 1);
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      let workerId: string | undefined;
      const id = await this.boss.work<TJobQueues[Q]>(
        queue,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
        async (jobs) => {
          try {
            for (const job of jobs) {
              try {
                await handler({ id: job.id, data: job.data });
              } catch (err) {
                this.log.warn({ err, queue, jobId: job.id }, 'job failed');
                throw err;
              }
            }
          } finally {
            // pg-boss sleeps out the rest of the polling interval after every job, so a worker did at
            // most one job a second however full its queue (measured: 250 daily files/min with 4
            // workers). After a job, look for the next at once; an empty queue still waits its interval.
            if (workerId !== undefined && jobs.length > 0) this.boss.notifyWorker(workerId);
          }
        },
      );
      workerId = id;
      ids.push(id);
    }
    this.workerIds.set(queue, [...(this.workerIds.get(queue) ?? []), ...ids]);
  }

  async schedule<Q extends TQueueName>(
    queue: Q,
    cron: string,
    data: TJobQueues[Q],
    options: { tz?: string } = {},
  ): Promise<void> {
    if (!this.isWorking) return;
    await this.ensureQueue(queue);
    await this.boss.schedule(queue, cron, data as object, { tz: options.tz ?? 'UTC' });
  }

  async unschedule(queue: TQueueName): Promise<void> {
    await this.boss.unschedule(queue);
  }

  async getJob(queue: TQueueName, id: string): Promise<{ state: string; output: unknown } | null> {
    const job = await this.boss.getJobById(queue, id);
    return job ? { state: job.state, output: job.output } : null;
  }

  async pendingCount(queue: TQueueName): Promise<number> {
    return (await this.boss.getQueueSize(queue, { before: 'completed' })) ?? 0;
  }
}
