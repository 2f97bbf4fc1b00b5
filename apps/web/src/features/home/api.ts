import type {
  THomeRose,
  THomeRoseType,
  TStationMapFilter,
  TStationMapItem,
  TStationQuantityStat,
  TStationStatGroup,
} from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

/** The map's site query (the side panel's filter form); empty: every visible site. */
export type TMapSiteFilter = TStationMapFilter;

export const homeMapKeys = {
  sites: (filter: TMapSiteFilter) => ['stations', 'map-sites', filter] as const,
  overview: (filter: TMapSiteFilter, groupBy: TStationStatGroup | undefined) =>
    ['stations', 'map-overview', groupBy ?? 'site', filter] as const,
  rose: (stationId: number, type: THomeRoseType) => ['stations', stationId, 'home-rose', type] as const,
};

/** Leaves out empty values so equal filters give equal query keys and compact bodies. */
export function compactFilter(filter: TMapSiteFilter): TMapSiteFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as TMapSiteFilter;
}

/** Every visible site matching the filter as a compact point: one call (POST /web/station/search, map mode). */
export function fetchMapSites(filter: TMapSiteFilter = {}): Promise<TStationMapItem[]> {
  return http.post<TStationMapItem[]>('/web/station/search', { mode: 'map', ...compactFilter(filter) });
}

export function useMapSites(filter: TMapSiteFilter = {}, isEnabled = true) {
  const compact = compactFilter(filter);
  return useQuery({
    queryKey: homeMapKeys.sites(compact),
    queryFn: () => fetchMapSites(compact),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

/** Counts by status of the filtered sites, grouped by owner party or project when asked. */
export function useMapOverview(filter: TMapSiteFilter, groupBy: TStationStatGroup | undefined) {
  const compact = compactFilter(filter);
  return useQuery({
    queryKey: homeMapKeys.overview(compact, groupBy),
    queryFn: () =>
      http.post<TStationQuantityStat>('/web/station/quantity_stat', {
        ...compact,
        ...(groupBy ? { groupBy } : {}),
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** One home chart of a site (GET /data-process/statistics/home_rose). */
export function useHomeRose(stationId: number, type: THomeRoseType) {
  return useQuery({
    queryKey: homeMapKeys.rose(stationId, type),
    queryFn: () => http.get<THomeRose>('/data-process/statistics/home_rose', { stationId, type }),
    staleTime: 5 * 60_000,
  });
}
