import { listUtcOptions, type TUtcOption } from '@masthub/shared/time-zones.ts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

/** Time-zone options; reference data, so a failure is silent and the built-in list is used. */
export function useUtcOptions() {
  return useQuery({
    queryKey: ['sys-info', 'utc-options'],
    queryFn: async () => {
      try {
        return await http.get<TUtcOption[]>('/web/sys_info/utcOptionsList', undefined, { silent: true });
      } catch {
        return listUtcOptions();
      }
    },
    placeholderData: listUtcOptions,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
