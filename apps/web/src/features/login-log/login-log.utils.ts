import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { wallTimeToIso } from '../../ui/date-time.ts';

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

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Filters → request: blanks left out, the range sent as instants with the user's zone offset. */
export function toLoginLogRequest(
  filters: LoginLogFilters,
  pageNo: number,
  utcCode: string,
): LoginLogRequest {
  const request: LoginLogRequest = { pageNo, pageSize: PAGE_SIZE };
  const account = text(filters.account);
  const userName = text(filters.userName);
  const ip = text(filters.ip);
  if (account) request.account = account;
  if (userName) request.userName = userName;
  if (ip) request.ip = ip;
  if (filters.result) request.result = filters.result;
  if (filters.range) {
    request.startTime = wallTimeToIso(filters.range[0], utcCode);
    request.endTime = wallTimeToIso(filters.range[1], utcCode);
  }
  return request;
}
