import { z } from 'zod';
import { vmsg } from '../i18n/validation.ts';

/** Raster layer kinds of the home map (SPEC §2 wind atlas and map layers, §9 legends). */
export const MAP_LAYER_KINDS = [
  'wind_speed',
  'ghi',
  'dif',
  'dni',
  'gti',
  'pvout',
  'dem',
  'slope',
  'flat',
  'land_cover',
] as const;
export type TMapLayerKind = (typeof MAP_LAYER_KINDS)[number];

/** Panel groups of the layer control, in display order. */
export const MAP_LAYER_GROUPS: Record<'wind' | 'solar' | 'terrain' | 'landCover', readonly TMapLayerKind[]> =
  {
    wind: ['wind_speed'],
    solar: ['ghi', 'dif', 'dni', 'gti', 'pvout'],
    terrain: ['dem', 'slope', 'flat'],
    landCover: ['land_cover'],
  };

/** Unit of each kind (SPEC §9: kWh/m2, h, m, degrees); land cover is a class code. */
export const MAP_LAYER_UNITS: Record<TMapLayerKind, string> = {
  wind_speed: 'm/s',
  ghi: 'kWh/m²',
  dif: 'kWh/m²',
  dni: 'kWh/m²',
  gti: 'kWh/m²',
  pvout: 'h',
  dem: 'm',
  slope: '°',
  flat: '°',
  land_cover: '',
};

/** Land-cover class codes (the Esri/Sentinel-2 10 m land-cover codes) and their legend keys. */
export const LAND_COVER_CLASSES = [
  { value: 1, key: 'water', color: '#419bdf' },
  { value: 2, key: 'forest', color: '#397d49' },
  { value: 4, key: 'floodedVegetation', color: '#7a87c6' },
  { value: 5, key: 'cropland', color: '#e49635' },
  { value: 7, key: 'built', color: '#c4281b' },
  { value: 8, key: 'bare', color: '#a59b8f' },
  { value: 9, key: 'snowIce', color: '#a8ebff' },
  { value: 10, key: 'cloud', color: '#616161' },
] as const;

/** A legend step: values from `value` up to the next step's value take `color`. */
export interface TLegendStep {
  value: number;
  color: string;
}

