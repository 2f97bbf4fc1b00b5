import type { Database } from './database.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * Reads sent to a PostgreSQL streaming replica (`DATABASE_REPLICA_URL`, issue 43 §5) when it has replayed
 * what they read, else to the primary. Only the compute threads' reads come here (statistics, exports,
 * suitability, long-term, energy, lidar; the receipts and charts keep to the primary): every write, and
 * every read of a request that must see its own writes at once (the API's own pool, the jobs), stays on
 * the primary.
 *
 * How lag is judged is the reader's: a `TReplayCheck` reads a stamp on the primary first, then on the
 * replica, and the replica serves when its stamp covers the primary's. Read in that order, a replica
 * that covers the stamp has replayed every commit the primary had made when the read began. The chunk
 * readers judge by their versions' data revisions (timeseries `versionsReplayed`).
 *
 * A replica that fails (down, unreachable, shutting down, not answering the stamp read within 2 s, or
 * cancelling a read for a conflict with its replay) is left for `retryMs`, with a warning logged once;
 * reads go to the primary meanwhile, and back to the replica, with a line saying so, once it answers
 * again. A replica that freezes in the middle of a read holds that read as a frozen primary would (the
 * request's timeout ends it); the next reads find it in the stamp read.
 */
export interface TReplayCheck<S> {
  /** The stamp of what the read needs, read on `db` (the primary, then the replica). */
  read(db: Database): Promise<S>;
  /** Whether the replica's stamp covers the primary's: it has replayed what the read needs. */
  covers(replica: S, primary: S): boolean;
}

export type TReadTarget = 'primary' | 'replica';

/** The two log lines a replica's state changes write (a pino logger fits). */
export interface TReplicaLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

/** How long a replica that failed is left before reads try it again. */
export const REPLICA_RETRY_MS = 5_000;

/**
 * How long the replica's stamp read may take before the read goes to the primary: a replica that is
 * frozen (a paused machine, a cut network: connections open, nothing answers) must not hold the task.
 */
export const REPLICA_CHECK_TIMEOUT_MS = 2_000;

/** The replica did not answer its stamp read in time. */
class ReplicaTimeoutError extends Error {
  readonly code = 'REPLICA_TIMEOUT';
  constructor(ms: number) {
    super(`the read replica did not answer within ${ms} ms`);
  }
}

/** `work`, or a rejection once `ms` have passed without its answer. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReplicaTimeoutError(ms)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** SQLSTATE of a read a hot standby cancelled for a conflict with its replay (also a serialisation failure). */
const RECOVERY_CONFLICT = '40001';

/** Whether a replica's error means "read the primary instead": it is away, or cancelled the read for its replay. */
export function isReplicaFailure(error: unknown): boolean {
  if (isDatabaseUnavailable(error) || error instanceof ReplicaTimeoutError) return true;
  return (error as { code?: unknown } | null)?.code === RECOVERY_CONFLICT;
}

export class ReplicaReads {
  private retryAt = 0;
  private isAway = false;

  constructor(
    private readonly log: TReplicaLog,
    private readonly options: { retryMs?: number; checkTimeoutMs?: number; now?: () => number } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Whether the replica is being left after a failure (reads go to the primary until the retry time). */
  get isResting(): boolean {
    return this.isAway && this.now() < this.retryAt;
  }

  /**
   * Where a read goes: the replica when there is one, it is not resting after a failure, and `check`
   * finds it caught up; the primary otherwise (no check: the read must see the primary). A failure of the
   * primary's own stamp read is thrown (the read would fail there too); the replica's is logged and the
   * answer is the primary.
   */
  async choose<S>(
    databases: { primary: Database; replica: Database | undefined },
    check: TReplayCheck<S> | undefined,
  ): Promise<TReadTarget> {
    const { primary, replica } = databases;
    if (!replica || !check || this.isResting) return 'primary';
    const wanted = await check.read(primary);
    let seen: S;
    try {
      seen = await within(check.read(replica), this.options.checkTimeoutMs ?? REPLICA_CHECK_TIMEOUT_MS);
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.failed(error);
      return 'primary';
    }
    this.answered();
    return check.covers(seen, wanted) ? 'replica' : 'primary';
  }

  /**
   * Runs `read` where `choose` sends it; a read the replica fails (it went away, or cancelled the read for
   * its replay) runs again on the primary. Only for reads that may run twice (they write nothing and
   * answer once at the end): a streamed export chooses once and stays.
   */
  async read<S, R>(
    databases: { primary: Database; replica: Database | undefined },
    check: TReplayCheck<S> | undefined,
    read: (db: Database, target: TReadTarget) => Promise<R>,
  ): Promise<R> {
    const target = await this.choose(databases, check);
    if (target === 'primary' || !databases.replica) return read(databases.primary, 'primary');
    try {
      return await read(databases.replica, 'replica');
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.failed(error);
      return read(databases.primary, 'primary');
    }
  }

  /** A replica read failed: leave it for a while, and say so once. */
  failed(error: unknown): void {
    this.retryAt = this.now() + (this.options.retryMs ?? REPLICA_RETRY_MS);
    if (this.isAway) return;
    this.isAway = true;
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    this.log.warn(
      {
        code,
        reason: typeof message === 'string' ? message : String(error),
        retryMs: this.options.retryMs ?? REPLICA_RETRY_MS,
      },
      'the read replica failed: compute reads go to the primary until it answers again',
    );
  }

  private answered(): void {
    if (!this.isAway) return;
    this.isAway = false;
    this.log.info({}, 'the read replica answers again: compute reads go to it');
  }
}
