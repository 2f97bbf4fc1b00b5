import type {
  TLidarCandidates,
  TLidarSites,
  TLidarVerifyRequestInput,
  TLidarVerifyResult,
} from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, requestFile } from '../../request/request.ts';

export const lidarKeys = {
  sites: ['lidar', 'sites'] as const,
  candidates: (lidarVersionId: number, mastVersionId: number) =>
    ['lidar', 'candidates', lidarVersionId, mastVersionId] as const,
  verify: (request: TLidarVerifyRequestInput) => ['lidar', 'verify', request] as const,
};

/** The sites the user may view with their versions (the other side of the check). */
export function useLidarSites() {
  return useQuery({
    queryKey: lidarKeys.sites,
    queryFn: () => http.get<TLidarSites>('/data-process/lidar/sites'),
  });
}

/** Both versions' speed and direction channels and the proposed height pairs. */
export function useLidarCandidates(lidarVersionId: number | undefined, mastVersionId: number | undefined) {
  return useQuery({
    queryKey: lidarKeys.candidates(lidarVersionId ?? 0, mastVersionId ?? 0),
    queryFn: () =>
      http.get<TLidarCandidates>('/data-process/lidar/candidates', { lidarVersionId, mastVersionId }),
    enabled: lidarVersionId !== undefined && mastVersionId !== undefined,
  });
}

/** The verification of the submitted request (runs when the user presses the run button). */
export function useLidarVerify(request: TLidarVerifyRequestInput | undefined) {
  return useQuery({
    queryKey: lidarKeys.verify(request ?? { lidarVersionId: 0, mastVersionId: 0, pairs: [] }),
    queryFn: () =>
      http.post<TLidarVerifyResult>('/data-process/lidar/verify', request, { timeoutMs: 180_000 }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The verification as an xlsx file. */
export function exportLidarVerify(request: TLidarVerifyRequestInput) {
  return requestFile('/data-process/lidar/export', { method: 'POST', body: request, timeoutMs: 180_000 });
}