/** Evenly spaced steps from `from` to `to` with colours interpolated along `ramp`. */
function steps(from: number, to: number, step: number, ramp: readonly string[]): TLegendStep[] {
  const count = Math.round((to - from) / step) + 1;
  const out: TLegendStep[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push({
      value: Number((from + i * step).toFixed(6)),
      color: rampColor(ramp, count === 1 ? 0 : i / (count - 1)),
    });
  }
  return out;
}

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The colour at `t` ∈ [0, 1] along a ramp of hex colours (linear in RGB). */
export function rampColor(ramp: readonly string[], t: number): string {
  const x = Math.min(1, Math.max(0, t)) * (ramp.length - 1);
  const i = Math.min(ramp.length - 2, Math.floor(x));
  const f = x - i;
  const a = parseHex(ramp[i] ?? '#000000');
  const b = parseHex(ramp[i + 1] ?? ramp[i] ?? '#000000');
  const c = a.map((v, k) => Math.round(v + ((b[k] ?? v) - v) * f));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const WIND_RAMP = [
  '#2b83ba',
  '#64b5cd',
  '#abdda4',
  '#e6f598',
  '#fee08b',
  '#fdae61',
  '#f46d43',
  '#d7191c',
  '#9e0142',
];
const SUN_RAMP = ['#fff7bc', '#fee391', '#fec44f', '#fe9929', '#ec7014', '#cc4c02', '#8c2d04'];
const TERRAIN_RAMP = ['#1a9850', '#91cf60', '#d9ef8b', '#fee08b', '#d8b365', '#a6761d', '#8c510a', '#ffffff'];
const SLOPE_RAMP = ['#ffffcc', '#c2e699', '#78c679', '#31a354', '#006837', '#253494'];

/**
 * The legend (and the rendering colour steps) of each continuous kind. Wind speed follows SPEC §9: 3 to
 * 10 m/s in 0.5 steps; the other ranges are typical for China.
 */
export const MAP_LAYER_LEGENDS: Record<Exclude<TMapLayerKind, 'land_cover'>, TLegendStep[]> = {
  wind_speed: steps(3, 10, 0.5, WIND_RAMP),
  ghi: steps(1000, 2000, 100, SUN_RAMP),
  dif: steps(400, 1000, 75, SUN_RAMP),
  dni: steps(600, 2200, 200, SUN_RAMP),
  gti: steps(1100, 2300, 150, SUN_RAMP),
  pvout: steps(900, 1900, 125, SUN_RAMP),
  dem: [0, 200, 500, 1000, 1500, 2000, 3000, 4000, 5000].map((value, i, all) => ({
    value,
    color: rampColor(TERRAIN_RAMP, i / (all.length - 1)),
  })),
  slope: [0, 2, 5, 10, 15, 25, 35].map((value, i, all) => ({
    value,
    color: rampColor(SLOPE_RAMP, i / (all.length - 1)),
  })),
  flat: [0, 1, 2, 3, 5, 8].map((value, i, all) => ({
    value,
    color: rampColor(SLOPE_RAMP, i / (all.length - 1)),
  })),
};

/** The colour of a value of a kind: its legend step (below the first step → the first), or its class. */
export function colorForValue(kind: TMapLayerKind, value: number): string | undefined {
  if (kind === 'land_cover') {
    const code = Math.round(value);
    return LAND_COVER_CLASSES.find((c) => c.value === code)?.color;
  }
  const legend = MAP_LAYER_LEGENDS[kind];
  let color = legend[0]?.color;
  for (const step of legend) {
    if (value >= step.value) color = step.color;
    else break;
  }
  return color;
}

/** Web Mercator's latitude limit: images are drawn within it. */
export const MERCATOR_MAX_LATITUDE = 85.051129;

/** [west, south, east, north] in WGS84 degrees. */
export const ZLonLatBounds = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type TLonLatBounds = z.infer<typeof ZLonLatBounds>;

export const ZMapLayerKind = z.enum(MAP_LAYER_KINDS, vmsg('oneOf'));

/** GET /web/map_layer/list: one enabled raster layer. */
export const ZMapLayer = z.object({
  id: z.number().int(),
  kind: ZMapLayerKind,
  name: z.string(),
  heightM: z.number().nullable(),
  unit: z.string(),
  bounds: ZLonLatBounds,
  /** The bounds the PNG of GET /web/map_layer/image covers (latitudes clipped to Web Mercator). */
  imageBounds: ZLonLatBounds,
  width: z.number().int(),
  height: z.number().int(),
  nodata: z.number().nullable(),
  /** Changes when the raster changes: part of the image URL so a cached image is never stale. */
  sha256: z.string(),
  isEnabled: z.boolean(),
  createdAt: z.string(),
  legend: z.array(z.object({ value: z.number(), color: z.string() })),
});
export type TMapLayer = z.infer<typeof ZMapLayer>;

/** The form fields of POST /web/map_layer/upload (multipart, before the file). */
export const ZMapLayerUploadFields = z.object({
  kind: ZMapLayerKind,
  name: z.string(vmsg('required')).trim().min(1, vmsg('required')).max(100, vmsg('maxLength')),
  heightM: z.coerce.number(vmsg('number')).min(0, vmsg('number')).max(1000, vmsg('number')).nullish(),
});
export type TMapLayerUploadFields = z.infer<typeof ZMapLayerUploadFields>;

function zPointCoordinate(key: 'longitude' | 'latitude', limit: number) {
  return z.number(vmsg(key)).refine((v) => Number.isFinite(v) && v >= -limit && v <= limit, vmsg(key));
}

/** POST /meteorological/query/wind/point (SPEC §7). */
export const ZWindPointQuery = z.object({
  longitude: zPointCoordinate('longitude', 180),
  latitude: zPointCoordinate('latitude', 90),
});
export type TWindPointQuery = z.infer<typeof ZWindPointQuery>;

/** One layer's value at the queried point: null outside the raster or on nodata. */
export const ZPointLayerValue = z.object({
  layerId: z.number().int(),
  kind: ZMapLayerKind,
  name: z.string(),
  heightM: z.number().nullable(),
  unit: z.string(),
  value: z.number().nullable(),
});
export type TPointLayerValue = z.infer<typeof ZPointLayerValue>;
