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

export interface ProvinceFeature {
  type: 'Feature';
  id: number;
  properties: { code: string; name: string; cpLon: number; cpLat: number };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
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
 * Turns an ECharts 4 map file (encoded or plain) into GeoJSON provinces with their GB/T 2260 code,
 * name and centre; numeric feature ids (the code) let the map use feature state.
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
      properties: { code, name: feature.properties.name, cpLon: cp?.[0] ?? 0, cpLat: cp?.[1] ?? 0 },
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
  return { type: 'FeatureCollection', features };
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
    if (f.geometry.type === 'Polygon') f.geometry.coordinates.forEach(visit);
    else for (const polygon of f.geometry.coordinates) polygon.forEach(visit);
  }
  return box;
}
