import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { NumericSeries } from '../model/types.ts';

/**
 * Mean turbulence intensity per direction sector (TI rose; brightwind `TI.by_sector`): TI = σ/U for
 * records with U ≥ `minSpeedMps` (default 3 m/s) and a direction, sectors centred on 0°.
 *
 * @param speedsMps mean speeds U
 * @param speedSdMps standard deviations σ
 * @param directionsDeg directions
 * @returns per sector { count, meanTi } with meanTi NaN for an empty sector
 * @example turbulenceIntensityBySector([10], [1], [0], { sectors: 12 })[0] // { index: 0, count: 1, meanTi: 0.1 }
 */
export function turbulenceIntensityBySector(
  speedsMps: NumericSeries,
  speedSdMps: NumericSeries,
  directionsDeg: NumericSeries,
  options: { sectors?: number; minSpeedMps?: number } = {},
): Array<{ index: number; count: number; meanTi: number }> {
  const sectors = options.sectors ?? 12;
  if (!Number.isInteger(sectors) || sectors < 1 || sectors > 360) {
    throw new Error('turbulenceIntensityBySector requires sectors to be a positive integer');
  }
  const n = speedsMps.length;
  if (speedSdMps.length !== n || directionsDeg.length !== n) {
    throw new Error('turbulenceIntensityBySector requires series of equal length');
  }
  const minSpeed = options.minSpeedMps ?? 3;
  const sums = new Float64Array(sectors);
  const counts = new Float64Array(sectors);
  for (let i = 0; i < n; i++) {
    const u = speedsMps[i]!;
    const s = speedSdMps[i]!;
    const d = directionsDeg[i]!;
    if (!(u >= minSpeed) || Number.isNaN(s) || Number.isNaN(d)) continue;
    const k = directionSectorIndex(d, sectors);
    sums[k]! += s / u;
    counts[k]!++;
  }
  return Array.from({ length: sectors }, (_, index) => ({
    index,
    count: counts[index]!,
    meanTi: counts[index]! > 0 ? sums[index]! / counts[index]! : Number.NaN,
  }));
}
