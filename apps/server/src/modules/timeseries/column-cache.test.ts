import { describe, expect, it } from 'vitest';
import { ColumnCache, sharedColumn } from './column-cache.ts';

describe('ColumnCache', () => {
  it('keys a column by version, data revision, channel and grid', () => {
    const grid = { intervalS: 600, fromMs: 0, toMs: 86_400_000 };
    expect(ColumnCache.key(1, 7, 3, grid)).not.toBe(ColumnCache.key(1, 8, 3, grid));
    expect(ColumnCache.key(1, 7, 3, grid)).not.toBe(ColumnCache.key(1, 7, 3, { ...grid, toMs: 1 }));
    expect(ColumnCache.key(1, 7, 3, grid)).toBe(ColumnCache.key(1, 7, 3, { ...grid }));
  });

  it('holds shared-memory columns up to its bytes, the least recently used leaving first', () => {
    const cache = new ColumnCache(3 * 100 * 5);
    for (const k of ['a', 'b', 'c']) cache.set(k, sharedColumn(100));
    expect(cache.bytes).toBe(1500);
    cache.get('a'); // a is now the most recent: b goes first
    cache.set('d', sharedColumn(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(1500);
  });

  it('replaces a key without counting it twice, and refuses a column larger than it all or not shared', () => {
    const cache = new ColumnCache(1000);
    cache.set('a', sharedColumn(100));
    cache.set('a', sharedColumn(100));
    expect(cache.bytes).toBe(500);
    cache.set('big', sharedColumn(1000));
    expect(cache.get('big')).toBeUndefined();
    cache.set('private', { values: new Float32Array(10), flags: new Uint8Array(10) });
    expect(cache.get('private')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('starts a shared column as missing values with no flags', () => {
    const c = sharedColumn(4);
    expect(c.values.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(c.values).every(Number.isNaN)).toBe(true);
    expect(Array.from(c.flags)).toEqual([0, 0, 0, 0]);
  });
});
