import { ALARM_HANDLE_STATUS_NAMES, type TAlarmHandleStatus } from '../alarms/alarms.schema.ts';
import { displayVersionLabel } from '../ingestion/timeseries.schema.ts';
import { PASSWORD_RECORD_KIND_NAMES, type TPasswordRecordKind } from '../stations/password-records.schema.ts';
import { SCALING_METHOD_NAMES, type TScalingMethodKey } from '../wind-data/mesoscale.schema.ts';
import { RECEIPT_CHECK_NAMES } from '../wind-data/receipt.schema.ts';
import type { TTaskKind } from '../wind-data/wind-data.schema.ts';
import { interpolate, type Language, type TLocalized } from './language.ts';

/**
 * Texts the server writes for people to read later — station-log descriptions, pushed messages, alarm
 * contents — are stored as a key of TEXTS and its parameters, never as prose in one language, and written
 * out in the reader's language when read (issue 26). A parameter is plain data (a name, a number), a
 * nested text (`{ key }`: a term such as a task kind or a built-in name), a value given in both languages
 * (`{ zh, en }`: a reason already localised by its own table) or a list of these (joined as the language
 * lists things).
 */
export interface TText {
  key: string;
  params?: Readonly<Record<string, TTextParam>>;
}
export type TTextParam = string | number | TText | TLocalized | readonly TTextParam[];

function prefixed<P extends string, K extends string>(
  prefix: P,
  names: Record<K, TLocalized>,
): Record<`${P}.${K}`, TLocalized> {
  return Object.fromEntries(
    Object.entries<TLocalized>(names).map(([key, value]) => [`${prefix}.${key}`, value]),
  ) as Record<`${P}.${K}`, TLocalized>;
}

/** The processing task kinds (SPEC §4), as messages and the station log name them. */
export const TASK_KIND_NAMES: Record<TTaskKind, TLocalized> = {
  qc: { zh: '质量控制', en: 'Quality control' },
  tower_shadow: { zh: '塔影修正', en: 'Tower-shadow correction' },
  interpolation: { zh: '插补', en: 'Interpolation' },
  extrapolation: { zh: '垂直外推', en: 'Vertical extrapolation' },
  representative_year: { zh: '代表年', en: 'Representative year' },
  delete_data: { zh: '删除版本数据', en: 'Version data deletion' },
  import: { zh: '数据导入', en: 'Data import' },
  receipt_fix: { zh: '数据回执修正', en: 'Data receipt fix' },
  receipt_fix_undo: { zh: '撤销数据回执修正', en: 'Data receipt fix undone' },
  calibration_fix: { zh: '按校准证书修正', en: 'Correction to the calibration certificate' },
  calibration_fix_undo: { zh: '撤销校准证书修正', en: 'Calibration certificate correction undone' },
  reconstruct: { zh: '缺测重建', en: 'Gap reconstruction' },
  reconstruct_undo: { zh: '撤销缺测重建', en: 'Gap reconstruction undone' },
};

/** Site fields a site edit names in the station log (the keys of its `details.changes`). */
export const STATION_FIELD_NAMES = {
  station_code: { zh: '站点编号', en: 'site code' },
  project_name: { zh: '项目名称', en: 'project name' },
  station_type: { zh: '站点类型', en: 'site type' },
  device_model: { zh: '设备型号', en: 'device model' },
  device_serial: { zh: '设备序列号', en: 'device serial number' },
  device_firmware: { zh: '固件版本', en: 'firmware version' },
  measurement_heights_m: { zh: '测量高度', en: 'measurement heights' },
  region_code: { zh: '省份', en: 'province' },
  location: { zh: '位置', en: 'location' },
  longitude: { zh: '经度', en: 'longitude' },
  latitude: { zh: '纬度', en: 'latitude' },
  altitude_m: { zh: '海拔', en: 'altitude' },
  pylon_height_m: { zh: '塔高', en: 'mast height' },
  logger_utc_offset_minutes: { zh: '采集器时区', en: 'logger time zone' },
  status: { zh: '站点状态', en: 'site status' },
  start_time: { zh: '开始测量时间', en: 'measurement start' },
  manufacturer_id: { zh: '设备厂家', en: 'manufacturer' },
  owner_party_id: { zh: '业主', en: 'owner' },
  data_admin_id: { zh: '数据管理员', en: 'data administrator' },
  warn_type: { zh: '告警类型', en: 'alarm type' },
  warn_status: { zh: '告警状态', en: 'alarm status' },
  warranty_start: { zh: '质保开始日期', en: 'warranty start' },
  warranty_end: { zh: '质保结束日期', en: 'warranty end' },
  install_start: { zh: '安装开始日期', en: 'installation start' },
  install_end: { zh: '安装结束日期', en: 'installation end' },
  sim: { zh: 'SIM 卡号', en: 'SIM number' },
  repair_emails: { zh: '报修邮箱', en: 'repair e-mails' },
  cc_emails: { zh: '抄送邮箱', en: 'copy e-mails' },
  notes: { zh: '备注', en: 'notes' },
  tags: { zh: '标签', en: 'tags' },
} as const satisfies Record<string, TLocalized>;
export type TStationField = keyof typeof STATION_FIELD_NAMES;

