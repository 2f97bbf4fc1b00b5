import { QC_DEFAULTS } from '../qc/flag-change.ts';
import type { ReceiptChannel, ReceiptElement, ReceiptFinding, ReceiptWindow } from './types.ts';

/** Per channel: how many values, how many missing, how many outside the §2 range. */
export interface ChannelReceipt {
  readonly id: string;
  readonly valid: number;
  readonly missing: number;
  readonly outOfRange: number;
  readonly min: number;
  readonly max: number;
  /** The range applied (absent for elements without one). */
  readonly rangeMin?: number | undefined;
  readonly rangeMax?: number | undefined;
}

/** Rows, period, gaps, duplicates, off-grid stamps and values out of range of one file. */
export interface BasicReceipt {
  readonly rows: number;
  /** First and last stamp (UTC ms), NaN for an empty file. */
  readonly firstMs: number;
  readonly lastMs: number;
  readonly intervalMinutes: number;
  /** Grid slots from the first to the last on-grid stamp. */
  readonly expectedSlots: number;
  /** Distinct on-grid stamps. */
  readonly distinctSlots: number;
  readonly gapCount: number;
  readonly missingSlots: number;
  /** The longest gaps, longest first: [fromMs, toMs) of the missing slots. */
  readonly longestGaps: readonly { readonly fromMs: number; readonly toMs: number }[];
  /** Rows repeating an earlier stamp; `conflictingDuplicates` of them with different values. */
  readonly duplicates: number;
  readonly conflictingDuplicates: number;
  /** Rows whose stamp is not on the interval grid. */
  readonly offGrid: number;
  /** Rows whose stamp is earlier than the row before. */
  readonly outOfOrder: number;
  readonly channels: readonly ChannelReceipt[];
}

/** Solar radiation has no §2 range; a platform range [P] that tolerates the small negative night values of thermopiles. */
const RADIATION_RANGE = { min: -20, max: 1500 };

function rangeOf(element: ReceiptElement): { min: number; max: number } | undefined {
  if (element === 'G') return RADIATION_RANGE;
  if (element === 'other') return undefined;
  return QC_DEFAULTS.range[element];
}

function sameRow(window: ReceiptWindow, ids: readonly string[], a: number, b: number): boolean {
  for (const id of ids) {
    const x = window.channels[id]![a]!;
    const y = window.channels[id]![b]!;
    if (!(x === y || (Number.isNaN(x) && Number.isNaN(y)))) return false;
  }
  return true;
}

/**
 * The file's basic receipt (WIND-ANALYSIS §15 with the §2.1 range limits of `QC_DEFAULTS.range`):
 * rows, period, gaps, duplicate and off-grid stamps, and per channel the values out of range.
 * Findings: `basic.gaps` (info), `basic.duplicates`, `basic.off_grid`, `basic.out_of_range` (warning).
 *
 * @example basicReceipt(file, channels).receipt.missingSlots
 */
