import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, zRequiredText } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Wind source assessment (issue 16, SPEC §2 /report/windSourceAssement, §5 "mesoscale upload must include
// a wnd file", §7 temp_data_scale_calculate/generate, WIND-ANALYSIS §12, IMPORTS.md §6.10).

export const SCALING_METHOD_KEYS = ['lls', 'tls', 'variance_ratio', 'speed_sort', 'ratio_of_means'] as const;
export type TScalingMethodKey = (typeof SCALING_METHOD_KEYS)[number];
export const SCALING_METHOD_NAMES: Record<TScalingMethodKey, TLocalized> = {
  lls: { zh: '线性最小二乘', en: 'Linear least squares' },
  tls: { zh: '正交最小二乘', en: 'Orthogonal least squares' },
  variance_ratio: { zh: '方差比', en: 'Variance ratio' },
  speed_sort: { zh: '风速排序', en: 'Speed sort' },
  ratio_of_means: { zh: '均值比', en: 'Ratio of means' },
};
/** One upload: at most this size (a zip or the files together). */
export const MESOSCALE_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const MESOSCALE_FILES_MAX = 20;

export const ZMesoscaleFile = z.object({
  fileName: z.string(),
  sha256: z.string(),
  sizeBytes: z.number().int(),
  isText: z.boolean(),
  headText: z.string(),
});

export const ZMesoscaleChannel = z.object({
  key: z.string(),
  name: z.string(),
  element: z.string(),
  heightM: z.number().nullable(),
  unit: z.string(),
});

export const ZMesoscaleDataset = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationCode: z.string(),
  name: z.string(),
  files: z.array(ZMesoscaleFile),
  status: z.enum(['parsed', 'stored']),
  statusName: z.string(),
  reason: z.string(),
  utcOffsetMinutes: z.number().int(),
  intervalMinutes: z.number().nullable(),
  firstTime: z.string().nullable(),
  lastTime: z.string().nullable(),
  recordCount: z.number().int(),
  channels: z.array(ZMesoscaleChannel),
  uploaderName: z.string(),
  createTime: z.string(),
});
export type TMesoscaleDataset = z.infer<typeof ZMesoscaleDataset>;

export const ZMesoscalePageRequest = ZPageRequest.extend({ stationId: ZId.optional() });
export type TMesoscalePageRequest = z.infer<typeof ZMesoscalePageRequest>;

/** POST /data-process/process/temp_data_scale_calculate. */
export const ZScaleRequest = z.object({
  datasetId: ZId,
  versionId: ZId,
  speedChannelId: ZId,
  directionChannelId: ZId.optional(),
  mesoSpeedKey: z.string(requiredError('required')).min(1, vmsg('required')),
  mesoDirectionKey: z.string(requiredError('required')).min(1, vmsg('required')),
  method: z.enum(SCALING_METHOD_KEYS, vmsg('oneOf')).default('lls'),
  /** SPEC §5 sector width: integer in (0, 180] dividing 360 (default 30 → 12 sectors). */
  sectorWidth: z.coerce
    .number(requiredError('sectorWidthRange'))
    .refine((v) => Number.isInteger(v) && v > 0 && v <= 180, vmsg('sectorWidthRange'))
    .refine((v) => !(Number.isInteger(v) && v > 0 && v <= 180) || 360 % v === 0, vmsg('sectorWidthDivides'))
    .default(30),
  /** Share of an hour's records needed for an hourly mean (WIND-ANALYSIS §12). */
  minCoverage: z.coerce.number().min(0.5, vmsg('coverageRange')).max(1, vmsg('coverageRange')).default(0.9),
  includeSuspicious: z.boolean().default(false),
  /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
  includeFilled: z.boolean().default(true),
});
export type TScaleRequest = z.infer<typeof ZScaleRequest>;
export type TScaleRequestInput = z.input<typeof ZScaleRequest>;

/** POST /data-process/process/temp_data_scale_generate: the same, plus the new version's name. */
export const ZScaleGenerateRequest = ZScaleRequest.extend({ name: zRequiredText('versionNameRequired', 50) });
export type TScaleGenerateRequest = z.infer<typeof ZScaleGenerateRequest>;

const ZNum = z.number().nullable();
const ZFitRow = z.object({
  count: z.number().int(),
  slope: ZNum,
  intercept: ZNum,
  r: ZNum,
  biasMps: ZNum,
  ratioOfMeans: ZNum,
});

export const ZScaleResult = z.object({
  resultId: z.number().int(),
  method: z.enum(SCALING_METHOD_KEYS),
  methodName: z.string(),
  concurrentStart: z.string().nullable(),
  concurrentEnd: z.string().nullable(),
  concurrentHours: z.number().int(),
  overall: ZFitRow.extend({ strength: z.string() }),
  sectors: z.array(
    ZFitRow.extend({ label: z.string(), isMerged: z.boolean(), directionOffsetDeg: z.number() }),
  ),
  /** At most 2000 concurrent hourly pairs, mesoscale x, mast y. */
  scatter: z.object({ x: z.array(z.number()), y: z.array(z.number()) }),
  monthly: z.array(z.object({ month: z.string(), meso: ZNum, mast: ZNum })),
  longTerm: z.object({
    start: z.string().nullable(),
    end: z.string().nullable(),
    mesoMean: ZNum,
    /** Mean of the scaled long-term series at the mast. */
    scaledMean: ZNum,
    /** The mast's own mean over the concurrent period. */
    mastConcurrentMean: ZNum,
  }),
  verdict: z.string(),
  generatedVersionId: z.number().int().nullable(),
});
export type TScaleResult = z.infer<typeof ZScaleResult>;

export const ZScaleResultRecord = z.object({
  id: z.number().int(),
  datasetId: z.number().int(),
  datasetName: z.string(),
  versionId: z.number().int().nullable(),
  methodName: z.string(),
  concurrentHours: z.number().int(),
  r: ZNum,
  verdict: z.string(),
  generatedVersionId: z.number().int().nullable(),
  generatedVersionName: z.string().nullable(),
  creatorName: z.string(),
  createTime: z.string(),
});
export type TScaleResultRecord = z.infer<typeof ZScaleResultRecord>;
