import type { SelectQueryBuilder } from 'kysely';
import { countRows } from './rows.ts';

/** The page asked for: numbered from 1. */
export interface TPageWindow {
  pageNo: number;
  pageSize: number;
}

/**
 * One page of a list and the number of rows in the whole list, read together. `filtered` is the list's
 * query with its conditions (it is counted); `listed` is the same query with its columns and order (it
 * is cut to the page), and may join more tables for its columns.
 */
export async function readPage<DL, TL extends keyof DL, O, DC, TC extends keyof DC>(
  filtered: SelectQueryBuilder<DC, TC, object>,
  listed: SelectQueryBuilder<DL, TL, O>,
  window: TPageWindow,
): Promise<{ rows: O[]; total: number }> {
  const [rows, total] = await Promise.all([
    listed
      .limit(window.pageSize)
      .offset((window.pageNo - 1) * window.pageSize)
      .execute(),
    countRows(filtered),
  ]);
  return { rows, total };
}
