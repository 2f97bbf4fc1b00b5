/**
 * Decoding of ECharts 4's compact map encoding (echarts@4.9.0 map/json/*.json, `UTF8Encoding: true`):
 * each ring is a string of character pairs; a character code minus 64 is a zig-zag encoded delta
 * from the previous point (the first from the ring's `encodeOffsets`), in units of 1/`UTF8Scale`
 * (1024 when absent) degrees. Mirrors echarts 4 `parseGeoJson.decode`.
 */

export interface EchartsGeoFeature {
  type: 'Feature';
  id?: string;
  properties: { id?: string; name: string; cp?: [number, number]; childNum?: number };
  geometry:
    | { type: 'Polygon'; coordinates: string[] | number[][][]; encodeOffsets?: [number, number][] }
    | {
        type: 'MultiPolygon';
        coordinates: string[][] | number[][][][];
        encodeOffsets?: [number, number][][];
      };
}

export interface EchartsGeoJson {
  type: 'FeatureCollection';
  UTF8Encoding?: boolean;
  UTF8Scale?: number;
  features: EchartsGeoFeature[];
}

export type Position = [number, number];
export type Ring = Position[];

/**
 * What a feature draws: a province, or a part of the South China Sea islands inset (`nanhai-*`: its
 * islands, the dashes of the boundary line and the inset frame), drawn by their own base-map layers.
 */
export type GeoFeatureKind = 'province' | 'nanhai-islands' | 'nanhai-dash' | 'nanhai-frame';

export interface ProvinceFeature {
  type: 'Feature';
  id: number;
  properties: { kind: GeoFeatureKind; code: string; name: string; cpLon: number; cpLat: number };
  geometry:
    | { type: 'Polygon'; coordinates: Ring[] }
    | { type: 'MultiPolygon'; coordinates: Ring[][] }
    | { type: 'MultiLineString'; coordinates: Position[][] };
}

export interface ProvinceCollection {
  type: 'FeatureCollection';
  features: ProvinceFeature[];
}

/** Decodes one encoded ring; the ring is closed (first point repeated) as GeoJSON requires. */
export function decodeRing(encoded: string, offsets: readonly [number, number], scale = 1024): Ring {
  const ring: Ring = [];
  let prevX = offsets[0];
  let prevY = offsets[1];
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64;
    let y = encoded.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += prevX;
    y += prevY;
    prevX = x;
    prevY = y;
    ring.push([x / scale, y / scale]);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}

function asRing(ring: string | number[][], offsets: [number, number] | undefined, scale: number): Ring {
  if (typeof ring === 'string') return decodeRing(ring, offsets ?? [0, 0], scale);
  return ring.map((p) => [p[0] ?? 0, p[1] ?? 0]);
}

/**
 * echarts@4.9.0 lib/coord/geo/fix/nanhai.js: the South China Sea islands (南海诸岛) inset that ECharts adds
 * to its China map, in inset units (x right, y down) placed at `NANHAI_ORIGIN` with 10.5 units per degree
 * of longitude and 14 (10.5 / 0.75) per degree of latitude. Ring 0 is the islands' coast, rings 1–10 the
 * dashes of the boundary line, ring 11 the inset frame.
 */
export const NANHAI_ORIGIN: Position = [126, 25];
const NANHAI_POINTS: readonly (readonly [number, number])[][] = [
  [
    [0, 3.5],
    [7, 11.2],
    [15, 11.9],
    [30, 7],
    [42, 0.7],
    [52, 0.7],
    [56, 7.7],
    [59, 0.7],
    [64, 0.7],
    [64, 0],
    [5, 0],
    [0, 3.5],
  ],
  [
    [13, 16.1],
    [19, 14.7],
    [16, 21.7],
    [11, 23.1],
    [13, 16.1],
  ],
  [
    [12, 32.2],
    [14, 38.5],
    [15, 38.5],
    [13, 32.2],
    [12, 32.2],
  ],
  [
    [16, 47.6],
    [12, 53.2],
    [13, 53.2],
    [18, 47.6],
    [16, 47.6],
  ],
  [
    [6, 64.4],
    [8, 70],
    [9, 70],
    [8, 64.4],
    [6, 64.4],
  ],
  [
    [23, 82.6],
    [29, 79.8],
    [30, 79.8],
    [25, 82.6],
    [23, 82.6],
  ],
  [
    [37, 70.7],
    [43, 62.3],
    [44, 62.3],
    [39, 70.7],
    [37, 70.7],
  ],
  [
    [48, 51.1],
    [51, 45.5],
    [53, 45.5],
    [50, 51.1],
    [48, 51.1],
  ],
  [
    [51, 35],
    [51, 28.7],
    [53, 28.7],
    [53, 35],
    [51, 35],
  ],
  [
    [52, 22.4],
    [55, 17.5],
    [56, 17.5],
    [53, 22.4],
    [52, 22.4],
  ],
  [
    [58, 12.6],
    [62, 7],
    [63, 7],
    [60, 12.6],
    [58, 12.6],
  ],
  [
    [0, 3.5],
    [0, 93.1],
    [64, 93.1],
    [64, 0],
    [63, 0],
    [63, 92.4],
    [1, 92.4],
    [1, 3.5],
    [0, 3.5],
  ],
];

/** One inset point to longitude/latitude, as nanhai.js does. */
export function nanhaiToLonLat([x, y]: readonly [number, number]): Position {
  return [x / 10.5 + NANHAI_ORIGIN[0], y / (-10.5 / 0.75) + NANHAI_ORIGIN[1]];
}

