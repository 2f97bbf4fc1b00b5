import {
  displayPersonName,
  type Language,
  type TDoubt,
  type TReceiptChart,
  type TReceiptCheckKind,
  type TReceiptDetail,
  type TReceiptFinding,
  type TReceiptFix,
  type TReceiptListItem,
  type TReceiptStatus,
  type TReceiptSummary,
  type TText,
  text,
  ZReceiptFix,
} from '@masthub/shared';
import { presentStoredError } from '../../platform/stored-error.ts';
import type { ReceiptRepository } from './receipts.repository.ts';

type TReceiptRow = NonNullable<Awaited<ReturnType<ReceiptRepository['findDetail']>>>;
type TListRow = Awaited<ReturnType<ReceiptRepository['page']>>['rows'][number];
type TFindingRow = Awaited<ReturnType<ReceiptRepository['listFindings']>>[number];

/** The name of a check as a stored text (station log, messages). */
export function checkText(check: string): TText {
  return text(`receiptCheck.${check as TReceiptCheckKind}`);
}

/** Channel data key → its name in the version (the key itself when the channel is gone). */
export type TChannelNames = ReadonlyMap<string, string>;

const named = (names: TChannelNames, keys: readonly string[]) =>
  keys.map((dataKey) => ({ dataKey, name: names.get(dataKey.toLowerCase()) ?? dataKey }));

/** Numbers as stored (NaN was written as null). */
function numbersOf(value: unknown): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    out[k] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return out;
}

export function presentSummary(row: {
  id: number;
  status: TReceiptStatus;
  finding_count: number;
  open_count: number;
  max_severity: 'info' | 'warning' | 'error' | null;
}): TReceiptSummary {
  return {
    id: row.id,
    status: row.status,
    findingCount: row.finding_count,
    openCount: row.open_count,
    maxSeverity: row.max_severity,
  };
}

export function presentListItem(row: TListRow | TReceiptRow): TReceiptListItem {
  return {
    ...presentSummary(row),
    stationId: row.station_id,
    rawFileId: row.raw_file_id,
    fileName: row.file_name,
    source: row.source,
    periodStart: row.period_start?.toISOString() ?? null,
    periodEnd: row.period_end?.toISOString() ?? null,
    createTime: row.created_at.toISOString(),
    computeTime: row.computed_at?.toISOString() ?? null,
  };
}

function fixStatusOf(row: TFindingRow): 'queued' | 'applied' | 'undone' | 'failed' {
  if (row.fix_status === 'queued' && row.fix_task_status === 'failed') return 'failed';
  return row.fix_status ?? 'queued';
}

export function presentFinding(row: TFindingRow, names: TChannelNames, language: Language): TReceiptFinding {
  const fix = row.fix === null ? null : ZReceiptFix.safeParse(row.fix);
  return {
    id: row.id,
    check: row.check_kind,
    key: row.finding_key,
    severity: row.severity,
    channels: named(names, row.channels),
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    numbers: numbersOf(row.numbers),
    chart: (row.chart as TReceiptChart | null) ?? null,
    fix: fix?.success ? (fix.data as TReceiptFix) : null,
    status: row.status,
    dismissal:
      row.dismissal_reason === null || row.dismissal_reason === undefined
        ? null
        : {
            reason: row.dismissal_reason,
            dismisserName: displayPersonName(row.dismisser_name ?? '', language),
            createTime: row.dismissed_at?.toISOString() ?? '',
          },
    appliedFix:
      row.fix_id === null || row.fix_id === undefined
        ? null
        : {
            id: row.fix_id,
            versionId: row.fix_version_id!,
            versionName: row.fix_version_name ?? '',
            status: fixStatusOf(row),
            taskId: row.fix_task_id ?? null,
            undoTaskId: row.fix_undo_task_id ?? null,
            creatorName: displayPersonName(row.fix_creator_name ?? '', language),
            createTime: row.fix_created_at?.toISOString() ?? '',
          },
  };
}

interface TStoredBasic {
  rows: number;
  intervalMinutes: number;
  expectedSlots: number;
  distinctSlots: number;
  gapCount: number;
  missingSlots: number;
  duplicates: number;
  offGrid: number;
  channels: {
    id: string;
    valid: number;
    missing: number;
    outOfRange: number;
    min: number | null;
    max: number | null;
  }[];
}

export function presentDetail(
  row: TReceiptRow,
  findings: readonly TFindingRow[],
  names: TChannelNames,
  language: Language,
): TReceiptDetail {
  const basic = row.basic as TStoredBasic | null;
  const passed = row.passed as { check: string; channels: string[]; numbers: unknown }[];
  const skipped = row.skipped as { check: string; channels: string[]; reason: string }[];
  return {
    ...presentListItem(row),
    stationCode: row.station_code,
    basic: basic
      ? {
          rows: basic.rows,
          intervalMinutes: basic.intervalMinutes,
          expectedSlots: basic.expectedSlots,
          distinctSlots: basic.distinctSlots,
          gapCount: basic.gapCount,
          missingSlots: basic.missingSlots,
          duplicates: basic.duplicates,
          offGrid: basic.offGrid,
          channels: basic.channels.map((c) => ({
            dataKey: c.id,
            name: names.get(c.id.toLowerCase()) ?? c.id,
            valid: c.valid,
            missing: c.missing,
            outOfRange: c.outOfRange,
            min: c.min,
            max: c.max,
          })),
        }
      : null,
    passed: passed.map((p) => ({
      check: p.check,
      channels: named(names, p.channels),
      numbers: numbersOf(p.numbers),
    })),
    skipped: skipped.map((s) => ({ check: s.check, channels: named(names, s.channels), reason: s.reason })),
    findings: findings.map((f) => presentFinding(f, names, language)),
    error: row.error === null ? null : presentStoredError(row.error, language),
    doubts: (row.doubts as TDoubt[] | null) ?? [],
  };
}
