import type { TStatisticsRequestInput, TStatisticsResult, TVersionChannel } from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, requestFile } from '../../request/request.ts';

export const statisticsKeys = {
  channels: (versionId: number) => ['statistics', 'versions', versionId, 'channels'] as const,
  analysis: (request: TStatisticsRequestInput) =>
    ['statistics', 'versions', request.versionId, 'analysis', request] as const,
};

/** The channels of a version with their data ranges. */
export function useStatisticsChannels(versionId: number | undefined) {
  return useQuery({
    queryKey: statisticsKeys.channels(versionId ?? 0),
    queryFn: () => http.get<TVersionChannel[]>('/web/version/channels', { versionId }),
    enabled: versionId !== undefined,
  });
}

/** The 11-tab analysis of the submitted request (runs when the user presses the run button). */
export function useStatisticsAnalysis(request: TStatisticsRequestInput | undefined) {
  return useQuery({
    queryKey: statisticsKeys.analysis(request ?? { versionId: 0 }),
    queryFn: () => http.post<TStatisticsResult>('/data-process/statistics/analysis', request),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The analysis as an xlsx file (one sheet per tab). */
export function exportStatistics(request: TStatisticsRequestInput) {
  return requestFile('/data-process/statistics/export', { method: 'POST', body: request });
}
