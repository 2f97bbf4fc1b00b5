import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { EXPORT_FORMAT_MAX } from '../constants.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { isValidEmail } from '../identity/users.schema.ts';
import { ZId, zRequiredText } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Download applications (SPEC §2 site list → /systemManage/applyManage, §3, §4, §5; issue 17).

/** Sites in one application at most (SPEC §9 leaves the value open; the raw download allows as many). */
export const APPLY_MAX_SITES = 100;
/** The application reason: at most 50 characters (SPEC §5). */
export const APPLY_REASON_MAX = 50;
/** How long a delivered link opens by default, and at most (days). */
export const APPLY_LINK_DAYS_DEFAULT = 7;
export const APPLY_LINK_DAYS_MAX = 30;
/** Pending applications of one user at most (a flood of applications is refused, not queued). */
export const APPLY_PENDING_MAX = 20;
/** Applications decided in one batch at most. */
export const APPLY_BATCH_MAX = 100;

export const APPLY_AUDIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TApplyAuditStatus = (typeof APPLY_AUDIT_STATUSES)[number];
export const APPLY_AUDIT_STATUS_NAMES: Record<TApplyAuditStatus, TLocalized> = {
  pending: { zh: '待审批', en: 'Pending' },
  approved: { zh: '已通过', en: 'Approved' },
  rejected: { zh: '已驳回', en: 'Rejected' },
};

export const APPLY_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type TApplyExportStatus = (typeof APPLY_EXPORT_STATUSES)[number];
export const APPLY_EXPORT_STATUS_NAMES: Record<TApplyExportStatus, TLocalized> = {
  queued: { zh: '排队中', en: 'Queued' },
  running: { zh: '导出中', en: 'Exporting' },
  ready: { zh: '已就绪', en: 'Ready' },
  failed: { zh: '导出失败', en: 'Failed' },
};

/**
 * The export formats an application may ask for, by code (0 raw originals … 5 WAsP .tab, 6 Parquet, 7 Arrow,
 * 8 WAsP .owc and 9 windIO energy resource — the wind climates of flow models, issue 46 §2).
 */
export const APPLY_FILE_TYPE_NAMES: Record<number, TLocalized> = {
  0: { zh: '原始数据文件', en: 'Raw logger files' },
  1: { zh: '时间序列 CSV', en: 'Time series CSV' },
  2: { zh: 'Meteodyn .tim', en: 'Meteodyn .tim' },
  3: { zh: 'WindSim .tws', en: 'WindSim .tws' },
  4: { zh: 'Windographer .txt', en: 'Windographer .txt' },
  5: { zh: 'WAsP .tab', en: 'WAsP .tab' },
  6: { zh: 'Parquet（列式，Float32）', en: 'Parquet (columnar, Float32)' },
  7: { zh: 'Arrow IPC 流', en: 'Arrow IPC stream' },
  8: { zh: 'WAsP 观测风气候 .owc', en: 'WAsP observed wind climate .owc' },
  9: { zh: 'windIO 风资源（YAML）', en: 'windIO wind resource (YAML)' },
};

export const APPLY_VERSION_MODES = ['original', 'latest'] as const;
export type TApplyVersionMode = (typeof APPLY_VERSION_MODES)[number];
export const APPLY_VERSION_MODE_NAMES: Record<TApplyVersionMode, TLocalized> = {
  original: { zh: '原始版本', en: 'Original version' },
  latest: { zh: '最近修改的工作版本', en: 'Latest working version' },
};

export const APPLY_LINK_STATES = ['none', 'active', 'expired', 'revoked'] as const;
export type TApplyLinkState = (typeof APPLY_LINK_STATES)[number];
export const APPLY_LINK_STATE_NAMES: Record<TApplyLinkState, TLocalized> = {
  none: { zh: '无', en: 'None' },
  active: { zh: '有效', en: 'Active' },
  expired: { zh: '已过期', en: 'Expired' },
  revoked: { zh: '已撤销', en: 'Revoked' },
};

const ZApplyTime = z
  .string(requiredError('timeScopeRequired'))
  .datetime({ offset: true, ...vmsg('invalidType') });

/** POST /web/apply/save: a user applies for the data of sites they may see. */
export const ZApplySave = z
  .object({
    stationIds: z
      .array(ZId, requiredError('stationsRequired'))
      .min(1, vmsg('stationsRequired'))
      .max(APPLY_MAX_SITES, vmsg('tooLarge')),
    fileType: z
      .number(requiredError('fileTypeRequired'))
      .int(vmsg('oneOf'))
      .min(0, vmsg('oneOf'))
      .max(EXPORT_FORMAT_MAX, vmsg('oneOf')),
    startTime: ZApplyTime,
    endTime: ZApplyTime,
    versionMode: z.enum(APPLY_VERSION_MODES, vmsg('oneOf')).default('original'),
    applyReason: zRequiredText('applyReasonRequired', APPLY_REASON_MAX),
    /** Where the link is sent; the applicant's own e-mail when left empty. */
    toAddr: z
      .string()
      .trim()
      .max(100, vmsg('maxLength'))
      .refine((v) => v === '' || isValidEmail(v), vmsg('email'))
      .nullish()
      .transform((v) => v ?? ''),
  })
  .refine((v) => Date.parse(v.startTime) <= Date.parse(v.endTime), {
    path: ['endTime'],
    ...vmsg('startAfterEnd'),
  });
