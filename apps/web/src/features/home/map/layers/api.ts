import type { TMapLayer, TPointLayerValue } from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { http, requestFile } from '../../../../request/request.ts';

export const mapLayerKeys = {
  list: ['map-layers', 'list'] as const,
  image: (id: number, sha256: string) => ['map-layers', 'image', id, sha256] as const,
};

/** The enabled raster layers (GET /web/map_layer/list). */
export function useMapLayerList() {
  return useQuery({
    queryKey: mapLayerKeys.list,
    queryFn: () => http.get<TMapLayer[]>('/web/map_layer/list'),
    staleTime: 5 * 60_000,
  });
}

/** A layer's rendered PNG; the hash in the URL makes the long-cached image safe to reuse. */
export function fetchLayerImage(layer: Pick<TMapLayer, 'id' | 'sha256'>): Promise<Blob> {
  return requestFile('/web/map_layer/image', { params: { id: layer.id, v: layer.sha256.slice(0, 16) } }).then(
    (file) => file.blob,
  );
}

/** Every enabled layer's value at a point (POST /meteorological/query/wind/point). */
export function queryPoint(longitude: number, latitude: number): Promise<TPointLayerValue[]> {
  return http.post<TPointLayerValue[]>('/meteorological/query/wind/point', { longitude, latitude });
}
