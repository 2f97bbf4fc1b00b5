import type { TSystemInfo } from '@masthub/shared';
import { DEFAULT_MAIN_COLOR } from '@masthub/shared/constants.ts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

/** Server configuration (SPEC §1), public; a failure keeps the defaults without a toast. */
export function useSystemInfo() {
  return useQuery({
    queryKey: ['sys-info'],
    queryFn: () => http.post<TSystemInfo>('/web/sys_info/systemInfoGet', {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMainColor(): string {
  const { data } = useSystemInfo();
  return data?.mainColor?.trim() || DEFAULT_MAIN_COLOR;
}
