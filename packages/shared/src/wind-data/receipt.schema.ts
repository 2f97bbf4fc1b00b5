import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { ZDoubt } from '../ingestion/recognition.schema.ts';
import { ZId, ZQueryId, zRequiredText } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// The data receipt of every arriving file (issue 30, WIND-ANALYSIS §15): its basic figures, the checks of
// the metadata against the data, each finding with its numbers, chart and suggested fix; fixes applied as
// undoable processing tasks on a working version; findings dismissed with a reason. Keys (checks, findings,
// numbers, skip reasons, chart axes) are machine-readable: the web names them in the reader's language.

export const RECEIPT_SEVERITIES = ['info', 'warning', 'error'] as const;
export const ZReceiptSeverity = z.enum(RECEIPT_SEVERITIES);
export type TReceiptSeverity = z.infer<typeof ZReceiptSeverity>;

/** `held`: the file is held for a confirmation (issue 40); its doubts are the receipt's content until then. */
export const RECEIPT_STATUSES = ['pending', 'done', 'failed', 'held'] as const;
export const ZReceiptStatus = z.enum(RECEIPT_STATUSES);
export type TReceiptStatus = z.infer<typeof ZReceiptStatus>;

export const RECEIPT_FINDING_STATUSES = ['open', 'dismissed', 'fixed'] as const;
export type TReceiptFindingStatus = (typeof RECEIPT_FINDING_STATUSES)[number];

export const RECEIPT_FIX_KINDS = [
  'shift_clock',
  'swap_heights',
  'set_boom_orientation',
  'slope_offset',
  'vane_offset',
  'flag_invalid',
] as const;
export type TReceiptFixKind = (typeof RECEIPT_FIX_KINDS)[number];

/** The checks of the receipt, as the station log and messages name them. */
export const RECEIPT_CHECK_NAMES = {
  basic: { zh: '基本检查', en: 'basic receipt' },
  clock_offset: { zh: '时钟偏移', en: 'clock offset' },
  swapped_heights: { zh: '高度互换', en: 'swapped heights' },
  boom_orientation: { zh: '支臂方位', en: 'boom orientation' },
  slope_mismatch: { zh: '标定斜率不一致', en: 'calibration slope mismatch' },
  declared_calibration: { zh: '采集器标定参数', en: 'logger calibration' },
  vane_offset: { zh: '风向标偏差', en: 'vane offset' },
  stuck_sensor: { zh: '传感器卡滞', en: 'stuck sensor' },
} as const satisfies Record<string, TLocalized>;
export type TReceiptCheckKind = keyof typeof RECEIPT_CHECK_NAMES;

/** The name of the working version a fix creates when the site has none (both languages in one name). */
export const RECEIPT_VERSION_NAME = '数据回执修正 Receipt fixes';

/** The receipt on a file's row of the upload and fetch logs (null: none yet, e.g. a file not parsed). */
export const ZReceiptSummary = z.object({
  id: z.number().int(),
  status: ZReceiptStatus,
  findingCount: z.number().int(),
  openCount: z.number().int(),
  maxSeverity: ZReceiptSeverity.nullable(),
});
export type TReceiptSummary = z.infer<typeof ZReceiptSummary>;

/** A number of a finding, a pass or a skip; null where the check had no value (NaN). */
const ZReceiptNumbers = z.record(z.string(), z.number().nullable());

/** The suggested fix, channels named by the version's data keys. */
export const ZReceiptFix = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shift_clock'), fromMs: z.number(), toMs: z.number(), minutes: z.number() }),
  z.object({
    kind: z.literal('swap_heights'),
    channelA: z.string(),
    channelB: z.string(),
    fromMs: z.number(),
  }),
  z.object({ kind: z.literal('set_boom_orientation'), channel: z.string(), deg: z.number() }),
  z.object({
    kind: z.literal('slope_offset'),
    channel: z.string(),
    slope: z.number(),
    offset: z.number(),
    fromMs: z.number(),
  }),
  z.object({ kind: z.literal('vane_offset'), channel: z.string(), deg: z.number(), fromMs: z.number() }),
  /** The channel's values outside [min, max] over the period flagged invalid (values kept; issue 41 §1). */
  z.object({
    kind: z.literal('flag_invalid'),
    channel: z.string(),
    fromMs: z.number(),
    toMs: z.number(),
    min: z.number(),
    max: z.number(),
  }),
]);
export type TReceiptFix = z.infer<typeof ZReceiptFix>;

/** Data of a finding's small chart: one x axis and named y series (null = no value), marks on x. */
export const ZReceiptChart = z.object({
  kind: z.enum(['by_direction', 'by_lag', 'diurnal', 'daily', 'run']),
  xKey: z.string(),
  x: z.array(z.number().nullable()),
  series: z.array(z.object({ key: z.string(), y: z.array(z.number().nullable()) })),
  marks: ZReceiptNumbers.optional(),
});
export type TReceiptChart = z.infer<typeof ZReceiptChart>;

