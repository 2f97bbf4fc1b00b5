import type { TPage, TStationRecord } from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../request/request.ts';
import type { MapSite } from './map/clusters.ts';

/** The station page's largest page (ZPageRequest). */
const MAP_PAGE_SIZE = 1000;

export const homeMapKeys = {
  sites: ['stations', 'map-sites'] as const,
};

/** Every site the caller may access, reduced to what the map draws (POST /web/station/page, page by page). */
export async function fetchMapSites(): Promise<MapSite[]> {
  const sites: MapSite[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await http.post<TPage<TStationRecord>>('/web/station/page', {
      pageNo,
      pageSize: MAP_PAGE_SIZE,
    });
    for (const r of page.records) {
      sites.push({
        id: r.id,
        stationCode: r.stationCode,
        projectName: r.projectName,
        longitude: r.longitude,
        latitude: r.latitude,
        status: r.status,
      });
    }
    if (page.records.length < MAP_PAGE_SIZE || sites.length >= page.total) return sites;
  }
}

export function useMapSites() {
  return useQuery({ queryKey: homeMapKeys.sites, queryFn: fetchMapSites, staleTime: 60_000 });
}