/**
 * Rows MastHub ships (migrations 0009, 0014, 0015) carry a `builtin_key`: they are shown by these names
 * in the reader's language. A row a user created or renamed has no key and keeps the name as written.
 */
export const BUILTIN_NAMES = {
  'qcRule.ws_range': { zh: '风速范围检验', en: 'Wind speed range test' },
  'qcRule.wd_range': { zh: '风向范围检验', en: 'Wind direction range test' },
  'qcRule.t_range': { zh: '温度范围检验', en: 'Temperature range test' },
  'qcRule.p_range': { zh: '气压范围检验', en: 'Pressure range test' },
  'qcRule.rh_range': { zh: '湿度范围检验', en: 'Humidity range test' },
  'qcRule.ws_trend': { zh: '风速趋势检验', en: 'Wind speed trend test' },
  'qcRule.t_trend': { zh: '温度趋势检验', en: 'Temperature trend test' },
  'qcRule.p_trend': { zh: '气压趋势检验', en: 'Pressure trend test' },
  'qcRule.ws_diff_50_30': {
    zh: '风速高度差检验 50 m / 30 m',
    en: 'Wind speed height-difference test 50 m / 30 m',
  },
  'qcRule.ws_diff_50_10': {
    zh: '风速高度差检验 50 m / 10 m',
    en: 'Wind speed height-difference test 50 m / 10 m',
  },
  'qcRule.ws_diff_30_10': {
    zh: '风速高度差检验 30 m / 10 m',
    en: 'Wind speed height-difference test 30 m / 10 m',
  },
  'qcRule.ws_diff_70_50': {
    zh: '风速高度差检验 70 m / 50 m',
    en: 'Wind speed height-difference test 70 m / 50 m',
  },
  'qcRule.ws_diff_70_30': {
    zh: '风速高度差检验 70 m / 30 m',
    en: 'Wind speed height-difference test 70 m / 30 m',
  },
  'qcRule.ws_diff_70_10': {
    zh: '风速高度差检验 70 m / 10 m',
    en: 'Wind speed height-difference test 70 m / 10 m',
  },
  'qcRule.ws_diff_100_70': {
    zh: '风速高度差检验 100 m / 70 m',
    en: 'Wind speed height-difference test 100 m / 70 m',
  },
  'qcRule.ws_diff_100_50': {
    zh: '风速高度差检验 100 m / 50 m',
    en: 'Wind speed height-difference test 100 m / 50 m',
  },
  'qcRule.ws_diff_100_30': {
    zh: '风速高度差检验 100 m / 30 m',
    en: 'Wind speed height-difference test 100 m / 30 m',
  },
  'qcRule.wd_diff_50_30': {
    zh: '风向高度差检验 50 m / 30 m',
    en: 'Wind direction height-difference test 50 m / 30 m',
  },
  'qcRule.ws_missing_days': { zh: '风速数据缺失天数', en: 'Days with wind speed data missing' },
  'qcRule.no_data_3_days': { zh: '连续 3 天无数据', en: 'No data for 3 days in a row' },
  'qcRule.lidar_filter': { zh: '激光雷达数据过滤', en: 'Lidar data filter' },
  'qcRule.sodar_filter': { zh: '声雷达数据过滤', en: 'Sodar data filter' },
  'reportTemplate.weekly_standard': { zh: '标准周报', en: 'Standard weekly report' },
  'reportTemplate.weekly_brief': { zh: '简要周报', en: 'Brief weekly report' },
  'reportTemplate.monthly_standard': { zh: '标准月报', en: 'Standard monthly report' },
  'reportTemplate.monthly_brief': { zh: '简要月报', en: 'Brief monthly report' },
  'reportTemplate.analysis_gbt18710': {
    zh: '测风数据分析报告（GB/T 18710）',
    en: 'Wind measurement analysis report (GB/T 18710)',
  },
  'reportTemplate.analysis_completeness': { zh: '数据完整性报告', en: 'Data completeness report' },
  // Issue 41: the roles MastHub creates (the administrator's on every first start, the demo's with the demo
  // data) with their descriptions, the channel configurations the seed writes, the built-in administrator.
  'role.admin': { zh: '系统管理员', en: 'System administrator' },
  'roleDescription.admin': {
    zh: '全部功能与全部站点（含新增站点）',
    en: 'Every function and every site (new sites included)',
  },
  'role.windEngineer': { zh: '风资源工程师', en: 'Wind resource engineer' },
  'roleDescription.windEngineer': {
    zh: '分析测风数据、运行数据处理、编制报告',
    en: 'Analyses wind data, runs data processing, writes reports',
  },
  'role.dataAdmin': { zh: '数据管理员', en: 'Data administrator' },
  'roleDescription.dataAdmin': {
    zh: '维护测风站台账、数据接入与规则',
    en: 'Keeps the site register, data intake and rules',
  },
  'role.operations': { zh: '运维人员', en: 'Operations staff' },
  'roleDescription.operations': { zh: '处理告警与维修', en: 'Handles alarms and repairs' },
  'role.guest': { zh: '访客', en: 'Guest' },
  'roleDescription.guest': { zh: '只读查看指定站点', en: 'Views the sites given to them, read only' },
  'channelConfig.initial': { zh: '初始配置', en: 'Initial configuration' },
  'channelConfig.anemometersReplaced': { zh: '更换风速计', en: 'Anemometers replaced' },
  'channelConfig.sensorMovedIn': { zh: '传感器调入', en: 'Sensor moved in' },
  'user.admin': { zh: '系统管理员', en: 'System administrator' },
} as const satisfies Record<string, TLocalized>;
export type TBuiltinKey = keyof typeof BUILTIN_NAMES;