export type TApplySave = z.infer<typeof ZApplySave>;

/** POST /web/apply/page (reviewers) and /web/apply/mine (the caller's own applications). */
export const ZApplyPageRequest = ZPageRequest.extend({
  auditStatus: z.enum(APPLY_AUDIT_STATUSES, vmsg('oneOf')).optional(),
  /** Site code, project name, applicant or reason. */
  keywords: z.string().trim().max(50, vmsg('maxLength')).optional(),
});
export type TApplyPageRequest = z.infer<typeof ZApplyPageRequest>;

/** POST /web/apply/review: approve or reject one or several pending applications. */
export const ZApplyReview = z
  .object({
    ids: z.array(ZId).min(1, vmsg('required')).max(APPLY_BATCH_MAX, vmsg('tooLarge')),
    decision: z.enum(['approved', 'rejected'], vmsg('oneOf')),
    comment: z.string().trim().max(APPLY_REASON_MAX, vmsg('maxLength')).default(''),
    /** Days the link opens (approval). */
    linkDays: z
      .number()
      .int(vmsg('linkDaysRange'))
      .min(1, vmsg('linkDaysRange'))
      .max(APPLY_LINK_DAYS_MAX, vmsg('linkDaysRange'))
      .default(APPLY_LINK_DAYS_DEFAULT),
    /** The e-mail data source whose SMTP server sends the notice; the first one able to send by default. */
    dataSourceId: ZId.nullish(),
  })
  .refine((v) => v.decision === 'approved' || v.comment !== '', {
    path: ['comment'],
    ...vmsg('rejectCommentRequired'),
  });
export type TApplyReview = z.infer<typeof ZApplyReview>;

/** POST /web/apply/ticket: a short-lived download ticket, from the app (id) or from a delivered link. */
export const ZApplyTicketRequest = z.object({
  id: ZId,
  /** The link's expiry (Unix seconds) and signature, when opened from the delivered link. */
  exp: z.number().int().positive().optional(),
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, vmsg('invalidType'))
    .optional(),
});
export type TApplyTicketRequest = z.infer<typeof ZApplyTicketRequest>;

export const ZApplyTicket = z.object({
  url: z.string(),
  fileName: z.string(),
  fileSize: z.number().nullable(),
  /** When the ticket (not the link) stops working: open it at once. */
  ticketExpiresAt: z.string(),
});
export type TApplyTicket = z.infer<typeof ZApplyTicket>;

export const ZApplyRecord = z.object({
  id: z.number().int(),
  stationIds: z.array(z.number().int()),
  /** SPEC §3: codes and project names of the sites, joined. */
  stationCodes: z.string(),
  projectNames: z.string(),
  fileType: z.number().int(),
  fileTypeName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** SPEC §3 timeScope: the period as dates in the reader's time zone. */
  timeScope: z.string(),
  versionMode: z.enum(APPLY_VERSION_MODES),
  versionModeName: z.string(),
  applicantId: z.number().int().nullable(),
  applicantName: z.string(),
  /** SPEC spells it compantName; both are given. */
  companyName: z.string(),
  compantName: z.string(),
  groupName: z.string(),
  applyReason: z.string(),
  applyTime: z.string(),
  toAddr: z.string(),
  auditStatus: z.enum(APPLY_AUDIT_STATUSES),
  auditStatusName: z.string(),
  reviewerName: z.string(),
  reviewComment: z.string(),
  reviewTime: z.string().nullable(),
  exportStatus: z.enum(APPLY_EXPORT_STATUSES).nullable(),
  exportStatusName: z.string(),
  exportProgress: z.number().int(),
  exportReason: z.string(),
  /** Sites left out of the file, with why. */
  exportNotes: z.array(z.object({ stationCode: z.string(), reason: z.string() })),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  linkExpiresAt: z.string().nullable(),
  linkState: z.enum(APPLY_LINK_STATES),
  linkStateName: z.string(),
  downloadCount: z.number().int(),
  /** Whether the caller may download the file now (the applicant, approved, ready, link active). */
  canDownload: z.boolean(),
});
export type TApplyRecord = z.infer<typeof ZApplyRecord>;

export const ZApplyDownload = z.object({
  userName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  via: z.enum(['link', 'app']),
  time: z.string(),
});
export type TApplyDownload = z.infer<typeof ZApplyDownload>;

export const ZApplyDetail = ZApplyRecord.extend({ downloads: z.array(ZApplyDownload) });
export type TApplyDetail = z.infer<typeof ZApplyDetail>;

export const ZApplyReviewResult = z.object({
  updated: z.number().int(),
  /** Whether notices went out by e-mail (false: no sending mailbox is configured; the message was pushed). */
  mailed: z.boolean(),
});
