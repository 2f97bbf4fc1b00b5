import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { STATION_EMAILS_MAX } from '../constants.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { isValidEmail } from '../identity/users.schema.ts';
import { ZId, zOptionalText, zRequiredText } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// The operations loop after an alarm (issue 14): contacts, repair requests sent by e-mail, repair
// records on a site, the no-data reminders (TimedTask) and the log of every e-mail sent.

/** A list of e-mail addresses: trimmed, checked one by one, without repeats. */
export function zEmailList(max: number = STATION_EMAILS_MAX) {
  return z
    .array(z.string().trim().refine(isValidEmail, vmsg('email')), vmsg('invalidType'))
    .max(max, vmsg('tooManyEmails'))
    .nullish()
    .transform((v) => [...new Set((v ?? []).map((e) => e.toLowerCase()))]);
}

// --- Contacts (SPEC §7) ------------------------------------------------------------------------------

/** Contact types: 1 = report and reminder recipients, 2 = repair recipients (the "type 2" call). */
export const CONTACT_TYPES = [1, 2] as const;
export type TContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_TYPE_NAMES: Record<TContactType, TLocalized> = {
  1: { zh: '报告收件人', en: 'Report recipient' },
  2: { zh: '维修联系人', en: 'Repair contact' },
};
const ZContactType = z.coerce
  .number(vmsg('oneOf'))
  .refine((v): v is TContactType => v === 1 || v === 2, vmsg('oneOf'));

/** GET /web/contacts/list: the address book, narrowed by type, e-mail and function. */
export const ZContactListQuery = z.object({
  type: ZContactType.optional(),
  email: z.string().trim().max(255).optional(),
  function: z.string().trim().max(50).optional(),
});
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

/** GET /web/contacts?type=2: the contacts of one type, for pickers. */
export const ZContactTypeQuery = z.object({ type: ZContactType });

/** POST /web/contacts/save: add (no id) or edit a contact. */
export const ZContactSaveRequest = z.object({
  id: ZId.optional(),
  type: ZContactType,
  name: zRequiredText('contactNameRequired', 50),
  email: z
    .string(requiredError('emailRequired'))
    .trim()
    .min(1, vmsg('emailRequired'))
    .max(255, vmsg('maxLength'))
    .refine(isValidEmail, vmsg('email'))
    .transform((e) => e.toLowerCase()),
  phone: z
    .string()
    .trim()
    .max(30, vmsg('maxLength'))
    .regex(/^[0-9+()\- ]*$/, vmsg('phone'))
    .nullish()
    .transform((v) => v ?? ''),
  function: zOptionalText(50),
});
export type TContactSaveRequest = z.infer<typeof ZContactSaveRequest>;
export type TContactSaveInput = z.input<typeof ZContactSaveRequest>;

export const ZContactRecord = z.object({
  id: z.number().int(),
  type: z.number().int(),
  typeName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  function: z.string(),
  updateTime: z.string(),
});
export type TContactRecord = z.infer<typeof ZContactRecord>;

/** POST /web/contacts/carbonCopy/save: the caller's own carbon-copy addresses. */
export const ZCarbonCopySaveRequest = z.object({ emails: zEmailList() });
export type TCarbonCopySaveRequest = z.infer<typeof ZCarbonCopySaveRequest>;

/** GET /web/contacts/userAndCarbonCopy: who the caller is as a sender, and their carbon copies. */
export const ZUserAndCarbonCopy = z.object({
  userName: z.string(),
  email: z.string(),
  phone: z.string(),
  carbonCopy: z.array(z.string()),
});
export type TUserAndCarbonCopy = z.infer<typeof ZUserAndCarbonCopy>;

// --- Repair requests (SPEC §3 fault report log, §5 "at least one site with a repair e-mail") ---------

/** At most this many sites in one repair request (one e-mail each). */
export const REPAIR_STATIONS_MAX = 50;
export const REPAIR_REASON_MAX = 200;
/**
 * At most this many repair e-mails per user and hour: the sender is the company's mailbox, and a
 * request may copy any address, so one account must not turn it into a bulk mailer.
 */
