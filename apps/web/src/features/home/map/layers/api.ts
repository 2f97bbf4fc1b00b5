import type { TMapLayer, TPointLayerValue } from '@masthub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A GeoTIFF up to 200 MB on a slow line takes longer than the 90 s default. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** Registers a raster layer (POST /web/map_layer/upload, multipart built by `toLayerUploadForm`). */
export function useUploadMapLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      http.post<TMapLayer>('/web/map_layer/upload', form, { timeoutMs: UPLOAD_TIMEOUT_MS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapLayerKeys.list }),
  });
}

/** Deletes a raster layer (GET /web/map_layer/delete?id=). */
export function useDeleteMapLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/web/map_layer/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapLayerKeys.list }),
  });
}
