import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  collectionBounds,
  decodeEchartsGeo,
  decodeRing,
  type EchartsGeoJson,
  nanhaiToLonLat,
} from './echarts-geo.ts';

/** Encodes like echarts' own build tool: zig-zag deltas + 64, in 1/1024 degree. */
function encodeRing(points: [number, number][]): { text: string; offsets: [number, number] } {
  const q = points.map(([x, y]) => [Math.round(x * 1024), Math.round(y * 1024)] as const);
  const offsets: [number, number] = [q[0]![0], q[0]![1]];
  let [px, py] = offsets;
  let text = '';
  for (const [x, y] of q) {
    const dx = x - px;
    const dy = y - py;
    px = x;
    py = y;
    text += String.fromCharCode(((dx << 1) ^ (dx >> 31)) + 64, ((dy << 1) ^ (dy >> 31)) + 64);
  }
  return { text, offsets };
}

describe('decodeRing', () => {
  it('inverts the zig-zag delta encoding and closes the ring', () => {
    const square: [number, number][] = [
      [116, 39],
      [117.5, 39],
      [117.5, 40.25],
      [116, 40.25],
    ];
    const { text, offsets } = encodeRing(square);
    expect(decodeRing(text, offsets)).toEqual([...square, [116, 39]]);
  });

  it('handles negative deltas', () => {
    const { text, offsets } = encodeRing([
      [10, 10],
      [9, 8],
      [8.5, 9],
    ]);
    expect(decodeRing(text, offsets)).toEqual([
      [10, 10],
      [9, 8],
      [8.5, 9],
      [10, 10],
    ]);
  });
});

describe('decodeEchartsGeo on echarts@4.9.0 china.json', () => {
  const require = createRequire(import.meta.url);
  const json = JSON.parse(
    readFileSync(require.resolve('echarts4/map/json/china.json'), 'utf8'),
  ) as EchartsGeoJson;
  const china = decodeEchartsGeo(json);

  it('keeps the 34 provincial divisions with their GB/T 2260 codes', () => {
    expect(china.features.filter((f) => f.properties.kind === 'province')).toHaveLength(34);
    const beijing = china.features.find((f) => f.properties.code === '110000');
    expect(beijing?.properties.name).toBe('北京');
    expect(beijing?.id).toBe(110000);
  });

  it('decodes coordinates into China (the islands inset lies inside these bounds too)', () => {
    const [minLon, minLat, maxLon, maxLat] = collectionBounds(china);
    expect(minLon).toBeGreaterThan(73);
    expect(minLon).toBeLessThan(74);
    expect(maxLon).toBeGreaterThan(134);
    expect(maxLon).toBeLessThan(136);
    expect(maxLat).toBeGreaterThan(53);
    expect(maxLat).toBeLessThan(54);
    expect(minLat).toBeLessThan(18.5);
    expect(minLat).toBeGreaterThan(17.5);
  });

  it('adds the South China Sea islands inset of echarts 4 (fix/nanhai.js) with plausible lon/lat', () => {
    const islands = china.features.find((f) => f.properties.kind === 'nanhai-islands');
    const dashes = china.features.find((f) => f.properties.kind === 'nanhai-dash');
    const frame = china.features.find((f) => f.properties.kind === 'nanhai-frame');
    expect(islands?.properties.name).toBe('南海诸岛');
    expect(islands?.geometry.type).toBe('Polygon');
    expect(dashes?.geometry.type).toBe('MultiLineString');
    expect(dashes?.geometry.coordinates).toHaveLength(10);
    expect(frame).toBeDefined();
    for (const part of [islands, dashes, frame]) {
      const [w, s, e, n] = collectionBounds({ type: 'FeatureCollection', features: [part!] });
      // The inset sits at 126°E 25°N: 64 units / 10.5 wide, 93.1 units / 14 high.
      expect(w).toBeGreaterThanOrEqual(126);
      expect(e).toBeLessThanOrEqual(126 + 64 / 10.5 + 1e-9);
      expect(n).toBeLessThanOrEqual(25);
      expect(s).toBeGreaterThanOrEqual(25 - 93.1 / 14 - 1e-9);
    }
    // Each dash is a short segment (less than a degree) inside the frame.
    for (const [a, b] of (dashes?.geometry.coordinates ?? []) as [number, number][][]) {
      expect(Math.hypot(a![0] - b![0], a![1] - b![1])).toBeLessThan(1);
      expect(Math.hypot(a![0] - b![0], a![1] - b![1])).toBeGreaterThan(0.2);
    }
    expect(nanhaiToLonLat([64, 93.1])).toEqual([126 + 64 / 10.5, 25 - 93.1 / 14]);
  });

  it('adds Diaoyu Island to Taiwan (echarts 4 fix/diaoyuIsland.js)', () => {
    const taiwan = china.features.find((f) => f.properties.code === '710000');
    expect(taiwan?.geometry.type).toBe('MultiPolygon');
    const polygons = taiwan?.geometry.coordinates as number[][][][];
    expect(polygons.at(-1)?.[0]?.[0]).toEqual([123.45165252685547, 25.73527164402261]);
  });

  it('leaves maps other than China without the inset', () => {
    const other: EchartsGeoJson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { id: '130100', name: '石家庄市' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [114, 38],
                [115, 38],
                [115, 39],
                [114, 38],
              ],
            ],
          },
        },
      ],
    };
    expect(decodeEchartsGeo(other).features).toHaveLength(1);
  });

  it('puts each province centre inside its own bounds', () => {
    for (const feature of china.features.filter((f) => f.properties.kind === 'province')) {
      const [w, s, e, n] = collectionBounds({ type: 'FeatureCollection', features: [feature] });
      expect(feature.properties.cpLon).toBeGreaterThanOrEqual(w - 0.5);
      expect(feature.properties.cpLon).toBeLessThanOrEqual(e + 0.5);
      expect(feature.properties.cpLat).toBeGreaterThanOrEqual(s - 0.5);
      expect(feature.properties.cpLat).toBeLessThanOrEqual(n + 0.5);
    }
  });
});
