/** An ellipsoid by semi-major axis (m) and inverse flattening. */
export interface Ellipsoid {
  readonly semiMajorAxisM: number;
  readonly inverseFlattening: number;
}

/** Ellipsoids of WIND-ANALYSIS §10 (changing ellipsoid is not a datum transformation). */
export const ELLIPSOIDS = {
  wgs84: { semiMajorAxisM: 6378137, inverseFlattening: 298.257223563 },
  cgcs2000: { semiMajorAxisM: 6378137, inverseFlattening: 298.257222101 },
  xian80: { semiMajorAxisM: 6378140, inverseFlattening: 298.257 },
  beijing54: { semiMajorAxisM: 6378245, inverseFlattening: 298.3 },
} as const satisfies Record<string, Ellipsoid>;

/**
 * Forward transverse Mercator by the Krüger n-series, 3 terms (error < 0.1 mm inside a zone;
 * WIND-ANALYSIS §10, https://en.wikipedia.org/wiki/Transverse_Mercator:_flattening_series):
 * n = f/(2−f), A = a/(1+n)(1 + n²/4 + n⁴/64), t = sinh(atanh sin φ − c·atanh(c sin φ)), c = 2√n/(1+n),
 * ξ = atan2(t, cos λ), η = atanh(sin λ/√(1+t²)), x = A(ξ + Σ αj sin 2jξ cosh 2jη), y = A(η + Σ αj cos 2jξ sinh 2jη).
 * Returns the unscaled-by-offset northing `x` and easting `y` relative to the central meridian, times k0.
 *
 * @param latitudeDeg φ, degrees
 * @param longitudeDeg L, degrees
 * @param centralMeridianDeg L0, degrees
 * @param scale k0 (1 for Gauss–Krüger, 0.9996 for UTM)
 * @example transverseMercator(39.9075, 116.3912, 117, 1, ELLIPSOIDS.cgcs2000).northingM // ≈ 4 419 435.848
 */
export function transverseMercator(
  latitudeDeg: number,
  longitudeDeg: number,
  centralMeridianDeg: number,
  scale: number,
  ellipsoid: Ellipsoid,
): { northingM: number; eastingM: number } {
  const f = 1 / ellipsoid.inverseFlattening;
  const n = f / (2 - f);
  const a = (ellipsoid.semiMajorAxisM / (1 + n)) * (1 + (n * n) / 4 + n ** 4 / 64);
  const alpha = [
    n / 2 - (2 * n * n) / 3 + (5 * n ** 3) / 16,
    (13 * n * n) / 48 - (3 * n ** 3) / 5,
    (61 * n ** 3) / 240,
  ];
  const c = (2 * Math.sqrt(n)) / (1 + n);
  const phi = (latitudeDeg * Math.PI) / 180;
  const lambda = ((longitudeDeg - centralMeridianDeg) * Math.PI) / 180;
  const sinPhi = Math.sin(phi);
  const t = Math.sinh(Math.atanh(sinPhi) - c * Math.atanh(c * sinPhi));
  const xi = Math.atan2(t, Math.cos(lambda));
  const eta = Math.atanh(Math.sin(lambda) / Math.sqrt(1 + t * t));
  let x = xi;
  let y = eta;
  for (let j = 1; j <= 3; j++) {
    x += alpha[j - 1]! * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta);
    y += alpha[j - 1]! * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta);
  }
  return { northingM: scale * a * x, eastingM: scale * a * y };
}
