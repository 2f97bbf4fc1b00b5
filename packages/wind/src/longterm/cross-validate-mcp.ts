import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { McpFitOptions } from './fit-mcp.ts';
import { speedSortFromSorted } from './speed-sort-from-sorted.ts';
import type { McpAlignment } from './types.ts';

/** One left-out block of a cross-validation. */
export interface McpValidationBlock {
  /** Stamp of the block's first aligned period. */
  readonly startMs: number;
  /** Aligned periods predicted in the block. */
  readonly count: number;
  readonly measuredMeanMps: number;
  readonly predictedMeanMps: number;
  /** (predicted − measured)/ȳ, ȳ the mean of all aligned target periods. */
  readonly error: number;
}

/** Result of {@link crossValidateMcp}. */
export interface McpCrossValidation {
  /** Calendar-month blocks, or 12-month blocks from the first aligned month when ≥ 3 years are concurrent. */
  readonly blockKind: 'month' | 'year';
  readonly blocks: readonly McpValidationBlock[];
  /** Mean of the block errors (fraction of the mean target speed). */
  readonly bias: number;
  /** √(mean of the squared block errors). */
  readonly rmse: number;
  /** u_MCP = rmse/√M (M blocks), fraction of the mean target speed (WIND-ANALYSIS §13). */
  readonly uncertainty: number;
}

const YEAR_MS = 365.25 * 86_400_000;
type Line = { slope: number; offset: number; cutoff: number } | undefined;

/** Line of a linear method from centred sums [n, Σx', Σy', Σx'², Σy'², Σx'y'] (x' = x − cx, y' = y − cy). */
function lineFromSums(method: string, s: Float64Array, o: number, cx: number, cy: number): Line {
  const n = s[o]!;
  if (n < 2) return undefined;
  const mx = s[o + 1]! / n;
  const my = s[o + 2]! / n;
  const sxx = s[o + 3]! - n * mx * mx;
  const syy = s[o + 4]! - n * my * my;
  const sxy = s[o + 5]! - n * mx * my;
  const meanX = cx + mx;
  const meanY = cy + my;
  if (!(sxx > 0)) return undefined;
  let slope: number;
  if (method === 'ols') slope = sxy / sxx;
  else if (method === 'tls') {
    if (sxy === 0) return undefined;
    slope = (syy - sxx + Math.sqrt((syy - sxx) ** 2 + 4 * sxy * sxy)) / (2 * sxy);
  } else if (method === 'variance_ratio') {
    if (!(syy > 0)) return undefined;
    slope = Math.sign(sxy) * Math.sqrt(syy / sxx);
  } else if (method === 'speed_ratio') {
    if (!(meanX > 0)) return undefined;
    return { slope: meanY / meanX, offset: 0, cutoff: Number.NaN };
  } else {
    // through the origin: Σxy/Σx² from the centred sums
    const rawXy = s[o + 5]! + cy * s[o + 1]! + cx * s[o + 2]! + n * cx * cy;
    const rawXx = s[o + 3]! + 2 * cx * s[o + 1]! + n * cx * cx;
    return rawXx > 0 ? { slope: rawXy / rawXx, offset: 0, cutoff: Number.NaN } : undefined;
  }
  return { slope, offset: meanY - slope * meanX, cutoff: Number.NaN };
}

/** Sorted multiset difference a \ b (both ascending, b ⊆ a). */
function sortedWithout(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length - b.length);
  let j = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (j < b.length && a[i] === b[j]) {
      j++;
      continue;
    }
    out[k++] = a[i]!;
  }
  return out;
}

/**
 * Block cross-validation of an MCP method (WIND-ANALYSIS §13): the aligned periods are split into
 * calendar-month blocks (12-month blocks from the first aligned month when the concurrent data span ≥ 3
 * years); for each block the method is fitted on the others (same options as {@link fitMcp}) and predicts
 * the block's mean target speed ŷ_j; e_j = (ŷ_j − y_j)/ȳ; CV bias = mean e_j, CV RMSE = √(mean e_j²),
 * u_MCP = CV RMSE/√M. Refitting is done from per-block sums (linear methods) and by removing the block
 * from presorted speeds (SpeedSort), so the cost is about one pass per block.
 *
 * @returns undefined with fewer than 2 blocks
 * @example crossValidateMcp(alignment, { method: 'ols' })?.rmse
 */