/** The name of a row in the reader's language: its built-in name when it has a key, else as written. */
export function displayName(name: string, builtinKey: string | null | undefined, language: Language): string {
  const builtin = builtinKey ? (BUILTIN_NAMES as Record<string, TLocalized>)[builtinKey] : undefined;
  return builtin ? builtin[language] : name;
}

/** The built-in key of a role's description: `role.admin` → `roleDescription.admin`. */
export function roleDescriptionKey(builtinKey: string | null | undefined): string | null {
  return builtinKey?.startsWith('role.') ? `roleDescription.${builtinKey.slice('role.'.length)}` : null;
}

/**
 * What a save stores for a row that may carry a built-in key: saved under its built-in name in either
 * language (the form shows it in the user's), it stays built-in with its stored name; renamed, it is the
 * user's, with the name as written and no key.
 */
export function nameToStore(
  before: { name: string; builtinKey: string | null } | undefined,
  submitted: string,
): { name: string; builtinKey: string | null } {
  const builtin = before?.builtinKey
    ? (BUILTIN_NAMES as Record<string, TLocalized>)[before.builtinKey]
    : undefined;
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (before && builtin && [before.name, builtin.zh, builtin.en].some((name) => same(name, submitted))) {
    return { name: before.name, builtinKey: before.builtinKey };
  }
  return { name: submitted, builtinKey: null };
}

