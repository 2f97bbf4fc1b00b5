import type { TFormPart } from '../multipart.ts';

/** The records of the scope test's instance the fixtures point at (token-scopes.context.ts). */
export interface TContext {
  adminId: number;
  userId: number;
  stationId: number;
  stationCode: string;
  station2Id: number;
  versionId: number;
  version2Id: number;
  workingVersionId: number;
  speedId: number;
  speedLowId: number;
  sdId: number;
  dirId: number;
  tempId: number;
  speed2Id: number;
  dir2Id: number;
  firstTime: string;
  lastTime: string;
  rawFileId: number;
  parseTaskId: number;
  receiptId: number;
  processingTaskId: number;
  markId: number;
  turbineId: number;
  mesoscaleId: number;
  referenceId: number;
  dataReportId: number;
  groupId: number;
  groupReportId: number;
  applyId: number;
  webhookId: number;
  dataSourceId: number;
  fileMatchRuleId: number;
  parseRuleId: number;
  qcRuleId: number;
  mapLayerId: number;
  channelConfigId: number;
  sensorId: number;
  attachmentId: number;
  passwordRecordId: number;
  roleId: number;
  companyId: number;
  deptId: number;
  manufacturerId: number;
  deviceTypeId: number;
  ownerId: number;
  tagId: number;
  contactId: number;
  alarmId: number;
  repairRecordId: number;
  messageId: number;
  templateId: number;
  calibrationId: number;
}