export function crossValidateMcp(
  alignment: McpAlignment,
  fitOptions: McpFitOptions,
  options: { blockKind?: 'month' | 'year' | 'auto' } = {},
): McpCrossValidation | undefined {
  const { x, y, periodStartMs: t } = alignment;
  const n = x.length;
  if (n < 2) return undefined;
  const method = fitOptions.method;
  const isSpeedSort = method === 'speed_sort';
  const sectorCount = fitOptions.sectors ?? (isSpeedSort ? 1 : 0);
  const S = sectorCount > 1 ? sectorCount : 1;
  const minCount = fitOptions.minSectorCount ?? 30;
  const fallback = fitOptions.sectorFallback ?? 'overall';
  if (sectorCount > 1 && !alignment.xDirectionDeg)
    throw new Error('crossValidateMcp requires reference directions');
  const kind = options.blockKind ?? 'auto';
  const blockKind = kind === 'auto' ? (t[n - 1]! - t[0]! >= 3 * YEAR_MS ? 'year' : 'month') : kind;
  // block and calendar month of every period (stamps ascend)
  const block = new Int32Array(n);
  const calMonth = new Int8Array(n);
  const sector = new Int32Array(n);
  let first = Number.NaN;
  let blocks = 0;
  let last = -1;
  let monthEnd = Number.NEGATIVE_INFINITY;
  let monthIndex = 0;
  let month = 0;
  for (let i = 0; i < n; i++) {
    if (t[i]! >= monthEnd) {
      const d = new Date(t[i]!);
      month = d.getUTCMonth();
      monthIndex = d.getUTCFullYear() * 12 + month;
      monthEnd = Date.UTC(d.getUTCFullYear(), month + 1, 1);
      if (Number.isNaN(first)) first = monthIndex;
    }
    calMonth[i] = month;
    const b = blockKind === 'year' ? Math.floor((monthIndex - first) / 12) : monthIndex - first;
    if (b !== last) {
      blocks++;
      last = b;
    }
    block[i] = blocks - 1;
    const s = S > 1 ? directionSectorIndex(alignment.xDirectionDeg![i]!, S) : 0;
    sector[i] = s;
  }
  if (blocks < 2) return undefined;
  const starts = new Int32Array(blocks + 1);
  for (let i = 0, b = 0; i < n; i++) if (i === 0 || block[i] !== block[i - 1]) starts[b++] = i;
  starts[blocks] = n;
  let meanY = 0;
  let meanX = 0;
  for (let i = 0; i < n; i++) {
    meanY += y[i]!;
    meanX += x[i]!;
  }
  meanY /= n;
  meanX /= n;

  // lineOfFold(b) → the line per sector (index S = overall) fitted without block b
  let linesOfFold: (b: number) => Line[];
  if (!isSpeedSort) {
    // per (block, sector) centred sums; index (b·(S+1) + s)·6, s = S is the all-sector sum
    const W = S + 1;
    const sums = new Float64Array((blocks + 1) * W * 6);
    for (let i = 0; i < n; i++) {
      const dx = x[i]! - meanX;
      const dy = y[i]! - meanY;
      for (const s of [sector[i]!, S]) {
        for (const b of [block[i]!, blocks]) {
          const o = (b * W + s) * 6;
          sums[o]! += 1;
          sums[o + 1]! += dx;
          sums[o + 2]! += dy;
          sums[o + 3]! += dx * dx;
          sums[o + 4]! += dy * dy;
          sums[o + 5]! += dx * dy;
        }
      }
    }
    const fold = new Float64Array(W * 6);
    linesOfFold = (b) => {
      for (let k = 0; k < W * 6; k++) fold[k] = sums[blocks * W * 6 + k]! - sums[b * W * 6 + k]!;
      const lines: Line[] = [];
      for (let s = 0; s <= S; s++) lines.push(lineFromSums(method, fold, s * 6, meanX, meanY));
      return lines;
    };
  } else {
    // presorted speeds per sector (and overall, index S); per block, its own sorted speeds; month sums for
    // the MOMM cutoff
    const bucket = (lo: number, hi: number): [Float64Array[], Float64Array[]] => {
      const size = new Int32Array(S + 1);
      for (let i = lo; i < hi; i++) size[sector[i]!]! += 1;
      size[S] = hi - lo;
      const bx = Array.from(size, (k) => new Float64Array(k));
      const by = Array.from(size, (k) => new Float64Array(k));
      const fill = new Int32Array(S + 1);
      for (let i = lo; i < hi; i++) {
        const s = sector[i]!;
        bx[s]![fill[s]!] = x[i]!;
        by[s]![fill[s]!] = y[i]!;
        fill[s]! += 1;
        bx[S]![fill[S]!] = x[i]!;
        by[S]![fill[S]!] = y[i]!;
        fill[S]! += 1;
      }
      for (let s = 0; s <= S; s++) {
        bx[s]!.sort();
        by[s]!.sort();
      }
      return [bx, by];
    };
    const [allX, allY] = bucket(0, n);
    const monthSums = new Float64Array((blocks + 1) * 24);
    for (let i = 0; i < n; i++) {
      for (const b of [block[i]!, blocks]) {
        monthSums[b * 24 + calMonth[i]!]! += x[i]!;
        monthSums[b * 24 + 12 + calMonth[i]!]! += 1;
      }
    }
    linesOfFold = (b) => {
      let momm = 0;
      let months = 0;
      for (let m = 0; m < 12; m++) {
        const c = monthSums[blocks * 24 + 12 + m]! - monthSums[b * 24 + 12 + m]!;
        if (c === 0) continue;
        momm += (monthSums[blocks * 24 + m]! - monthSums[b * 24 + m]!) / c;
        months++;
      }
      const cutoff = fitOptions.longTermReferenceMps ?? Math.min(0.5 * (momm / months), 4);
      const [bx, by] = bucket(starts[b]!, starts[b + 1]!);
      const lineOf = (s: number): Line => {
        const line = speedSortFromSorted(
          sortedWithout(allX[s]!, bx[s]!),
          sortedWithout(allY[s]!, by[s]!),
          cutoff,
        );
        return line ? { slope: line.slope, offset: line.offset, cutoff } : undefined;
      };
      const lines: Line[] = [];
      let isOverallNeeded = S === 1;
      for (let s = 0; s < S; s++) {
        const count = allX[s]!.length - bx[s]!.length;
        const line = S === 1 || count >= minCount ? lineOf(s) : undefined;
        if (!line && fallback === 'overall') isOverallNeeded = true;
        lines.push(line);
      }
      // the all-sector line only when a sector falls back to it (with one sector it is that sector's)
      lines.push(S === 1 ? lines[0] : isOverallNeeded ? lineOf(S) : undefined);
      return lines;
    };
  }

  // counts per (fold, sector) decide whether a sector has its own line (fitMcp's rule)
  const sectorCounts = new Int32Array((blocks + 1) * S);
  for (let i = 0; i < n; i++) {
    sectorCounts[block[i]! * S + sector[i]!]! += 1;
    sectorCounts[blocks * S + sector[i]!]! += 1;
  }
  const out: McpValidationBlock[] = [];
  for (let b = 0; b < blocks; b++) {
    const lines = linesOfFold(b);
    const overall = lines[S];
    const used: Line[] = [];
    for (let s = 0; s < S; s++) {
      const count = sectorCounts[blocks * S + s]! - sectorCounts[b * S + s]!;
      const own = sectorCount === 0 ? overall : count >= minCount ? lines[s] : undefined;
      used.push(own ?? (fallback === 'overall' ? overall : undefined));
    }
    let sumPredicted = 0;
    let sumMeasured = 0;
    let count = 0;
    for (let i = starts[b]!; i < starts[b + 1]!; i++) {
      const line = used[sector[i]!];
      const xi = x[i]!;
      if (!line || (S > 1 && sector[i]! < 0)) continue;
      const c = line.cutoff;
      const p =
        xi < c
          ? c > 0
            ? ((line.slope * c + line.offset) * xi) / c
            : line.offset
          : line.slope * xi + line.offset;
      sumPredicted += p;
      sumMeasured += y[i]!;
      count++;
    }
    if (count === 0) continue;
    const predictedMeanMps = sumPredicted / count;
    const measuredMeanMps = sumMeasured / count;
    out.push({
      startMs: t[starts[b]!]!,
      count,
      measuredMeanMps,
      predictedMeanMps,
      error: (predictedMeanMps - measuredMeanMps) / meanY,
    });
  }
  if (out.length < 2) return undefined;
  let bias = 0;
  let squares = 0;
  for (const o of out) {
    bias += o.error;
    squares += o.error * o.error;
  }
  bias /= out.length;
  const rmse = Math.sqrt(squares / out.length);
  return { blockKind, blocks: out, bias, rmse, uncertainty: rmse / Math.sqrt(out.length) };
}
