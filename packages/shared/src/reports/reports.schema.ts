import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { zEmailList } from '../repairs/repairs.schema.ts';
import { ZId, ZQueryId, zRequiredText } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Group reports (SPEC §2 /report/groupReport, §3 group report and its list rows, §4 generation states,
// §5 required fields, §7 /web/statement/templates): groups of sites reported on weekly and/or monthly.

export const STATEMENT_TYPES = ['weekly', 'monthly'] as const;
export type TStatementType = (typeof STATEMENT_TYPES)[number];
export const STATEMENT_TYPE_NAMES: Record<TStatementType, TLocalized> = {
  weekly: { zh: '周报', en: 'Weekly' },
  monthly: { zh: '月报', en: 'Monthly' },
};
/** Template type codes of /web/statement/templates: 0 weekly, 1 monthly. */
export const TEMPLATE_TYPE_OF: Record<TStatementType, 0 | 1> = { weekly: 0, monthly: 1 };

export const REPORT_STATUSES = ['generating', 'success', 'failure'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_NAMES: Record<TReportStatus, TLocalized> = {
  generating: { zh: '生成中', en: 'Generating' },
  success: { zh: '成功', en: 'Succeeded' },
  failure: { zh: '失败', en: 'Failed' },
};

/** Sections a template may hold, in the order the template lists them. */
export const REPORT_SECTIONS = [
  'summary',
  'recovery_chart',
  'sites',
  'speed_chart',
  'alarms',
  'repairs',
] as const;
export type TReportSection = (typeof REPORT_SECTIONS)[number];

/** At most this many sites in one group (a monthly report over them stays a few seconds). */
export const REPORT_GROUP_STATIONS_MAX = 200;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SEND_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** POST /web/statement/group/save: add (no id) or edit a group with its sites. */
export const ZReportGroupSaveRequest = z
  .object({
    id: ZId.optional(),
    name: zRequiredText('groupReportNameRequired', 50),
    effectiveDate: z
      .tuple([z.string().regex(DATE, vmsg('dateRange')), z.string().regex(DATE, vmsg('dateRange'))], {
        error: (issue) =>
          issue.input === undefined || issue.input === null ? 'v.effectiveDateRequired' : 'v.dateRange',
      })
      .refine(([start, end]) => start <= end, vmsg('dateRange')),
    reportType: z
      .array(z.enum(STATEMENT_TYPES, vmsg('oneOf')), requiredError('reportTypeRequired'))
      .min(1, vmsg('reportTypeRequired'))
      .transform((v) => [...new Set(v)]),
    weeklyTemplateId: ZId.nullish().transform((v) => v ?? null),
    monthlyTemplateId: ZId.nullish().transform((v) => v ?? null),
    autoGenerate: z.boolean(requiredError('required')),
    autoSend: z.boolean(requiredError('required')),
    generateTimes: z.string(requiredError('required')).regex(SEND_TIME, vmsg('sendTime')),
    week: z.coerce.number(vmsg('number')).int().min(1, vmsg('oneOf')).max(7, vmsg('oneOf')).default(1),
    month: z.coerce.number(vmsg('number')).int().min(1, vmsg('oneOf')).max(28, vmsg('oneOf')).default(1),
    dataSourceId: ZId.nullish().transform((v) => v ?? null),
    receiverAddress: zEmailList(20),
    copyAddress: zEmailList(20),
    language: z.enum(['zh', 'en'], vmsg('oneOf')).default('zh'),
    stationIds: z
      .array(ZId, requiredError('stationsRequired'))
      .min(1, vmsg('stationsRequired'))
      .max(REPORT_GROUP_STATIONS_MAX, vmsg('tooLarge'))
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine((v, ctx) => {
    if (v.reportType.includes('weekly') && v.weeklyTemplateId === null) {
      ctx.addIssue({ code: 'custom', path: ['weeklyTemplateId'], message: vmsg('templateRequired').error });
    }
    if (v.reportType.includes('monthly') && v.monthlyTemplateId === null) {
      ctx.addIssue({ code: 'custom', path: ['monthlyTemplateId'], message: vmsg('templateRequired').error });
    }
    if (v.autoSend && v.dataSourceId === null) {
      ctx.addIssue({ code: 'custom', path: ['dataSourceId'], message: vmsg('senderRequired').error });
    }
    if (v.autoSend && v.receiverAddress.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['receiverAddress'], message: vmsg('receiverRequired').error });
    }
  });
export type TReportGroupSaveRequest = z.infer<typeof ZReportGroupSaveRequest>;
export type TReportGroupSaveInput = z.input<typeof ZReportGroupSaveRequest>;

/** POST /web/statement/group/page: `validity` 1 = within its effective period today, 0 = outside (SPEC §4). */
export const ZReportGroupPageRequest = ZPageRequest.extend({
  keywords: z.string().trim().max(50).optional(),
  validity: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type TReportGroupPageRequest = z.infer<typeof ZReportGroupPageRequest>;

export const ZReportGroupRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  creatorId: z.number().int().nullable(),
  creatorName: z.string(),
  effectiveDate: z.tuple([z.string(), z.string()]),
  isEffective: z.boolean(),
  reportType: z.array(z.enum(STATEMENT_TYPES)),
  reportTypeName: z.string(),
  weeklyTemplateId: z.number().int().nullable(),
  weeklyTemplateName: z.string(),
  monthlyTemplateId: z.number().int().nullable(),
  monthlyTemplateName: z.string(),
  autoGenerate: z.boolean(),
  autoSend: z.boolean(),
  generateTimes: z.string(),
  week: z.number().int(),
  month: z.number().int(),
  dataSourceId: z.number().int().nullable(),
  dataSourceName: z.string(),
  receiverAddress: z.array(z.string()),
  copyAddress: z.array(z.string()),
  language: z.enum(['zh', 'en']),
  stationIds: z.array(z.number().int()),
  stationCount: z.number().int(),
  lastStatus: z.enum(REPORT_STATUSES).nullable(),
  lastStatusName: z.string(),
  lastGenerateTime: z.string().nullable(),
  createTime: z.string(),
});
export type TReportGroupRecord = z.infer<typeof ZReportGroupRecord>;

/** GET /web/statement/group/detail: the group with its member sites (code and project, by code). */
export const ZReportGroupDetail = ZReportGroupRecord.extend({
  stations: z.array(z.object({ id: z.number().int(), stationCode: z.string(), projectName: z.string() })),
});
export type TReportGroupDetail = z.infer<typeof ZReportGroupDetail>;

/** POST /web/statement/page: the reports of a group, newest period first. */
export const ZGroupReportPageRequest = ZPageRequest.extend({
  groupId: ZId,
  statementType: z.enum(STATEMENT_TYPES, vmsg('oneOf')).optional(),
});
export type TGroupReportPageRequest = z.infer<typeof ZGroupReportPageRequest>;

export const ZGroupReportRecord = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  statementDate: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  statementTypeName: z.string(),
  status: z.enum(REPORT_STATUSES),
  statusName: z.string(),
  reason: z.string(),
  generateTime: z.string().nullable(),
  sendTime: z.string().nullable(),
  sendStatus: z.string(),
  sendStatusName: z.string(),
  hasFiles: z.boolean(),
  createTime: z.string(),
});
export type TGroupReportRecord = z.infer<typeof ZGroupReportRecord>;