/** echarts@4.9.0 lib/coord/geo/fix/diaoyuIsland.js: Diaoyu Island (钓鱼岛), added to Taiwan. */
export const DIAOYU_ISLAND: Ring = [
  [123.45165252685547, 25.73527164402261],
  [123.49731445312499, 25.73527164402261],
  [123.49731445312499, 25.750734064600884],
  [123.45165252685547, 25.750734064600884],
  [123.45165252685547, 25.73527164402261],
];

/**
 * The South China Sea islands inset as features: the islands (polygon), the boundary-line dashes (each
 * dash as its centre line, so the base style draws them as a dashed line) and the frame (its outer edge).
 */
export function southChinaSeaFeatures(): ProvinceFeature[] {
  const rings = NANHAI_POINTS.map((ring) => ring.map(nanhaiToLonLat));
  const [cpLon, cpLat] = nanhaiToLonLat([32, 46.5]);
  const base = { code: '', name: '南海诸岛', cpLon, cpLat };
  const dashes = rings.slice(1, 11).map((ring): Position[] => {
    // A dash is a thin quadrilateral: join the midpoints of its two short sides.
    const [a, b, c, d] = ring as [Position, Position, Position, Position];
    const mid = (p: Position, q: Position): Position => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    const side = (p: Position, q: Position) => Math.hypot(p[0] - q[0], p[1] - q[1]);
    return side(a, b) + side(c, d) < side(b, c) + side(d, a)
      ? [mid(a, b), mid(c, d)]
      : [mid(b, c), mid(d, a)];
  });
  const frame = rings[11] ?? [];
  return [
    {
      type: 'Feature',
      id: 900001,
      properties: { kind: 'nanhai-islands', ...base },
      geometry: { type: 'Polygon', coordinates: [rings[0] ?? []] },
    },
    {
      type: 'Feature',
      id: 900002,
      properties: { kind: 'nanhai-dash', ...base },
      geometry: { type: 'MultiLineString', coordinates: dashes },
    },
    {
      type: 'Feature',
      id: 900003,
      properties: { kind: 'nanhai-frame', ...base },
      // The frame's outer edge: the open corner at the lower left is where the islands' coast meets it.
      geometry: { type: 'MultiLineString', coordinates: [frame.slice(0, 5)] },
    },
  ];
}

function isChinaMap(json: EchartsGeoJson): boolean {
  return json.features.some((f) => (f.properties.id ?? f.id) === '110000');
}

/**
 * Turns an ECharts 4 map file (encoded or plain) into GeoJSON provinces with their GB/T 2260 code,
 * name and centre; numeric feature ids (the code) let the map use feature state. For the China map it
 * applies ECharts' own fixes (China's map-content rules): Diaoyu Island joins Taiwan and the South
 * China Sea islands inset is added (`kind: 'nanhai-*'` features).
 */
export function decodeEchartsGeo(json: EchartsGeoJson): ProvinceCollection {
  const isEncoded = json.UTF8Encoding === true;
  const scale = json.UTF8Scale ?? 1024;
  const features: ProvinceFeature[] = json.features.map((feature, index) => {
    const code = feature.properties.id ?? feature.id ?? '';
    const cp = feature.properties.cp;
    const base = {
      type: 'Feature' as const,
      id: Number(code) || index + 1,
      properties: {
        kind: 'province' as const,
        code,
        name: feature.properties.name,
        cpLon: cp?.[0] ?? 0,
        cpLat: cp?.[1] ?? 0,
      },
    };
    const geometry = feature.geometry;
    if (geometry.type === 'Polygon') {
      const rings = geometry.coordinates as (string | number[][])[];
      return {
        ...base,
        geometry: {
          type: 'Polygon',
          coordinates: rings.map((r, i) =>
            asRing(r, isEncoded ? geometry.encodeOffsets?.[i] : undefined, scale),
          ),
        },
      };
    }
    const polygons = geometry.coordinates as (string | number[][])[][];
    return {
      ...base,
      geometry: {
        type: 'MultiPolygon',
        coordinates: polygons.map((polygon, p) =>
          polygon.map((r, i) => asRing(r, isEncoded ? geometry.encodeOffsets?.[p]?.[i] : undefined, scale)),
        ),
      },
    };
  });
  if (!isChinaMap(json)) return { type: 'FeatureCollection', features };
  const withDiaoyu = features.map((f): ProvinceFeature => {
    if (f.properties.code !== '710000') return f;
    if (f.geometry.type === 'Polygon') {
      return {
        ...f,
        geometry: { type: 'MultiPolygon', coordinates: [f.geometry.coordinates, [DIAOYU_ISLAND]] },
      };
    }
    if (f.geometry.type === 'MultiPolygon') {
      return {
        ...f,
        geometry: { type: 'MultiPolygon', coordinates: [...f.geometry.coordinates, [DIAOYU_ISLAND]] },
      };
    }
    return f;
  });
  return { type: 'FeatureCollection', features: [...withDiaoyu, ...southChinaSeaFeatures()] };
}

/** [minLon, minLat, maxLon, maxLat] of a decoded collection. */
export function collectionBounds(collection: ProvinceCollection): [number, number, number, number] {
  const box: [number, number, number, number] = [180, 90, -180, -90];
  const visit = (ring: Ring) => {
    for (const [x, y] of ring) {
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  };
  for (const f of collection.features) {
    if (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiLineString')
      f.geometry.coordinates.forEach(visit);
    else for (const polygon of f.geometry.coordinates) polygon.forEach(visit);
  }
  return box;
}
