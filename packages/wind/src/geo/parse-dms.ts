/**
 * Parses an angle written in degrees–minutes–seconds or decimal degrees (WIND-ANALYSIS §10):
 * `116°23'28.32"E`, `116 23 28.32`, `116:23:28.32`, `116度23分28.32秒`, `-33.5`. Value = d + m/60 + s/3600;
 * minutes and seconds must be < 60; S or W or a leading minus make it negative.
 *
 * @param axis 'longitude' checks [−180, 180], 'latitude' checks [−90, 90]
 * @returns decimal degrees, or undefined when the text is not a valid angle
 * @example parseDms(`116°23'28.32"E`, 'longitude') // ≈ 116.3912
 */
export function parseDms(text: string, axis: 'latitude' | 'longitude'): number | undefined {
  let s = text.trim().toUpperCase();
  let sign = 1;
  const hemisphere = /[NSEW]$/.exec(s)?.[0];
  if (hemisphere) {
    if ((axis === 'latitude') !== (hemisphere === 'N' || hemisphere === 'S')) return undefined;
    if (hemisphere === 'S' || hemisphere === 'W') sign = -1;
    s = s.slice(0, -1).trim();
  }
  if (s.startsWith('-')) {
    sign = -sign;
    s = s.slice(1);
  }
  const parts = s.split(/[°度'′分"″秒:\s]+/).filter((p) => p.length > 0);
  if (parts.length < 1 || parts.length > 3 || !parts.every((p) => /^\d+(\.\d+)?$/.test(p))) return undefined;
  const [d, m = 0, sec = 0] = parts.map(Number) as [number, number?, number?];
  if (m >= 60 || sec >= 60 || (parts.length > 1 && !Number.isInteger(d))) return undefined;
  const value = sign * (d + m / 60 + sec / 3600);
  const limit = axis === 'latitude' ? 90 : 180;
  return Math.abs(value) <= limit ? value : undefined;
}