const ZReceiptChannelName = z.object({ dataKey: z.string(), name: z.string() });

/** A fix applied from a finding: its working version and the tasks that applied (and undid) it. */
export const ZReceiptAppliedFix = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  versionName: z.string(),
  /** queued (its task not finished), applied, undone, failed (its task failed). */
  status: z.enum(['queued', 'applied', 'undone', 'failed']),
  taskId: z.number().int().nullable(),
  undoTaskId: z.number().int().nullable(),
  creatorName: z.string(),
  createTime: z.string(),
});
export type TReceiptAppliedFix = z.infer<typeof ZReceiptAppliedFix>;

export const ZReceiptFinding = z.object({
  id: z.number().int(),
  check: z.string(),
  key: z.string(),
  severity: ZReceiptSeverity,
  channels: z.array(ZReceiptChannelName),
  periodStart: z.string(),
  periodEnd: z.string(),
  numbers: ZReceiptNumbers,
  chart: ZReceiptChart.nullable(),
  fix: ZReceiptFix.nullable(),
  status: z.enum(RECEIPT_FINDING_STATUSES),
  dismissal: z.object({ reason: z.string(), dismisserName: z.string(), createTime: z.string() }).nullable(),
  /** The latest fix applied from this finding. */
  appliedFix: ZReceiptAppliedFix.nullable(),
});
export type TReceiptFinding = z.infer<typeof ZReceiptFinding>;

/** A receipt as the site's list shows it. */
export const ZReceiptListItem = ZReceiptSummary.extend({
  stationId: z.number().int(),
  rawFileId: z.number().int(),
  fileName: z.string(),
  source: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  createTime: z.string(),
  computeTime: z.string().nullable(),
});
export type TReceiptListItem = z.infer<typeof ZReceiptListItem>;

/** The whole receipt: basic figures, the checks that passed or were skipped (and why), the findings. */
export const ZReceiptDetail = ZReceiptListItem.extend({
  stationCode: z.string(),
  basic: z
    .object({
      rows: z.number().int(),
      intervalMinutes: z.number(),
      expectedSlots: z.number(),
      distinctSlots: z.number(),
      gapCount: z.number().int(),
      missingSlots: z.number(),
      duplicates: z.number().int(),
      offGrid: z.number().int(),
      channels: z.array(
        ZReceiptChannelName.extend({
          valid: z.number().int(),
          missing: z.number().int(),
          outOfRange: z.number().int(),
          min: z.number().nullable(),
          max: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
  passed: z.array(
    z.object({ check: z.string(), channels: z.array(ZReceiptChannelName), numbers: ZReceiptNumbers }),
  ),
  skipped: z.array(
    z.object({ check: z.string(), channels: z.array(ZReceiptChannelName), reason: z.string() }),
  ),
  findings: z.array(ZReceiptFinding),
  /** Why the receipt could not be computed (localised), else null. */
  error: z.string().nullable(),
  /** A held file's doubts (issue 40): what its data administrator confirms in the preview; else empty. */
  doubts: z.array(ZDoubt),
});
export type TReceiptDetail = z.infer<typeof ZReceiptDetail>;

/** POST /web/receipt/page: a site's receipts, newest first. */
export const ZReceiptPageRequest = ZPageRequest.extend({
  stationId: ZId,
  /** Only receipts with open findings. */
  isOpenOnly: z.boolean().optional(),
});
export type TReceiptPageRequest = z.infer<typeof ZReceiptPageRequest>;

export const ZReceiptIdQuery = z.object({ id: ZQueryId });

/** POST /web/receipt/apply: a finding's suggested fix on a working version (the receipt version when absent). */
export const ZReceiptApplyRequest = z.object({ findingId: ZId, versionId: ZId.optional() });
export type TReceiptApplyRequest = z.infer<typeof ZReceiptApplyRequest>;

export const ZReceiptApplyReply = z.object({
  fixId: z.number().int(),
  taskId: z.number().int(),
  versionId: z.number().int(),
  versionName: z.string(),
  isNewVersion: z.boolean(),
});
export type TReceiptApplyReply = z.infer<typeof ZReceiptApplyReply>;

/** POST /web/receipt/undo: undoes an applied fix (a processing task on its version). */
export const ZReceiptUndoRequest = z.object({ fixId: ZId });
export const ZReceiptUndoReply = z.object({ fixId: z.number().int(), taskId: z.number().int() });

/** POST /web/receipt/dismiss: the finding is not raised again for its period. */
export const ZReceiptDismissRequest = z.object({ findingId: ZId, reason: zRequiredText('required', 500) });
export type TReceiptDismissRequest = z.infer<typeof ZReceiptDismissRequest>;
