import { useCallback } from 'react';
import { readUtcCode } from '../request/request.ts';
import { formatDate, formatDateRange, formatDateTime } from './date-time.ts';

/**
 * Formats server instants in the user's time zone. Changing the zone refetches every query
 * (TimeZoneSetting), so the tables re-render with the new code.
 */
export function useFormatDateTime(): (value: string | null | undefined) => string {
  return useCallback((value) => formatDateTime(value, readUtcCode()), []);
}

/** Formats server instants as dates (`YYYY-MM-DD`) in the user's time zone. */
export function useFormatDate(): (value: string | null | undefined) => string {
  return useCallback((value) => formatDate(value, readUtcCode()), []);
}

/** Formats a period [start, end) as its first and last dates in the user's time zone (see formatDateRange). */
export function useFormatDateRange(): (
  start: string | null | undefined,
  end: string | null | undefined,
) => { start: string; end: string } {
  return useCallback((start, end) => formatDateRange(start, end, readUtcCode()), []);
}
