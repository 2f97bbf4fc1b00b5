import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import { fitMcpLine } from './fit-mcp-line.ts';
import { fitSpeedSortLine } from './fit-speed-sort-line.ts';
import { meanOfMonthlyMeans } from './mean-of-monthly-means.ts';
import type { McpAlignment, McpFit, McpFitMethod, McpLine, McpSectorFit } from './types.ts';

const TO_RAD = Math.PI / 180;

/** Options of {@link fitMcp}. */
export interface McpFitOptions {
  readonly method: McpFitMethod;
  /** Reference-direction sectors (0 = overall only, the default; SpeedSort always fits per sector, 1 = one). */
  readonly sectors?: number;
  /** A sector with fewer aligned periods has no own line (default 30, WIND-ANALYSIS §7; brightwind: 2). */
  readonly minSectorCount?: number;
  /** What a sector without its own line predicts with: the overall line (default, §12) or nothing (brightwind). */
  readonly sectorFallback?: 'overall' | 'none';
  /** SpeedSort: the long-term reference speed L of the cutoff (default: MOMM of the aligned reference speeds). */
  readonly longTermReferenceMps?: number;
}

/** What {@link fitMcp} reads of an alignment: the pairs, their stamps and directions (no coverage). */
export type McpPairs = Pick<McpAlignment, 'periodStartMs' | 'x' | 'y' | 'xDirectionDeg' | 'yDirectionDeg'>;

function wrapVeer(v: number): number {
  if (v > 180) return v - 360;
  if (v < -180) return v + 360;
  return v;
}

function circularMeanOffset(sin: number, cos: number): number {
  if (sin === 0 && cos === 0) return 0;
  return Math.atan2(sin, cos) / TO_RAD;
}

/**
 * Fits an MCP method on aligned periods (WIND-ANALYSIS §7, §12, §13; brightwind's definitions in
 * reference/brightwind-mcp/METHODS.md §2–§5): overall, and per sector of the aligned reference direction
 * (sector 0 centred on north, lower edge inclusive). SpeedSort follows brightwind: cutoff c = min(0.5·L, 4)
 * with L the MOMM of the aligned reference speeds, veer cutoffs 0.5·(6 + 0.5·mean speed) of each series,
 * average veer per sector over the periods passing both.
 *
 * @returns the fit; a sector below `minSectorCount` periods predicts with the overall line (or none)
 * @example fitMcp(alignForMcp(ref, tgt, { period: '1H' })!, { method: 'ols' }).overall?.slope
 */
