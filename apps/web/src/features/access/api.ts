import type { TStationOption } from '@masthub/shared';
import { http } from '../../request/request.ts';

/** Sites the caller may see whose code or project contains the keywords (pickers). */
export function fetchStationOptions(keywords: string, limit = 1000): Promise<TStationOption[]> {
  return http.post<TStationOption[]>('/security/sys/permission/station_options', {
    keywords: keywords || undefined,
    limit,
  });
}
