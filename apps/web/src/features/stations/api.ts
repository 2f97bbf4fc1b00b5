import type {
  TDeviceTypeNode,
  TOption,
  TOwnerOption,
  TPersonalConfigItem,
  TPersonalConfigRecord,
  TRegion,
  TStationCheckExistReply,
  TStationExportRequest,
  TStationFields,
  TStationOverview,
  TStationPageRequest,
  TStationRecord,
  TStationSaveInput,
  TStationSaveReply,
  TStatusOption,
  TTagRecord,
  TUserListItem,
} from '@masthub/shared';
import { STATION_LIST_CONFIG_TYPE } from '@masthub/shared/stations/personal-config.schema.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createPostHook, useInvalidatingMutation, usePageQuery } from '../../request/queries.ts';
import { http, requestFile } from '../../request/request.ts';

export const stationKeys = {
  all: ['stations'] as const,
  fields: ['stations', 'fields'] as const,
  statuses: ['stations', 'statuses'] as const,
  page: (request: TStationPageRequest) => ['stations', 'page', request] as const,
  /** Every page of the site list. */
  pages: ['stations', 'page'] as const,
  detail: (id: number) => ['stations', id, 'detail'] as const,
  overview: (id: number) => ['stations', id, 'overview'] as const,
  listConfig: ['personal-config', STATION_LIST_CONFIG_TYPE] as const,
};

/** Reference data (SPEC §8: non-200 answers are ignored silently). */
export const referenceKeys = {
  regions: ['reference', 'regions'] as const,
  owners: ['reference', 'owners'] as const,
  tags: (status: string | undefined) => ['reference', 'tags', status ?? 'all'] as const,
  manufacturers: ['reference', 'manufacturers'] as const,
  users: ['reference', 'users'] as const,
  projectNames: (keywords: string) => ['reference', 'project-names', keywords] as const,
  options: (url: string) => ['reference', 'options', url] as const,
};

const silent = { silent: true } as const;

/** The server-driven query form, edit form and columns (GET /web/station/fields). */
export function useStationFields() {
  return useQuery({
    queryKey: stationKeys.fields,
    queryFn: () => http.get<TStationFields>('/web/station/fields'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStationStatuses() {
  return useQuery({
    queryKey: stationKeys.statuses,
    queryFn: () => http.get<TStatusOption[]>('/web/station/station_status', undefined, silent),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStationPage(request: TStationPageRequest, isEnabled = true) {
  return usePageQuery<TStationRecord>(stationKeys.page(request), '/web/station/page', request, isEnabled);
}

export function useStationDetail(id: number | undefined) {
  return useQuery({
    queryKey: stationKeys.detail(id ?? 0),
    queryFn: () => http.get<TStationRecord>('/web/station/detail', { id }),
    enabled: id !== undefined,
  });
}

export function useStationOverview(id: number | undefined) {
  return useQuery({
    queryKey: stationKeys.overview(id ?? 0),
    queryFn: () => http.get<TStationOverview>('/web/station/overview', { id }),
    enabled: id !== undefined,
  });
}

export function checkStationCode(stationCode: string, id: number | undefined) {
  return http.get<TStationCheckExistReply>('/web/station/checkExist', { stationCode, id }, silent);
}

const STATION_QUERIES = [
  stationKeys.all,
  // Usage counts of tags and owners change with the sites.
  ['reference'],
];

export const useSaveStation = createPostHook<TStationSaveInput, TStationSaveReply>(
  '/web/station/save_or_update',
  STATION_QUERIES,
);

export const useSetStationTags = createPostHook<{ stationId: number; tagIds: number[] }, null>(
  '/web/station/tags',
  STATION_QUERIES,
);

export function useDeleteStation() {
  return useInvalidatingMutation(
    (id: number) => http.get<null>(`/web/station/delete/${id}`),
    STATION_QUERIES,
  );
}

/** POST /web/station/coordinate/export: the xlsx of the filtered (or chosen) sites. */
export function exportCoordinates(body: TStationExportRequest) {
  return requestFile('/web/station/coordinate/export', { method: 'POST', body });
}

// Personal config of the site list (columns and search fields), per user.

export function useStationListConfig() {
  return useQuery({
    queryKey: stationKeys.listConfig,
    queryFn: () =>
      http.post<TPersonalConfigRecord[]>('/web/personalConfig/listByType', {
        type: STATION_LIST_CONFIG_TYPE,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveStationListConfig() {
  return useInvalidatingMutation(
    (items: TPersonalConfigItem[]) => http.post<null>('/web/personalConfig/saveOrUpdateBatch', items),
    [stationKeys.listConfig],
  );
}

// Reference options for the server-driven forms.

export function useRegions(isEnabled = true) {
  return useQuery({
    queryKey: referenceKeys.regions,
    queryFn: () => http.get<TRegion[]>('/web/common/regions', undefined, silent),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: isEnabled,
  });
}

export function useOwnerOptions(isEnabled = true) {
  return useQuery({
    queryKey: referenceKeys.owners,
    queryFn: () => http.get<TOwnerOption[]>('/web/common/owners', undefined, silent),
    enabled: isEnabled,
  });
}

export function useTagOptions(status?: 'enable', isEnabled = true) {
  return useQuery({
    queryKey: referenceKeys.tags(status),
    queryFn: () => http.get<TTagRecord[]>('/web/sys/tag/list', { status }, silent),
    enabled: isEnabled,
  });
}

export function useManufacturerTree(isEnabled = true) {
  return useQuery({
    queryKey: referenceKeys.manufacturers,
    queryFn: () => http.post<TDeviceTypeNode[]>('/web/manufacturer/getList', {}, silent),
    enabled: isEnabled,
  });
}

export function useUserPickerOptions(isEnabled = true) {
  return useQuery({
    queryKey: referenceKeys.users,
    queryFn: () => http.post<TUserListItem[]>('/security/sys/user/list', {}, silent),
    enabled: isEnabled,
  });
}

export function useProjectNames(keywords: string, isEnabled = true) {
  return useQuery({
    queryKey: referenceKeys.projectNames(keywords),
    queryFn: () =>
      http.get<string[]>('/web/common/project_names', { keywords: keywords || undefined }, silent),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** Any other option list of a field (`{ value, name }[]`, GET). */
export function useGenericOptions(url: string | undefined) {
  return useQuery({
    queryKey: referenceKeys.options(url ?? ''),
    queryFn: () => http.get<TOption[]>(url ?? '', undefined, silent),
    enabled: url !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
