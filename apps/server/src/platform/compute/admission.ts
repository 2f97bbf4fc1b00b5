import { AppError } from '@masthub/shared';

/**
 * The kinds of heavy work, each with its own running bound: `compute` (statistics, their workbook,
 * energy yield, mesoscale scaling: CPU on a worker thread or the event loop) and `export` (a version's
 * exports and the original files: a download that may be slow, held for as long as it streams), so
 * slow downloads never fill the places the statistics wait for.
 */
export type THeavyLane = 'compute' | 'export';

export interface TAdmissionLimits {
  /** Heavy calls one user may have running or waiting at once; one more is a 429. */
  perUser: number;
  /** Calls of a lane that run at once (the rest wait in line). */
  running: Record<THeavyLane, number>;
  /** Calls of a lane that may wait in line; one more is a 503. */
  queue: number;
}

/** How long a refused caller is told to wait (Retry-After): their own call or the line moves by then. */
export const RETRY_AFTER_SECONDS = { perUser: 5, busy: 10 } as const;

/**
 * Admission of heavy work (issue 26): one line per lane, bounded, in arrival order, with a per-user limit,
 * so no user and no burst of calls can pile up more work than the threads and the database connections
 * serve. A refusal is a localised AppError with the seconds to wait: HEAVY_LIMIT_PER_USER (429, too many
 * of yours) or SERVER_BUSY (503, the line is full). Light calls never pass through here.
 */
export class HeavyAdmission {
  private readonly ofUser = new Map<number, number>();
  private readonly runningOf: Record<THeavyLane, number> = { compute: 0, export: 0 };
  /** Per lane, the calls waiting for their turn, first come first served. */
  private readonly waitingOf: Record<THeavyLane, (() => void)[]> = { compute: [], export: [] };

  constructor(readonly limits: TAdmissionLimits) {}

  /** Calls running and waiting now, by lane (the tests and the log read it). */
  get load(): Record<THeavyLane, { running: number; waiting: number }> {
    return {
      compute: { running: this.runningOf.compute, waiting: this.waitingOf.compute.length },
      export: { running: this.runningOf.export, waiting: this.waitingOf.export.length },
    };
  }

  /**
   * Takes a place for one heavy call of `userId` in `lane`: resolves with the function that gives it
   * back once the call may run (at once, or when its turn comes), or rejects with the localised refusal.
   * Aborting `signal` (the client went away) leaves the line.
   */
  async admit(userId: number, lane: THeavyLane, signal?: AbortSignal): Promise<() => void> {
    const mine = this.ofUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) {
      throw new AppError('HEAVY_LIMIT_PER_USER', {
        limit: this.limits.perUser,
        retryAfterSeconds: RETRY_AFTER_SECONDS.perUser,
      });
    }
    const waiting = this.waitingOf[lane];
    const canRun = this.runningOf[lane] < Math.max(1, this.limits.running[lane]);
    if (!canRun && waiting.length >= this.limits.queue) {
      throw new AppError('SERVER_BUSY', { retryAfterSeconds: RETRY_AFTER_SECONDS.busy });
    }
    signal?.throwIfAborted();
    this.ofUser.set(userId, mine + 1);
    let isReleased = false;
    const release = () => {
      if (isReleased) return;
      isReleased = true;
      this.forget(userId);
      this.runningOf[lane]--;
      this.next(lane);
    };
    if (canRun) {
      this.runningOf[lane]++;
      return release;
    }
    return new Promise<() => void>((resolve, reject) => {
      const onAbort = () => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        this.forget(userId);
        reject(signal!.reason);
      };
      const waiter = () => {
        signal?.removeEventListener('abort', onAbort);
        this.runningOf[lane]++;
        resolve(release);
      };
      waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private forget(userId: number): void {
    const left = (this.ofUser.get(userId) ?? 1) - 1;
    if (left > 0) this.ofUser.set(userId, left);
    else this.ofUser.delete(userId);
  }

  private next(lane: THeavyLane): void {
    while (this.runningOf[lane] < Math.max(1, this.limits.running[lane])) {
      const admit = this.waitingOf[lane].shift();
      if (!admit) return;
      admit();
    }
  }
}