/**
 * POST /web/statement/generate: a report of the group now — for the last complete week or month, or
 * for the period containing `date`. An existing report of that period is generated again.
 */
export const ZGroupReportGenerateRequest = z.object({
  groupId: ZId,
  statementType: z.enum(STATEMENT_TYPES, vmsg('oneOf')),
  date: z.string().regex(DATE, vmsg('invalidType')).optional(),
});
export type TGroupReportGenerateRequest = z.infer<typeof ZGroupReportGenerateRequest>;

/** GET /web/statement/download?id=&format=docx|pdf (preview: pdf inline). */
export const ZGroupReportFileQuery = z.object({
  id: ZQueryId,
  format: z.enum(['docx', 'pdf'], vmsg('oneOf')),
  inline: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** GET /web/statement/templates?type=0|1 and the template list (pageNo, pageSize, tempName). */
export const ZTemplateTypeQuery = z.object({ type: z.coerce.number().int().min(0).max(2) });
export const ZTemplatePageRequest = ZPageRequest.extend({
  tempName: z.string().trim().max(50).optional(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export type TTemplatePageRequest = z.infer<typeof ZTemplatePageRequest>;

export const ZReportTemplate = z.object({
  id: z.number().int(),
  type: z.number().int(),
  typeName: z.string(),
  tempName: z.string(),
  /** Group report sections (types 0, 1) or analysis report chapters (type 2, data-reports.schema.ts). */
  sections: z.array(z.string()),
  sectionNames: z.array(z.string()),
  isBuiltin: z.boolean(),
});
export type TReportTemplate = z.infer<typeof ZReportTemplate>;

export const REPORT_SECTION_NAMES: Record<TReportSection, TLocalized> = {
  summary: { zh: '总体概况', en: 'Summary' },
  recovery_chart: { zh: '数据完整率图', en: 'Data recovery chart' },
  sites: { zh: '各站点数据情况', en: 'Sites' },
  speed_chart: { zh: '平均风速图', en: 'Mean wind speed chart' },
  alarms: { zh: '告警与处理', en: 'Alarms and handling' },
  repairs: { zh: '维修', en: 'Repairs' },
};
