import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';
import { createLogger } from '../logger.ts';
import { PgBossJobs } from './jobs.ts';

describe('PgBossJobs', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let jobs: PgBossJobs;
  let idle: PgBossJobs;

  beforeAll(async () => {
    database = await createTestDatabase();
    const log = createLogger({ LOG_LEVEL: 'silent' });
    jobs = new PgBossJobs(database.url, { isWorking: true, log });
    idle = new PgBossJobs(database.url, { isWorking: false, log });
    await jobs.start();
    await idle.start();
  });

  afterAll(async () => {
    await idle?.stop();
    await jobs?.stop();
    await database?.drop();
  });

  it('runs a sent job in-process, promptly, with its typed payload', async () => {
    const seen: number[] = [];
    const done = new Promise<void>((resolve) => {
      void jobs.work('ingestion.parse', async (job) => {
        seen.push(job.data.rawFileId);
        resolve();
      });
    });
    const started = Date.now();
    const id = await jobs.send('ingestion.parse', { rawFileId: 42 });
    expect(id).toBeTruthy();
    await done;
    expect(seen).toEqual([42]);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('sends from a process without workers; a worker elsewhere runs it', async () => {
    expect(idle.isWorking).toBe(false);
    const done = new Promise<number | null | undefined>((resolve) => {
      void jobs.work('data-source.fetch', async (job) => resolve(job.data.stationId));
    });
    await idle.work('data-source.fetch', async () => {
      throw new Error('must not run in a process without workers');
    });
    await idle.send('data-source.fetch', { dataSourceId: 1, stationId: 7 });
    expect(await done).toBe(7);
  });

  it('keeps one schedule per queue', async () => {
    await jobs.schedule('data-source.tick', '*/5 * * * *', {});
    await jobs.schedule('data-source.tick', '*/10 * * * *', {});
    await jobs.unschedule('data-source.tick');
  });

  it('counts a queue’s jobs until they are done (what /health says of the demo import)', async () => {
    expect(await idle.pendingCount('seed.demo-timeseries')).toBe(0);
    await idle.send('seed.demo-timeseries', {});
    expect(await idle.pendingCount('seed.demo-timeseries')).toBe(1);
    await new Promise<void>((resolve) => {
      void jobs.work('seed.demo-timeseries', async () => resolve());
    });
    // The worker marks the job completed right after its handler returns.
    for (let i = 0; i < 50 && (await jobs.pendingCount('seed.demo-timeseries')) > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await jobs.pendingCount('seed.demo-timeseries')).toBe(0);
  });
});
