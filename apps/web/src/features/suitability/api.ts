import type { TSuitabilityDefaults, TSuitabilityRequestInput, TSuitabilityResult } from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, requestFile } from '../../request/request.ts';

export const suitabilityKeys = {
  defaults: (stationId: number) => ['suitability', 'stations', stationId, 'defaults'] as const,
  check: (request: TSuitabilityRequestInput) =>
    ['suitability', 'versions', request.versionId, 'check', request] as const,
};

/** What the screen preselects: the site's newest long-term version, the measured version, the altitude. */
export function useSuitabilityDefaults(stationId: number | undefined) {
  return useQuery({
    queryKey: suitabilityKeys.defaults(stationId ?? 0),
    queryFn: () => http.get<TSuitabilityDefaults>('/data-process/suitability/defaults', { stationId }),
    enabled: stationId !== undefined,
  });
}

/** The class check of the submitted request (runs when the user presses the run button). */
export function useSuitabilityCheck(request: TSuitabilityRequestInput | undefined) {
  return useQuery({
    queryKey: suitabilityKeys.check(request ?? { versionId: 0, hubHeight: 0, speedChannelId: 0 }),
    queryFn: () =>
      http.post<TSuitabilityResult>('/data-process/suitability/check', request, { timeoutMs: 180_000 }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The check as an xlsx file (class table, verdicts, turbulence, extremes, sectors). */
export function exportSuitability(request: TSuitabilityRequestInput) {
  return requestFile('/data-process/suitability/export', {
    method: 'POST',
    body: request,
    timeoutMs: 180_000,
  });
}
