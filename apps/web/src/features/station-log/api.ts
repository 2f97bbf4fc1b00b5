import type { TPage, TStationLogRecord } from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { http } from '../../request/request.ts';
import type { StationLogRequest } from './station-log.utils.ts';

/** The log page; the language is part of the key because the server localises `location`. */
export function useStationLogPage(request: StationLogRequest) {
  const language = useAppLanguage();
  return useQuery({
    queryKey: ['station-log', 'page', language, request],
    queryFn: () => http.post<TPage<TStationLogRecord>>('/web/station_log/page', request),
    placeholderData: keepPreviousData,
  });
}
