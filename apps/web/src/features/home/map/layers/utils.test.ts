import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAP_LAYER_LEGENDS, type TMapLayer } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { activeLayers } from './store.ts';
import {
  DEFAULT_OPACITY,
  describePointValue,
  formatBounds,
  groupLayers,
  imageCoordinates,
  LAYER_MAX_BYTES,
  landCoverKey,
  landCoverRows,
  layerFileProblem,
  legendRows,
  toLayerUploadForm,
} from './utils.ts';

interface TLocale {
  kinds: Record<string, string>;
  landCover: Record<string, string>;
}
const readLocale = (language: string): TLocale =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../locales', language, 'home-layers.json'), 'utf8'),
  );
const zh = readLocale('zh-CN');
const en = readLocale('en-US');

function layer(id: number, kind: TMapLayer['kind'], heightM: number | null = null): TMapLayer {
  return {
    id,
    kind,
    name: `${kind}-${id}`,
    heightM,
    unit: '',
    bounds: [70, 15, 140, 55],
    imageBounds: [70, 15, 140, 55],
    width: 10,
    height: 10,
    nodata: null,
    sha256: 'a'.repeat(64),
    isEnabled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    legend: [],
  };
}

describe('groupLayers', () => {
  it('groups wind atlas, solar, terrain and land cover in order, leaving out empty groups', () => {
    const groups = groupLayers([
      layer(1, 'dem'),
      layer(2, 'wind_speed', 120),
      layer(3, 'ghi'),
      layer(4, 'wind_speed', 80),
      layer(5, 'pvout'),
    ]);
    expect(groups.map((g) => g.group)).toEqual(['wind', 'solar', 'terrain']);
    expect(groups[0]?.layers.map((l) => l.id)).toEqual([4, 2]);
    expect(groups[1]?.layers.map((l) => l.kind)).toEqual(['ghi', 'pvout']);
  });
});

describe('legends', () => {
  it('shows wind speed from 3 to 10 m/s in 0.5 steps (SPEC §9)', () => {
    const rows = legendRows(MAP_LAYER_LEGENDS.wind_speed);
    expect(rows).toHaveLength(15);
    expect(rows[0]?.label).toBe('3–3.5');
    expect(rows[1]?.label).toBe('3.5–4');
    expect(rows[14]?.label).toBe('≥ 10');
    expect(new Set(rows.map((r) => r.color)).size).toBe(15);
  });

  it('names every land-cover class in both languages', () => {
    const keys = landCoverRows().map((r) => r.key);
    expect(keys).toEqual([
      'water',
      'forest',
      'floodedVegetation',
      'cropland',
      'built',
      'bare',
      'snowIce',
      'cloud',
    ]);
    for (const key of keys) {
      expect(zh.landCover[key]).toBeTruthy();
      expect(en.landCover[key]).toBeTruthy();
    }
    expect(landCoverKey(7)).toBe('built');
    expect(landCoverKey(3)).toBeUndefined();
  });

  it('has a kind name for every legend kind', () => {
    for (const kind of [...Object.keys(MAP_LAYER_LEGENDS), 'land_cover']) {
      expect(zh.kinds[kind]).toBeTruthy();
      expect(en.kinds[kind]).toBeTruthy();
    }
  });
});

describe('point values and image corners', () => {
  it('reads values with units, classes by name and gaps as no data', () => {
    expect(describePointValue({ kind: 'wind_speed', value: 6.234, unit: 'm/s' })).toEqual({
      type: 'number',
      text: '6.23 m/s',
    });
    expect(describePointValue({ kind: 'dem', value: 1523.6, unit: 'm' })).toEqual({
      type: 'number',
      text: '1524 m',
    });
    expect(describePointValue({ kind: 'land_cover', value: 5, unit: '' })).toEqual({
      type: 'class',
      key: 'cropland',
      value: 5,
    });
    expect(describePointValue({ kind: 'ghi', value: null, unit: 'kWh/m²' })).toEqual({ type: 'none' });
  });

  it('orders image corners clockwise from the north-west', () => {
    expect(imageCoordinates([73, 18, 135, 54])).toEqual([
      [73, 54],
      [135, 54],
      [135, 18],
      [73, 18],
    ]);
  });
});

