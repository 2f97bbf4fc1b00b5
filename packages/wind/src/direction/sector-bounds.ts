/** Edges and centre of one direction sector, degrees; `startDeg` may exceed `endDeg` for the sector through north. */
export interface SectorBounds {
  readonly index: number;
  readonly centreDeg: number;
  readonly startDeg: number;
  readonly endDeg: number;
}

/**
 * Bounds of `sectors` equal sectors centred on 0° (sector 0 = [360 − w/2, w/2)).
 *
 * @example sectorBounds(12)[0] // { index: 0, centreDeg: 0, startDeg: 345, endDeg: 15 }
 */
export function sectorBounds(sectors: number): SectorBounds[] {
  if (!Number.isInteger(sectors) || sectors < 1)
    throw new Error('sectorBounds requires sectors to be a positive integer');
  const width = 360 / sectors;
  const out: SectorBounds[] = [];
  for (let s = 0; s < sectors; s++) {
    const centreDeg = s * width;
    const start = centreDeg - width / 2;
    out.push({
      index: s,
      centreDeg,
      startDeg: start < 0 ? start + 360 : start,
      endDeg: centreDeg + width / 2,
    });
  }
  return out;
}
