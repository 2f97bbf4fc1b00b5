/**
 * Sector of a direction for `sectors` equal sectors centred on 0° (WIND-ANALYSIS §0, EXPORTS §3.2):
 * s = floor(((θ + w/2) mod 360)/w), lower edge inclusive. 16 sectors: 11.2° → 0 (N), 11.25° → 1 (NNE),
 * 360° → 0. Same rule as brightwind `_map_direction_bin` and windkit `wd_to_sector`.
 *
 * @returns sector index 0 … sectors−1, or −1 when the direction is NaN
 * @example directionSectorIndex(345, 12) // 0
 */
export function directionSectorIndex(directionDeg: number, sectors: number): number {
  if (Number.isNaN(directionDeg)) return -1;
  const width = 360 / sectors;
  let x = directionDeg + width / 2;
  // x mod 360 without the floating remainder (a library call) where a subtraction gives it exactly:
  // x − 360 for 360 ≤ x < 720 is exact (Sterbenz), the same number fmod gives.
  if (x >= 360 && x < 720) x -= 360;
  else if (!(x >= 0 && x < 360)) {
    x %= 360;
    if (x < 0) x += 360;
  }
  const s = Math.floor(x / width);
  return s >= sectors ? sectors - 1 : s;
}
