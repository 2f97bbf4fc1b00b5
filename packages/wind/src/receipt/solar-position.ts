const RAD = Math.PI / 180;

/** Where the sun is, seen from a place at one instant (NOAA solar calculator formulas). */
export interface SolarPosition {
  /** Geometric elevation above the horizon, ° (no refraction). */
  readonly elevationDeg: number;
  /** Elevation with NOAA's approximate atmospheric refraction, °. */
  readonly apparentElevationDeg: number;
  /** Azimuth, ° clockwise from N. */
  readonly azimuthDeg: number;
  readonly declinationDeg: number;
  /** Equation of time, minutes (true minus mean solar time). */
  readonly equationOfTimeMinutes: number;
  /** Solar noon of the UTC day of `ms`, UTC ms. */
  readonly solarNoonMs: number;
}

/** NOAA's refraction approximation (°) for a geometric elevation `e` (°). */
function refractionDeg(e: number): number {
  if (e > 85) return 0;
  const t = Math.tan(e * RAD);
  if (e > 5) return (58.1 / t - 0.07 / t ** 3 + 0.000086 / t ** 5) / 3600;
  if (e > -0.575) return (1735 + e * (-518.2 + e * (103.4 + e * (-12.79 + e * 0.711)))) / 3600;
  return -20.772 / t / 3600;
}

/**
 * Solar position by the NOAA solar calculator (the spreadsheet NOAA_Solar_Calculations_day.xls of the
 * NOAA Global Monitoring Laboratory, after Meeus, "Astronomical Algorithms"), accurate to about 0.01° for
 * 1800–2100 — enough for the receipt's clock check (WIND-ANALYSIS §15). The full NREL SPA (Reda & Andreas
 * 2004, Solar Energy 76(5) 577–589) is the ±0.0003° reference it is tested against.
 *
 * @param ms UTC epoch milliseconds
 * @param latDeg latitude, ° north positive
 * @param lonDeg longitude, ° east positive
 * @example solarPosition(Date.UTC(2003, 9, 17, 19, 30, 30), 39.742476, -105.1786).azimuthDeg // ≈ 194.34
 */
export function solarPosition(ms: number, latDeg: number, lonDeg: number): SolarPosition {
  const jd = ms / 86_400_000 + 2_440_587.5;
  const t = (jd - 2_451_545) / 36_525;
  const l0 = (((280.46646 + t * (36_000.76983 + t * 0.0003032)) % 360) + 360) % 360;
  const m = 357.52911 + t * (35_999.05029 - 0.0001537 * t);
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const mr = m * RAD;
  const c =
    Math.sin(mr) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * mr) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * mr) * 0.000289;
  const omega = (125.04 - 1934.136 * t) * RAD;
  const apparentLong = (l0 + c - 0.00569 - 0.00478 * Math.sin(omega)) * RAD;
  const eps0 = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const eps = (eps0 + 0.00256 * Math.cos(omega)) * RAD;
  const decl = Math.asin(Math.sin(eps) * Math.sin(apparentLong));
  const y = Math.tan(eps / 2) ** 2;
  const l0r = l0 * RAD;
  const eot =
    (4 / RAD) *
    (y * Math.sin(2 * l0r) -
      2 * e * Math.sin(mr) +
      4 * e * y * Math.sin(mr) * Math.cos(2 * l0r) -
      0.5 * y * y * Math.sin(4 * l0r) -
      1.25 * e * e * Math.sin(2 * mr));
  const dayStart = Math.floor(ms / 86_400_000) * 86_400_000;
  const minutesOfDay = (ms - dayStart) / 60_000;
  const trueSolarMinutes = (((minutesOfDay + eot + 4 * lonDeg) % 1440) + 1440) % 1440;
  const hourAngle = (trueSolarMinutes / 4 - 180) * RAD;
  const lat = latDeg * RAD;
  const cosZenith = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
  const zenith = Math.acos(Math.min(1, Math.max(-1, cosZenith)));
  const elevationDeg = 90 - zenith / RAD;
  const sinZenith = Math.sin(zenith);
  let azimuthDeg = 0;
  if (sinZenith > 1e-12) {
    const cosAz = (Math.sin(lat) * Math.cos(zenith) - Math.sin(decl)) / (Math.cos(lat) * sinZenith);
    const a = Math.acos(Math.min(1, Math.max(-1, cosAz))) / RAD;
    azimuthDeg = hourAngle > 0 ? (a + 180) % 360 : (540 - a) % 360;
  }
  return {
    elevationDeg,
    apparentElevationDeg: elevationDeg + refractionDeg(elevationDeg),
    azimuthDeg,
    declinationDeg: decl / RAD,
    equationOfTimeMinutes: eot,
    solarNoonMs: dayStart + (720 - 4 * lonDeg - eot) * 60_000,
  };
}
