import { toLogPageRequest } from '../../ui/list/log-filters.ts';

/** What the filter form holds; the time range is wall time in the user's zone (`YYYY-MM-DD HH:mm:ss`). */
export interface LoginLogFilters {
  account?: string;
  userName?: string;
  ip?: string;
  result?: 'success' | 'failure';
  range?: readonly [string, string] | null;
}

/** The body of POST /security/sys/login_log/page (ZLoginLogPageRequest). */
export interface LoginLogRequest {
  pageNo: number;
  pageSize: number;
  account?: string;
  userName?: string;
  ip?: string;
  result?: 'success' | 'failure';
  startTime?: string;
  endTime?: string;
}

/** Filters → request: page 20, blanks left out, the range sent as instants with the user's zone offset. */
export function toLoginLogRequest(
  filters: LoginLogFilters,
  pageNo: number,
  utcCode: string,
): LoginLogRequest {
  return toLogPageRequest(filters, pageNo, utcCode);
}
