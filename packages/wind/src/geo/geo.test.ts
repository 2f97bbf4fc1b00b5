import { describe, expect, it } from 'vitest';
import { gaussKruger } from './gauss-kruger.ts';
import { parseDms } from './parse-dms.ts';
import { ELLIPSOIDS } from './transverse-mercator.ts';
import { wgs84ToUtm } from './wgs84-to-utm.ts';

describe('coordinates (WIND-ANALYSIS §10 worked example)', () => {
  const lon = parseDms(`116°23'28.32"E`, 'longitude')!;
  const lat = parseDms(`39°54'27.00"N`, 'latitude')!;

  it('parseDms(116°23\'28.32"E, 39°54\'27.00"N) → 116.3912°, 39.9075°', () => {
    expect(lon).toBeCloseTo(116.3912, 4);
    expect(lat).toBeCloseTo(39.9075, 4);
  });

  it('parseDms accepts spaces, colons, 度分秒 and decimals; S/W or minus is negative; rejects m, s ≥ 60', () => {
    expect(parseDms('116 23 28.32', 'longitude')).toBeCloseTo(lon, 12);
    expect(parseDms('116:23:28.32', 'longitude')).toBeCloseTo(lon, 12);
    expect(parseDms('116度23分28.32秒', 'longitude')).toBeCloseTo(lon, 12);
    expect(parseDms('33.5S', 'latitude')).toBe(-33.5);
    expect(parseDms('-7.6', 'longitude')).toBe(-7.6);
    expect(parseDms('10 60 0', 'latitude')).toBeUndefined();
    expect(parseDms('10 5 60', 'latitude')).toBeUndefined();
    expect(parseDms('91', 'latitude')).toBeUndefined();
    expect(parseDms('10E', 'latitude')).toBeUndefined();
    expect(parseDms('abc', 'longitude')).toBeUndefined();
  });

  it('gaussKruger(CGCS2000, 3° zone 39, L0 = 117°) → Y = 39 447 941.964 m, X = 4 419 435.848 m', () => {
    const gk = gaussKruger(lat, lon);
    expect(gk.zone).toBe(39);
    expect(gk.centralMeridianDeg).toBe(117);
    expect(gk.yM).toBeCloseTo(39_447_941.964, 2);
    expect(gk.xM).toBeCloseTo(4_419_435.848, 2);
  });

  it('gaussKruger on the Krassovsky ellipsoid (Beijing 54) → Y = 39 447 941.093, X = 4 419 514.011', () => {
    const gk = gaussKruger(lat, lon, { ellipsoid: ELLIPSOIDS.beijing54 });
    expect(gk.yM).toBeCloseTo(39_447_941.093, 2);
    expect(gk.xM).toBeCloseTo(4_419_514.011, 2);
  });

  it('gaussKruger puts an edge longitude in the eastern zone (115.5° → 39) and computes 6° zones', () => {
    expect(gaussKruger(40, 115.5).zone).toBe(39);
    expect(gaussKruger(40, 116.39, { zoneWidthDeg: 6 })).toMatchObject({ zone: 20, centralMeridianDeg: 117 });
    expect(() => gaussKruger(95, 0)).toThrow('gaussKruger requires');
  });

  it('wgs84ToUtm(54.2 N, 7.6 W) → zone 29N, EPSG:32629, 591326.1 E, 6006679.2 N (EXPORTS §4.3)', () => {
    const utm = wgs84ToUtm(54.2, -7.6);
    expect(utm).toMatchObject({ zone: 29, hemisphere: 'N', epsg: 32629 });
    expect(utm.eastingM).toBeCloseTo(591_326.1, 1);
    expect(utm.northingM).toBeCloseTo(6_006_679.2, 1);
    expect(wgs84ToUtm(-33.9, 18.4)).toMatchObject({ zone: 34, hemisphere: 'S', epsg: 32734 });
    expect(wgs84ToUtm(-33.9, 18.4).northingM).toBeGreaterThan(6_000_000);
  });
});
