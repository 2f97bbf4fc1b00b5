import type { TAlarmHandleRequest, TAlarmPageRequest, TAlarmRecord, TPage } from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

export const alarmKeys = {
  all: ['alarms'] as const,
  page: (request: TAlarmPageRequest) => ['alarms', 'page', request] as const,
};

export function useAlarmPage(request: TAlarmPageRequest) {
  return useQuery({
    queryKey: alarmKeys.page(request),
    queryFn: () => http.post<TPage<TAlarmRecord>>('/web/alarm/page', request),
    placeholderData: keepPreviousData,
  });
}

/** Handling changes the alarms, the site's status (header, list, map) and its station log. */
export function useHandleAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAlarmHandleRequest) => http.post<{ count: number }>('/web/alarm/handle', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['stations'] }),
        queryClient.invalidateQueries({ queryKey: ['station-log'] }),
      ]),
  });
}