/**
 * The name of a person as written for the reader. The built-in administrator is created as 系统管理员; that
 * stored name — on the user and in every copy of it a record keeps (who changed a rule, who did something in
 * the station log) — is the well-known key of the built-in name and reads in the reader's language. Any other
 * name, and the administrator's once renamed, is shown as typed.
 */
export function displayPersonName(name: string, language: Language): string;
export function displayPersonName(name: string | null, language: Language): string | null;
export function displayPersonName(name: string | null, language: Language): string | null {
  return name === BUILTIN_NAMES['user.admin'].zh ? BUILTIN_NAMES['user.admin'][language] : name;
}

/** The name to store when a person's name is saved: the built-in administrator's, shown in either language, stays the key. */
export function personNameToStore(stored: string | null | undefined, submitted: string): string {
  const admin = BUILTIN_NAMES['user.admin'];
  const same = (a: string) => a.toLowerCase() === submitted.trim().toLowerCase();
  return stored === admin.zh && (same(admin.zh) || same(admin.en)) ? stored : submitted;
}

/** The built-in key whose Chinese name a copy of a name equals (`prefix`: `role.`), for records that keep names. */
function builtinKeyOfCopy(name: string, prefix: string): string | null {
  for (const [key, names] of Object.entries<TLocalized>(BUILTIN_NAMES)) {
    if (key.startsWith(prefix) && names.zh === name) return key;
  }
  return null;
}

/**
 * A role's name for the reader. A role row says by its key (`builtinKey`: a key, or null for a role a user
 * named); a copy of a role's name a record keeps (the login log) has no key (`undefined`) and reads by the
 * built-in name it equals.
 */
export function displayRoleName(
  name: string | null,
  builtinKey: string | null | undefined,
  language: Language,
): string | null {
  if (name === null) return null;
  const key = builtinKey === undefined ? builtinKeyOfCopy(name, 'role.') : builtinKey;
  return displayName(name, key, language);
}

/** A role's description for the reader: a built-in role's by its key, any other as written. */
export function displayRoleDescription(
  description: string,
  builtinKey: string | null | undefined,
  language: Language,
): string {
  return displayName(description, roleDescriptionKey(builtinKey), language);
}

/**
 * A label composed from a version's stored name (a long-term reference `原始数据 · Spd80mN`) as a text
 * parameter: with the original version's name in it, given in both languages, so it reads in the reader's.
 */
export function versionLabelParam(label: string): TTextParam {
  const en = displayVersionLabel(label, 'en');
  return en === label ? label : { zh: displayVersionLabel(label, 'zh'), en };
}

/** A row's name as a text parameter: a built-in name stays a key, so it reads in the reader's language. */
export function nameParam(name: string, builtinKey: string | null | undefined): TTextParam {
  return builtinKey && builtinKey in BUILTIN_NAMES ? { key: `builtin.${builtinKey}` } : name;
}

/** The built-in keys whose name in either language contains `search` (name filters match both). */
export function builtinKeysMatching(search: string, prefix: string): string[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [];
  return Object.entries<TLocalized>(BUILTIN_NAMES)
    .filter(
      ([key, names]) =>
        key.startsWith(prefix) &&
        (names.zh.toLowerCase().includes(needle) || names.en.toLowerCase().includes(needle)),
    )
    .map(([key]) => key);
}

