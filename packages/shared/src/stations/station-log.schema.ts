import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { vmsg } from '../i18n/validation.ts';

export const STATION_LOG_TYPES = ['add', 'edit', 'delete'] as const;
export type TStationLogType = (typeof STATION_LOG_TYPES)[number];

/**
 * Where a station change was made (SPEC §3 Station log `location`). Writers pass one of these keys;
 * the page shows it in the reader's language. A key not listed here is shown as written.
 */
export const STATION_LOG_LOCATIONS = {
  stationList: { zh: '站点管理', en: 'Site list' },
  batchImport: { zh: '站点管理-批量导入', en: 'Site list - batch import' },
  stationInfo: { zh: '站点信息', en: 'Site info' },
  stationTags: { zh: '站点标签', en: 'Site tags' },
  attachments: { zh: '站点信息-附件', en: 'Site info - attachments' },
  passwordRecords: { zh: '站点信息-密码记录', en: 'Site info - password records' },
  channelConfiguration: { zh: '通道配置', en: 'Channel configuration' },
  qcRules: { zh: '规则管理-质控与告警规则', en: 'Rules - quality-control and warning rules' },
  measureWind: { zh: '测风数据-数据版本', en: 'Wind data - data versions' },
  dataFiles: { zh: '测风数据-数据文件入库', en: 'Wind data - data files stored' },
  dataProcessing: { zh: '测风数据-数据处理', en: 'Wind data - data processing' },
  alarms: { zh: '告警记录', en: 'Alarm records' },
  repairs: { zh: '维修记录', en: 'Repair records' },
} as const satisfies Record<string, TLocalized>;
export type TStationLogLocation = keyof typeof STATION_LOG_LOCATIONS;

/** The station log type in the reader's language. */
export const STATION_LOG_TYPE_NAMES: Record<TStationLogType, TLocalized> = {
  add: { zh: '新增', en: 'Add' },
  edit: { zh: '编辑', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
};

/** POST /web/station_log/page: operator matches account or name; stationCode is a substring. */
export const ZStationLogPageRequest = ZPageRequest.extend({
  operator: z.string().trim().max(50).optional(),
  type: z.enum(STATION_LOG_TYPES, vmsg('oneOf')).optional(),
  stationCode: z.string().trim().max(20).optional(),
  startTime: z.coerce.date().optional(),
  endTime: z.coerce.date().optional(),
}).refine((q) => !q.startTime || !q.endTime || q.startTime <= q.endTime, {
  ...vmsg('startAfterEnd'),
  path: ['startTime'],
});
export type TStationLogPageRequest = z.infer<typeof ZStationLogPageRequest>;

/** A row of the station log (SPEC §3). `location` is localised; `locationKey` is what was written. */
export const ZStationLogRecord = z.object({
  id: z.number().int(),
  operatorAccount: z.string(),
  operatorName: z.string(),
  operateTime: z.string(),
  type: z.enum(STATION_LOG_TYPES),
  typeName: z.string(),
  location: z.string(),
  locationKey: z.string(),
  objects: z.string(),
  stationId: z.number().int().nullable(),
  stationCode: z.string().nullable(),
  details: z.unknown(),
});
export type TStationLogRecord = z.infer<typeof ZStationLogRecord>;
