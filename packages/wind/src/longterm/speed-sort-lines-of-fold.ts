import type { McpFoldLine } from './linear-lines-of-fold.ts';
import type { McpValidationBlocks } from './mcp-validation-blocks.ts';
import { speedSortFromSorted } from './speed-sort-from-sorted.ts';

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
 * The SpeedSort refits of a block cross-validation: speeds presorted per sector (and overall, index S),
 * a fold's sorted speeds are the whole minus the left-out block's own, and its cutoff min(0.5·L, 4) takes
 * L, the MOMM of the fold's reference speeds, from per-block month sums, or `longTermReferenceMps` when given
 * (as fitMcp takes it; until issue 42's review it was taken as the cutoff itself).
 *
 * @param sectors S ≥ 1; the returned lines are per sector, index S the all-sector line (fitted only when a
 *   sector falls back to it; with one sector it is that sector's)
 * @internal
 * @example speedSortLinesOfFold(x, y, blocks, { sectors: 1, minCount: 30, fallback: 'overall' })(0)[0]
 */
export function speedSortLinesOfFold(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  split: Pick<McpValidationBlocks, 'blocks' | 'block' | 'calendarMonth' | 'sector' | 'starts'>,
  options: {
    sectors: number;
    minCount: number;
    fallback: 'overall' | 'none';
    longTermReferenceMps?: number | undefined;
  },
): (leftOut: number) => McpFoldLine[] {
  const { blocks, block, calendarMonth, sector, starts } = split;
  const { sectors: S, minCount, fallback } = options;
  const n = x.length;
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
      monthSums[b * 24 + calendarMonth[i]!]! += x[i]!;
      monthSums[b * 24 + 12 + calendarMonth[i]!]! += 1;
    }
  }
  return (b) => {
    let momm = 0;
    let months = 0;
    for (let m = 0; m < 12; m++) {
      const c = monthSums[blocks * 24 + 12 + m]! - monthSums[b * 24 + 12 + m]!;
      if (c === 0) continue;
      momm += (monthSums[blocks * 24 + m]! - monthSums[b * 24 + m]!) / c;
      months++;
    }
    // fitMcp's rule: L given, or the fold's MOMM; the cutoff is min(0.5·L, 4) either way.
    const cutoff = Math.min(0.5 * (options.longTermReferenceMps ?? momm / months), 4);
    const [bx, by] = bucket(starts[b]!, starts[b + 1]!);
    const lineOf = (s: number): McpFoldLine => {
      const line = speedSortFromSorted(
        sortedWithout(allX[s]!, bx[s]!),
        sortedWithout(allY[s]!, by[s]!),
        cutoff,
      );
      return line ? { slope: line.slope, offset: line.offset, cutoff } : undefined;
    };
    const lines: McpFoldLine[] = [];
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
