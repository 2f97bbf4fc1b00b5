import { ELLIPSOIDS, transverseMercator } from './transverse-mercator.ts';

/**
 * WGS84 latitude/longitude to UTM (zone from longitude, k0 = 0.9996, false easting 500 000 m,
 * false northing 10 000 000 m south of the equator), as the WindSim .tws export needs projected metres
 * (EXPORTS §4.2). The EPSG code is 32600 + zone (north) or 32700 + zone (south).
 * Norway/Svalbard zone exceptions are not applied.
 *
 * @example wgs84ToUtm(54.2, -7.6) // { zone: 29, hemisphere: 'N', epsg: 32629, eastingM: 591326.1…, northingM: 6006679.2… }
 */
export function wgs84ToUtm(
  latitudeDeg: number,
  longitudeDeg: number,
): { zone: number; hemisphere: 'N' | 'S'; epsg: number; eastingM: number; northingM: number } {
  if (!(latitudeDeg >= -80 && latitudeDeg <= 84) || !(longitudeDeg >= -180 && longitudeDeg <= 180)) {
    throw new Error('wgs84ToUtm requires latitude in [-80, 84] and longitude in [-180, 180]');
  }
  const zone = Math.min(60, Math.floor((longitudeDeg + 180) / 6) + 1);
  const { northingM, eastingM } = transverseMercator(
    latitudeDeg,
    longitudeDeg,
    zone * 6 - 183,
    0.9996,
    ELLIPSOIDS.wgs84,
  );
  const hemisphere = latitudeDeg >= 0 ? 'N' : 'S';
  return {
    zone,
    hemisphere,
    epsg: (hemisphere === 'N' ? 32600 : 32700) + zone,
    eastingM: 500000 + eastingM,
    northingM: hemisphere === 'N' ? northingM : northingM + 10_000_000,
  };
}