const PHRASES = {
  // Small pieces other texts put in their parameters.
  'part.paren': { zh: '（{value}）', en: ' ({value})' },
  'part.none': { zh: '（无）', en: '(none)' },
  'part.qcRule': { zh: '质控规则', en: 'quality-control rule' },
  'part.warnRule': { zh: '告警规则', en: 'warning rule' },
  'part.utcSpan': { zh: '，{from} – {to} UTC', en: ', {from} – {to} UTC' },
  // A value given in both languages (a reason localised by its own table; older messages written in both).
  'part.localized': { zh: '{value}', en: '{value}' },

  // The station log (SPEC §3): what a change did, one text per kind of change.
  'stationLog.site': { zh: '站点 {code}（{name}）', en: 'Site {code} ({name})' },
  'stationLog.siteEdited': { zh: '站点 {code}（{name}）：{fields}', en: 'Site {code} ({name}): {fields}' },
  'stationLog.siteTags': {
    zh: '站点 {code}（{name}）：标签 {tags}',
    en: 'Site {code} ({name}): tags {tags}',
  },
  'stationLog.versionCreated': {
    zh: '站点 {code} {name}：新建数据版本“{version}”（复制自“{source}”）',
    en: 'Site {code} {name}: new data version “{version}” (copied from “{source}”)',
  },
  'stationLog.versionRenamed': {
    zh: '站点 {code} {name}：数据版本“{before}”改名为“{after}”',
    en: 'Site {code} {name}: data version “{before}” renamed to “{after}”',
  },
  'stationLog.versionDeleted': {
    zh: '站点 {code} {name}：删除数据版本“{version}”（任务 #{taskId}）',
    en: 'Site {code} {name}: data version “{version}” deleted (task #{taskId})',
  },
  'stationLog.taskDone': {
    zh: '数据版本“{version}”：{kind}（任务 #{taskId}）',
    en: 'Data version “{version}”: {kind} (task #{taskId})',
  },
  'stationLog.receiptDone': {
    zh: '文件“{file}”的数据回执：{findings} 项发现，其中错误 {errors} 项、警告 {warnings} 项',
    en: 'Data receipt of “{file}”: {findings} {findings|finding|findings}, {errors} {errors|error|errors} and {warnings} {warnings|warning|warnings} among them',
  },
  'stationLog.receiptDismissed': {
    zh: '数据回执的发现“{check}”（{channels}，{from} 至 {to}）已忽略：{reason}',
    en: 'Data receipt finding “{check}” ({channels}, {from} to {to}) dismissed: {reason}',
  },
  'stationLog.receiptFixQueued': {
    zh: '数据回执的发现“{check}”：在数据版本“{version}”上应用建议的修正（任务 #{taskId}）',
    en: 'Data receipt finding “{check}”: the suggested fix applied on data version “{version}” (task #{taskId})',
  },
  'stationLog.scaledVersion': {
    zh: '中尺度订正：由“{dataset}”生成数据版本“{name}”（{method}）',
    en: 'Mesoscale scaling: data version “{name}” generated from “{dataset}” ({method})',
  },
  'stationLog.longTermVersion': {
    zh: '长期订正：以“{reference}”为参考生成数据版本“{name}”（{method}）',
    en: 'Long-term correction: data version “{name}” generated against “{reference}” ({method})',
  },
  'stationLog.longTermDefaultSet': {
    zh: '长期订正默认参考：以“{reference}”为参考（{method}）跟踪收敛',
    en: 'Long-term default reference: convergence tracked against “{reference}” ({method})',
  },
  'stationLog.longTermDefaultRemoved': {
    zh: '长期订正默认参考已移除',
    en: 'Long-term default reference removed',
  },
  'stationLog.fileStored': {
    zh: '数据文件“{file}”入库 {count} 个值{span}',
    en: 'Data file “{file}” stored: {count} {count|value|values}{span}',
  },
  'stationLog.repairRequested': {
    zh: '维修申请 #{id}：{reason}（收件 {recipients}）',
    en: 'Repair request #{id}: {reason} (sent to {recipients})',
  },
  'stationLog.repairRecorded': { zh: '维修记录 #{id}：{faultType}', en: 'Repair record #{id}: {faultType}' },
  'stationLog.repairClosed': {
    zh: '维修记录 #{id} 完成：{result}（{staff}）',
    en: 'Repair record #{id} completed: {result} ({staff})',
  },
  'stationLog.alarmsHandled': { zh: '告警 {ids}：{mode}{reason}', en: 'Alarms {ids}: {mode}{reason}' },
  'stationLog.channelConfigAdded': {
    zh: '站点 {code}：新增通道配置“{name}”（生效时间 {from}，{count} 个通道）',
    en: 'Site {code}: channel configuration “{name}” added (effective {from}, {count} {count|channel|channels})',
  },
  'stationLog.sensorMovedOut': {
    zh: '站点 {code}：传感器 {sensor} 自 {from} 起移至站点 {target}（新通道配置“{name}”）',
    en: 'Site {code}: sensor {sensor} moved to site {target} from {from} (new channel configuration “{name}”)',
  },
  'stationLog.sensorMovedIn': {
    zh: '站点 {code}：传感器 {sensor} 自 {from} 起由站点 {source} 移入，安装高度 {height} m（通道配置“{name}”）',
    en: 'Site {code}: sensor {sensor} moved in from site {source} from {from}, mounted at {height} m (channel configuration “{name}”)',
  },
  'stationLog.channelConfigEdited': {
    zh: '站点 {code}：修改通道配置“{name}”（生效时间 {from}，{count} 个通道）',
    en: 'Site {code}: channel configuration “{name}” changed (effective {from}, {count} {count|channel|channels})',
  },
  'stationLog.channelConfigDeleted': {
    zh: '站点 {code}：删除通道配置“{name}”（生效时间 {from}）',
    en: 'Site {code}: channel configuration “{name}” deleted (effective {from})',
  },
  'stationLog.iea43Imported': {
    zh: '站点 {code}：导入 IEA Task 43 数据模型，新增 {count} 个通道配置，记录 {loggers} 台采集器、{sensors} 个传感器和 {calibrations} 条校准；{metadata} 个测点或数据列仅作元数据保留；站点字段：{site}',
    en: 'Site {code}: IEA Task 43 data model imported, {count} channel {count|configuration|configurations} added, {loggers} {loggers|logger|loggers}, {sensors} {sensors|sensor|sensors} and {calibrations} {calibrations|calibration|calibrations} recorded; {metadata} {metadata|point or column|points or columns} kept as metadata only; site fields: {site}',
  },
  'stationLog.iea43SiteField': { zh: '{field} {from} → {to}', en: '{field} {from} → {to}' },
  'stationLog.iea43SiteUnchanged': { zh: '未修改', en: 'unchanged' },
  'iea43.dateConvention': {
    zh: '不带时区的日期按当时在用采集器的 UTC 偏移（offset_from_utc_hrs：{offsets}）读取为 UTC 时刻，导出时按同一偏移写回不带时区的本地时间；带时区的日期按其时区读取',
    en: 'Dates without a time zone were read in the UTC offset of the logger in force (offset_from_utc_hrs: {offsets}) and are written back the same way, as local times without a zone; dates with a zone were read as given',
  },
  'stationLog.passwordRecordAdded': {
    zh: '站点 {code}：新增{kind}密码记录{target}',
    en: 'Site {code}: password record added for {kind}{target}',
  },
  'stationLog.passwordRecordDeleted': {
    zh: '站点 {code}：删除{kind}密码记录{target}',
    en: 'Site {code}: password record deleted for {kind}{target}',
  },
  'stationLog.attachmentUploaded': {
    zh: '站点 {code}：上传附件“{file}”',
    en: 'Site {code}: attachment “{file}” uploaded',
  },
  'stationLog.attachmentDeleted': {
    zh: '站点 {code}：删除附件“{file}”',
    en: 'Site {code}: attachment “{file}” deleted',
  },
  'stationLog.ruleAdded': {
    zh: '站点 {code}：新增{ruleType}“{name}”',
    en: 'Site {code}: {ruleType} “{name}” added',
  },
  'stationLog.ruleEdited': {
    zh: '站点 {code}：修改{ruleType}“{name}”',
    en: 'Site {code}: {ruleType} “{name}” changed',
  },
  'stationLog.ruleDeleted': {
    zh: '站点 {code}：删除{ruleType}“{name}”',
    en: 'Site {code}: {ruleType} “{name}” deleted',
  },
  'stationLog.ruleLeftSite': {
    zh: '站点 {code}：{ruleType}“{name}”不再仅适用于本站',
    en: 'Site {code}: {ruleType} “{name}” no longer applies to this site only',
  },

  // Alarm contents (SPEC §3 alarm record), shown in the alarm list and in the pushed alarm.
  'alarm.abnormal': {
    zh: '通道 {channel}：一天中 {percent}% 的数据被质控标记（{rules}）',
    en: 'Channel {channel}: {percent}% of a day’s values flagged by quality control ({rules})',
  },
  'alarm.noData': { zh: '连续 {days} 天无数据{rule}', en: 'No data for {days} {days|day|days}{rule}' },
  'alarm.rule': { zh: '（规则“{name}”）', en: ' (rule “{name}”)' },
  'alarm.icing': { zh: '传感器覆冰：{channels}', en: 'Sensors iced: {channels}' },

  // Pushed and listed messages (SPEC §3 message, §4).
  'message.alarmDataMissing': { zh: '站点 {code} 数据缺失', en: 'Site {code}: data missing' },
  'message.alarmDataAbnormal': { zh: '站点 {code} 数据异常', en: 'Site {code}: data abnormal' },
  'message.alarmIcingBegan': { zh: '站点 {code} 传感器开始覆冰', en: 'Site {code}: sensors icing up' },
  'message.alarmIcingEnded': { zh: '站点 {code} 传感器覆冰结束', en: 'Site {code}: sensor icing ended' },
  'message.longTermShift': {
    zh: '站点 {code} 长期平均风速估计变化 {percent}%',
    en: 'Site {code}: long-term mean speed estimate moved by {percent} %',
  },
  'message.longTermShiftDetail': {
    zh: '加入第 {months} 个月（{month}）后，长期平均风速估计由 {previous} m/s 变为 {latest} m/s，变化超过 1%（参考：{reference}）',
    en: 'With month {months} ({month}) the long-term mean speed estimate went from {previous} m/s to {latest} m/s, a change of more than 1 % (reference: {reference})',
  },
  'message.fileHeld': {
    zh: '站点 {code}：文件“{file}”待确认，数据暂未入库',
    en: 'Site {code}: the file “{file}” is held for your confirmation; no data was stored',
  },
  'message.fileHeldDetail': {
    zh: '{reason}。请在站点的原始文件列表中打开该文件的预览，确认识别结果后入库；确认后，同一格式的后续文件将自动按此入库。',
    en: '{reason}. Open the file’s preview from the site’s raw files, confirm what was recognised and it is stored; later files of the same layout are then stored the same way.',
  },
  'message.receiptFindings': {
    zh: '站点 {code}：文件“{file}”的数据回执有 {count} 项待处理的发现',
    en: 'Site {code}: the data receipt of “{file}” has {count} open {count|finding|findings}',
  },
  'message.receiptFindingsDetail': {
    zh: '错误 {errors} 项、警告 {warnings} 项：{checks}。请在站点的数据回执中查看证据并应用或忽略建议的修正。',
    en: '{errors} {errors|error|errors} and {warnings} {warnings|warning|warnings}: {checks}. Open the site’s data receipts to see the evidence and apply or dismiss the suggested fixes.',
  },
  'message.secondFactorLocked': {
    zh: '两步验证已锁定 {minutes} 分钟',
    en: 'Two-factor login locked for {minutes} {minutes|minute|minutes}',
  },
  'message.secondFactorLockedDetail': {
    zh: '有人输入正确的密码后连续 {failures} 次输错了验证码，验证码登录已锁定 {minutes} 分钟。如果不是您本人，请立即修改密码。锁定期间仍可用恢复码登录，管理员也可以解锁。',
    en: 'Someone entered your password and then {failures} wrong codes in a row, so logging in with a code is locked for {minutes} {minutes|minute|minutes}. If this was not you, change your password now. A recovery code still logs you in, and an administrator can unlock it.',
  },
  'message.repairRequested': { zh: '站点 {code} 已申请维修', en: 'Site {code}: repair requested' },
  'message.repairReason': { zh: '{user}：{reason}', en: '{user}: {reason}' },
  'message.taskSucceeded': { zh: '{kind}已完成（任务 #{taskId}）', en: '{kind} finished (task #{taskId})' },
  'message.taskFailed': { zh: '{kind}失败（任务 #{taskId}）', en: '{kind} failed (task #{taskId})' },
  'message.applySubmitted': {
    zh: '{user} 提交了下载申请（{count} 个站点），请审批',
    en: '{user} applied to download the data of {count} {count|site|sites}; please review',
  },
  'message.applyRevoked': {
    zh: '下载申请 #{id} 的下载链接已被 {user} 撤销',
    en: 'The download link of application #{id} was revoked by {user}',
  },
  'message.applyApproved': {
    zh: '下载申请 #{id} 已通过，数据文件正在准备',
    en: 'Download application #{id} was approved; the file is being prepared',
  },
  'message.applyRejected': {
    zh: '下载申请 #{id} 被驳回：{reason}',
    en: 'Download application #{id} was rejected: {reason}',
  },
  'message.applyReady': {
    zh: '下载申请 #{id} 的数据文件已就绪，可在“我的申请”或邮件链接中下载',
    en: 'The file of download application #{id} is ready: download it from My applications or the e-mailed link',
  },
  'message.applyFailed': {
    zh: '下载申请 #{id} 的数据导出失败：{reason}',
    en: 'The export of download application #{id} failed: {reason}',
  },
  'message.applyFailedReviewer': {
    zh: '下载申请 #{id} 导出失败：{reason}',
    en: 'The export of application #{id} failed: {reason}',
  },
  'message.reportReady': { zh: '报告“{name}”（{period}）已生成', en: 'Report “{name}” ({period}) is ready' },
  'message.reportFailed': { zh: '报告“{name}”（{period}）生成失败', en: 'Report “{name}” ({period}) failed' },
  'message.analysisReportReady': {
    zh: '分析报告“{name}”（{code}）已生成',
    en: 'Analysis report “{name}” ({code}) is ready',
  },
  'message.analysisReportFailed': {
    zh: '分析报告“{name}”（{code}）生成失败',
    en: 'Analysis report “{name}” ({code}) failed',
  },
} as const satisfies Record<string, TLocalized>;

