import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { McpAlignment } from './types.ts';

const YEAR_MS = 365.25 * 86_400_000;

/** The left-out blocks of a cross-validation and where every aligned period falls. */
export interface McpValidationBlocks {
  readonly blockKind: 'month' | 'year';
  /** Number of blocks. */
  readonly blocks: number;
  /** Block of every period (0-based, ascending with the stamps). */
  readonly block: Int32Array;
  /** Calendar month (0–11) of every period. */
  readonly calendarMonth: Int8Array;
  /** Reference-direction sector of every period (0 with one sector). */
  readonly sector: Int32Array;
  /** First period of every block, and n at index `blocks`. */
  readonly starts: Int32Array;
}

/**
 * Splits aligned periods (stamps ascending) into cross-validation blocks (WIND-ANALYSIS §13): calendar
 * months, or 12-month blocks from the first aligned month (`auto`: when the concurrent data span ≥ 3
 * years), with each period's calendar month and reference-direction sector.
 *
 * @param sectors reference-direction sectors (1: no sector split)
 * @internal
 * @example mcpValidationBlocks(alignment, 1, 'month').blocks
 */
export function mcpValidationBlocks(
  alignment: Pick<McpAlignment, 'periodStartMs' | 'xDirectionDeg'>,
  sectors: number,
  kind: 'month' | 'year' | 'auto',
): McpValidationBlocks {
  const t = alignment.periodStartMs;
  const n = t.length;
  const blockKind = kind === 'auto' ? (t[n - 1]! - t[0]! >= 3 * YEAR_MS ? 'year' : 'month') : kind;
  const block = new Int32Array(n);
  const calendarMonth = new Int8Array(n);
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
    calendarMonth[i] = month;
    const b = blockKind === 'year' ? Math.floor((monthIndex - first) / 12) : monthIndex - first;
    if (b !== last) {
      blocks++;
      last = b;
    }
    block[i] = blocks - 1;
    sector[i] = sectors > 1 ? directionSectorIndex(alignment.xDirectionDeg![i]!, sectors) : 0;
  }
  const starts = new Int32Array(blocks + 1);
  for (let i = 0, b = 0; i < n; i++) if (i === 0 || block[i] !== block[i - 1]) starts[b++] = i;
  starts[blocks] = n;
  return { blockKind, blocks, block, calendarMonth, sector, starts };
}
