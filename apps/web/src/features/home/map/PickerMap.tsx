import 'maplibre-gl/dist/maplibre-gl.css';
import type { TStationMapItem } from '@masthub/shared';
import { stationStatusColor } from '@masthub/shared/constants.ts';
import { theme } from 'antd';
import chinaUrl from 'echarts4/map/json/china.json?url';
import { type GeoJSONSource, Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildBaseStyle } from './base-style.ts';
import { decodeEchartsGeo, type EchartsGeoJson } from './echarts-geo.ts';
import { boundsOf } from './site-bounds.ts';

setWorkerUrl(workerUrl);

declare global {
  interface Window {
    /** The station picker's map, for the browser tests. */
    __masthubPickerMap?: MapLibreMap;
  }
}

function siteFeatures(
  sites: readonly TStationMapItem[],
  selected: ReadonlySet<number>,
): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: sites
      .filter(
        (s) =>
          Number.isFinite(s.longitude) &&
          Number.isFinite(s.latitude) &&
          !(s.longitude === 0 && s.latitude === 0),
      )
      .map((s) => ({
        type: 'Feature',
        id: s.id,
        geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
        properties: {
          siteId: s.id,
          code: s.stationCode,
          name: s.projectName,
          color: stationStatusColor(s.status),
          selected: selected.has(s.id),
        },
      })),
  };
}

/**
 * The map view of the station picker: the same sites as points coloured by status (not clustered),
 * selected ones ringed; clicking a point selects it (toggles in multiple selection).
 */
export default function PickerMap({
  sites,
  selectedIds,
  onToggle,
  height = 440,
}: {
  sites: readonly TStationMapItem[];
  selectedIds: readonly number[];
  onToggle: (id: number) => void;
  height?: number;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const toggleRef = useRef(onToggle);
  toggleRef.current = onToggle;
  const [isReady, setReady] = useState(false);
  const initial = useRef({ sites, ring: token.colorPrimary, attribution: t('home-map.attribution') });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const bbox = boundsOf(initial.current.sites);
    const map = new MapLibreMap({
      container,
      style: buildBaseStyle(initial.current.attribution),
      center: [104.5, 36],
      zoom: 2.6,
      minZoom: 1,
      maxZoom: 17,
      attributionControl: { compact: true },
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    mapRef.current = map;
    window.__masthubPickerMap = map;
    map.addControl(new NavigationControl({ showCompass: false }), 'top-left');
    if (bbox) {
      const [w, s, e, n] = bbox;
      if (e - w > 1e-4 || n - s > 1e-4) {
        map.fitBounds(
          [
            [w, s],
            [e, n],
          ],
          { padding: 40, duration: 0, maxZoom: 12 },
        );
      } else map.jumpTo({ center: [w, s], zoom: 10 });
    }
    map.on('load', () => {
      map.addLayer({
        id: 'site-selected',
        type: 'circle',
        source: 'sites',
        filter: ['==', ['get', 'selected'], true],
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 9, 10, 12],
          'circle-color': 'rgba(0,0,0,0)',
          'circle-stroke-color': initial.current.ring,
          'circle-stroke-width': 3,
        },
      });
      setReady(true);
      fetch(chinaUrl)
        .then((r) => r.json() as Promise<EchartsGeoJson>)
        .then((china) => {
          if (mapRef.current !== map) return;
          map
            .getSource<GeoJSONSource>('provinces')
            ?.setData(decodeEchartsGeo(china) as unknown as GeoJSON.FeatureCollection);
        })
        .catch(() => {
          // The base stays sea-coloured; the sites still show and select.
        });
    });
    map.on('click', 'site', (event) => {
      const id = event.features?.[0]?.properties?.['siteId'];
      if (typeof id === 'number') toggleRef.current(id);
    });
    map.on('mouseenter', 'site', () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', 'site', () => {
      map.getCanvas().style.cursor = '';
    });
    return () => {
      map.remove();
      mapRef.current = null;
      if (window.__masthubPickerMap === map) window.__masthubPickerMap = undefined;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isReady) return;
    map.getSource<GeoJSONSource>('sites')?.setData(siteFeatures(sites, new Set(selectedIds)));
  }, [sites, selectedIds, isReady]);

  return (
    <div
      ref={containerRef}
      data-testid="picker-map"
      style={{ height, width: '100%', position: 'relative', borderRadius: 6, overflow: 'hidden' }}
    />
  );
}
