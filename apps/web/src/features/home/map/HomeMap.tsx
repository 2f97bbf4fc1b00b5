import 'maplibre-gl/dist/maplibre-gl.css';
import type { TStatusOption } from '@masthub/shared';
import { CLUSTER_WARNING_SITES } from '@masthub/shared/constants.ts';
import { Alert, Flex, Slider, Spin, Typography } from 'antd';
import chinaUrl from 'echarts4/map/json/china.json?url';
import {
  type GeoJSONSource,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import detailedLandUrl from 'world-atlas/land-50m.json?url';
import landUrl from 'world-atlas/land-110m.json?url';
import { useRegions, useStationStatuses } from '../../stations/index.ts';
import { type TMapSiteFilter, useMapSites } from '../api.ts';
import { buildBaseStyle } from './base-style.ts';
import {
  buildClusterIndex,
  CLUSTER_RADIUS,
  type ClusterOrSite,
  clustersInView,
  isCluster,
  shouldWarnUnclustered,
  toSitePoints,
} from './clusters.ts';
import { decodeEchartsGeo, type EchartsGeoJson } from './echarts-geo.ts';
import { SiteFilter } from './filters/SiteFilter.tsx';
import styles from './HomeMap.module.css';
import { LocateSection, RegionSection } from './LocateSection.tsx';
import { IceClassLayer } from './layers/IceClassLayer.tsx';
import { LayerLegends } from './layers/LayerLegends.tsx';
import { LayersControl } from './layers/LayersControl.tsx';
import { OfflineBaseNote } from './OfflineBaseNote.tsx';
import { OverviewPanel } from './overview/OverviewPanel.tsx';
import { SitePanel } from './SitePanel.tsx';
import { MapTools } from './tools/MapTools.tsx';
import { SearchBox } from './tools/SearchBox.tsx';

setWorkerUrl(workerUrl);

declare global {
  interface Window {
    /** The home map, for the browser tests. */
    __masthubMap?: MapLibreMap;
  }
}

/** China in view on first load. */
const INITIAL_VIEW = { center: [104.5, 36] as [number, number], zoom: 3.2 };

async function loadBaseData(): Promise<{
  provinces: GeoJSON.FeatureCollection;
  land: GeoJSON.FeatureCollection;
}> {
  const [china, topology] = await Promise.all([
    fetch(chinaUrl).then((r) => r.json() as Promise<EchartsGeoJson>),
    fetch(landUrl).then((r) => r.json() as Promise<Topology<{ land: GeometryCollection }>>),
  ]);
  const land = feature(topology, topology.objects.land) as GeoJSON.FeatureCollection;
  return { provinces: decodeEchartsGeo(china) as unknown as GeoJSON.FeatureCollection, land };
}

let baseDataPromise: ReturnType<typeof loadBaseData> | undefined;

/**
 * The bundled base data, fetched once per page and started as soon as this chunk runs — in parallel
 * with the map's own start instead of after its load event. A failed fetch is retried next time.
 */
function baseData(): ReturnType<typeof loadBaseData> {
  baseDataPromise ??= loadBaseData().catch((error: unknown) => {
    baseDataPromise = undefined;
    throw error;
  });
  return baseDataPromise;
}
void baseData().catch(() => undefined);

/** Zoom from which the 1:50m coastline replaces the 1:110m one (loaded on first need). */
const DETAILED_LAND_ZOOM = 4;

/**
 * The 1:50m land (0.5 MB of TopoJSON). The first view uses the 1:110m land (55 kB): tessellating the
 * detailed coastline took about 2 s of the first render in software WebGL (bench map.first_render_ms).
 */
async function loadDetailedLand(): Promise<GeoJSON.FeatureCollection> {
  const topology = (await fetch(detailedLandUrl).then((r) => r.json())) as Topology<{
    land: GeometryCollection;
  }>;
  return feature(topology, topology.objects.land) as GeoJSON.FeatureCollection;
}

/** The home map: offline base, clustered sites, locate by coordinates or area, and the site panel. */
export default function HomeMap() {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const clusterMarkers = useRef(new Map<number, Marker>());
  const [isReady, setReady] = useState(false);
  const [viewVersion, setViewVersion] = useState(0);
  const [radius, setRadius] = useState<number>(CLUSTER_RADIUS.default);
  const [singleCount, setSingleCount] = useState(0);
  const [isWarning, setWarning] = useState(false);
  const [selectedId, setSelectedId] = useState<number>();

  const [siteFilter, setSiteFilter] = useState<TMapSiteFilter>({});
  const sites = useMapSites(siteFilter);
  const statuses = useStationStatuses();
  const regions = useRegions();
  const points = useMemo(() => toSitePoints(sites.data ?? []), [sites.data]);
  const index = useMemo(() => buildClusterIndex(points, radius), [points, radius]);
  /** The map once it has loaded (tools and overlays mount with it). */
  const readyMap = isReady ? mapRef.current : null;
  // Read once: the map is not rebuilt on a language switch.
  const attribution = useRef(t('home-map.attribution'));

  // The map, once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = new MapLibreMap({
      container,
      style: buildBaseStyle(attribution.current),
      center: INITIAL_VIEW.center,
      zoom: INITIAL_VIEW.zoom,
      minZoom: 1,
      maxZoom: 17,
      attributionControl: { compact: true },
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    mapRef.current = map;
    window.__masthubMap = map;
    map.addControl(new NavigationControl({ showCompass: false }), 'top-left');
    map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-right');
    map.on('load', () => {
      setReady(true);
      baseData()
        .then(({ provinces, land }) => {
          if (mapRef.current !== map) return;
          map.getSource<GeoJSONSource>('land')?.setData(land);
          map.getSource<GeoJSONSource>('provinces')?.setData(provinces);
        })
        .catch(() => {
          // The base map stays empty (sea colour); sites and locating still work.
        });
    });
    let detailedLand: Promise<void> | undefined;
    map.on('zoomend', () => {
      if (detailedLand || map.getZoom() < DETAILED_LAND_ZOOM) return;
      detailedLand = loadDetailedLand()
        .then((land) => {
          if (mapRef.current === map) map.getSource<GeoJSONSource>('land')?.setData(land);
        })
        .catch(() => {
          // The coarse coastline stays.
        });
    });
    map.on('moveend', () => setViewVersion((v) => v + 1));
    map.on('click', 'site', (event) => {
      const id = event.features?.[0]?.properties?.['siteId'];
      if (typeof id === 'number') setSelectedId(id);
    });
    map.on('mouseenter', 'site', () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', 'site', () => {
      map.getCanvas().style.cursor = '';
    });
    const markers = clusterMarkers.current;
    return () => {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
      map.remove();
      mapRef.current = null;
      if (window.__masthubMap === map) window.__masthubMap = undefined;
    };
  }, []);

  // A new index (sites or radius changed): the old cluster ids mean nothing any more.
  useEffect(() => {
    void index;
    const markers = clusterMarkers.current;
    return () => {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
    };
  }, [index]);

  // Clusters and single sites for the current view.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isReady) return;
    void viewVersion;
    const b = map.getBounds();
    const bbox: [number, number, number, number] = [
      Math.max(-180, b.getWest()),
      Math.max(-85, b.getSouth()),
      Math.min(180, b.getEast()),
      Math.min(85, b.getNorth()),
    ];
    const features: ClusterOrSite[] = clustersInView(index, bbox, map.getZoom());
    const singles = features.filter((f) => !isCluster(f));
    map.getSource<GeoJSONSource>('sites')?.setData({ type: 'FeatureCollection', features: singles });
    setSingleCount(singles.length);
    setWarning(shouldWarnUnclustered(features));
    const markers = clusterMarkers.current;
    const seen = new Set<number>();
    for (const f of features) {
      if (!isCluster(f)) continue;
      const id = f.properties.cluster_id;
      seen.add(id);
      if (markers.has(id)) continue;
      const count = f.properties.point_count;
      const size = Math.round(28 + Math.min(24, Math.log10(count) * 10));
      const element = document.createElement('button');
      element.type = 'button';
      element.className = styles.cluster ?? '';
      element.dataset['testid'] = 'map-cluster';
      element.dataset['count'] = String(count);
      element.style.width = `${size}px`;
      element.style.height = `${size}px`;
      element.textContent = String(f.properties.point_count_abbreviated);
      element.title = t('home-map.cluster.title', { count });
      element.setAttribute('aria-label', element.title);
      const [lon, lat] = f.geometry.coordinates as [number, number];
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        map.easeTo({ center: [lon, lat], zoom: Math.min(index.getClusterExpansionZoom(id), 17) });
      });
      markers.set(id, new Marker({ element }).setLngLat([lon, lat]).addTo(map));
    }
    for (const [id, marker] of markers) {
      if (!seen.has(id)) {
        marker.remove();
        markers.delete(id);
      }
    }
  }, [index, isReady, viewVersion, t]);

  return (
    <div className={styles.layout}>
      <div className={styles.side}>
        {readyMap && <SearchBox map={readyMap} />}
        <Typography.Text type="secondary">
          {sites.isError
            ? t('home-map.sites.loadFailed')
            : t('home-map.sites.count', { count: points.length })}
        </Typography.Text>
        <RadiusSection radius={radius} onChange={setRadius} />
        <LocateSection mapRef={mapRef} />
        <RegionSection mapRef={mapRef} regions={regions.data} />
        <SiteFilter value={siteFilter} onChange={setSiteFilter} />
        {readyMap && (
          <OverviewPanel map={readyMap} filter={siteFilter} sites={sites.data} onSelectSite={setSelectedId} />
        )}
        {readyMap && <LayersControl map={readyMap} />}
        {readyMap && <IceClassLayer map={readyMap} sites={sites.data} />}
        {/* [anchor: side sections] — tools mount here with the ready map: {readyMap && <X map={readyMap} />} */}
      </div>
      <div className={styles.stage}>
        <div ref={containerRef} className={styles.canvas} data-testid="home-map" />
        {!isReady && (
          <div className={styles.loading}>
            <Spin description={t('home-map.loading')}>
              <div style={{ width: 160, height: 60 }} />
            </Spin>
          </div>
        )}
        {isWarning && (
          <Alert
            className={styles.warning}
            type="warning"
            showIcon
            title={t('home-map.warning.unclustered', { count: singleCount, limit: CLUSTER_WARNING_SITES })}
          />
        )}
        <StatusLegend statuses={statuses.data} />
        <LayerLegends />
        {readyMap && <MapTools map={readyMap} />}
        {readyMap && <OfflineBaseNote map={readyMap} />}
        {/* [anchor: stage overlays] — overlays on the map (layer legends, tool bars) mount here */}
        {selectedId !== undefined && (
          <SitePanel className={styles.panel} id={selectedId} onClose={() => setSelectedId(undefined)} />
        )}
      </div>
    </div>
  );
}