/** A route's input: JSON body or a multipart form, query, path parameters, extra headers. */
export interface TInput {
  body?: unknown;
  multipart?: TFormPart[];
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface TFixture {
  input: (ctx: TContext) => TInput | Promise<TInput>;
  /** The status the call answers a token whose scope reaches the route; 200 unless said, with why. */
  status?: number;
  reason?: string;
}

const page = { pageNo: 1, pageSize: 10 };
const csv = (name: string, text: string): TFormPart => ({
  name: 'file',
  fileName: name,
  content: Buffer.from(text),
});

/** A fixture from the input alone. */
const f = (input: TFixture['input']): TFixture => ({ input });
/** A fixture whose call answers another status than 200 for a reason the test states. */
const answers = (status: number, reason: string, input: TFixture['input']): TFixture => ({
  input,
  status,
  reason,
});

const energy = (c: TContext) => ({
  versionId: c.versionId,
  speedChannelId: c.speedId,
  directionChannelId: c.dirId,
  hubHeight: 100,
  turbineIds: [c.turbineId],
});
const suitability = (c: TContext) => ({
  versionId: c.versionId,
  hubHeight: 100,
  speedChannelId: c.speedId,
  directionChannelId: c.dirId,
  sdChannelId: c.sdId,
});
const lidar = (c: TContext) => ({
  lidarVersionId: c.version2Id,
  mastVersionId: c.versionId,
  pairs: [{ lidarSpeedChannelId: c.speed2Id, mastSpeedChannelId: c.speedId }],
});
const longTerm = (c: TContext) => ({
  versionId: c.versionId,
  speedChannelId: c.speedId,
  directionChannelId: c.dirId,
  reference: {
    kind: 'site',
    versionId: c.version2Id,
    speedChannelId: c.speed2Id,
    directionChannelId: c.dir2Id,
  },
  period: '1H',
});
const scale = (c: TContext) => ({
  datasetId: c.mesoscaleId,
  versionId: c.versionId,
  speedChannelId: c.speedId,
  directionChannelId: c.dirId,
  mesoSpeedKey: 'ws_100_mean',
  mesoDirectionKey: 'wd_100_mean',
});
const PARSE_RULE = {
  encoding: 'UTF-8',
  fieldStartRow: 1,
  fieldDelimiter: ',',
  dataStartRow: 2,
  dataDelimiter: ',',
  dataStartColumn: 2,
  dateStartColumn: 1,
  dateEndColumn: 1,
  dateFormat: 'yyyy-MM-dd HH:mm:ss',
  missingValue: '-9999',
  utcOffsetMinutes: 480,
  timestampIsPeriodEnd: false,
};
const reportGroup = (c: TContext) => ({
  name: 'group',
  effectiveDate: ['2026-01-01', '2027-01-01'],
  reportType: ['monthly'],
  monthlyTemplateId: c.templateId,
  autoGenerate: false,
  autoSend: false,
  generateTimes: '08:00',
  stationIds: [c.stationId],
});
const mcp = (method: string, params: Record<string, unknown>) => ({
  body: { jsonrpc: '2.0', id: 1, method, params },
  headers: { accept: 'application/json, text/event-stream' },
});

/** The calls that only look (scope `read`). */
const READS: Record<string, TFixture> = {
  'GET /api/data-parse/parse/charsets': f(() => ({})),
  'GET /api/data-parse/parse/date_formats': f(() => ({})),
  'GET /api/data-parse/parse/text/parse_process': f((c) => ({ query: { taskId: c.parseTaskId } })),
  'GET /api/data-parse/parse/text/recognize/height_statistics': f(() => ({
    query: { channelName: 'WS_80m_Avg' },
  })),
  'POST /api/data-process/energy/calculate': f((c) => ({ body: energy(c) })),
  'GET /api/data-process/lidar/candidates': f((c) => ({
    query: { lidarVersionId: c.version2Id, mastVersionId: c.versionId },
  })),
  'GET /api/data-process/lidar/sites': f(() => ({})),
  'POST /api/data-process/lidar/verify': f((c) => ({ body: lidar(c) })),
  'POST /api/data-process/longterm/candidates': f((c) => ({
    body: { versionId: c.versionId, speedChannelId: c.speedId, directionChannelId: c.dirId },
  })),
  'POST /api/data-process/longterm/compare': f((c) => ({ body: longTerm(c) })),
  'GET /api/data-process/longterm/convergence': f((c) => ({ query: { stationId: c.stationId } })),
  'GET /api/data-process/longterm/default': f((c) => ({ query: { stationId: c.stationId } })),
  'GET /api/data-process/longterm/references/detail': f((c) => ({ query: { id: c.referenceId } })),
  'POST /api/data-process/longterm/references/page': f((c) => ({
    body: { ...page, nearStationId: c.stationId },
  })),
  'GET /api/data-process/process/task': f((c) => ({ query: { taskId: c.processingTaskId } })),
  'POST /api/data-process/process/task/page': f((c) => ({ body: { ...page, stationId: c.stationId } })),
  'POST /api/data-process/statistics/analysis': f((c) => ({ body: { versionId: c.versionId } })),
  'GET /api/data-process/statistics/home_rose': f((c) => ({
    query: { stationId: c.stationId, type: 'direction' },
  })),
  'POST /api/data-process/suitability/check': f((c) => ({ body: suitability(c) })),
  'GET /api/data-process/suitability/defaults': f((c) => ({ query: { stationId: c.stationId } })),
  'POST /api/meteorological/query/wind/point': answers(
    403,
    'the point query is off unless HAS_POINT_QUERY is set',
    () => ({ body: { longitude: 116.4, latitude: 39.9 } }),
  ),
  'GET /api/security/sys/company/drop_down_search': f(() => ({ query: { keywords: '' } })),
  'GET /api/security/sys/group/drop_down_search': f((c) => ({ query: { companyId: c.companyId } })),
  'POST /api/security/sys/group/list': f((c) => ({ body: { companyId: c.companyId } })),
  'POST /api/security/sys/login_log/page': f(() => ({ body: page })),
  'POST /api/security/sys/permission/station_options': f(() => ({ body: { keywords: '', limit: 20 } })),
  'GET /api/security/sys/permission/user_permission': f((c) => ({ query: { userId: c.userId } })),
  'POST /api/security/sys/role/assigned_users': f((c) => ({ body: { ...page, roleId: c.roleId } })),
  'GET /api/security/sys/role/detail': f((c) => ({ query: { id: c.roleId } })),
  'GET /api/security/sys/role/drop_down_search': f(() => ({})),
  'POST /api/security/sys/role/page': f(() => ({ body: page })),
  'GET /api/security/sys/role/rights': f((c) => ({ query: { id: c.roleId } })),
  'GET /api/security/sys/user/fields': f(() => ({})),
  'POST /api/security/sys/user/list': f(() => ({ body: {} })),
  'POST /api/security/sys/user/page': f(() => ({ body: page })),
  'GET /api/security/sys/user/profile': f(() => ({})),
  'POST /api/security/sys/user/station_user_page': f((c) => ({ body: { ...page, userId: c.userId } })),
  'POST /api/system/webhook/deliveries': f((c) => ({ body: { ...page, webhookId: c.webhookId } })),
  'POST /api/system/webhook/page': f(() => ({ body: page })),
  'POST /api/web/alarm/page': f(() => ({ body: page })),
  'POST /api/web/alert/send_log/page': f(() => ({ body: page })),
  'GET /api/web/apply/detail': f((c) => ({ query: { id: c.applyId } })),
  'POST /api/web/apply/mine': f(() => ({ body: page })),
  'POST /api/web/apply/page': f(() => ({ body: page })),
  'GET /api/web/common/bounds': f((c) => ({ query: { type: 'station', code: c.stationCode } })),
  'GET /api/web/common/owners': f(() => ({})),
  'GET /api/web/common/project_names': f(() => ({ query: { keywords: '' } })),
  'GET /api/web/common/protocols': f(() => ({})),
  'GET /api/web/common/regions': f(() => ({})),
  'GET /api/web/common/station_types': f(() => ({})),
  'GET /api/web/common/themes': f(() => ({})),
  'GET /api/web/common/warnStatus': f(() => ({})),
  'GET /api/web/common/warn_types': f(() => ({})),
  'GET /api/web/common/warranty_status': f(() => ({})),
  'GET /api/web/contacts': f(() => ({ query: { type: 1 } })),
  'GET /api/web/contacts/list': f(() => ({ query: { type: 1 } })),
  'GET /api/web/contacts/userAndCarbonCopy': f(() => ({})),
  'GET /api/web/data_source/detail': f((c) => ({ query: { id: c.dataSourceId } })),
  'POST /api/web/data_source/fetched_files': f(() => ({ body: page })),
  'GET /api/web/data_source/ftp_dirs': answers(
    422,
    'listing folders connects to the source’s server, and the test source points at a closed port',
    (c) => ({ query: { id: c.dataSourceId } }),
  ),
  'GET /api/web/data_source/list': f(() => ({})),
  'POST /api/web/data_source/page': f(() => ({ body: page })),
  'GET /api/web/geocode/search': f(() => ({ query: { keywords: '北京', limit: 5 } })),
  'GET /api/web/hub/overview': f(() => ({})),
  'GET /api/web/interval_task/list': f(() => ({})),
  'GET /api/web/manufacturer/checkRelation': f((c) => ({
    query: { id: c.manufacturerId, kind: 'manufacturer' },
  })),
  'GET /api/web/manufacturer/getAllType': f(() => ({})),
  'POST /api/web/manufacturer/getList': f(() => ({ body: {} })),
  'GET /api/web/map/ice_classes': f(() => ({})),
  'GET /api/web/map_layer/image': f((c) => ({ query: { id: c.mapLayerId } })),
  'GET /api/web/map_layer/list': f(() => ({})),
  'POST /api/web/mesoscale/page': f((c) => ({ body: { ...page, stationId: c.stationId } })),
  'GET /api/web/mesoscale/results': f((c) => ({ query: { stationId: c.stationId } })),
  'GET /api/web/message/has_not_read': f(() => ({})),
  'POST /api/web/message/page': f(() => ({ body: page })),
  'POST /api/web/owner/page': f(() => ({ body: page })),
  'GET /api/web/owner/delete/check': f((c) => ({ query: { id: c.ownerId } })),
  'GET /api/web/parse_rule/detail': f((c) => ({ query: { id: c.parseRuleId } })),
  'GET /api/web/parse_rule/options': f(() => ({})),
  'POST /api/web/parse_rule/page': f(() => ({ body: page })),
  'POST /api/web/personalConfig/listByType': f(() => ({ body: { type: 'stationList' } })),
  'GET /api/web/receipt/detail': f((c) => ({ query: { id: c.receiptId } })),
  'GET /api/web/sensor/calibration/list': f((c) => ({ query: { sensorId: c.sensorId } })),
  'GET /api/web/sensor/calibration/station': f((c) => ({ query: { stationId: c.stationId } })),
  'GET /api/web/sensor/calibration/rule': f((c) => ({ query: { stationId: c.stationId } })),
  'GET /api/web/sensor/calibration/corrections': f((c) => ({ query: { stationId: c.stationId } })),
  'POST /api/web/sensor/calibration/due/page': f(() => ({ body: { ...page, status: 'all' } })),
  'POST /api/web/receipt/page': f((c) => ({ body: { ...page, stationId: c.stationId } })),
  'POST /api/web/repair/page': f(() => ({ body: page })),
  'POST /api/web/repair/record/page': f((c) => ({ body: { ...page, stationId: c.stationId } })),
  'GET /api/web/repair/repair_verify': f((c) => ({ query: { stationIds: [c.stationId] } })),
  'GET /api/web/report/data/fields': f((c) => ({ query: { versionId: c.versionId } })),
  'POST /api/web/report/data/page': f(() => ({ body: page })),
  'POST /api/web/report/data/tempPage': f(() => ({ body: page })),
  'GET /api/web/rule/detail': f((c) => ({ query: { id: c.qcRuleId } })),
  'GET /api/web/rule/file_match/detail': f((c) => ({ query: { id: c.fileMatchRuleId } })),
  'GET /api/web/rule/file_match/fileTypeSuffix': f(() => ({})),
  'POST /api/web/rule/file_match/options': f(() => ({ body: {} })),
  'POST /api/web/rule/file_match/page': f(() => ({ body: page })),
  'GET /api/web/rule/list': f(() => ({ query: { ruleType: 'auto_quality' } })),
  'GET /api/web/rule/match/component': f(() => ({})),
  'POST /api/web/rule/page': f(() => ({ body: { ...page, ruleType: 'auto_quality' } })),
  'GET /api/web/statement/group/detail': f((c) => ({ query: { id: c.groupId } })),
  'POST /api/web/statement/group/page': f(() => ({ body: page })),
  'POST /api/web/statement/page': f((c) => ({ body: { ...page, groupId: c.groupId } })),
  'POST /api/web/statement/template/page': f(() => ({ body: page })),
  'GET /api/web/statement/templates': f(() => ({ query: { type: 1 } })),
  'GET /api/web/station/attachment/list': f((c) => ({ query: { stationId: c.stationId } })),
  'GET /api/web/station/channel_config/detail': f((c) => ({ query: { id: c.channelConfigId } })),
  'GET /api/web/station/channel_config/elements': f(() => ({})),
  'GET /api/web/station/channel_config/list': f((c) => ({ query: { stationId: c.stationId } })),
  'POST /api/web/sensor/page': f(() => ({ body: { ...page, serial: 'A' } })),
  'GET /api/web/sensor/detail': f((c) => ({ query: { id: c.sensorId } })),
  'GET /api/web/sensor/site_sensors': f((c) => ({ query: { stationId: c.stationId } })),
  'GET /api/web/station/checkExist': f((c) => ({ query: { stationCode: c.stationCode } })),
  'GET /api/web/station/detail': f((c) => ({ query: { id: c.stationId } })),
  'GET /api/web/station/fields': f(() => ({})),
  'POST /api/web/station/file_rules': f((c) => ({ body: { stationIds: [c.stationId] } })),
  'GET /api/web/station/overview': f((c) => ({ query: { id: c.stationId } })),
  'POST /api/web/station/page': f(() => ({ body: page })),
  'GET /api/web/station/password_record/list': f((c) => ({ query: { stationId: c.stationId } })),
  'POST /api/web/station/quantity_stat': f(() => ({ body: {} })),
  'POST /api/web/station/raw_file/page': f((c) => ({ body: { ...page, stationId: c.stationId } })),
  'GET /api/web/station/remote_sensing': f((c) => ({ query: { stationId: c.stationId } })),
  'POST /api/web/station/search': f(() => ({ body: { keywords: '' } })),
  'GET /api/web/station/station_status': f(() => ({})),
  'POST /api/web/station_log/page': f(() => ({ body: page })),
  'GET /api/web/sys/tag/group/list': f(() => ({})),
  'GET /api/web/sys/tag/list': f(() => ({})),
  'GET /api/web/sys/tag/delete/check': f((c) => ({ query: { id: c.tagId } })),
  'GET /api/web/turbine/detail': f((c) => ({ query: { id: c.turbineId } })),
  'POST /api/web/turbine/page': f(() => ({ body: page })),
  'GET /api/web/version/channels': f((c) => ({ query: { versionId: c.versionId } })),
  'POST /api/web/version/data/chart': f((c) => ({
    body: { versionId: c.versionId, channelIds: [c.speedId, c.dirId] },
  })),
  'POST /api/web/version/data/page': f((c) => ({ body: { ...page, versionId: c.versionId } })),
  'GET /api/web/version/detail': f((c) => ({ query: { versionId: c.versionId } })),
  'GET /api/web/version/list': f((c) => ({ query: { stationId: c.stationId } })),
  'POST /api/web/version/mark/page': f((c) => ({ body: { ...page, versionId: c.workingVersionId } })),
  'GET /api/web/version/multi_list': f((c) => ({ query: { stationIds: `${c.stationId},${c.station2Id}` } })),
  'GET /api/security/sys/company/delete/check': f((c) => ({ query: { id: c.companyId } })),
  'GET /api/security/sys/group/delete/check': f((c) => ({ query: { id: c.deptId } })),
  'GET /api/security/sys/role/delete/check': f((c) => ({ query: { id: c.roleId } })),
  'POST /mcp': f((c) => mcp('tools/call', { name: 'get_statistics', arguments: { versionId: c.versionId } })),
  'GET /mcp': answers(405, 'a stateless MCP server opens no event stream', () => ({
    headers: { accept: 'text/event-stream' },
  })),
  'DELETE /mcp': answers(405, 'a stateless MCP server has no session to end', () => ({})),
};

/** The calls that hand out files and documents (scope `download`). */
const DOWNLOADS: Record<string, TFixture> = {
  'POST /api/data-parse/export/original_file': f((c) => ({ body: { ids: [c.rawFileId] } })),
  'POST /api/data-parse/parse/text/export_temp': f(() => ({
    body: { rule: PARSE_RULE },
  })),
  'POST /api/data-process/energy/export': f((c) => ({ body: energy(c) })),
  'POST /api/data-process/energy/eya_def': f((c) => ({ body: energy(c) })),
  'POST /api/data-process/lidar/export': f((c) => ({ body: lidar(c) })),
  'POST /api/data-process/statistics/export': f((c) => ({ body: { versionId: c.versionId } })),
  'POST /api/data-process/suitability/export': f((c) => ({ body: suitability(c) })),
  'POST /api/web/apply/ticket': answers(
    404,
    'a ticket is only for the application’s applicant, and the demo applications are other users’',
    (c) => ({ body: { id: c.applyId } }),
  ),
  'POST /api/web/report/data/downLoad': f((c) => ({ body: { id: c.dataReportId, format: 'docx' } })),
  'GET /api/web/statement/download': f((c) => ({ query: { id: c.groupReportId, format: 'pdf' } })),
  'GET /api/web/statement/preview': f((c) => ({ query: { id: c.groupReportId } })),
  'GET /api/web/station/attachment/download': f((c) => ({ query: { id: c.attachmentId } })),
  'GET /api/web/sensor/calibration/certificate': f((c) => ({ query: { id: c.calibrationId } })),
  'GET /api/web/sensor/calibration/pdf/download': answers(
    404,
    'the scope test’s calibration has no PDF attached',
    (c) => ({ query: { id: c.calibrationId } }),
  ),
  'GET /api/web/station/channel_config/iea43/export': f((c) => ({ query: { stationId: c.stationId } })),
  'POST /api/web/station/coordinate/export': f(() => ({ body: {} })),
  'GET /api/web/station/import/template': f(() => ({})),
  'GET /api/web/turbine/export': f((c) => ({ query: { id: c.turbineId } })),
  'POST /api/web/version/export': f((c) => ({ body: { versionId: c.versionId, format: 1 } })),
};

/**
 * The calls that change data (`write`) or need a login session (`session-only`): refused to a read and a
 * download token before their input is read; the input is still valid for the route (the first test).
 */
const WRITES: Record<string, TFixture> = {
  'POST /api/security/sys/user/second_factor/setup': f(() => ({})),
  'GET /api/security/sys/user/second_factor': f(() => ({})),
  'POST /api/security/sys/user/second_factor/enable': f(() => ({ body: { code: '123456' } })),
  'POST /api/security/sys/user/second_factor/disable': f(() => ({
    body: { password: 'Admin#2026pw', code: '123456' },
  })),
  'POST /api/security/sys/user/reset_second_factor': f((c) => ({ body: { id: c.userId } })),
  'POST /api/security/sys/user/unlock_second_factor': f((c) => ({ body: { id: c.userId } })),
  'POST /api/security/sys/user/logout': f(() => ({})),
  'POST /api/security/sys/user/change_password': f(() => ({
    body: { oldPassword: 'Admin#2026pw', newPassword: 'Admin#2027pw', confirmPassword: 'Admin#2027pw' },
  })),
  'POST /api/security/sys/user/save_or_update': f((c) => ({
    body: { account: 'scope_test01', userName: 'Scope Test', roleId: c.roleId, companyId: c.companyId },
  })),
  'GET /api/security/sys/user/delete': f((c) => ({ query: { id: c.userId } })),
  'POST /api/security/sys/user/reset_password': f((c) => ({ body: { id: c.userId } })),
  'POST /api/security/sys/user/update_profile': f(() => ({ body: { userName: 'Administrator' } })),
  'GET /api/security/sys/user/transfer_authority': f((c) => ({
    query: { fromUserId: c.adminId, toUserId: c.userId },
  })),
  'POST /api/security/sys/permission/user_authorize_station': f((c) => ({
    body: { userId: c.userId, stationIds: [c.stationId], type: 'add' },
  })),
  'POST /api/security/sys/company/save': f(() => ({ body: { name: 'Scope Test Company' } })),
  'POST /api/security/sys/company/update': f((c) => ({
    body: { id: c.companyId, name: 'Scope Test Company' },
  })),
  'POST /api/security/sys/company/delete': f((c) => ({ body: { id: c.companyId } })),
  'POST /api/security/sys/group/save': f((c) => ({
    body: { companyId: c.companyId, name: 'Scope Test Dept' },
  })),
  'POST /api/security/sys/group/update': f((c) => ({ body: { id: c.deptId, name: 'Scope Test Dept' } })),
  'POST /api/security/sys/group/delete': f((c) => ({ body: { id: c.deptId } })),
  'POST /api/security/sys/role/save_or_update': f(() => ({
    body: { name: 'Scope Test Role', dataScope: 'list' },
  })),
  'GET /api/security/sys/role/delete': f((c) => ({ query: { id: c.roleId } })),
  'POST /api/security/sys/role/rights': f((c) => ({
    body: { roleId: c.roleId, features: [], dataScope: 'list', stationIds: [] },
  })),
  'GET /api/security/sys/user/access_token/list': f(() => ({})),
  'POST /api/security/sys/user/access_token/create': f(() => ({
    body: { name: 'another', scopes: ['read'], stationIds: [], expiresInDays: 1 },
  })),
  'POST /api/security/sys/user/access_token/revoke': f(() => ({ body: { id: 1 } })),
  'POST /api/security/sys/access_token/page': f(() => ({ body: page })),
  'POST /api/security/sys/access_token/revoke': f(() => ({ body: { id: 1 } })),
  'POST /api/system/webhook/create': f(() => ({
    body: { name: 'another hook', url: 'https://hooks.example.com/x', events: ['alarm.opened'] },
  })),
  'POST /api/system/webhook/update': f((c) => ({
    body: { id: c.webhookId, name: 'hook', url: 'https://hooks.example.com/x', events: ['alarm.opened'] },
  })),
  'POST /api/system/webhook/enable': f((c) => ({ body: { id: c.webhookId, isEnabled: false } })),
  'POST /api/system/webhook/rotate_secret': f((c) => ({ body: { id: c.webhookId } })),
  'POST /api/system/webhook/delete': f((c) => ({ body: { id: c.webhookId } })),
  'POST /api/system/webhook/test': f((c) => ({ body: { id: c.webhookId } })),
  'GET /api/web/message/read': f((c) => ({ query: { ids: [c.messageId || 1] } })),
  'GET /api/web/message/ignore': f((c) => ({ query: { id: c.messageId || 1 } })),
  'POST /api/web/station/save_or_update': f((c) => ({
    body: { id: c.stationId, stationCode: c.stationCode, projectName: 'Scope test site' },
  })),
  'POST /api/web/station/tags': f((c) => ({ body: { stationId: c.stationId, tagIds: [c.tagId] } })),
  'GET /api/web/station/delete/:id': f((c) => ({ params: { id: c.station2Id } })),
  'POST /api/web/station/import': f(() => ({ multipart: [csv('sites.xlsx', 'not a workbook')] })),
  'POST /api/web/owner/save_or_update': f(() => ({ body: { name: 'Scope Test Owner' } })),
  'GET /api/web/owner/delete': f((c) => ({ query: { id: c.ownerId } })),
  'POST /api/web/manufacturer/saveOrUpdate': f(() => ({
    body: { kind: 'manufacturer', deviceType: 'anemometer', name: 'Scope Test Maker' },
  })),
  'GET /api/web/manufacturer/del': f((c) => ({ query: { id: c.manufacturerId, kind: 'manufacturer' } })),
  'POST /api/web/sys/tag/save_or_update': f(() => ({ body: { name: 'scope test', groupId: null } })),
  'POST /api/web/sys/tag/enable': f((c) => ({ body: { ids: [c.tagId] } })),
  'POST /api/web/sys/tag/disable': f((c) => ({ body: { ids: [c.tagId] } })),
  'GET /api/web/sys/tag/delete': f((c) => ({ query: { id: c.tagId } })),
  'POST /api/web/personalConfig/saveOrUpdateBatch': f(() => ({
    body: [{ type: 'stationList', key: 'columns', value: [] }],
  })),
  'POST /api/web/station/attachment/upload': f((c) => ({
    query: { stationId: c.stationId },
    multipart: [{ name: 'file', fileName: 'note.txt', content: Buffer.from('note') }],
  })),
  'GET /api/web/station/attachment/delete': f((c) => ({ query: { id: c.attachmentId } })),
  'POST /api/web/station/password_record/add': f((c) => ({
    body: { stationId: c.stationId, kind: 'logger', password: 'Logger#Pw-2' },
  })),
  'GET /api/web/station/password_record/delete': f((c) => ({ query: { id: c.passwordRecordId } })),
  'POST /api/web/station/channel_config/save_or_update': f((c) => ({
    body: {
      stationId: c.stationId,
      name: 'scope test',
      effectiveFrom: c.lastTime,
      channels: [
        { channelName: 'WS_80m_Avg', element: 'ws', heightM: 80, dataKey: 'ws_80', statistic: 'mean' },
      ],
    },
  })),
  'GET /api/web/station/channel_config/delete': f((c) => ({ query: { id: c.channelConfigId } })),
  'POST /api/web/sensor/update': f((c) => ({ body: { id: c.sensorId, notes: 'scope test' } })),
  'POST /api/web/sensor/move': f((c) => ({
    body: {
      sensorId: c.sensorId,
      fromStationId: c.stationId,
      targetStationId: c.station2Id,
      date: c.lastTime,
      heightM: 80,
    },
  })),
  'POST /api/web/station/channel_config/iea43/import': f((c) => ({
    query: { stationId: c.stationId },
    multipart: [{ name: 'file', fileName: 'mast.json', content: Buffer.from('{}') }],
  })),
  'POST /api/web/rule/file_match/save_or_update': f((c) => ({
    body: {
      id: c.fileMatchRuleId,
      name: 'match',
      inbox: 'INBOX',
      stationMode: 'fixed',
      stationId: c.stationId,
    },
  })),
  'GET /api/web/rule/file_match/delete': f((c) => ({ query: { id: c.fileMatchRuleId } })),
  'POST /api/web/data_source/save_or_update': f((c) => ({
    body: {
      id: c.dataSourceId,
      name: 'inbox',
      fetchType: 'email',
      protocol: 'imap',
      host: '127.0.0.1',
      username: 'logger@example.com',
    },
  })),
  'GET /api/web/data_source/delete': f((c) => ({ query: { id: c.dataSourceId } })),
  'POST /api/web/data_source/test_connection': f((c) => ({
    body: {
      id: c.dataSourceId,
      name: 'inbox',
      fetchType: 'email',
      protocol: 'imap',
      host: '127.0.0.1',
      username: 'logger@example.com',
    },
  })),
  'POST /api/web/data_source/pull': f((c) => ({ body: { id: c.dataSourceId } })),
  'POST /api/web/station/manual_pull': f((c) => ({ body: { stationId: c.stationId } })),
  'POST /api/data-parse/parse/text/preview_recognize': f((c) => ({
    query: { stationId: c.stationId },
    multipart: [csv('logger.csv', 'Timestamp,WS_80m_Avg\n2026-01-01 00:00:00,5.1\n')],
  })),
  'POST /api/data-parse/parse/text/recognize': f((c) => ({
    body: { token: '00000000-0000-4000-8000-000000000000', stationId: c.stationId },
  })),
  'POST /api/web/parse_rule/save_or_update': f(() => ({ body: { name: 'rule', rule: PARSE_RULE } })),
  'GET /api/web/parse_rule/delete': f((c) => ({ query: { id: c.parseRuleId } })),
  'POST /api/web/station/updateParseRule': f((c) => ({
    body: { stationId: c.stationId, parseRuleId: c.parseRuleId },
  })),
  'POST /api/web/station/data/upload': f((c) => ({
    query: { stationId: c.stationId },
    multipart: [csv('logger.csv', 'Timestamp,WS_80m_Avg\n2026-01-01 00:00:00,5.1\n')],
  })),
  'GET /api/web/station/raw_file/reparse': f((c) => ({ query: { id: c.rawFileId } })),
  'POST /api/web/version/save': f((c) => ({
    body: { stationId: c.stationId, sourceVersionId: c.versionId, name: 'copy' },
  })),
  'POST /api/web/version/rename': f((c) => ({ body: { id: c.workingVersionId, name: 'renamed' } })),
  'POST /api/web/version/delete': f((c) => ({ body: { id: c.workingVersionId } })),
  'POST /api/web/version/import': f((c) => ({
    query: { versionId: c.workingVersionId },
    multipart: [csv('version.csv', 'Timestamp,WS_80m_Avg\n2026-01-01 00:00:00,5.1\n')],
  })),
  'POST /api/web/version/mark/save': f((c) => ({
    body: {
      versionId: c.workingVersionId,
      channelIds: [c.speedId],
      startTime: c.firstTime,
      endTime: c.lastTime,
      flag: 2,
    },
  })),
  'POST /api/web/version/mark/undo': f((c) => ({ body: { id: c.markId || 1 } })),
  'POST /api/data-process/process/qc': f((c) => ({ body: { versionId: c.workingVersionId } })),
  'POST /api/data-process/process/tower_shadow': f((c) => ({
    body: {
      versionId: c.workingVersionId,
      method: 'gb',
      directionChannelId: c.dirId,
      pairs: [{ avgA: c.speedId, avgB: c.speedLowId, boomA: 0, boomB: 180 }],
    },
  })),
  'POST /api/data-process/process/interpolation': f((c) => ({
    body: { versionId: c.workingVersionId, targetChannelId: c.speedId, predictorChannelId: c.speedLowId },
  })),
  'POST /api/data-process/process/extrapolation': f((c) => ({
    body: { versionId: c.workingVersionId, channelIds: [c.speedId, c.speedLowId], targetHeight: 140 },
  })),
  'POST /api/data-process/process/reconstruct': f((c) => ({ body: { versionId: c.workingVersionId } })),
  'POST /api/data-process/process/reconstruct/preview': f((c) => ({
    body: { versionId: c.workingVersionId },
  })),
  'POST /api/data-process/process/reconstruct/undo': f(() => ({ body: { taskId: 1 } })),
  'POST /api/data-process/process/representative_year': f((c) => ({
    body: { versionId: c.workingVersionId, method: 'best', speedChannelId: c.speedId },
  })),
  'POST /api/web/rule/save_or_update': f(() => ({
    body: {
      name: 'rule',
      ruleType: 'auto_quality',
      kind: 'range',
      params: { element: 'ws', min: 0, max: 40 },
    },
  })),
  'GET /api/web/rule/delete': f((c) => ({ query: { id: c.qcRuleId } })),
  'POST /api/web/alarm/handle': f((c) => ({ body: { ids: [c.alarmId], handleMode: 'focus' } })),
  'POST /api/web/contacts/carbonCopy/save': f(() => ({ body: { emails: [] } })),
  'POST /api/web/contacts/save': f((c) => ({
    body: { id: c.contactId, type: 1, name: 'Contact', email: 'contact@example.com' },
  })),
  'GET /api/web/contacts/delete': f((c) => ({ query: { id: c.contactId } })),
  'POST /api/web/repair/repair': f((c) => ({
    body: { stationIds: [c.stationId], dataSourceId: c.dataSourceId, reason: 'no data' },
  })),
  'POST /api/web/repair/record/save': f((c) => ({ body: { stationId: c.stationId, faultType: 'logger' } })),
  'POST /api/web/repair/record/close': f((c) => ({
    body: {
      id: c.repairRecordId,
      maintainResult: 'replaced',
      maintainStaff: 'Wang',
      maintainDate: c.lastTime,
      endTime: c.lastTime,
    },
  })),
  'POST /api/web/interval_task/save': f(() => ({
    body: { type: 'warn', isEnabled: false, sendTime: '08:00', frequency: 'days', everyDays: 1 },
  })),
  'POST /api/web/statement/group/add': f((c) => ({ body: reportGroup(c) })),
  'POST /api/web/statement/group/update': f((c) => ({ body: { ...reportGroup(c), id: c.groupId } })),
  'GET /api/web/statement/group/delete': f((c) => ({ query: { id: c.groupId } })),
  'POST /api/web/statement/generate': f((c) => ({ body: { groupId: c.groupId, statementType: 'monthly' } })),
  'POST /api/web/statement/send': f((c) => ({ body: { id: c.groupReportId } })),
  'GET /api/web/statement/delete': f((c) => ({ query: { id: c.groupReportId } })),
  'POST /api/web/report/data/save': f((c) => ({
    query: {},
    multipart: [
      { name: 'stationId', value: String(c.stationId) },
      { name: 'file', fileName: 'report.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ],
  })),
  'GET /api/web/report/data/delete': f((c) => ({ query: { id: c.dataReportId } })),
  'POST /api/web/turbine/save': f(() => ({
    body: {
      model: 'T-1',
      ratedKw: 2000,
      rotorDiameterM: 100,
      curve: [3, 5, 7, 9, 11, 13, 25].map((speed, i) => ({
        speed,
        power: [0, 300, 900, 1600, 2000, 2000, 2000][i],
        ct: null,
      })),
    },
  })),
  'GET /api/web/turbine/delete': f((c) => ({ query: { id: c.turbineId } })),
  'POST /api/web/turbine/import': f(() => ({ multipart: [csv('curve.csv', 'speed,power\n3,0\n')] })),
  'POST /api/web/mesoscale/upload': f((c) => ({
    multipart: [
      { name: 'stationId', value: String(c.stationId) },
      csv('era5.wnd', 'Timestamp,WS_100m\n2026-01-01 00:00:00,5.1\n'),
    ],
  })),
  'GET /api/web/mesoscale/delete': f((c) => ({ query: { id: c.mesoscaleId } })),
  'POST /api/data-process/process/temp_data_scale_calculate': f((c) => ({ body: scale(c) })),
  'POST /api/data-process/process/temp_data_scale_generate': f((c) => ({
    body: { ...scale(c), name: 'scaled' },
  })),
  'POST /api/data-process/longterm/generate': f((c) => ({
    body: { ...longTerm(c), method: 'ols', name: 'long term' },
  })),
  'POST /api/data-process/longterm/references/upload': f((c) => ({
    multipart: [
      { name: 'stationId', value: String(c.stationId) },
      csv('merra2.csv', 'Timestamp,WS50M\n2026-01-01 00:00:00,5.1\n'),
    ],
  })),
  'POST /api/data-process/longterm/references/update': f((c) => ({
    body: {
      id: c.referenceId,
      name: 'ref',
      source: 'csv',
      latitude: 40,
      longitude: 116,
      heightM: 100,
      utcOffsetMinutes: 0,
    },
  })),
  'GET /api/data-process/longterm/references/delete': f((c) => ({ query: { id: c.referenceId } })),
  'PUT /api/data-process/longterm/default': f((c) => ({
    body: {
      stationId: c.stationId,
      versionId: c.versionId,
      speedChannelId: c.speedId,
      reference: { kind: 'reference', referenceId: c.referenceId, speedKey: 'ws' },
      method: 'ols',
    },
  })),
  'DELETE /api/data-process/longterm/default': f((c) => ({ query: { stationId: c.stationId } })),
  'PUT /api/data-process/energy/uncertainty': f((c) => ({
    body: { versionId: c.versionId, key: 'plantPerformance', valuePct: 4 },
  })),
  'POST /api/data-process/longterm/convergence/refresh': f((c) => ({ body: { stationId: c.stationId } })),
  'POST /api/web/map_layer/upload': f(() => ({ multipart: [csv('layer.tif', 'II*\u0000')] })),
  'GET /api/web/map_layer/delete': f((c) => ({ query: { id: c.mapLayerId } })),
  'POST /api/web/apply/save': f((c) => ({
    body: {
      stationIds: [c.stationId],
      fileType: 1,
      startTime: c.firstTime,
      endTime: c.lastTime,
      applyReason: 'study',
    },
  })),
  'POST /api/web/apply/review': f((c) => ({
    body: { ids: [c.applyId], decision: 'rejected', comment: 'no' },
  })),
  'POST /api/web/apply/revoke': f((c) => ({ body: { id: c.applyId } })),
  'POST /api/web/receipt/apply': f((c) => ({ body: { findingId: 1, receiptId: c.receiptId } })),
  'POST /api/web/receipt/undo': f(() => ({ body: { fixId: 1 } })),
  'POST /api/web/receipt/dismiss': f(() => ({ body: { findingId: 1, reason: 'known' } })),
  'POST /api/web/sensor/calibration/save': f((c) => ({
    body: { sensorId: c.sensorId, slope: 0.05, offset: 0.2 },
  })),
  'GET /api/web/sensor/calibration/delete': f((c) => ({ query: { id: c.calibrationId } })),
  'POST /api/web/sensor/calibration/import': f((c) => ({ query: { sensorId: c.sensorId }, body: {} })),
  'POST /api/web/sensor/calibration/pdf/upload': f((c) => ({
    query: { id: c.calibrationId },
    multipart: [{ name: 'file', fileName: 'certificate.pdf', content: Buffer.from('%PDF-1.7\n') }],
  })),
  'POST /api/web/sensor/calibration/rule/save': f((c) => ({
    body: { stationId: c.stationId, recalibrationMonths: 12 },
  })),
  'POST /api/web/sensor/calibration/correct': f((c) => ({
    body: {
      versionId: c.workingVersionId,
      channel: 'ws',
      fromTime: c.firstTime,
      programmed: { slope: 0.05, offset: 0.25 },
      certified: { slope: 0.0458, offset: 0.24 },
    },
  })),
  'POST /api/web/sensor/calibration/correct/undo': f(() => ({ body: { correctionId: 1 } })),
};

/** Every route's fixture, by `METHOD /path` as the route table lists it. */
export function routeFixtures(): Record<string, TFixture> {
  return { ...READS, ...DOWNLOADS, ...WRITES };
}
