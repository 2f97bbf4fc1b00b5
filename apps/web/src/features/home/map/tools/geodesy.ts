/**
 * Spherical geodesy for the map's measuring tools (pure, no map types). Mean Earth radius
 * R = 6 371 008.8 m (IUGG); haversine distances and spherical-excess areas are within ~0.5 % of the
 * WGS84 ellipsoid — enough for on-screen measuring.
 */

export type LonLat = [number, number];

export const EARTH_RADIUS_M = 6_371_008.8;
/** One mu (亩) = 10 000 / 15 m². */
export const SQUARE_METRES_PER_MU = 10_000 / 15;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres (haversine). */
export function distance(a: LonLat, b: LonLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Segment lengths and total of a path, metres. */
export function pathLengths(points: readonly LonLat[]): { segments: number[]; total: number } {
  const segments: number[] = [];
  for (let i = 1; i < points.length; i++)
    segments.push(distance(points[i - 1] as LonLat, points[i] as LonLat));
  return { segments, total: segments.reduce((s, v) => s + v, 0) };
}

/**
 * Area of a polygon on the sphere in m² (ring open or closed, either orientation), by the spherical
 * excess line integral Σ (λ₂ − λ₁)(2 + sin φ₁ + sin φ₂) · R²/2 (Chamberlain & Duquette, JPL 2007).
 */
export function polygonArea(ring: readonly LonLat[]): number {
  if (ring.length < 3) return 0;
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const p1 = ring[i] as LonLat;
    const p2 = ring[(i + 1) % ring.length] as LonLat;
    sum += rad(p2[0] - p1[0]) * (2 + Math.sin(rad(p1[1])) + Math.sin(rad(p2[1])));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** Area of a spherical cap (a circle of geodesic radius `radiusM` on the ground), m². */
export function circleArea(radiusM: number): number {
  return 2 * Math.PI * EARTH_RADIUS_M ** 2 * (1 - Math.cos(radiusM / EARTH_RADIUS_M));
}

/** The point `distanceM` from `origin` along the initial bearing (degrees clockwise from north). */
export function destination(origin: LonLat, bearingDeg: number, distanceM: number): LonLat {
  const δ = distanceM / EARTH_RADIUS_M;
  const θ = rad(bearingDeg);
  const φ1 = rad(origin[1]);
  const λ1 = rad(origin[0]);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return [((deg(λ2) + 540) % 360) - 180, deg(φ2)];
}

/** A closed ring approximating the circle of `radiusM` around `centre` (for drawing). */
export function circleRing(centre: LonLat, radiusM: number, steps = 72): LonLat[] {
  const ring: LonLat[] = [];
  for (let i = 0; i < steps; i++) ring.push(destination(centre, (360 * i) / steps, radiusM));
  ring.push(ring[0] as LonLat);
  return ring;
}

/** A length for display: metres below 1 km, kilometres above. */
export function formatLength(m: number): { value: string; unit: 'm' | 'km' } {
  if (m < 1000) return { value: m.toFixed(m < 10 ? 1 : 0), unit: 'm' };
  return { value: (m / 1000).toFixed(m < 100_000 ? 3 : 1), unit: 'km' };
}

/** An area for display: m² below 1 km², km² above; and the same in mu (亩). */
export function formatArea(m2: number): { value: string; unit: 'm2' | 'km2'; mu: string } {
  const mu = (m2 / SQUARE_METRES_PER_MU).toFixed(m2 < SQUARE_METRES_PER_MU * 100 ? 2 : 0);
  if (m2 < 1_000_000) return { value: m2.toFixed(0), unit: 'm2', mu };
  return { value: (m2 / 1_000_000).toFixed(m2 < 1e8 ? 3 : 1), unit: 'km2', mu };
}
