import type { McpFitOptions } from './fit-mcp.ts';
import { linearLinesOfFold, type McpFoldLine } from './linear-lines-of-fold.ts';
import { mcpValidationBlocks } from './mcp-validation-blocks.ts';
import { speedSortLinesOfFold } from './speed-sort-lines-of-fold.ts';
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
  const split = mcpValidationBlocks(alignment, S, options.blockKind ?? 'auto');
  const { blockKind, blocks, block, sector, starts } = split;
  if (blocks < 2) return undefined;
  let meanY = 0;
  let meanX = 0;
  for (let i = 0; i < n; i++) {
    meanY += y[i]!;
    meanX += x[i]!;
  }
  meanY /= n;
  meanX /= n;

  // linesOfFold(b) → the line per sector (index S = overall) fitted without block b
  const linesOfFold = isSpeedSort
    ? speedSortLinesOfFold(x, y, split, {
        sectors: S,
        minCount,
        fallback,
        longTermReferenceMps: fitOptions.longTermReferenceMps,
      })
    : linearLinesOfFold(x, y, split, S, method, meanX, meanY);

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
    const used: McpFoldLine[] = [];
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
