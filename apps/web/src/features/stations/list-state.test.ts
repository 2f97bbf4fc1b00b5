import { describe, expect, it } from 'vitest';
import { createListStateStore, INITIAL_LIST_STATE, parseListState } from './list-state.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
    map,
  };
}

describe('createListStateStore(storage)', () => {
  it('keeps the state per user and mirrors it to the session store', () => {
    const storage = memoryStorage();
    const store = createListStateStore(() => storage);
    store.write('1', { query: { keywords: '北' }, pageNo: 3, sortField: 'stationCode', sortOrder: 'desc' });
    expect(store.read('1')).toMatchObject({ pageNo: 3, query: { keywords: '北' }, sortField: 'stationCode' });
    expect(store.read('2')).toEqual(INITIAL_LIST_STATE);
    // A reload (a new store over the same session store) still has it.
    const reloaded = createListStateStore(() => storage);
    expect(reloaded.read('1')).toMatchObject({ pageNo: 3, sortOrder: 'desc' });
  });

  it('merges patches (scroll saved on leaving keeps the filters)', () => {
    const store = createListStateStore(() => memoryStorage());
    store.write('1', { query: { status: [1] }, pageNo: 2 });
    store.write('1', { scrollTop: 480, scrollLeft: 120 });
    expect(store.read('1')).toEqual({ query: { status: [1] }, pageNo: 2, scrollTop: 480, scrollLeft: 120 });
  });

  it('works without a session store', () => {
    const store = createListStateStore(() => undefined);
    store.write('1', { pageNo: 4 });
    expect(store.read('1').pageNo).toBe(4);
  });
});

describe('parseListState(text)', () => {
  it('falls back to the initial state for anything malformed', () => {
    expect(parseListState(null)).toEqual(INITIAL_LIST_STATE);
    expect(parseListState('{nope')).toEqual(INITIAL_LIST_STATE);
    expect(parseListState('[1]')).toEqual(INITIAL_LIST_STATE);
    expect(
      parseListState(JSON.stringify({ pageNo: -3, query: 'x', scrollTop: 'a', sortField: 'stationCode' })),
    ).toEqual(INITIAL_LIST_STATE);
  });
});