describe('the shown-layers store', () => {
  it('toggles layers in order, clamps opacity and drops deleted layers', () => {
    activeLayers.clear();
    activeLayers.toggle(2, true);
    activeLayers.toggle(1, true);
    activeLayers.toggle(2, true);
    expect(activeLayers.get()).toEqual([
      { id: 2, opacity: DEFAULT_OPACITY },
      { id: 1, opacity: DEFAULT_OPACITY },
    ]);
    activeLayers.setOpacity(1, 1.4);
    expect(activeLayers.get()[1]?.opacity).toBe(1);
    activeLayers.retain(new Set([1]));
    expect(activeLayers.get().map((l) => l.id)).toEqual([1]);
    activeLayers.toggle(1, false);
    expect(activeLayers.get()).toEqual([]);
  });
});

describe('layer upload', () => {
  const tif = () => new File([new Uint8Array([1, 2, 3])], 'wind-100m.tif', { type: 'image/tiff' });

  it('sends kind, trimmed name and height before the file for wind speed', () => {
    const form = toLayerUploadForm({ kind: 'wind_speed', name: '  100 m wind  ', heightM: 100 }, tif());
    expect([...form.keys()]).toEqual(['kind', 'name', 'heightM', 'file']);
    expect(form.get('kind')).toBe('wind_speed');
    expect(form.get('name')).toBe('100 m wind');
    expect(form.get('heightM')).toBe('100');
    const file = form.get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('wind-100m.tif');
  });

  it('leaves out the height for other kinds and when not given', () => {
    expect([...toLayerUploadForm({ kind: 'dem', name: 'DEM', heightM: 80 }, tif()).keys()]).toEqual([
      'kind',
      'name',
      'file',
    ]);
    expect(toLayerUploadForm({ kind: 'wind_speed', name: 'W', heightM: null }, tif()).has('heightM')).toBe(
      false,
    );
    expect(toLayerUploadForm({ kind: 'wind_speed', name: 'W' }, tif()).has('heightM')).toBe(false);
    expect(toLayerUploadForm({ kind: 'wind_speed', name: 'W', heightM: 0 }, tif()).get('heightM')).toBe('0');
  });

  it('accepts .tif/.tiff up to 200 MB only', () => {
    expect(layerFileProblem('a.tif', 10)).toBeUndefined();
    expect(layerFileProblem('A.TIFF', LAYER_MAX_BYTES)).toBeUndefined();
    expect(layerFileProblem('a.png', 10)).toBe('type');
    expect(layerFileProblem('a.tif.zip', 10)).toBe('type');
    expect(layerFileProblem('a.tif', LAYER_MAX_BYTES + 1)).toBe('size');
  });

  it('formats bounds west, south – east, north', () => {
    expect(formatBounds([73.5, 18.123456, 135.05, 53.56])).toBe('73.5, 18.123 – 135.05, 53.56');
  });

  it('has the same management texts in both languages, none empty', () => {
    const flat = (o: unknown, prefix = ''): Record<string, string> =>
      Object.entries(o as Record<string, unknown>).reduce<Record<string, string>>((out, [k, v]) => {
        if (typeof v === 'string') out[prefix + k] = v;
        else Object.assign(out, flat(v, `${prefix}${k}.`));
        return out;
      }, {});
    const zhManage = flat((zh as unknown as { manage: unknown }).manage);
    const enManage = flat((en as unknown as { manage: unknown }).manage);
    expect(Object.keys(zhManage).sort()).toEqual(Object.keys(enManage).sort());
    expect(Object.values({ ...zhManage, ...enManage }).every((v) => v.trim() !== '')).toBe(true);
  });
});
