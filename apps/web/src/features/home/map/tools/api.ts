import {
  MAP_ANNOTATIONS_CONFIG_KEY,
  MAP_ANNOTATIONS_CONFIG_TYPE,
  type TGeocodeSearchReply,
  type TMapAnnotation,
  type TPersonalConfigRecord,
  ZMapAnnotations,
} from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../request/request.ts';

const keys = {
  search: (keywords: string) => ['geocode', 'search', keywords] as const,
  annotations: ['personal-config', MAP_ANNOTATIONS_CONFIG_TYPE] as const,
};

/** GET /web/geocode/search: sites, areas and (when keyed) online places for the map's search box. */
export function useGeocodeSearch(keywords: string) {
  return useQuery({
    queryKey: keys.search(keywords),
    queryFn: ({ signal }) =>
      http.get<TGeocodeSearchReply>('/web/geocode/search', { keywords, limit: 15 }, { signal, silent: true }),
    enabled: keywords.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The caller's map notes (personal config `mapAnnotations` / `notes`); malformed stored values read as none. */
export function useMapAnnotations() {
  return useQuery({
    queryKey: keys.annotations,
    queryFn: async (): Promise<TMapAnnotation[]> => {
      const records = await http.post<TPersonalConfigRecord[]>(
        '/web/personalConfig/listByType',
        { type: MAP_ANNOTATIONS_CONFIG_TYPE },
        { silent: true },
      );
      const value = records.find((r) => r.key === MAP_ANNOTATIONS_CONFIG_KEY)?.value;
      const parsed = ZMapAnnotations.safeParse(value ?? []);
      return parsed.success ? parsed.data : [];
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveMapAnnotations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: TMapAnnotation[]) =>
      http.post<null>('/web/personalConfig/saveOrUpdateBatch', [
        { type: MAP_ANNOTATIONS_CONFIG_TYPE, key: MAP_ANNOTATIONS_CONFIG_KEY, value: notes },
      ]),
    onMutate: (notes) => {
      queryClient.setQueryData(keys.annotations, notes);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.annotations }),
  });
}
