import type {
  TMcpCandidatesRequest,
  TMcpCandidatesResult,
  TMcpCompareRequest,
  TMcpCompareResult,
  TMcpGenerateRequest,
  TMcpGenerateResult,
  TMesoscaleDataset,
  TPage,
  TReferenceSeries,
  TReferenceUpdateRequest,
  TReferenceUploadFields,
  TScaleGenerateRequest,
  TScaleRequest,
  TScaleResult,
  TScaleResultRecord,
} from '@masthub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createDeleteHook, createPostHook, useInvalidatingMutation } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const wsaKeys = {
  all: ['wsa'] as const,
  datasets: (stationId: number) => ['wsa', 'datasets', stationId] as const,
  results: (stationId: number) => ['wsa', 'results', stationId] as const,
  references: (nearStationId: number) => ['wsa', 'references', nearStationId] as const,
};

export function useMesoscaleDatasets(stationId: number | undefined) {
  return useQuery({
    queryKey: wsaKeys.datasets(stationId ?? 0),
    queryFn: () =>
      http.post<TPage<TMesoscaleDataset>>('/web/mesoscale/page', { stationId, pageNo: 1, pageSize: 100 }),
    enabled: stationId !== undefined,
  });
}

export function useScaleResults(stationId: number | undefined) {
  return useQuery({
    queryKey: wsaKeys.results(stationId ?? 0),
    queryFn: () => http.get<TScaleResultRecord[]>('/web/mesoscale/results', { stationId }),
    enabled: stationId !== undefined,
  });
}

export function useUploadMesoscale() {
  return useInvalidatingMutation(
    (input: { stationId: number; name: string; utcOffsetMinutes: number; files: File[] }) => {
      const form = new FormData();
      form.append('stationId', String(input.stationId));
      form.append('name', input.name);
      form.append('utcOffsetMinutes', String(input.utcOffsetMinutes));
      for (const f of input.files) form.append('file', f, f.name);
      return http.post<{ id: number }>('/web/mesoscale/upload', form, { timeoutMs: 30 * 60_000 });
    },
    [wsaKeys.all],
  );
}

export const useDeleteMesoscale = createDeleteHook('/web/mesoscale/delete', [wsaKeys.all]);

export function useScaleCalculate() {
  return useInvalidatingMutation(
    (body: TScaleRequest) =>
      http.post<TScaleResult>('/data-process/process/temp_data_scale_calculate', body, {
        timeoutMs: 180_000,
      }),
    [wsaKeys.all],
  );
}

export function useScaleGenerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TScaleGenerateRequest) =>
      http.post<TScaleResult>('/data-process/process/temp_data_scale_generate', body, { timeoutMs: 600_000 }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The long-term correction workbench (issue 28): all methods at once, nothing stored. */
export function useLongTermCompare() {
  return useMutation({
    mutationFn: (body: TMcpCompareRequest) =>
      http.post<TMcpCompareResult>('/data-process/longterm/compare', body, { timeoutMs: 300_000 }),
  });
}

/** One row's long-term series as a new data version of the target's site. */
export function useLongTermGenerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMcpGenerateRequest) =>
      http.post<TMcpGenerateResult>('/data-process/longterm/generate', body, { timeoutMs: 600_000 }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Every reference series the caller may see, nearest to the site first (issue 28). */
export function useReferenceSeries(nearStationId: number | undefined) {
  return useQuery({
    queryKey: wsaKeys.references(nearStationId ?? 0),
    queryFn: () =>
      http.post<TPage<TReferenceSeries>>('/data-process/longterm/references/page', {
        nearStationId,
        radiusKm: 20_000,
        pageNo: 1,
        pageSize: 200,
      }),
    enabled: nearStationId !== undefined,
  });
}

/** Uploads a reference series: its fields, then the one file. */
export function useUploadReference() {
  return useInvalidatingMutation(
    (input: { fields: TReferenceUploadFields; file: File }) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(input.fields)) {
        if (value !== undefined) form.append(key, String(value));
      }
      form.append('file', input.file, input.file.name);
      return http.post<{ id: number }>('/data-process/longterm/references/upload', form, {
        timeoutMs: 30 * 60_000,
      });
    },
    [wsaKeys.all],
  );
}

export const useUpdateReference = createPostHook<TReferenceUpdateRequest, { id: number }>(
  '/data-process/longterm/references/update',
  [wsaKeys.all],
);

export const useDeleteReference = createDeleteHook('/data-process/longterm/references/delete', [wsaKeys.all]);

/** The candidate references of a target, ranked (a worker-thread computation, nothing stored). */
export function useLongTermCandidates() {
  return useMutation({
    mutationFn: (body: TMcpCandidatesRequest) =>
      http.post<TMcpCandidatesResult>('/data-process/longterm/candidates', body, { timeoutMs: 300_000 }),
  });
}