export const REPAIR_MAILS_PER_HOUR = 100;

/** GET /web/repair/repair_verify?stationIds=1,2: which selected sites can be sent a repair request. */
export const ZRepairVerifyReply = z.object({
  /** Sites with at least one repair e-mail. */
  ready: z.array(
    z.object({
      stationId: z.number().int(),
      stationCode: z.string(),
      projectName: z.string(),
      repairEmails: z.array(z.string()),
      ccEmails: z.array(z.string()),
    }),
  ),
  /** Codes of the selected sites without a repair e-mail (left out of the request). */
  missing: z.array(z.string()),
});
export type TRepairVerifyReply = z.infer<typeof ZRepairVerifyReply>;

/**
 * POST /web/repair/repair: one e-mail per site to its repair addresses, cc its cc addresses, the
 * caller's carbon copies and `ccEmails`, sent through the e-mail data source `dataSourceId`. From an
 * alarm, `alarmIds` are handled as "request repair" and their period goes into the e-mail.
 */
export const ZRepairRequest = z.object({
  stationIds: z
    .array(ZId)
    .min(1, vmsg('stationsRequired'))
    .max(REPAIR_STATIONS_MAX, vmsg('tooLarge'))
    .transform((ids) => [...new Set(ids)]),
  dataSourceId: z.number(requiredError('senderRequired')).int().positive(),
  reason: zRequiredText('repairReasonRequired', REPAIR_REASON_MAX),
  ccEmails: zEmailList(),
  alarmIds: z.array(ZId).max(200, vmsg('tooLarge')).default([]),
});
export type TRepairRequest = z.infer<typeof ZRepairRequest>;
export type TRepairRequestInput = z.input<typeof ZRepairRequest>;

export const ZRepairReply = z.object({
  /** Site codes whose repair e-mail the SMTP server accepted. */
  sent: z.array(z.string()),
  /** Sites left out: no repair e-mail, or the server refused that message (with its reason). */
  skipped: z.array(z.object({ stationCode: z.string(), reason: z.string() })),
});
export type TRepairReply = z.infer<typeof ZRepairReply>;

/** POST /web/repair/page: the fault report log (/systemManage/repairList). */
export const ZRepairLogPageRequest = ZPageRequest.extend({
  /** Site code or project name. */
  keywords: z.string().trim().max(50).optional(),
  stationId: ZId.optional(),
});
export type TRepairLogPageRequest = z.infer<typeof ZRepairLogPageRequest>;

/** A fault report log row (SPEC §3). */
export const ZRepairLogRecord = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
  deviceType: z.string(),
  manufacturerName: z.string(),
  receiverAddress: z.string(),
  copyAddress: z.string(),
  reason: z.string(),
  operator: z.string(),
  groupName: z.string(),
  repairTime: z.string(),
  /** Delivery of the e-mail (from the send log). */
  mailStatus: z.string(),
  mailStatusName: z.string(),
});
export type TRepairLogRecord = z.infer<typeof ZRepairLogRecord>;

// --- Repair records of a site (SPEC §3) --------------------------------------------------------------

export const ZRepairRecordPageRequest = ZPageRequest.extend({ stationId: ZId });
export type TRepairRecordPageRequest = z.infer<typeof ZRepairRecordPageRequest>;

const ZTime = z.string(requiredError('required')).datetime({ offset: true, ...vmsg('invalidType') });

/** POST /web/repair/record/save: add (no id) or edit a repair record of a site. */
export const ZRepairRecordSaveRequest = z
  .object({
    id: ZId.optional(),
    stationId: ZId,
    faultType: zRequiredText('faultTypeRequired', 50),
    faultDesc: zOptionalText(500),
    faultStart: ZTime.nullish().transform((v) => v ?? null),
    maintainResult: zOptionalText(500),
    maintainStaff: zOptionalText(50),
    maintainDate: ZTime.nullish().transform((v) => v ?? null),
    endTime: ZTime.nullish().transform((v) => v ?? null),
    /** The sensors the repair touched (the site's, issue 44 §3); absent: left as they are. */
    sensorIds: z.array(ZId).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.faultStart && v.endTime && Date.parse(v.faultStart) > Date.parse(v.endTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: vmsg('startAfterEnd').error });
    }
  });
