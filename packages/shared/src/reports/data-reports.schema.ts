import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId, zRequiredText } from '../text.schema.ts';
import { WEIBULL_METHODS } from '../wind-data/statistics.schema.ts';
import { REPORT_STATUSES } from './reports.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Data reports (SPEC §3 data report, §5 wind report rules, §7 /web/report/data/*): a text report exported
// by a wind-analysis tool and uploaded unchanged, or an analysis report MastHub builds from a data
// version in the structure of a Chinese wind-resource assessment report (GB/T 18710 / NB/T 31147).

export const DATA_REPORT_TYPES = ['upload', 'analysis'] as const;
export type TDataReportType = (typeof DATA_REPORT_TYPES)[number];
export const DATA_REPORT_TYPE_NAMES: Record<TDataReportType, TLocalized> = {
  upload: { zh: '上传报告', en: 'Uploaded report' },
  analysis: { zh: '分析报告', en: 'Analysis report' },
};

/** Chapters an analysis template may hold (GB/T 18710 / NB/T 31147 order). */
export const ANALYSIS_SECTIONS = [
  'overview',
  'recovery',
  'speed',
  'distribution',
  'rose',
  'turbulence',
  'shear',
  'correlation',
  'air_density',
  'extreme',
  'suitability',
  'period',
  'conclusion',
] as const;
export type TAnalysisSection = (typeof ANALYSIS_SECTIONS)[number];
export const ANALYSIS_SECTION_NAMES: Record<TAnalysisSection, TLocalized> = {
  overview: { zh: '测风概况', en: 'Measurement overview' },
  recovery: { zh: '数据验证与完整率', en: 'Data validation and recovery' },
  speed: { zh: '风速与风功率密度', en: 'Wind speed and power density' },
  distribution: { zh: '风速分布与威布尔参数', en: 'Distribution and Weibull' },
  rose: { zh: '风向与风能玫瑰图', en: 'Wind and energy roses' },
  turbulence: { zh: '湍流强度', en: 'Turbulence intensity' },
  shear: { zh: '风切变', en: 'Wind shear' },
  correlation: { zh: '各高度风速相关性', en: 'Speed correlation between heights' },
  air_density: { zh: '空气密度', en: 'Air density' },
  extreme: { zh: '极端风速', en: 'Extreme wind' },
  suitability: { zh: '场址适用性', en: 'Site suitability' },
  period: { zh: '多年平均对比', en: 'Multi-year comparison' },
  conclusion: { zh: '结论', en: 'Conclusion' },
};
/** Template type of analysis report templates (0 weekly and 1 monthly are group report templates). */
export const ANALYSIS_TEMPLATE_TYPE = 2;

/** SPEC §5 wind report rules. */
export const WIND_REPORT_LIMITS = {
  speedsMin: 2,
  speedsMax: 12,
  directionsMax: 12,
  targetHeightMaxM: 500,
  sectorWidthMaxDeg: 180,
  averagePeriodsMax: 3,
  shearHeightsMax: 2,
} as const;
/** At most this size for an uploaded text report. */
export const DATA_REPORT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Lines of an uploaded report shown in the list (its head). */
export const DATA_REPORT_HEAD_LINES = 20;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const zYear = z.coerce
  .number(vmsg('integer'))
  .int(vmsg('integer'))
  .min(1900, vmsg('year'))
  .max(2100, vmsg('year'));

function monthIndex(ym: string): number {
  return Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;
}

