import type { TDataReportFields, TDatasetVersion } from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

// The keys stay those of the statistics and data-report queries they were: the same cache entries.

/** The site's data versions (the original first). */
export function useStatisticsVersions(stationId: number | undefined) {
  return useQuery({
    queryKey: ['statistics', 'stations', stationId ?? 0, 'versions'],
    queryFn: () => http.get<TDatasetVersion[]>('/web/version/list', { stationId }),
    enabled: stationId !== undefined,
  });
}

/** A version's channels grouped as an analysis form picks them (speeds, directions…). */
export function useDataReportFields(versionId: number | undefined) {
  return useQuery({
    queryKey: ['data-reports', 'fields', versionId ?? 0],
    queryFn: () => http.get<TDataReportFields>('/web/report/data/fields', { versionId }),
    enabled: versionId !== undefined,
  });
}
