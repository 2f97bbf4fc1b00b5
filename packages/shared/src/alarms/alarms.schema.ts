import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';

/**
 * Alarm types (SPEC §3 alarm record): a site or channel without data, data the QC rules flag, or a site's
 * sensors iced up (issue 45 §2: instrumental icing in arriving data).
 */
export const ALARM_TYPES = ['data_missing', 'data_abnormal', 'icing'] as const;
export type TAlarmType = (typeof ALARM_TYPES)[number];
export const ALARM_TYPE_NAMES: Record<TAlarmType, TLocalized> = {
  data_missing: { zh: '数据缺失', en: 'Data missing' },
  data_abnormal: { zh: '数据异常', en: 'Data abnormal' },
  icing: { zh: '传感器覆冰', en: 'Sensors iced' },
};

/** Handle status of an alarm (SPEC §4 handleModeTag). */
export const ALARM_HANDLE_STATUSES = ['unprocessed', 'ignore', 'focus', 'normal', 'repair'] as const;
export type TAlarmHandleStatus = (typeof ALARM_HANDLE_STATUSES)[number];
export const ALARM_HANDLE_STATUS_NAMES: Record<TAlarmHandleStatus, TLocalized> = {
  unprocessed: { zh: '未处理', en: 'Unprocessed' },
  ignore: { zh: '忽略', en: 'Ignored' },
  focus: { zh: '疑似，重点关注', en: 'Suspicious, watch closely' },
  normal: { zh: '正常', en: 'Normal' },
  repair: { zh: '申请维修', en: 'Repair requested' },
};
/** What a handler can decide (every status but "unprocessed"). */
export const ALARM_HANDLE_MODES = ['ignore', 'focus', 'normal', 'repair'] as const;
export type TAlarmHandleMode = (typeof ALARM_HANDLE_MODES)[number];

/** POST /web/alarm/page: a site's alarms (or every visible site's), newest first. */
export const ZAlarmPageRequest = ZPageRequest.extend({
  stationId: ZId.optional(),
  type: z.enum(ALARM_TYPES, vmsg('oneOf')).optional(),
  handleStatus: z.enum(ALARM_HANDLE_STATUSES, vmsg('oneOf')).optional(),
  isOpen: z.boolean().optional(),
});
export type TAlarmPageRequest = z.infer<typeof ZAlarmPageRequest>;

/** At most this many alarms are handled at once (the Alarm tab's batch). */
export const ALARM_HANDLE_MAX = 200;
export const ALARM_REASON_MAX = 200;

/** POST /web/alarm/handle: one decision for one or several alarms, with the reason. */
export const ZAlarmHandleRequest = z.object({
  ids: z.array(ZId).min(1, vmsg('required')).max(ALARM_HANDLE_MAX, vmsg('tooLarge')),
  handleMode: z.enum(ALARM_HANDLE_MODES, vmsg('oneOf')),
  reason: z.string().trim().max(ALARM_REASON_MAX, vmsg('maxLength')).default(''),
});
export type TAlarmHandleRequest = z.infer<typeof ZAlarmHandleRequest>;

/** An alarm as the Alarm tab shows it (SPEC §3); names and content in the reader's language. */
export const ZAlarmRecord = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationCode: z.string(),
  type: z.enum(ALARM_TYPES),
  typeName: z.string(),
  channelKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  content: z.string(),
  isOpen: z.boolean(),
  handleStatus: z.enum(ALARM_HANDLE_STATUSES),
  handleStatusName: z.string(),
  handlerName: z.string(),
  handleTime: z.string().nullable(),
  reason: z.string(),
  createTime: z.string(),
});
export type TAlarmRecord = z.infer<typeof ZAlarmRecord>;