/** POST /web/report/data/save (JSON): an analysis report of a data version, generated in the background. */
export const ZAnalysisReportRequest = z
  .object({
    versionId: ZId,
    reportName: zRequiredText('reportNameRequired', 50),
    templateId: ZId.optional(),
    reportStartDate: z.string(requiredError('required')).regex(DATE, vmsg('invalidType')),
    reportEndDate: z.string(requiredError('required')).regex(DATE, vmsg('invalidType')),
    speedChannelIds: z
      .array(ZId, requiredError('reportSpeedsRange'))
      .transform((ids) => [...new Set(ids)])
      .refine(
        (ids) => ids.length >= WIND_REPORT_LIMITS.speedsMin && ids.length <= WIND_REPORT_LIMITS.speedsMax,
        vmsg('reportSpeedsRange'),
      ),
    directionChannelIds: z
      .array(ZId, requiredError('reportDirectionRequired'))
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length >= 1, vmsg('reportDirectionRequired'))
      .refine((ids) => ids.length <= WIND_REPORT_LIMITS.directionsMax, vmsg('reportDirectionsMax')),
    /** The hub height the conclusion extrapolates to: integer in (0, 500] m. */
    targetHeight: z.coerce
      .number(requiredError('targetHeightRange'))
      .refine(
        (v) => Number.isInteger(v) && v > 0 && v <= WIND_REPORT_LIMITS.targetHeightMaxM,
        vmsg('targetHeightRange'),
      ),
    /** Sector width, integer in (0, 180] that divides 360 (30 → 12 sectors). */
    sectorWidth: z.coerce
      .number(requiredError('sectorWidthRange'))
      .refine(
        (v) => Number.isInteger(v) && v > 0 && v <= WIND_REPORT_LIMITS.sectorWidthMaxDeg,
        vmsg('sectorWidthRange'),
      )
      .refine(
        (v) => !(Number.isInteger(v) && v > 0 && v <= 180) || 360 % v === 0,
        vmsg('sectorWidthDivides'),
      ),
    /** Multi-year average periods compared with the whole period (at most 3). */
    averagePeriods: z
      .array(z.object({ startYear: zYear, endYear: zYear }))
      // A refinement rather than .max(): a size issue would stop the rules between fields below.
      .refine((v) => v.length <= WIND_REPORT_LIMITS.averagePeriodsMax, vmsg('averagePeriodsMax'))
      .default([]),
    /** The full wind year (12 consecutive months, 'YYYY-MM') the conclusion's annual figures use. */
    windYearStart: z.string().regex(MONTH, vmsg('invalidType')).optional(),
    windYearEnd: z.string().regex(MONTH, vmsg('invalidType')).optional(),
    /** Two speed averages for the shear (SPEC §5: at most 2 heights); default every height. */
    shearChannelIds: z
      .array(ZId)
      .max(WIND_REPORT_LIMITS.shearHeightsMax, vmsg('shearHeightsMax'))
      .default([]),
    includeSuspicious: z.boolean(vmsg('invalidType')).default(true),
    /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
    includeFilled: z.boolean(vmsg('invalidType')).default(true),
    weibullMethod: z.enum(WEIBULL_METHODS, vmsg('oneOf')).default('wasp'),
  })
  // The rules between fields run even when another field failed, so a form shows every error at once:
  // the value may then be partly invalid, hence the type guards.
  .superRefine(
    (value, ctx) => {
      const v = value as Partial<Record<keyof typeof value, unknown>>;
      const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
      const start = text(v.reportStartDate);
      const end = text(v.reportEndDate);
      if (start && end && DATE.test(start) && DATE.test(end) && end < start) {
        ctx.addIssue({
          code: 'custom',
          path: ['reportEndDate'],
          message: vmsg('reportEndBeforeStart').error,
        });
      }
      if (Array.isArray(v.averagePeriods)) {
        v.averagePeriods.forEach((p: unknown, i) => {
          const { startYear, endYear } = (p ?? {}) as { startYear?: unknown; endYear?: unknown };
          if (
            Number.isInteger(Number(startYear)) &&
            Number.isInteger(Number(endYear)) &&
            !(Number(startYear) < Number(endYear))
          ) {
            ctx.addIssue({
              code: 'custom',
              path: ['averagePeriods', i, 'endYear'],
              message: vmsg('startYearBeforeEnd').error,
            });
          }
        });
      }
      const yearStart = text(v.windYearStart);
      const yearEnd = text(v.windYearEnd);
      if ((yearStart === undefined) !== (yearEnd === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['windYearEnd'], message: vmsg('windYearFull').error });
      } else if (
        yearStart &&
        yearEnd &&
        MONTH.test(yearStart) &&
        MONTH.test(yearEnd) &&
        monthIndex(yearEnd) - monthIndex(yearStart) !== 11
      ) {
        ctx.addIssue({ code: 'custom', path: ['windYearEnd'], message: vmsg('windYearFull').error });
      }
      if (Array.isArray(v.shearChannelIds) && v.shearChannelIds.length === 1) {
        ctx.addIssue({ code: 'custom', path: ['shearChannelIds'], message: vmsg('shearTwoHeights').error });
      }
    },
    { when: () => true },
  );
