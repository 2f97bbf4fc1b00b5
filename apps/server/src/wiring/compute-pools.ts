// The compute thread pools of the composition root: which modules' task files every thread loads, how many
// threads, their warm-up and their close (moved out of server.ts, which imports them).
import { ENERGY_COMPUTE_TASKS } from '../modules/energy/index.ts';
import { LIDAR_COMPUTE_TASKS } from '../modules/lidar/index.ts';
import { LONGTERM_COMPUTE_TASKS } from '../modules/longterm/index.ts';
import { RECEIPT_COMPUTE_TASKS } from '../modules/receipts/index.ts';
import { SUITABILITY_COMPUTE_TASKS } from '../modules/suitability/index.ts';
import { WIND_DATA_COMPUTE_TASKS } from '../modules/wind-data/index.ts';
import { EXPORTS_PER_THREAD, type TCapacity } from '../platform/compute/capacity.ts';
import { ComputePool } from '../platform/compute/compute-pool.ts';

/** The worker-thread pools: statistics and the rest, and exports (their own threads, eight a thread). */
export interface TComputePools {
  compute: ComputePool;
  computeStreams: ComputePool;
}

/** The modules' task files every compute thread loads (platform/compute/compute-tasks.ts). */
const COMPUTE_TASK_MODULES = [
  WIND_DATA_COMPUTE_TASKS,
  ENERGY_COMPUTE_TASKS,
  LONGTERM_COMPUTE_TASKS,
  RECEIPT_COMPUTE_TASKS,
  SUITABILITY_COMPUTE_TASKS,
  LIDAR_COMPUTE_TASKS,
];

export function createComputePools(
  capacity: TCapacity,
  options: { logLevel?: string; replicaRetryMs?: number } = {},
): TComputePools {
  const threads = Math.max(1, capacity.threads);
  return {
    compute: new ComputePool({ taskModules: COMPUTE_TASK_MODULES, threads, ...options }),
    // Exports wait on the client between pieces: their own threads, eight exports a thread.
    computeStreams: new ComputePool({
      taskModules: COMPUTE_TASK_MODULES,
      threads,
      tasksPerThread: EXPORTS_PER_THREAD,
      ...options,
    }),
  };
}

/**
 * Starts every statistics thread, then the first export thread (a small task each: the thread loads its
 * code to run it) and, given the database, opens their connections (to the read replica too, when there
 * is one). One after the other: with the default COMPUTE_THREADS (the cores less one) the start itself
 * keeps a core of its own.
 */
export async function warmPools(
  pools: TComputePools,
  databaseUrl?: string,
  replicaUrl?: string,
): Promise<void> {
  const task = {
    kind: 'warm',
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(replicaUrl ? { replicaUrl } : {}),
  } as const;
  await pools.compute.warm(task);
  await pools.computeStreams.warm(task, 1);
}

export async function closePools(pools: TComputePools): Promise<void> {
  await pools.compute.close().catch(() => undefined);
  await pools.computeStreams.close().catch(() => undefined);
}
