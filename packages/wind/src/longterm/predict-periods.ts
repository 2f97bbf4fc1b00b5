import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { McpPeriodMeans } from './average-by-mcp-period.ts';
import { predictMcp } from './predict-mcp.ts';
import type { McpFit } from './types.ts';

/**
 * Predicted target speed (and direction) for every averaged reference period passing its coverage:
 * the line of the period's reference-direction sector, clamped at ≥ 0 when asked; the direction is the
 * reference direction turned by the sector's mean offset (WIND-ANALYSIS §12).
 *
 * @internal
 */
export function predictPeriods(
  fit: McpFit,
  ref: McpPeriodMeans,
  coverageThreshold: number,
  isClampedAtZero: boolean,
): { speedMps: Float64Array; directionDeg: Float64Array | undefined } {
  const m = ref.periodStartMs.length;
  const speedMps = new Float64Array(m).fill(Number.NaN);
  const directionDeg = ref.directionDeg ? new Float64Array(m).fill(Number.NaN) : undefined;
  const needsDirection = fit.sectors > 1;
  if (needsDirection && !ref.directionDeg) throw new Error('predictPeriods requires reference directions');
  const passes = (coverage: number) => (coverageThreshold > 0 ? coverage >= coverageThreshold : coverage > 0);
  for (let i = 0; i < m; i++) {
    if (!passes(ref.speedCoverage[i]!)) continue;
    const dir = ref.directionDeg && passes(ref.directionCoverage![i]!) ? ref.directionDeg[i]! : Number.NaN;
    if (needsDirection && Number.isNaN(dir)) continue;
    let y = predictMcp(fit, ref.speedMps[i]!, dir);
    if (isClampedAtZero && y < 0) y = 0;
    speedMps[i] = y;
    if (directionDeg && !Number.isNaN(dir) && !Number.isNaN(y)) {
      let offset = fit.directionOffsetDeg;
      if (needsDirection)
        offset = fit.bySector[directionSectorIndex(dir, fit.sectors)]?.directionOffsetDeg ?? offset;
      const d = (dir + offset) % 360;
      directionDeg[i] = d < 0 ? d + 360 : d;
    }
  }
  return { speedMps, directionDeg };
}
