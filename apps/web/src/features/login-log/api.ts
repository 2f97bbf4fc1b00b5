import type { TLoginLogRecord, TPage } from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../request/request.ts';
import type { LoginLogRequest } from './login-log.utils.ts';

export function useLoginLogPage(request: LoginLogRequest) {
  return useQuery({
    queryKey: ['login-log', 'page', request],
    queryFn: () => http.post<TPage<TLoginLogRecord>>('/security/sys/login_log/page', request),
    placeholderData: keepPreviousData,
  });
}
