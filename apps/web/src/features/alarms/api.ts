import type { TAlarmHandleRequest, TAlarmPageRequest, TAlarmRecord } from '@masthub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePageQuery } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const alarmKeys = {
  all: ['alarms'] as const,
  page: (request: TAlarmPageRequest) => ['alarms', 'page', request] as const,
};

export function useAlarmPage(request: TAlarmPageRequest) {
  return usePageQuery<TAlarmRecord>(alarmKeys.page(request), '/web/alarm/page', request);
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
