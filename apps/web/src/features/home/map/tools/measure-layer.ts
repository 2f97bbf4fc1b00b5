import type { Map as MapLibreMap } from 'maplibre-gl';
import { circleRing, type LonLat } from './geodesy.ts';
import type { ToolMode } from './MapTools.tsx';

/** The GeoJSON source the measuring tools draw into. */
export const MEASURE_SOURCE = 'tool-measure';
const COLOR = '#e8590c';
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The measuring drawing as GeoJSON: the path or polygon (with the rubber band to the cursor), vertices. */
export function measureFeatures(
  mode: ToolMode,
  points: LonLat[],
  cursor: LonLat | null,
  circle: { centre: LonLat; radiusM: number } | null,
): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  const line = cursor ? [...points, cursor] : points;
  if (mode === 'distance' && line.length >= 2) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line } });
  }
  if (mode === 'area' && line.length >= 2) {
    const ring = [...line, line[0] as LonLat];
    features.push({
      type: 'Feature',
      properties: {},
      geometry:
        line.length >= 3
          ? { type: 'Polygon', coordinates: [ring] }
          : { type: 'LineString', coordinates: ring },
    });
  }
  if (mode === 'circle' && circle && circle.radiusM > 0) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [circleRing(circle.centre, circle.radiusM)] },
    });
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: circle.centre },
    });
  }
  if (mode === 'distance' || mode === 'area') {
    for (const p of points)
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: p } });
  }
  return { type: 'FeatureCollection', features };
}

/** Adds the drawing source and its fill, line and vertex layers, once. */
export function ensureLayers(map: MapLibreMap) {
  if (map.getSource(MEASURE_SOURCE)) return;
  map.addSource(MEASURE_SOURCE, { type: 'geojson', data: EMPTY });
  map.addLayer({
    id: 'tool-measure-fill',
    type: 'fill',
    source: MEASURE_SOURCE,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': COLOR, 'fill-opacity': 0.15 },
  });
  map.addLayer({
    id: 'tool-measure-line',
    type: 'line',
    source: MEASURE_SOURCE,
    filter: ['!=', ['geometry-type'], 'Point'],
    paint: { 'line-color': COLOR, 'line-width': 2, 'line-dasharray': [3, 1.5] },
  });
  map.addLayer({
    id: 'tool-measure-point',
    type: 'circle',
    source: MEASURE_SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 4,
      'circle-color': '#fff',
      'circle-stroke-color': COLOR,
      'circle-stroke-width': 2,
    },
  });
}

/** A measuring label or a note as a marker element. */
export function labelElement(text: string, kind: 'measure' | 'note'): HTMLElement {
  const el = document.createElement('div');
  el.textContent = text;
  el.dataset['testid'] = kind === 'note' ? 'map-note' : 'measure-label';
  Object.assign(el.style, {
    padding: kind === 'note' ? '2px 8px' : '0 4px',
    borderRadius: '4px',
    background: kind === 'note' ? '#fffbe6' : 'rgba(255,255,255,0.9)',
    border: `1px solid ${kind === 'note' ? '#ffe58f' : COLOR}`,
    fontSize: '12px',
    lineHeight: '18px',
    whiteSpace: 'nowrap',
    maxWidth: '220px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: kind === 'note' ? 'pointer' : 'default',
    pointerEvents: kind === 'note' ? 'auto' : 'none',
  } satisfies Partial<CSSStyleDeclaration>);
  return el;
}
