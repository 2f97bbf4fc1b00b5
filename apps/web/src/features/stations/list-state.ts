import type { TStationPageRequest } from '@masthub/shared';

/** What the site list remembers while the user is elsewhere (SPEC §2 /stationManage). */
export interface StationListState {
  /** The applied filters, as plain JSON values of the query form (dates as strings). */
  query: Record<string, unknown>;
  pageNo: number;
  sortField?: NonNullable<TStationPageRequest['sortField']>;
  sortOrder?: 'asc' | 'desc';
  /** Scroll of the content area and of the table body, restored after the rows are back. */
  scrollTop: number;
  scrollLeft: number;
}

export const INITIAL_LIST_STATE: StationListState = { query: {}, pageNo: 1, scrollTop: 0, scrollLeft: 0 };

/** Minimal storage interface (sessionStorage in the browser, a map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STORAGE_PREFIX = 'masthub.stationList.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a stored state defensively: anything malformed falls back to the initial state. */
export function parseListState(text: string | null): StationListState {
  if (!text) return INITIAL_LIST_STATE;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return INITIAL_LIST_STATE;
    const number = (key: string, min: number) => {
      const v = value[key];
      return typeof v === 'number' && Number.isFinite(v) && v >= min ? v : min;
    };
    const sortOrder =
      value['sortOrder'] === 'asc' || value['sortOrder'] === 'desc' ? value['sortOrder'] : undefined;
    const sortField = typeof value['sortField'] === 'string' ? value['sortField'] : undefined;
    return {
      query: isRecord(value['query']) ? value['query'] : {},
      pageNo: Math.floor(number('pageNo', 1)),
      ...(sortField && sortOrder ? { sortField: sortField as StationListState['sortField'], sortOrder } : {}),
      scrollTop: number('scrollTop', 0),
      scrollLeft: number('scrollLeft', 0),
    };
  } catch {
    return INITIAL_LIST_STATE;
  }
}

/**
 * The per-user list state: kept in memory for the life of the page and mirrored to the session store so a
 * reload of the tab keeps it too. Another user logging in on the same tab starts from scratch.
 */
export function createListStateStore(storage: () => KeyValueStore | undefined) {
  const memory = new Map<string, StationListState>();
  return {
    read(userKey: string): StationListState {
      const cached = memory.get(userKey);
      if (cached) return cached;
      const state = parseListState(storage()?.getItem(STORAGE_PREFIX + userKey) ?? null);
      memory.set(userKey, state);
      return state;
    },
    write(userKey: string, patch: Partial<StationListState>): StationListState {
      const next = { ...this.read(userKey), ...patch };
      memory.set(userKey, next);
      try {
        storage()?.setItem(STORAGE_PREFIX + userKey, JSON.stringify(next));
      } catch {
        // A full or blocked session store: the in-memory copy still serves this page's life.
      }
      return next;
    },
  };
}

function sessionStore(): KeyValueStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export const stationListState = createListStateStore(sessionStore);