export function basicReceipt(
  file: ReceiptWindow,
  channels: readonly ReceiptChannel[],
  options: { intervalMinutes?: number } = {},
): { receipt: BasicReceipt; findings: ReceiptFinding[] } {
  const step = (options.intervalMinutes ?? 10) * 60_000;
  const t = file.timesMs;
  const ids = channels.map((c) => c.id).filter((id) => file.channels[id] !== undefined);
  let offGrid = 0;
  let duplicates = 0;
  let conflicting = 0;
  let outOfOrder = 0;
  const onGrid: number[] = [];
  const seen = new Map<number, number>();
  for (let i = 0; i < t.length; i++) {
    const ms = t[i]!;
    if (i > 0 && ms < t[i - 1]!) outOfOrder++;
    const first = seen.get(ms);
    if (first !== undefined) {
      duplicates++;
      if (!sameRow(file, ids, first, i)) conflicting++;
      continue;
    }
    seen.set(ms, i);
    if (ms % step !== 0) offGrid++;
    else onGrid.push(ms);
  }
  onGrid.sort((a, b) => a - b);
  const gaps: { fromMs: number; toMs: number }[] = [];
  let missingSlots = 0;
  for (let i = 1; i < onGrid.length; i++) {
    const d = onGrid[i]! - onGrid[i - 1]!;
    if (d > step) {
      gaps.push({ fromMs: onGrid[i - 1]! + step, toMs: onGrid[i]! });
      missingSlots += d / step - 1;
    }
  }
  gaps.sort((a, b) => b.toMs - b.fromMs - (a.toMs - a.fromMs));
  const expectedSlots = onGrid.length > 0 ? (onGrid[onGrid.length - 1]! - onGrid[0]!) / step + 1 : 0;
  const firstMs = t.length > 0 ? Math.min(t[0]!, onGrid[0] ?? t[0]!) : Number.NaN;
  const lastMs = t.length > 0 ? Math.max(t[t.length - 1]!, onGrid[onGrid.length - 1] ?? t[0]!) : Number.NaN;
  const channelReceipts: ChannelReceipt[] = [];
  const findings: ReceiptFinding[] = [];
  for (const c of channels) {
    const v = file.channels[c.id];
    if (!v) continue;
    const range = c.statistic === 'sd' ? undefined : rangeOf(c.element);
    let valid = 0;
    let outOfRange = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < v.length; i++) {
      const x = v[i]!;
      if (Number.isNaN(x)) continue;
      valid++;
      if (x < min) min = x;
      if (x > max) max = x;
      if (range && (x < range.min || x > range.max)) outOfRange++;
    }
    channelReceipts.push({
      id: c.id,
      valid,
      missing: v.length - valid,
      outOfRange,
      min: valid > 0 ? min : Number.NaN,
      max: valid > 0 ? max : Number.NaN,
      rangeMin: range?.min,
      rangeMax: range?.max,
    });
    if (outOfRange > 0) {
      findings.push({
        check: 'basic',
        key: 'basic.out_of_range',
        severity: 'warning',
        channels: [c.id],
        fromMs: firstMs,
        toMs: lastMs + step,
        numbers: { outOfRange, valid, min, max, rangeMin: range!.min, rangeMax: range!.max },
        // One click flags them invalid on a working version (undoable): no analysis uses them then.
        fix: {
          kind: 'flag_invalid',
          channel: c.id,
          fromMs: firstMs,
          toMs: lastMs + step,
          min: range!.min,
          max: range!.max,
        },
      });
    }
  }
  const period = { fromMs: firstMs, toMs: lastMs + step };
  if (gaps.length > 0) {
    findings.push({
      check: 'basic',
      key: 'basic.gaps',
      severity: 'info',
      channels: [],
      ...period,
      numbers: {
        gapCount: gaps.length,
        missingSlots,
        longestGapMinutes: (gaps[0]!.toMs - gaps[0]!.fromMs) / 60_000,
      },
    });
  }
  if (duplicates > 0) {
    findings.push({
      check: 'basic',
      key: 'basic.duplicates',
      severity: 'warning',
      channels: [],
      ...period,
      numbers: { duplicates, conflictingDuplicates: conflicting },
    });
  }
  if (offGrid > 0 || outOfOrder > 0) {
    findings.push({
      check: 'basic',
      key: 'basic.off_grid',
      severity: 'warning',
      channels: [],
      ...period,
      numbers: { offGrid, outOfOrder },
    });
  }
  return {
    receipt: {
      rows: t.length,
      firstMs,
      lastMs,
      intervalMinutes: step / 60_000,
      expectedSlots,
      distinctSlots: onGrid.length,
      gapCount: gaps.length,
      missingSlots,
      longestGaps: gaps.slice(0, 5),
      duplicates,
      conflictingDuplicates: conflicting,
      offGrid,
      outOfOrder,
      channels: channelReceipts,
    },
    findings,
  };
}
