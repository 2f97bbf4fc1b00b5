import type { StyleSpecification } from 'maplibre-gl';

/** Colours of the offline base map (a light, quiet background that lets site colours stand out). */
export const BASE_COLORS = {
  sea: '#dde8f0',
  land: '#f3f1ec',
  coastline: '#a9bccb',
  province: '#fbfaf6',
  provinceOutline: '#b7ad9c',
  chinaOutline: '#8c8273',
} as const;

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The offline style: sea background, Natural Earth land (no country borders: China's map-content
 * rules), China's provinces from the ECharts 4 map data, and the site layer. Sources start empty and
 * are filled once the bundled data has loaded.
 */
export function buildBaseStyle(attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: EMPTY, attribution },
      provinces: { type: 'geojson', data: EMPTY },
      sites: { type: 'geojson', data: EMPTY },
      locate: { type: 'geojson', data: EMPTY },
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
      {
        id: 'province-fill',
        type: 'fill',
        source: 'provinces',
        paint: { 'fill-color': BASE_COLORS.province },
      },
      {
        id: 'province-outline',
        type: 'line',
        source: 'provinces',
        paint: {
          'line-color': BASE_COLORS.provinceOutline,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 1.4],
        },
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
