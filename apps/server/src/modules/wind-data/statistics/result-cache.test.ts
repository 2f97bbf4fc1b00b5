import { describe, expect, it } from 'vitest';
import { ResultCache } from './result-cache.ts';

describe('ResultCache', () => {
  it('answers a second identical request from the cache', async () => {
    const cache = new ResultCache<number>(4, 60_000);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.getOrCompute('a', compute)).toEqual({ value: 1, cached: false });
    expect(await cache.getOrCompute('a', compute)).toEqual({ value: 1, cached: true });
    expect(runs).toBe(1);
  });

  it('computes once for requests that arrive together', async () => {
    const cache = new ResultCache<number>(4, 60_000);
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const compute = async () => {
      runs++;
      await gate;
      return 7;
    };
    const both = Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)]);
    release();
    expect((await both).map((r) => r.value)).toEqual([7, 7]);
    expect(runs).toBe(1);
  });

  it('keeps nothing of a failed computation, so the next request tries again', async () => {
    const cache = new ResultCache<number>(4, 60_000);
    await expect(cache.getOrCompute('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await cache.getOrCompute('k', async () => 3)).toEqual({ value: 3, cached: false });
  });

  it('drops the least recently used entry past its size, and entries past their age', async () => {
    let now = 0;
    const cache = new ResultCache<string>(2, 1_000, () => now);
    await cache.getOrCompute('a', async () => 'A');
    await cache.getOrCompute('b', async () => 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    await cache.getOrCompute('c', async () => 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    now = 2_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used entries while their summed weight is above the budget', async () => {
    const cache = new ResultCache<string>(100, 60_000, Date.now, { of: (v) => v.length, max: 10 });
    await cache.getOrCompute('a', async () => 'aaaa');
    await cache.getOrCompute('b', async () => 'bbbb');
    expect(cache.get('a')).toBe('aaaa'); // a is now the most recent
    await cache.getOrCompute('c', async () => 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.totalWeightKept).toBe(8);
    // Heavier than the whole budget: answered, not kept, and nothing else is dropped for it.
    expect(await cache.getOrCompute('huge', async () => 'x'.repeat(11))).toEqual({
      value: 'x'.repeat(11),
      cached: false,
    });
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
