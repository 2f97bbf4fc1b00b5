import type { TLongTermConvergence, TLongTermDefaultRequestInput } from '@masthub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../request/request.ts';

export const convergenceKeys = {
  all: ['longterm', 'convergence'] as const,
  site: (stationId: number) => ['longterm', 'convergence', stationId] as const,
};

/** A site's default reference and the stored convergence of its campaign (WIND-ANALYSIS §13). */
export function useLongTermConvergence(stationId: number | undefined) {
  return useQuery({
    queryKey: convergenceKeys.site(stationId ?? 0),
    queryFn: () => http.get<TLongTermConvergence>('/data-process/longterm/convergence', { stationId }),
    enabled: stationId !== undefined,
  });
}

/** The answer of a save or a recompute is the new state of the site: put it where the query keeps it. */
function useConvergenceMutation<TInput>(mutationFn: (input: TInput) => Promise<TLongTermConvergence>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => queryClient.setQueryData(convergenceKeys.site(data.stationId), data),
  });
}

/** Saves the site's default (then computed by the server at once). */
export function useSaveLongTermDefault() {
  return useConvergenceMutation((body: TLongTermDefaultRequestInput) =>
    request<TLongTermConvergence>('/data-process/longterm/default', {
      method: 'PUT',
      body,
      timeoutMs: 300_000,
    }),
  );
}

/** Recomputes the site's convergence now. */
export function useRefreshConvergence() {
  return useConvergenceMutation((stationId: number) =>
    http.post<TLongTermConvergence>(
      '/data-process/longterm/convergence/refresh',
      { stationId },
      { timeoutMs: 300_000 },
    ),
  );
}

/** Removes the site's default and its convergence. */
export function useDeleteLongTermDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stationId: number) =>
      request<null>('/data-process/longterm/default', { method: 'DELETE', params: { stationId } }),
    onSuccess: (_, stationId) => queryClient.invalidateQueries({ queryKey: convergenceKeys.site(stationId) }),
  });
}
