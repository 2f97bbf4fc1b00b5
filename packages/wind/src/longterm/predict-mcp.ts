import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { McpFit, McpLine } from './types.ts';

/**
 * y of one line at x: slope·x + offset, or from the origin below a SpeedSort cutoff.
 *
 * @internal
 * @example predictMcpLine({ count: 2, slope: 1.2, offset: 0.1, rSquared: 1 }, 5) // 6.1
 */
export function predictMcpLine(line: McpLine, x: number): number {
  const c = line.cutoffMps;
  if (c !== undefined && x < c) return c > 0 ? ((line.slope * c + line.offset) * x) / c : line.offset;
  return line.slope * x + line.offset;
}

/**
 * Predicted target speed of an MCP fit for one reference period (WIND-ANALYSIS §13): the line of the
 * sector of the reference direction (or the overall line of an overall fit), not clamped.
 *
 * @returns NaN when x (or, for a sector fit, the direction) is missing or the sector has no line
 * @example predictMcp(fit, 7.2, 250)
 */
export function predictMcp(fit: McpFit, x: number, directionDeg?: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  let line: McpLine | undefined;
  if (fit.sectors === 0) line = fit.overall;
  else if (fit.sectors === 1) line = fit.bySector[0]?.line;
  else {
    const s = directionDeg === undefined ? -1 : directionSectorIndex(directionDeg, fit.sectors);
    line = s >= 0 ? fit.bySector[s]!.line : undefined;
  }
  return line ? predictMcpLine(line, x) : Number.NaN;
}
