import type { TMapLayer } from '@masthub/shared';
import { useQueries } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { fetchLayerImage, mapLayerKeys } from './api.ts';
import { activeLayers, type TActiveLayer } from './store.ts';
import { imageCoordinates, sourceIdOf } from './utils.ts';

/** The first base-map layer the rasters go under (sites stay on top). */
const BEFORE_LAYER = 'site-halo';

/**
 * The shown layers' images, fetched once each, kept on the map as raster layers in switch-on order with
 * their opacity; leaving the page removes them and clears the shown set.
 */
export function useRasterLayers(map: MapLibreMap, shown: TMapLayer[], active: readonly TActiveLayer[]) {
  const objectUrls = useRef(new Map<number, string>());
  const images = useQueries({
    queries: shown.map((layer) => ({
      queryKey: mapLayerKeys.image(layer.id, layer.sha256),
      queryFn: () => fetchLayerImage(layer),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 30 * 60_000,
    })),
  });
  const imageKey = images.map((q, i) => `${shown[i]?.id}:${q.data ? 1 : 0}`).join(',');

  // Sources and raster layers follow the shown set (drawn in switch-on order, under the sites).
  useEffect(() => {
    void imageKey;
    const urls = objectUrls.current;
    const wanted = new Set<number>();
    shown.forEach((layer, i) => {
      const blob = images[i]?.data;
      if (!blob) return;
      wanted.add(layer.id);
      const id = sourceIdOf(layer.id);
      if (map.getSource(id)) return;
      const url = URL.createObjectURL(blob);
      urls.set(layer.id, url);
      map.addSource(id, { type: 'image', url, coordinates: imageCoordinates(layer.imageBounds) });
      map.addLayer(
        {
          id,
          type: 'raster',
          source: id,
          paint: {
            'raster-opacity': active.find((a) => a.id === layer.id)?.opacity ?? 0.75,
            'raster-fade-duration': 0,
            'raster-resampling': layer.kind === 'land_cover' ? 'nearest' : 'linear',
          },
        },
        map.getLayer(BEFORE_LAYER) ? BEFORE_LAYER : undefined,
      );
    });
    for (const [layerId, url] of urls) {
      if (wanted.has(layerId)) continue;
      const id = sourceIdOf(layerId);
      if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(id)) map.removeSource(id);
      URL.revokeObjectURL(url);
      urls.delete(layerId);
    }
  });

  // Opacity.
  useEffect(() => {
    for (const a of active) {
      const id = sourceIdOf(a.id);
      if (map.getLayer(id)) map.setPaintProperty(id, 'raster-opacity', a.opacity);
    }
  }, [active, map]);

  // Leaving the page: the map goes with it, but the shown set and object URLs are cleaned up here.
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const [layerId, url] of urls) {
        const id = sourceIdOf(layerId);
        try {
          if (map.getLayer(id)) map.removeLayer(id);
          if (map.getSource(id)) map.removeSource(id);
        } catch {
          // The map was already removed.
        }
        URL.revokeObjectURL(url);
      }
      urls.clear();
      activeLayers.clear();
    };
  }, [map]);

  return images;
}
