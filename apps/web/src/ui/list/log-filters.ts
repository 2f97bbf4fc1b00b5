import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { wallTimeToIso } from '../date-time.ts';

/** A log page's filter form: texts and choices, and a time range in wall time of the user's zone. */
export type TLogFilters = { range?: readonly [string, string] | null };

/** The request of a log page: the filters without their range, and the range's two ends as instants. */
export type TLogPageRequest<F extends TLogFilters> = Partial<Omit<F, 'range'>> & {
  pageNo: number;
  pageSize: number;
  startTime?: string;
  endTime?: string;
};

/**
 * Filters → the request of a log page (login log, site operation log): page 20, blank texts left out,
 * the range sent as instants with the user's zone offset.
 */
export function toLogPageRequest<F extends TLogFilters>(
  filters: F,
  pageNo: number,
  utcCode: string,
): TLogPageRequest<F> {
  const request: Record<string, unknown> = { pageNo, pageSize: PAGE_SIZE };
  for (const [key, value] of Object.entries(filters as object)) {
    if (key === 'range') continue;
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept) request[key] = kept;
  }
  if (filters.range) {
    request.startTime = wallTimeToIso(filters.range[0], utcCode);
    request.endTime = wallTimeToIso(filters.range[1], utcCode);
  }
  return request as TLogPageRequest<F>;
}