export type TAnalysisReportRequest = z.infer<typeof ZAnalysisReportRequest>;
export type TAnalysisReportInput = z.input<typeof ZAnalysisReportRequest>;

/** The form fields of an upload (multipart, before the one `.txt` file). */
export const ZDataReportUploadFields = z
  .object({
    stationId: ZQueryId,
    reportName: zRequiredText('reportNameRequired', 50),
    reportStartDate: z.string().regex(DATE, vmsg('invalidType')).optional(),
    reportEndDate: z.string().regex(DATE, vmsg('invalidType')).optional(),
    element: z.string().trim().max(100, vmsg('maxLength')).default(''),
    versionName: z.string().trim().max(100, vmsg('maxLength')).default(''),
  })
  .refine((v) => !v.reportStartDate || !v.reportEndDate || v.reportEndDate >= v.reportStartDate, {
    path: ['reportEndDate'],
    ...vmsg('reportEndBeforeStart'),
  });
export type TDataReportUploadFields = z.infer<typeof ZDataReportUploadFields>;

/** POST /web/report/data/page. */
export const ZDataReportPageRequest = ZPageRequest.extend({
  stationId: ZId.optional(),
  keywords: z.string().trim().max(50).optional(),
  type: z.enum(DATA_REPORT_TYPES, vmsg('oneOf')).optional(),
});
export type TDataReportPageRequest = z.infer<typeof ZDataReportPageRequest>;

/** A row of the data report list (SPEC §3 data report). */
export const ZDataReportRecord = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationCode: z.string(),
  reportName: z.string(),
  type: z.enum(DATA_REPORT_TYPES),
  typeName: z.string(),
  project: z.string(),
  manufacturerName: z.string(),
  versionId: z.number().int().nullable(),
  version: z.string(),
  element: z.string(),
  reportStartDate: z.string().nullable(),
  reportEndDate: z.string().nullable(),
  ownerId: z.number().int().nullable(),
  owner: z.string(),
  buildTime: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  statusName: z.string(),
  reason: z.string(),
  templateName: z.string(),
  /** Upload: the file as received, its SHA-256, the tool its header names, its first lines. */
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  sourceTool: z.string(),
  headText: z.string(),
  /** Formats the download offers: txt for an upload, docx and pdf for an analysis. */
  formats: z.array(z.enum(['txt', 'docx', 'pdf'])),
  createTime: z.string(),
});
export type TDataReportRecord = z.infer<typeof ZDataReportRecord>;

/** POST /web/report/data/downLoad: the file of a report (txt as uploaded, or docx / pdf). */
export const ZDataReportDownloadRequest = z.object({
  id: ZId,
  format: z.enum(['txt', 'docx', 'pdf'], vmsg('oneOf')).optional(),
  inline: z.boolean().optional(),
});
export type TDataReportDownloadRequest = z.infer<typeof ZDataReportDownloadRequest>;

/** POST /web/report/data/tempPage: analysis report templates. */
export const ZDataReportTemplatePageRequest = ZPageRequest.extend({
  tempName: z.string().trim().max(50).optional(),
});

/** GET /web/report/data/fields?versionId=: what the analysis form can choose from a version. */
export const ZDataReportFieldsQuery = z.object({ versionId: ZQueryId });
export const ZDataReportFieldChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  heightM: z.number().nullable(),
  heightTag: z.string(),
  intervalMinutes: z.number(),
});
export const ZDataReportFields = z.object({
  versionId: z.number().int(),
  stationId: z.number().int(),
  versionName: z.string(),
  speeds: z.array(ZDataReportFieldChannel),
  directions: z.array(ZDataReportFieldChannel),
  /** Local dates of the first and last record, 'YYYY-MM-DD'. */
  dataStartDate: z.string().nullable(),
  dataEndDate: z.string().nullable(),
  /** Calendar years with data. */
  years: z.array(z.number().int()),
  /** The 12 consecutive months with the best recovery of the highest speed (GB/T 18710 cl. 6), if any. */
  bestWindYear: z.object({ start: z.string(), end: z.string() }).nullable(),
});
export type TDataReportFields = z.infer<typeof ZDataReportFields>;