/** Every text the server stores by key, with the terms and built-in names they name. */
export const TEXTS = {
  ...PHRASES,
  ...prefixed('taskKind', TASK_KIND_NAMES),
  ...prefixed('receiptCheck', RECEIPT_CHECK_NAMES),
  ...prefixed('passwordRecordKind', PASSWORD_RECORD_KIND_NAMES as Record<TPasswordRecordKind, TLocalized>),
  ...prefixed('alarmHandleStatus', ALARM_HANDLE_STATUS_NAMES as Record<TAlarmHandleStatus, TLocalized>),
  ...prefixed('scalingMethod', SCALING_METHOD_NAMES as Record<TScalingMethodKey, TLocalized>),
  ...prefixed('stationField', STATION_FIELD_NAMES),
  ...prefixed('builtin', BUILTIN_NAMES),
};
export type TTextKey = keyof typeof TEXTS;

/** A text to store: the key is checked against the catalogue when it is written. */
export function text(key: TTextKey, params?: Record<string, TTextParam>): TText {
  return params === undefined ? { key } : { key, params };
}

const LIST_SEPARATORS: Record<Language, string> = { zh: '、', en: ', ' };

function isLocalized(value: object): value is TLocalized {
  return !('key' in value) && typeof (value as TLocalized).zh === 'string';
}

function renderParam(param: TTextParam, language: Language): string {
  if (typeof param === 'string' || typeof param === 'number') return String(param);
  if (Array.isArray(param)) {
    return (param as readonly TTextParam[])
      .map((p) => renderParam(p, language))
      .join(LIST_SEPARATORS[language]);
  }
  if (isLocalized(param as object)) return (param as TLocalized)[language];
  return renderText(param as TText, language);
}

/**
 * A stored text in the reader's language. A key this version does not know (written by a newer
 * version) is shown as the key rather than dropped.
 */
export function renderText(value: TText, language: Language): string {
  const entry = (TEXTS as Record<string, TLocalized>)[value.key];
  if (!entry) return value.key;
  const params: Record<string, string> = {};
  for (const [name, param] of Object.entries(value.params ?? {})) params[name] = renderParam(param, language);
  return interpolate(entry[language], params);
}

/** Whether a stored JSON value is a text (`{ key: string, params?: object }`). */
export function isText(value: unknown): value is TText {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['key'] === 'string' &&
    (record['params'] === undefined ||
      (typeof record['params'] === 'object' && record['params'] !== null && !Array.isArray(record['params'])))
  );
}
