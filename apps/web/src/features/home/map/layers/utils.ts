import {
  LAND_COVER_CLASSES,
  MAP_LAYER_GROUPS,
  type TLegendStep,
  type TLonLatBounds,
  type TMapLayer,
  type TMapLayerKind,
  type TPointLayerValue,
} from '@masthub/shared';

export type TLayerGroup = keyof typeof MAP_LAYER_GROUPS;

/** Panel groups in order (wind atlas, solar, terrain, land cover), each with its layers; empty groups left out. */
export function groupLayers(layers: readonly TMapLayer[]): { group: TLayerGroup; layers: TMapLayer[] }[] {
  const out: { group: TLayerGroup; layers: TMapLayer[] }[] = [];
  for (const [group, kinds] of Object.entries(MAP_LAYER_GROUPS) as [
    TLayerGroup,
    readonly TMapLayerKind[],
  ][]) {
    const members = layers
      .filter((l) => kinds.includes(l.kind))
      .sort(
        (a, b) =>
          kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || (a.heightM ?? 0) - (b.heightM ?? 0) || a.id - b.id,
      );
    if (members.length > 0) out.push({ group, layers: members });
  }
  return out;
}

/** The four corners of an image source, clockwise from the north-west (MapLibre's order). */
export function imageCoordinates(
  bounds: TLonLatBounds,
): [[number, number], [number, number], [number, number], [number, number]] {
  const [west, south, east, north] = bounds;
  return [
    [west, north],
    [east, north],
    [east, south],
    [west, south],
  ];
}

/** Trims a legend number: 3 → "3", 3.5 → "3.5", 1000 → "1000". */
export function formatStep(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** Legend rows of a continuous kind: "3–3.5", …, "≥ 10" (values below the first step share its colour). */
export function legendRows(steps: readonly TLegendStep[]): { color: string; label: string }[] {
  return steps.map((step, i) => {
    const next = steps[i + 1];
    return {
      color: step.color,
      label: next ? `${formatStep(step.value)}–${formatStep(next.value)}` : `≥ ${formatStep(step.value)}`,
    };
  });
}

/** Land-cover legend rows: colour and the i18n key of the class name. */
export function landCoverRows(): { color: string; key: string; value: number }[] {
  return LAND_COVER_CLASSES.map((c) => ({ color: c.color, key: c.key, value: c.value }));
}

/** The i18n key of a land-cover class code, or undefined for an unknown code. */
export function landCoverKey(value: number): string | undefined {
  return LAND_COVER_CLASSES.find((c) => c.value === Math.round(value))?.key;
}

/** How a point value reads: a class key for land cover, a rounded number with unit otherwise. */
export function describePointValue(
  v: Pick<TPointLayerValue, 'kind' | 'value' | 'unit'>,
):
  | { type: 'none' }
  | { type: 'class'; key: string | undefined; value: number }
  | { type: 'number'; text: string } {
  if (v.value === null) return { type: 'none' };
  if (v.kind === 'land_cover')
    return { type: 'class', key: landCoverKey(v.value), value: Math.round(v.value) };
  const digits = v.kind === 'wind_speed' ? 2 : Math.abs(v.value) >= 100 ? 0 : 1;
  return { type: 'number', text: `${v.value.toFixed(digits)}${v.unit ? ` ${v.unit}` : ''}` };
}

/** MapLibre ids of a layer's image source and raster layer. */
export const sourceIdOf = (id: number) => `masthub-layer-${id}`;

/** Opacity of a newly shown layer. */
export const DEFAULT_OPACITY = 0.75;

/** What the upload's file picker accepts (a GeoTIFF). */
export const LAYER_FILE_ACCEPT = '.tif,.tiff';

/** The server's limit on an uploaded GeoTIFF (200 MB). */
export const LAYER_MAX_BYTES = 200 * 1024 * 1024;

/** Longest layer name the form accepts. */
export const LAYER_NAME_MAX = 50;

/** Why a picked file cannot be uploaded ('type': not .tif/.tiff, 'size': over 200 MB), or undefined. */
export function layerFileProblem(fileName: string, sizeBytes: number): 'type' | 'size' | undefined {
  if (!/\.tiff?$/i.test(fileName)) return 'type';
  if (sizeBytes > LAYER_MAX_BYTES) return 'size';
  return undefined;
}

/** The upload form's values. */
export interface LayerUploadValues {
  kind: TMapLayerKind;
  name: string;
  heightM?: number | null;
}

/**
 * The multipart body of POST /web/map_layer/upload: `kind`, the trimmed `name`, `heightM` only for wind
 * speed (and when given), then `file` last (the server reads the fields before the file).
 */
export function toLayerUploadForm(values: LayerUploadValues, file: File): FormData {
  const form = new FormData();
  form.append('kind', values.kind);
  form.append('name', values.name.trim());
  if (values.kind === 'wind_speed' && values.heightM !== undefined && values.heightM !== null) {
    form.append('heightM', String(values.heightM));
  }
  form.append('file', file, file.name);
  return form;
}

/** Bounds as "W, S – E, N" with 3 decimals. */
export function formatBounds([west, south, east, north]: TLonLatBounds): string {
  const f = (v: number) => Number(v.toFixed(3)).toString();
  return `${f(west)}, ${f(south)} – ${f(east)}, ${f(north)}`;
}

/** A layer's name, with its height when the name does not already say it. */
export function layerTitle(layer: Pick<TMapLayer, 'name' | 'heightM'>): string {
  return layer.heightM !== null && !layer.name.includes(`${layer.heightM}`)
    ? `${layer.name} · ${layer.heightM} m`
    : layer.name;
}
