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

/**
 * A page as the API answers it: the page's rows presented (`index` is the row's place on the page), the whole
 * list's count and the window asked for.
 */
export function presentPage<R, T>(
  window: TPageWindow,
  page: { rows: readonly R[]; total: number },
  present: (row: R, index: number) => T,
): { records: T[]; total: number; pageNo: number; pageSize: number } {
  return {
    records: page.rows.map((row, index) => present(row, index)),
    total: page.total,
    pageNo: window.pageNo,
    pageSize: window.pageSize,
  };
}