export type TRepairRecordSaveRequest = z.infer<typeof ZRepairRecordSaveRequest>;
export type TRepairRecordSaveInput = z.input<typeof ZRepairRecordSaveRequest>;

/**
 * POST /web/repair/record/close: the maintainer's result; the site returns to normal (a sweep right
 * after opens a new data-missing alarm if its data is still not flowing) and the linked alarms close.
 */
export const ZRepairRecordCloseRequest = z
  .object({
    id: ZId,
    maintainResult: zRequiredText('maintainResultRequired', 500),
    maintainStaff: zRequiredText('maintainStaffRequired', 50),
    maintainDate: ZTime,
    endTime: ZTime,
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.maintainDate) > Date.parse(v.endTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: vmsg('startAfterEnd').error });
    }
  });
export type TRepairRecordCloseRequest = z.infer<typeof ZRepairRecordCloseRequest>;
export type TRepairRecordCloseInput = z.input<typeof ZRepairRecordCloseRequest>;

export const ZRepairRecord = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  requestId: z.number().int().nullable(),
  faultType: z.string(),
  faultDesc: z.string(),
  faultStart: z.string().nullable(),
  maintainResult: z.string(),
  maintainStaff: z.string(),
  maintainDate: z.string().nullable(),
  endTime: z.string().nullable(),
  isClosed: z.boolean(),
  statusName: z.string(),
  /** Alarms handled as "request repair" under this repair. */
  alarmCount: z.number().int(),
  /** The sensors the repair touched (issue 44 §3). */
  sensors: z.array(
    z.object({ id: z.number().int(), oem: z.string(), model: z.string(), serialNumber: z.string() }),
  ),
  creatorName: z.string(),
  createTime: z.string(),
});
export type TRepairRecord = z.infer<typeof ZRepairRecord>;

// --- The e-mail send log (SPEC §3 alert send log) ----------------------------------------------------

export const MAIL_KINDS = [
  'repair',
  'reminder_warn',
  'reminder_report',
  'alarm',
  'report',
  'apply',
  'reminder_receipt',
  'security',
  'reminder_calibration',
] as const;
export type TMailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_NAMES: Record<TMailKind, TLocalized> = {
  repair: { zh: '维修申请', en: 'Repair request' },
  reminder_warn: { zh: '告警未处理提醒', en: 'Unhandled alarm reminder' },
  reminder_report: { zh: '无数据提醒', en: 'No-data reminder' },
  alarm: { zh: '告警通知', en: 'Alarm notice' },
  report: { zh: '报告', en: 'Report' },
  apply: { zh: '下载申请', en: 'Download application' },
  reminder_receipt: { zh: '数据回执日报', en: 'Data receipt digest' },
  security: { zh: '账号安全提醒', en: 'Account security notice' },
  reminder_calibration: { zh: '传感器校准到期提醒', en: 'Sensor calibration due reminder' },
};
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_NAMES: Record<TMailStatus, TLocalized> = {
  pending: { zh: '待发送', en: 'Waiting' },
  sending: { zh: '发送中', en: 'Sending' },
  sent: { zh: '已发送', en: 'Sent' },
  failed: { zh: '发送失败', en: 'Failed' },
};

/** POST /web/alert/send_log/page. */
export const ZSendLogPageRequest = ZPageRequest.extend({
  kind: z.enum(MAIL_KINDS, vmsg('oneOf')).optional(),
  status: z.enum(MAIL_STATUSES, vmsg('oneOf')).optional(),
  /** Recipient address or name. */
  keywords: z.string().trim().max(100).optional(),
});
export type TSendLogPageRequest = z.infer<typeof ZSendLogPageRequest>;

