import type {
  TEnergyRequest,
  TEnergyResult,
  TEnergyUncertaintyOverride,
  TEnergyUncertaintyOverrideRequest,
  TPage,
  TTurbine,
  TTurbineFileValues,
  TTurbinePageRequest,
  TTurbineSaveRequest,
} from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createDeleteHook, createPostHook } from '../../request/queries.ts';
import { http, request, requestFile } from '../../request/request.ts';

export const energyKeys = {
  turbines: (request: TTurbinePageRequest) => ['turbines', request] as const,
  allTurbines: ['turbines'] as const,
};

/** The turbine library (one page of 1000 covers it; reference turbines first). */
export function useTurbines(keywords?: string) {
  const request = { pageNo: 1, pageSize: 1000, ...(keywords ? { keywords } : {}) };
  return useQuery({
    queryKey: energyKeys.turbines(request),
    queryFn: () => http.post<TPage<TTurbine>>('/web/turbine/page', request),
    placeholderData: keepPreviousData,
  });
}

export const useSaveTurbine = createPostHook<TTurbineSaveRequest, { id: number }>('/web/turbine/save', [
  energyKeys.allTurbines,
]);

export const useDeleteTurbine = createDeleteHook('/web/turbine/delete', [energyKeys.allTurbines]);

export function readTurbineFile(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<TTurbineFileValues>('/web/turbine/import', form);
}

export function exportTurbine(id: number) {
  return requestFile('/web/turbine/export', { params: { id } });
}

export function calculateEnergy(request: TEnergyRequest) {
  return http.post<TEnergyResult>('/data-process/energy/calculate', request, { timeoutMs: 180_000 });
}

export function exportEnergy(request: TEnergyRequest) {
  return requestFile('/data-process/energy/export', { method: 'POST', body: request, timeoutMs: 180_000 });
}

/** The yield as an IEC 61400-15-2 EYA DEF JSON document. */
export function exportEnergyEya(request: TEnergyRequest) {
  return requestFile('/data-process/energy/eya_def', { method: 'POST', body: request, timeoutMs: 180_000 });
}

/** Types an uncertainty component of a version (null: back to its default); answers the version's typed ones. */
export function saveUncertaintyOverride(body: TEnergyUncertaintyOverrideRequest) {
  return request<TEnergyUncertaintyOverride[]>('/data-process/energy/uncertainty', { method: 'PUT', body });
}
