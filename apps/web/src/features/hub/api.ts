import { HUB_REFRESH_MS, type THubOverview } from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

/** The hub's one call, refreshed every minute (the wall display stays current). */
export function useHubOverview(silentDays: number) {
  return useQuery({
    queryKey: ['hub', 'overview', silentDays],
    queryFn: () => http.get<THubOverview>('/web/hub/overview', { silentDays }),
    placeholderData: keepPreviousData,
    refetchInterval: HUB_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}