export const ZSendLogRecord = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  typeDesc: z.string(),
  toName: z.string(),
  toAddr: z.string(),
  ccAddr: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  statusDesc: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  sendTime: z.string().nullable(),
  createTime: z.string(),
});
export type TSendLogRecord = z.infer<typeof ZSendLogRecord>;

// --- Interval task settings (SPEC §3, §9 scheduled sending with `L`) ---------------------------------

export const INTERVAL_TASK_TYPES = ['warn', 'report', 'receipt', 'calibration'] as const;
export type TIntervalTaskType = (typeof INTERVAL_TASK_TYPES)[number];
export const INTERVAL_TASK_NAMES: Record<TIntervalTaskType, TLocalized> = {
  warn: { zh: '告警未处理提醒', en: 'Unhandled alarm reminder' },
  report: { zh: '无数据提醒', en: 'No-data reminder' },
  receipt: { zh: '数据回执日报', en: 'Data receipt digest' },
  calibration: { zh: '传感器校准到期提醒', en: 'Sensor calibration due reminder' },
};
export const REMINDER_FREQUENCIES = ['days', 'lastDay'] as const;
export type TReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

const SEND_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * The cron of a reminder (5 fields, in the task's time zone): at `sendTime` every `everyDays` days
 * counted from the 1st of each month (`1-31/N`: the 1st, 1+N, 1+2N… restarting every month), or on the
 * last day of each month (`L`: 28/29 February, 30 or 31 elsewhere). Both croner (validation) and
 * pg-boss's cron-parser (firing) read these forms the same way (table test in the server).
 */
export function buildReminderCron(input: {
  sendTime: string;
  frequency: TReminderFrequency;
  everyDays: number;
}): string {
  const match = SEND_TIME.exec(input.sendTime);
  if (!match) throw new Error(`invalid send time: ${input.sendTime}`);
  const [hour, minute] = input.sendTime.split(':').map(Number);
  if (input.frequency === 'lastDay') return `${minute} ${hour} L * *`;
  const n = Math.trunc(input.everyDays);
  if (!(n >= 1 && n <= 31)) throw new Error(`invalid day step: ${input.everyDays}`);
  return `${minute} ${hour} ${n === 1 ? '*' : `1-31/${n}`} * *`;
}

/** POST /web/interval_task/save: one reminder's settings. */
export const ZIntervalTaskSaveRequest = z
  .object({
    type: z.enum(INTERVAL_TASK_TYPES, vmsg('oneOf')),
    isEnabled: z.boolean(),
    dataSourceId: ZId.nullish().transform((v) => v ?? null),
    sendTime: z.string(requiredError('required')).regex(SEND_TIME, vmsg('sendTime')),
    frequency: z.enum(REMINDER_FREQUENCIES, vmsg('oneOf')),
    everyDays: z.coerce
      .number(vmsg('number'))
      .int(vmsg('number'))
      .min(1, vmsg('tooSmall'))
      .max(31, vmsg('tooLarge'))
      .default(1),
  })
  .superRefine((v, ctx) => {
    if (v.isEnabled && v.dataSourceId === null) {
      ctx.addIssue({ code: 'custom', path: ['dataSourceId'], message: vmsg('senderRequired').error });
    }
  });
export type TIntervalTaskSaveRequest = z.infer<typeof ZIntervalTaskSaveRequest>;
export type TIntervalTaskSaveInput = z.input<typeof ZIntervalTaskSaveRequest>;

export const ZIntervalTask = z.object({
  type: z.enum(INTERVAL_TASK_TYPES),
  typeName: z.string(),
  isEnabled: z.boolean(),
  dataSourceId: z.number().int().nullable(),
  dataSourceName: z.string(),
  sendTime: z.string(),
  frequency: z.enum(REMINDER_FREQUENCIES),
  everyDays: z.number().int(),
  timeZone: z.string(),
  cron: z.string(),
  /** The next three send times (ISO), from the cron in the task's time zone. */
  nextTimes: z.array(z.string()),
  lastSentTime: z.string().nullable(),
});
export type TIntervalTask = z.infer<typeof ZIntervalTask>;