/** The cluster radius (px; 0 turns clustering off). */
function RadiusSection({ radius, onChange }: { radius: number; onChange: (radius: number) => void }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('home-map.radius.label')}>
      <Typography.Text strong>{t('home-map.radius.label')}</Typography.Text>
      <Flex align="center" gap={8}>
        <Slider
          style={{ flex: 1 }}
          min={CLUSTER_RADIUS.min}
          max={CLUSTER_RADIUS.max}
          step={10}
          value={radius}
          onChange={onChange}
          ariaLabelForHandle={t('home-map.radius.label')}
          tooltip={{
            formatter: (value) =>
              value === 0 ? t('home-map.radius.off') : t('home-map.radius.value', { value }),
          }}
        />
        <Typography.Text
          type="secondary"
          style={{ width: 64, textAlign: 'right' }}
          data-testid="radius-value"
        >
          {radius === 0 ? t('home-map.radius.off') : t('home-map.radius.value', { value: radius })}
        </Typography.Text>
      </Flex>
    </section>
  );
}

/** The legend of the site status colours. */
function StatusLegend({ statuses }: { statuses: readonly TStatusOption[] | undefined }) {
  const { t } = useTranslation();
  if (!statuses || statuses.length === 0) return null;
  return (
    <section className={styles.legend} aria-label={t('home-map.legend.title')}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {t('home-map.legend.title')}
      </Typography.Text>
      {statuses.map((status) => (
        <div key={status.value} className={styles.legendItem}>
          <span className={styles.dot} style={{ background: status.color }} />
          {status.name}
        </div>
      ))}
    </section>
  );
}
