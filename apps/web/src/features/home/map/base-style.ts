import type { FilterSpecification, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';

/** Colours of the offline base map (a light, quiet background that lets site colours stand out). */
export const BASE_COLORS = {
  sea: '#dde8f0',
  land: '#f3f1ec',
  coastline: '#a9bccb',
  province: '#fbfaf6',
  provinceOutline: '#b7ad9c',
  chinaOutline: '#8c8273',
  /** The South China Sea boundary line and its inset frame. */
  nanhaiLine: '#b05a4a',
} as const;

/** Source and layer id of the optional online raster base layer (MAP_TILE_URL). */
export const TILE_LAYER_ID = 'base-tiles';

const PROVINCES_ONLY: FilterSpecification = ['==', ['get', 'kind'], 'province'];

/** The raster XYZ source of MAP_TILE_URL (`{z}/{x}/{y}` template; 256-pixel tiles). */
function tileSource(tileUrl: string, attribution: string) {
  return { type: 'raster' as const, tiles: [tileUrl], tileSize: 256, maxzoom: 18, attribution };
}

/**
 * Adds the online raster base layer to a running map, under China's outline, the South China Sea line
 * and the sites (above the offline land and provinces, which it covers). A no-op without a URL or when
 * already there.
 */
export function addTileLayer(map: MapLibreMap, tileUrl: string, attribution = ''): void {
  if (!tileUrl || map.getSource(TILE_LAYER_ID)) return;
  map.addSource(TILE_LAYER_ID, tileSource(tileUrl, attribution));
  const before = ['nanhai-islands', 'site-halo'].find((id) => map.getLayer(id));
  map.addLayer({ id: TILE_LAYER_ID, type: 'raster', source: TILE_LAYER_ID }, before);
}

/** Above this zoom the South China Sea inset is hidden (the real sea is on screen by then). */
const NANHAI_INSET_MAX_ZOOM = 5.5;

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The offline style: sea background, Natural Earth land (no country borders: China's map-content
 * rules), China's provinces from the ECharts 4 map data with the national outline, the South China Sea
 * islands inset (dashed boundary line), and the site layer. Sources start empty and are filled once the
 * bundled data has loaded. With `tileUrl` (MAP_TILE_URL) an online raster base layer lies under the
 * sites.
 */
export function buildBaseStyle(
  attribution: string,
  options: { tileUrl?: string; tileAttribution?: string } = {},
): StyleSpecification {
  const tileUrl = options.tileUrl ?? '';
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: EMPTY, attribution },
      provinces: { type: 'geojson', data: EMPTY },
      sites: { type: 'geojson', data: EMPTY },
      locate: { type: 'geojson', data: EMPTY },
      ...(tileUrl ? { [TILE_LAYER_ID]: tileSource(tileUrl, options.tileAttribution ?? '') } : {}),
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': BASE_COLORS.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': BASE_COLORS.land } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: { 'line-color': BASE_COLORS.coastline, 'line-width': 0.8 },
      },
      // China's outline: a wide line under the opaque province fill, so only its outer half shows along
      // the national border (inner borders are covered from both sides) — clear at low zoom.
      {
        id: 'china-outline',
        type: 'line',
        source: 'provinces',
        filter: PROVINCES_ONLY,
        layout: { 'line-join': 'round' },
        paint: {
          'line-color': BASE_COLORS.chinaOutline,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 2.4, 4, 3.2, 8, 4],
        },
      },
      {
        id: 'province-fill',
        type: 'fill',
        source: 'provinces',
        filter: PROVINCES_ONLY,
        paint: { 'fill-color': BASE_COLORS.province },
      },
      {
        id: 'province-outline',
        type: 'line',
        source: 'provinces',
        filter: PROVINCES_ONLY,
        paint: {
          'line-color': BASE_COLORS.provinceOutline,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.3, 3, 0.6, 8, 1.4],
        },
      },
      ...(tileUrl ? [{ id: TILE_LAYER_ID, type: 'raster' as const, source: TILE_LAYER_ID }] : []),
      // The South China Sea islands inset (echarts 4 fix/nanhai.js): islands, dashed line, frame. It is a
      // cartographic inset (drawn east of Taiwan as on printed national maps), so it shows only at the
      // national scale and gives way to the sea itself when the user zooms in.
      {
        id: 'nanhai-islands',
        maxzoom: NANHAI_INSET_MAX_ZOOM,
        type: 'fill',
        source: 'provinces',
        filter: ['==', ['get', 'kind'], 'nanhai-islands'],
        paint: { 'fill-color': BASE_COLORS.province, 'fill-outline-color': BASE_COLORS.chinaOutline },
      },
      {
        id: 'nanhai-dash',
        maxzoom: NANHAI_INSET_MAX_ZOOM,
        type: 'line',
        source: 'provinces',
        filter: ['==', ['get', 'kind'], 'nanhai-dash'],
        layout: { 'line-cap': 'butt' },
        paint: {
          'line-color': BASE_COLORS.nanhaiLine,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 1.2, 4, 2, 8, 3],
        },
      },
      {
        id: 'nanhai-frame',
        maxzoom: NANHAI_INSET_MAX_ZOOM,
        type: 'line',
        source: 'provinces',
        filter: ['==', ['get', 'kind'], 'nanhai-frame'],
        paint: { 'line-color': BASE_COLORS.chinaOutline, 'line-width': 1 },
      },
      {
        id: 'site-halo',
        type: 'circle',
        source: 'sites',
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 6, 10, 9],
          'circle-color': '#ffffff',
          'circle-opacity': 0.9,
        },
      },
      {
        id: 'site',
        type: 'circle',
        source: 'sites',
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 4.5, 10, 7],
          'circle-color': ['get', 'color'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      },
    ],
  };
}
