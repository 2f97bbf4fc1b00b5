import type { Database } from '../../platform/db/database.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { REENCODE_BATCH, reencodeProgress, reencodeStep } from './chunk-reencode.repository.ts';

/** A job run gives way after this long and queues the next run (the queue's lease is never outlived). */
const RUN_BUDGET_MS = 60_000;

/** Runs steps until the end or the time budget; true when every chunk is in the new form. */
export async function reencodeFor(db: Database, budgetMs: number, size = REENCODE_BATCH): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    const step = await reencodeStep(db, size);
    if (step.done) return true;
    if (Date.now() - started >= budgetMs) return false;
    // Give the event loop to requests between steps.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The `store.reencode` job: queued at every start; a run that ran out of time queues the next. */
export async function registerReencodeJob(jobs: TJobs, db: Database, log: Logger): Promise<void> {
  await jobs.work('store.reencode', async () => {
    const finished = await reencodeFor(db, RUN_BUDGET_MS);
    const { reencoded } = await reencodeProgress(db);
    if (finished) log.info({ reencoded }, 'time-series chunks all in the shuffled LZ4 form');
    else {
      log.info({ reencoded }, 'time-series chunks re-encoding: continuing');
      // No singleton key: this run's own key would refuse it while it is still active.
      await jobs.send('store.reencode', {});
    }
  });
  await jobs.send('store.reencode', {}, { singletonKey: 'store.reencode' });
}
