import { useCallback } from 'react';
import { readUtcCode } from '../request/request.ts';
import { formatDateTime } from './date-time.ts';

/**
 * Formats server instants in the user's time zone. Changing the zone refetches every query
 * (TimeZoneSetting), so the tables re-render with the new code.
 */
export function useFormatDateTime(): (value: string | null | undefined) => string {
  return useCallback((value) => formatDateTime(value, readUtcCode()), []);
}
