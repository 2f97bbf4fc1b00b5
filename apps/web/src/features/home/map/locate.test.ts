import { ELLIPSOIDS, gaussKruger } from '@masthub/wind';
import { describe, expect, it } from 'vitest';
import { inverseTransverseMercator, parseAngle, parseGaussKruger, parseLonLat } from './locate.ts';

describe('parseAngle', () => {
  it('reads decimal degrees, degrees-minutes and degrees-minutes-seconds (WIND-ANALYSIS §10)', () => {
    expect(parseAngle('114.7083', 'longitude')).toEqual({ ok: true, value: 114.7083 });
    const dm = parseAngle("114°42.5'", 'longitude');
    expect(dm.ok && dm.value).toBeCloseTo(114.708333, 6);
    const dms = parseAngle(`114°42'30"E`, 'longitude');
    expect(dms.ok && dms.value).toBeCloseTo(114.708333, 6);
    const chinese = parseAngle('116度23分28.32秒', 'longitude');
    expect(chinese.ok && chinese.value).toBeCloseTo(116.3912, 6);
    const colons = parseAngle('39:54:27', 'latitude');
    expect(colons.ok && colons.value).toBeCloseTo(39.9075, 6);
    const south = parseAngle(`33°30'S`, 'latitude');
    expect(south.ok && south.value).toBeCloseTo(-33.5, 9);
    const minus = parseAngle('-70.25', 'longitude');
    expect(minus.ok && minus.value).toBe(-70.25);
  });

  it('gives the reason for a refusal (SPEC §5)', () => {
    expect(parseAngle('  ', 'longitude')).toEqual({ ok: false, error: 'required' });
    expect(parseAngle('abc', 'longitude')).toEqual({ ok: false, error: 'format' });
    expect(parseAngle('181', 'longitude')).toEqual({ ok: false, error: 'longitudeRange' });
    expect(parseAngle('-90.5', 'latitude')).toEqual({ ok: false, error: 'latitudeRange' });
    expect(parseAngle(`41°60'00"N`, 'latitude')).toEqual({ ok: false, error: 'minutesSeconds' });
    expect(parseAngle(`41°09'60"N`, 'latitude')).toEqual({ ok: false, error: 'minutesSeconds' });
    expect(parseAngle('41.5 30', 'latitude')).toEqual({ ok: false, error: 'format' });
    // A latitude hemisphere on a longitude is not a longitude.
    expect(parseAngle('41N', 'longitude')).toEqual({ ok: false, error: 'format' });
  });
});

describe('parseLonLat', () => {
  it('locates 114°42\'30"E 41°09\'00"N', () => {
    const result = parseLonLat(`114°42'30"E`, `41°09'00"N`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.longitude).toBeCloseTo(114.708333, 6);
    expect(result.latitude).toBeCloseTo(41.15, 9);
  });

  it('names the field in error', () => {
    expect(parseLonLat('200', '40')).toEqual({ ok: false, field: 'longitude', error: 'longitudeRange' });
    expect(parseLonLat('116', '')).toEqual({ ok: false, field: 'latitude', error: 'required' });
  });
});

describe('Gauss–Krüger inverse', () => {
  it('inverts the WIND-ANALYSIS §10 example (zone 39, L0 117°) to 116°23\'28.32"E 39°54\'27"N', () => {
    const result = parseGaussKruger('39447941.964', '4419435.848');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.zone).toBe(39);
    // 1e-7° ≈ 1 cm; WGS84 and CGCS2000 differ by far less here.
    expect(result.longitude).toBeCloseTo(116.3912, 7);
    expect(result.latitude).toBeCloseTo(39.9075, 7);
  });

  it('round-trips the forward series of @masthub/wind across China', () => {
    for (const [lat, lon] of [
      [41.15, 114.708333],
      [18.25, 109.5],
      [53.0, 124.4],
      [30.0, 88.6],
      [45.0, 127.4],
    ] as const) {
      const gk = gaussKruger(lat, lon, { ellipsoid: ELLIPSOIDS.wgs84 });
      const back = inverseTransverseMercator(
        gk.xM,
        gk.yM - gk.zone * 1e6 - 500000,
        gk.centralMeridianDeg,
        1,
        ELLIPSOIDS.wgs84,
      );
      expect(back.latitudeDeg).toBeCloseTo(lat, 7);
      expect(back.longitudeDeg).toBeCloseTo(lon, 7);
    }
  });

  it('checks the digit counts and the zone', () => {
    expect(parseGaussKruger('', '4419435')).toEqual({ ok: false, field: 'x', error: 'required' });
    expect(parseGaussKruger('447941.964', '4419435.848')).toEqual({
      ok: false,
      field: 'x',
      error: 'gkXFormat',
    });
    expect(parseGaussKruger('39447941.964', '44194358')).toEqual({
      ok: false,
      field: 'y',
      error: 'gkYFormat',
    });
    expect(parseGaussKruger('00447941', '4419435')).toEqual({ ok: false, field: 'x', error: 'gkZone' });
    expect(parseGaussKruger('39947941', '4419435')).toEqual({ ok: false, field: 'x', error: 'gkOutside' });
  });
});
