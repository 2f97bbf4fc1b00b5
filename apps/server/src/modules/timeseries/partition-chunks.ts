import type { Database } from '../../platform/db/database.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { MOVE_BATCH, moveProgress, moveStep } from './chunk-move.repository.ts';

/** A job run gives way after this long and queues the next run (the queue's lease is never outlived). */
const RUN_BUDGET_MS = 60_000;

/** Runs steps of the move into the partitions until the end or the time budget; true when it is done. */
export async function moveFor(db: Database, budgetMs: number, size = MOVE_BATCH): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    const step = await moveStep(db, size);
    if (step.done) return true;
    if (Date.now() - started >= budgetMs) return false;
    // Give the event loop to requests between steps.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The `store.partition` job (migration 0042): queued at every start; a run that ran out of time queues the
 * next. When the move ends it queues the re-encoding again, which the end rewinds if it had not finished
 * when the move began (it walks ts_chunk only).
 */
export async function registerPartitionJob(jobs: TJobs, db: Database, log: Logger): Promise<void> {
  await jobs.work('store.partition', async () => {
    if ((await moveProgress(db)).done) return;
    const finished = await moveFor(db, RUN_BUDGET_MS);
    const { moved } = await moveProgress(db);
    if (finished) {
      log.info({ moved }, 'time-series chunks all in the partitioned table');
      await jobs.send('store.reencode', {});
    } else {
      log.info({ moved }, 'time-series chunks moving into the partitioned table: continuing');
      // No singleton key: this run's own key would refuse it while it is still active.
      await jobs.send('store.partition', {});
    }
  });
  await jobs.send('store.partition', {}, { singletonKey: 'store.partition' });
}
