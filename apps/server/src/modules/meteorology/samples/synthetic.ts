import { writeGeoTiff } from '../geotiff.ts';

/**
 * SYNTHETIC sample rasters for the demo (示例数据（合成）): smooth made-up functions of longitude and
 * latitude over China on a 0.25° grid. They are not measurements and must never be read as a resource
 * assessment; see README.md in this folder.
 */
export const SAMPLE_GRID = { west: 73, north: 54, resX: 0.25, resY: 0.25, width: 248, height: 144 } as const;
export const SAMPLE_NODATA = -9999;

const bump = (lon: number, lat: number, lon0: number, lat0: number, sLon: number, sLat: number) =>
  Math.exp(-(((lon - lon0) / sLon) ** 2 + ((lat - lat0) / sLat) ** 2));

/** A terrain-like elevation (m): a high plateau in the south-west, a loess upland, rolling noise. */
export function sampleElevation(lon: number, lat: number): number {
  const z =
    4800 * bump(lon, lat, 88, 32.5, 12, 5) +
    1400 * bump(lon, lat, 104, 38, 9, 6) +
    1800 * bump(lon, lat, 84, 42.5, 8, 2.5) +
    900 * bump(lon, lat, 103, 26, 5, 3) +
    150 +
    120 * Math.sin(lon * 0.9) * Math.cos(lat * 1.1);
  return Math.max(0, z);
}

/** A wind-speed-at-100-m-like field (m/s, 3–10): windy northern steppe and south-eastern coast. */
export function sampleWindSpeed(lon: number, lat: number): number {
  const v =
    4 +
    3.4 * bump(lon, lat, 113, 43, 13, 4.5) +
    2.2 * bump(lon, lat, 120.5, 26.5, 3.5, 5) +
    1.8 * bump(lon, lat, 95, 40.5, 8, 3) +
    (sampleElevation(lon, lat) / 5000) * 1.2 +
    0.4 * Math.sin(lon * 0.7) * Math.sin(lat * 0.9);
  return Math.min(10, Math.max(3, v));
}

/** The cell centre's value of `f` for every pixel; the far south-west corner is nodata (shows the gap). */
function grid(f: (lon: number, lat: number) => number): Float32Array {
  const { west, north, resX, resY, width, height } = SAMPLE_GRID;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const lat = north - (y + 0.5) * resY;
    for (let x = 0; x < width; x += 1) {
      const lon = west + (x + 0.5) * resX;
      data[y * width + x] = lat < 21 && lon < 97 ? SAMPLE_NODATA : f(lon, lat);
    }
  }
  return data;
}

/** The synthetic sample layers as GeoTIFF bytes, with their clearly labelled names. */
export function syntheticSampleLayers(): {
  kind: 'wind_speed' | 'dem';
  name: string;
  heightM: number | null;
  tiff: Buffer;
}[] {
  const base = { ...SAMPLE_GRID, nodata: SAMPLE_NODATA };
  return [
    {
      kind: 'wind_speed',
      name: '示例数据（合成）100 m 风速 / Synthetic sample wind speed 100 m',
      heightM: 100,
      tiff: writeGeoTiff({ ...base, bands: [grid(sampleWindSpeed)] }),
    },
    {
      kind: 'dem',
      name: '示例数据（合成）高程 / Synthetic sample elevation',
      heightM: null,
      tiff: writeGeoTiff({ ...base, bands: [grid(sampleElevation)] }),
    },
  ];
}
