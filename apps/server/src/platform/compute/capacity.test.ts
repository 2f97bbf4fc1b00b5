import { describe, expect, it } from 'vitest';
import { capacityOf } from './capacity.ts';

const settings = { DATABASE_POOL_SIZE: 20, HEAVY_PER_USER: 2, HEAVY_QUEUE: 64 };

describe('capacityOf(config)', () => {
  it('counts 20 + 8 + 2 + 2 = 32 connections and runs 2 computations and 8 exports with one thread', () => {
    const capacity = capacityOf({ ...settings, COMPUTE_THREADS: 1 });
    expect(capacity.connections).toEqual({
      process: 20,
      jobs: 8,
      computeThreads: 2,
      exportThreads: 2,
      total: 32,
    });
    expect(capacity.admission).toEqual({ perUser: 2, queue: 64, running: { compute: 2, export: 8 } });
  });

  it('grows the threads’ connections and the running bounds with COMPUTE_THREADS', () => {
    const capacity = capacityOf({ ...settings, COMPUTE_THREADS: 7 });
    expect(capacity.connections.total).toBe(20 + 8 + 14 + 14);
    expect(capacity.admission.running).toEqual({ compute: 14, export: 56 });
  });

  it('opens no thread connections with COMPUTE_THREADS=0 and admits as for one thread', () => {
    const capacity = capacityOf({ ...settings, COMPUTE_THREADS: 0 });
    expect(capacity.connections.total).toBe(28);
    expect(capacity.admission.running).toEqual({ compute: 2, export: 8 });
  });
});
