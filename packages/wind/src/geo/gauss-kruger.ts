import { ELLIPSOIDS, type Ellipsoid, transverseMercator } from './transverse-mercator.ts';

/**
 * Gauss–Krüger coordinates in 3° (default) or 6° zones (WIND-ANALYSIS §10): 3° zone n = floor((L + 1.5)/3),
 * L0 = 3n (an edge longitude belongs to the eastern zone); 6° zone n = floor(L/6) + 1, L0 = 6n − 3;
 * scale 1, false easting 500 000 m with the zone prefix: Y = n·10⁶ + 500000 + y. Chinese survey
 * convention: X = northing, Y = easting.
 *
 * @example gaussKruger(39.9075, 116.3912) // { zone: 39, centralMeridianDeg: 117, xM: 4419435.848…, yM: 39447941.964… }
 */
export function gaussKruger(
  latitudeDeg: number,
  longitudeDeg: number,
  options: { zoneWidthDeg?: 3 | 6; ellipsoid?: Ellipsoid } = {},
): { zone: number; centralMeridianDeg: number; xM: number; yM: number } {
  if (!(latitudeDeg >= -90 && latitudeDeg <= 90) || !(longitudeDeg >= -180 && longitudeDeg <= 180)) {
    throw new Error('gaussKruger requires latitude in [-90, 90] and longitude in [-180, 180]');
  }
  const width = options.zoneWidthDeg ?? 3;
  const zone = width === 3 ? Math.floor((longitudeDeg + 1.5) / 3) : Math.floor(longitudeDeg / 6) + 1;
  const centralMeridianDeg = width === 3 ? 3 * zone : 6 * zone - 3;
  const { northingM, eastingM } = transverseMercator(
    latitudeDeg,
    longitudeDeg,
    centralMeridianDeg,
    1,
    options.ellipsoid ?? ELLIPSOIDS.cgcs2000,
  );
  return { zone, centralMeridianDeg, xM: northingM, yM: zone * 1e6 + 500000 + eastingM };
}
