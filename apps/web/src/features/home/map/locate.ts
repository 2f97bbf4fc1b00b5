import { ELLIPSOIDS, type Ellipsoid, parseDms } from '@masthub/wind';

/** Why a coordinate was refused; each maps to a `home-map.locate.errors.*` message. */
export type LocateError =
  | 'required'
  | 'format'
  | 'minutesSeconds'
  | 'longitudeRange'
  | 'latitudeRange'
  | 'gkXFormat'
  | 'gkYFormat'
  | 'gkZone'
  | 'gkOutside';

export type AngleResult = { ok: true; value: number } | { ok: false; error: LocateError };
export type PointResult =
  | { ok: true; longitude: number; latitude: number; zone?: number }
  | { ok: false; field: 'longitude' | 'latitude' | 'x' | 'y'; error: LocateError };

/**
 * One angle in decimal degrees, degrees–minutes or degrees–minutes–seconds (WIND-ANALYSIS §10):
 * `114.7083`, `114 42.5`, `114°42'30"E`, `114度42分30秒`, `-33:30`. Checks SPEC §5: longitude in
 * [−180, 180], latitude in [−90, 90], minutes and seconds in [0, 60).
 */
export function parseAngle(text: string, axis: 'longitude' | 'latitude'): AngleResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'required' };
  const value = parseDms(trimmed, axis);
  if (value !== undefined) return { ok: true, value };
  // parseDms says only "not valid": find the reason for the message.
  const body = trimmed
    .toUpperCase()
    .replace(/[NSEW]$/, '')
    .replace(/^-/, '')
    .trim();
  const parts = body.split(/[°度'′分"″秒:\s]+/).filter((p) => p.length > 0);
  if (parts.length < 1 || parts.length > 3 || !parts.every((p) => /^\d+(\.\d+)?$/.test(p))) {
    return { ok: false, error: 'format' };
  }
  const [d = 0, m = 0, s = 0] = parts.map(Number);
  if (m >= 60 || s >= 60) return { ok: false, error: 'minutesSeconds' };
  if (parts.length > 1 && !Number.isInteger(d)) return { ok: false, error: 'format' };
  const limit = axis === 'longitude' ? 180 : 90;
  if (d + m / 60 + s / 3600 > limit) {
    return { ok: false, error: axis === 'longitude' ? 'longitudeRange' : 'latitudeRange' };
  }
  return { ok: false, error: 'format' };
}

/** Longitude and latitude typed in two fields, each in any of the angle forms. */
export function parseLonLat(longitudeText: string, latitudeText: string): PointResult {
  const longitude = parseAngle(longitudeText, 'longitude');
  if (!longitude.ok) return { ok: false, field: 'longitude', error: longitude.error };
  const latitude = parseAngle(latitudeText, 'latitude');
  if (!latitude.ok) return { ok: false, field: 'latitude', error: latitude.error };
  return { ok: true, longitude: longitude.value, latitude: latitude.value };
}

/**
 * Inverse transverse Mercator by the Krüger n-series (3 terms; the inverse of `transverseMercator` in
 * @masthub/wind): ξ = x/A, η = y/A, ξ′ = ξ − Σβj sin 2jξ cosh 2jη, η′ = η − Σβj cos 2jξ sinh 2jη,
 * χ = asin(sin ξ′ / cosh η′), φ = χ + Σδj sin 2jχ, λ = λ0 + atan2(sinh η′, cos ξ′).
 * https://en.wikipedia.org/wiki/Transverse_Mercator:_flattening_series
 *
 * @param northingM x, metres from the equator
 * @param eastingM y, metres from the central meridian (false easting already removed)
 */
export function inverseTransverseMercator(
  northingM: number,
  eastingM: number,
  centralMeridianDeg: number,
  scale: number,
  ellipsoid: Ellipsoid,
): { latitudeDeg: number; longitudeDeg: number } {
  const f = 1 / ellipsoid.inverseFlattening;
  const n = f / (2 - f);
  const a = (ellipsoid.semiMajorAxisM / (1 + n)) * (1 + (n * n) / 4 + n ** 4 / 64);
  const beta = [
    n / 2 - (2 * n * n) / 3 + (37 * n ** 3) / 96,
    (n * n) / 48 + n ** 3 / 15,
    (17 * n ** 3) / 480,
  ];
  const delta = [
    2 * n - (2 * n * n) / 3 - 2 * n ** 3,
    (7 * n * n) / 3 - (8 * n ** 3) / 5,
    (56 * n ** 3) / 15,
  ];
  const xi = northingM / (scale * a);
  const eta = eastingM / (scale * a);
  let xiP = xi;
  let etaP = eta;
  for (let j = 1; j <= 3; j++) {
    const b = beta[j - 1] ?? 0;
    xiP -= b * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta);
    etaP -= b * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta);
  }
  const chi = Math.asin(Math.sin(xiP) / Math.cosh(etaP));
  let phi = chi;
  for (let j = 1; j <= 3; j++) phi += (delta[j - 1] ?? 0) * Math.sin(2 * j * chi);
  const lambda = Math.atan2(Math.sinh(etaP), Math.cos(xiP));
  return { latitudeDeg: (phi * 180) / Math.PI, longitudeDeg: centralMeridianDeg + (lambda * 180) / Math.PI };
}

const GK_X = /^(\d{8})(\.\d+)?$/;
const GK_Y = /^(\d{7})(\.\d+)?$/;

/**
 * Gauss–Krüger 3° zone, WGS84 (SPEC §2): X is the easting with the zone prefix (8-digit integer part,
 * `zone·10⁶ + 500000 + y`), Y the northing (7-digit integer part); central meridian 3·zone, k0 = 1.
 *
 * @example parseGaussKruger('39447941.964', '4419435.848') // ≈ { longitude: 116.3912, latitude: 39.9075, zone: 39 }
 */
export function parseGaussKruger(xText: string, yText: string): PointResult {
  const xTrim = xText.trim().replace(/\s+/g, '');
  const yTrim = yText.trim().replace(/\s+/g, '');
  if (xTrim === '') return { ok: false, field: 'x', error: 'required' };
  if (!GK_X.test(xTrim)) return { ok: false, field: 'x', error: 'gkXFormat' };
  if (yTrim === '') return { ok: false, field: 'y', error: 'required' };
  if (!GK_Y.test(yTrim)) return { ok: false, field: 'y', error: 'gkYFormat' };
  const x = Number(xTrim);
  const zone = Math.floor(x / 1e6);
  // 3° zones: central meridians 3°…180° (zone 1…60 east of Greenwich); China is 25…45.
  if (zone < 1 || zone > 60) return { ok: false, field: 'x', error: 'gkZone' };
  const easting = x - zone * 1e6 - 500000;
  // A 3° zone is at most ~170 km wide on each side of its meridian; allow a margin for overlap.
  if (Math.abs(easting) > 400000) return { ok: false, field: 'x', error: 'gkOutside' };
  const { latitudeDeg, longitudeDeg } = inverseTransverseMercator(
    Number(yTrim),
    easting,
    3 * zone,
    1,
    ELLIPSOIDS.wgs84,
  );
  if (!(latitudeDeg <= 90 && latitudeDeg >= -90)) return { ok: false, field: 'y', error: 'latitudeRange' };
  return { ok: true, longitude: longitudeDeg, latitude: latitudeDeg, zone };
}