export function fitMcp(alignment: McpPairs, options: McpFitOptions): McpFit {
  const { x, y } = alignment;
  const method = options.method;
  const isSpeedSort = method === 'speed_sort';
  const sectors = options.sectors ?? (isSpeedSort ? 1 : 0);
  const minCount = options.minSectorCount ?? 30;
  const fallback = options.sectorFallback ?? 'overall';
  const n = x.length;
  if (sectors > 0 && !alignment.xDirectionDeg && sectors !== 1)
    throw new Error('fitMcp requires reference directions for a sector fit');
  const yDir = alignment.yDirectionDeg;
  const xDir = alignment.xDirectionDeg;

  let speedSort: McpFit['speedSort'];
  let lineOf: (xs: Float64Array, ys: Float64Array) => McpLine | undefined;
  if (isSpeedSort) {
    const longTerm =
      options.longTermReferenceMps ?? meanOfMonthlyMeans(alignment.periodStartMs, x) ?? Number.NaN;
    const cutoff = Math.min(0.5 * longTerm, 4);
    let mx = 0;
    let my = 0;
    for (let i = 0; i < n; i++) {
      mx += x[i]!;
      my += y[i]!;
    }
    const refVeerCutoff = 0.5 * (6 + (0.5 * mx) / n);
    const tgtVeerCutoff = 0.5 * (6 + (0.5 * my) / n);
    let veerSum = 0;
    let veerCount = 0;
    if (xDir && yDir) {
      for (let i = 0; i < n; i++) {
        if (x[i]! >= refVeerCutoff && y[i]! >= tgtVeerCutoff) {
          veerSum += wrapVeer(yDir[i]! - xDir[i]!);
          veerCount++;
        }
      }
    }
    speedSort = {
      referenceCutoffMps: cutoff,
      referenceVeerCutoffMps: refVeerCutoff,
      targetVeerCutoffMps: tgtVeerCutoff,
      overallAverageVeerDeg: veerCount > 0 ? veerSum / veerCount : Number.NaN,
      longTermReferenceMps: longTerm,
    };
    lineOf = (xs, ys) => fitSpeedSortLine(xs, ys, cutoff);
  } else {
    lineOf = (xs, ys) => fitMcpLine(xs, ys, method as Exclude<McpFitMethod, 'speed_sort'>);
  }

  const overall = lineOf(x, y);
  let sinAll = 0;
  let cosAll = 0;
  if (xDir && yDir) {
    for (let i = 0; i < n; i++) {
      const d = (yDir[i]! - xDir[i]!) * TO_RAD;
      sinAll += Math.sin(d);
      cosAll += Math.cos(d);
    }
  }
  const bySector: McpSectorFit[] = [];
  if (sectors > 0) {
    const index = new Int32Array(n);
    const counts = new Int32Array(sectors);
    for (let i = 0; i < n; i++) {
      const s = sectors === 1 || !xDir ? 0 : directionSectorIndex(xDir[i]!, sectors);
      index[i] = s;
      if (s >= 0) counts[s]! += 1;
    }
    const width = 360 / sectors;
    // Periods grouped by sector in one pass (stable: each sector keeps the periods in time order).
    const first = new Int32Array(sectors + 1);
    for (let s = 0; s < sectors; s++) first[s + 1] = first[s]! + counts[s]!;
    const order = new Int32Array(first[sectors]!);
    const next = first.slice(0, sectors);
    for (let i = 0; i < n; i++) {
      const s = index[i]!;
      if (s >= 0) order[next[s]!++] = i;
    }
    for (let s = 0; s < sectors; s++) {
      const count = counts[s]!;
      const xs = new Float64Array(count);
      const ys = new Float64Array(count);
      let k = 0;
      let sin = 0;
      let cos = 0;
      let veerSum = 0;
      let veerCount = 0;
      for (let j = first[s]!; j < first[s + 1]!; j++) {
        const i = order[j]!;
        xs[k] = x[i]!;
        ys[k] = y[i]!;
        k++;
        if (xDir && yDir) {
          const v = yDir[i]! - xDir[i]!;
          sin += Math.sin(v * TO_RAD);
          cos += Math.cos(v * TO_RAD);
          if (
            speedSort &&
            x[i]! >= speedSort.referenceVeerCutoffMps &&
            y[i]! >= speedSort.targetVeerCutoffMps
          ) {
            veerSum += wrapVeer(v);
            veerCount++;
          }
        }
      }
      const ownLine = count >= minCount ? lineOf(xs, ys) : undefined;
      const isMerged = ownLine === undefined && fallback === 'overall';
      const sectorMinDeg = sectors === 1 ? 0 : ((((s - 0.5) * width) % 360) + 360) % 360;
      bySector.push({
        sector: s,
        sectorMinDeg,
        sectorMaxDeg: sectors === 1 ? 360 : (s + 0.5) * width,
        count,
        ownLine,
        isMerged,
        line: ownLine ?? (isMerged ? overall : undefined),
        directionOffsetDeg: circularMeanOffset(sin, cos),
        ...(speedSort ? { averageVeerDeg: veerCount > 0 ? veerSum / veerCount : Number.NaN, veerCount } : {}),
      });
    }
  }
  return {
    method,
    sectors,
    overall,
    bySector,
    directionOffsetDeg: circularMeanOffset(sinAll, cosAll),
    speedSort,
  };
}
