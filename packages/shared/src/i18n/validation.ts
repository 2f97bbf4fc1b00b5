import { AppError, type TFieldError } from '../errors.ts';
import { ERROR_MESSAGES } from './errors.ts';
import type { TLocalized } from './language.ts';

/**
 * Validation messages shared by the server (field errors in the envelope) and the web forms.
 * Zod schemas carry the key as their message; both sides translate it here (SPEC §5).
 */
export const VALIDATION_MESSAGES = {
  required: { zh: '此项为必填项', en: 'This field is required' },
  invalidType: { zh: '格式不正确', en: 'Invalid value' },
  maxLength: { zh: '输入内容不能超过 {length} 个字符', en: 'The input must not exceed {length} characters' },
  minLength: { zh: '输入内容不能少于 {length} 个字符', en: 'The input must be at least {length} characters' },
  number: { zh: '请输入有效的数字', en: 'Please enter a valid number' },
  notRegistered: {
    zh: '系统中没有登记此名称，请先登记',
    en: 'No such name is registered; register it first',
  },
  account: {
    zh: '账号为 4–20 位，须同时包含数字、字母和特殊字符',
    en: 'The account must be 4–20 characters mixing digits, letters and special characters',
  },
  password: {
    zh: '密码为 8–20 位，须同时包含大写字母、小写字母、数字和特殊字符',
    en: 'The password must be 8–20 characters mixing upper and lower case letters, digits and special characters',
  },
  passwordRequired: { zh: '请输入密码', en: 'Please enter the password' },
  accountRequired: { zh: '请输入账号', en: 'Please enter the account' },
  oldPasswordRequired: { zh: '请输入原密码', en: 'Please enter the old password' },
  newPasswordRequired: { zh: '请输入新密码', en: 'Please enter the new password' },
  confirmPasswordRequired: { zh: '请再次输入新密码', en: 'Please confirm the new password' },
  passwordSameAsOld: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  passwordMismatch: { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  secondFactorCodeRequired: { zh: '请输入验证码', en: 'Please enter the code' },
  secondFactorCode: {
    zh: '请输入验证器中的 6 位数字，或一个恢复码（如 ABCD-EFGH-JKLM-NPQR）',
    en: 'Enter the 6 digits of your authenticator app, or a recovery code (like ABCD-EFGH-JKLM-NPQR)',
  },
  secondFactorTotp: { zh: '请输入验证器中的 6 位数字', en: 'Enter the 6 digits of your authenticator app' },
  enrolmentCodeRequired: {
    zh: '请输入管理员提供的开通码',
    en: 'Please enter the enrolment code from your administrator',
  },
  enrolmentCode: {
    zh: '开通码形如 ABCD-EFGH-JKLM-NPQR',
    en: 'An enrolment code looks like ABCD-EFGH-JKLM-NPQR',
  },
  email: { zh: '邮箱格式不正确', en: 'Invalid e-mail format' },
  phone: { zh: '电话号码格式不正确', en: 'Invalid phone number format' },
  longitude: { zh: '经度范围为 [-180, 180]', en: 'Longitude must be within [-180, 180]' },
  latitude: { zh: '纬度范围为 [-90, 90]', en: 'Latitude must be within [-90, 90]' },
  correctionAngle: {
    zh: '修正角度范围为 [-15, 15]',
    en: 'The correction angle is within the range of [-15, 15]',
  },
  startAfterEnd: { zh: '开始时间不能晚于结束时间', en: 'The start time must not be later than the end time' },
  unknownField: { zh: '不支持的字段', en: 'Unknown field' },
  nulCharacter: {
    zh: '不能包含空字符（NUL，\\u0000）',
    en: 'Must not contain the NUL character (\\u0000)',
  },
  tooLarge: { zh: '不能大于 {maximum}', en: 'Must not be greater than {maximum}' },
  tooSmall: { zh: '不能小于 {minimum}', en: 'Must not be less than {minimum}' },
  oneOf: { zh: '请选择有效的选项', en: 'Please choose a valid option' },
  iea43Unit: {
    zh: '不在 IEA Task 43 的单位列表中，可选：{allowed}',
    en: 'Not in the IEA Task 43 list of units; one of: {allowed}',
  },
  iea43MeasurementType: {
    zh: '不在 IEA Task 43 的测量类型列表中，可选：{allowed}',
    en: 'Not in the IEA Task 43 list of measurement types; one of: {allowed}',
  },
  heightBelowGround: {
    zh: '高度基准为地面时高度不能小于 0（水下测点请选择海平面等基准）',
    en: 'Must not be below 0 above ground level (a point under water takes a sea-level reference)',
  },
  positive: { zh: '必须大于 0', en: 'Must be greater than 0' },
  minAboveMax: { zh: '最小值不能大于最大值', en: 'The minimum must not be above the maximum' },
  heightMinAboveMax: {
    zh: '最小高度不能大于最大高度',
    en: 'The minimum height must not be above the maximum height',
  },
  userNameRequired: { zh: '请输入用户名', en: 'Please enter the user name' },
  roleRequired: { zh: '请选择角色', en: 'Please choose a role' },
  companyRequired: { zh: '请选择公司', en: 'Please choose a company' },
  companyNameRequired: { zh: '请输入公司名称', en: 'Please enter the company name' },
  groupNameRequired: { zh: '请输入部门名称', en: 'Please enter the department name' },
  roleNameRequired: { zh: '请输入角色名称', en: 'Please enter the role name' },
  userRequired: { zh: '请选择用户', en: 'Please choose a user' },
  stationsRequired: { zh: '请至少选择一个站点', en: 'Please choose at least one site' },
  transferToSameUser: {
    zh: '不能移交给原用户本人',
    en: 'Choose a user other than the current owner',
  },
  accountTaken: { zh: '账号已存在', en: 'The account is already in use' },
  nameTaken: { zh: '名称已存在', en: 'The name already exists' },
  // Site register (issue 4, part A).
  stationCode: {
    zh: '站点编号须为 1–6 位数字（不足 6 位自动补零）',
    en: 'The site code must be 1–6 digits (shorter codes are zero-padded)',
  },
  stationCodeRequired: { zh: '请输入站点编号', en: 'Please enter the site code' },
  stationCodeTaken: { zh: '站点编号已存在', en: 'The site code is already in use' },
  projectNameRequired: { zh: '请输入项目名称', en: 'Please enter the project name' },
  stationTypeRequired: { zh: '请选择站点类型', en: 'Please choose the site type' },
  tooManyTags: {
    zh: '每个站点最多可添加 {length} 个标签',
    en: 'A site can have at most {length} tags',
  },
  tagDisabled: { zh: '该标签已停用', en: 'This tag is disabled' },
  unknownOption: { zh: '所选项不存在或已被删除', en: 'The chosen item does not exist or has been deleted' },
  channelNotInVersion: {
    zh: '所选通道不属于该数据版本',
    en: 'The chosen channel does not belong to this data version',
  },
  dateRange: {
    zh: '请选择有效的日期范围（开始日期不晚于结束日期）',
    en: 'Choose a valid date range (start not later than end)',
  },
  sim: { zh: 'SIM 卡号须为 11–20 位数字', en: 'The SIM number must be 11–20 digits' },
  measurementHeights: {
    zh: '测量高度须为 0–1000 m 的数字，以逗号或空格分隔，最多 60 个',
    en: 'Measurement heights must be numbers from 0 to 1000 m separated by commas or spaces, at most 60',
  },
  tooManyEmails: { zh: '最多可填写 {length} 个邮箱', en: 'At most {length} e-mail addresses' },
  fixedColumnsMax: { zh: '固定列最多 {length} 列', en: 'At most {length} columns can be fixed' },
  ownerNameRequired: { zh: '请输入业主名称', en: 'Please enter the owner name' },
  deviceTypeRequired: { zh: '请输入设备类型', en: 'Please enter the device type' },
  supplierNameRequired: { zh: '请输入厂家名称', en: 'Please enter the supplier name' },
  tagNameRequired: { zh: '请输入标签名称', en: 'Please enter the tag name' },
  color: { zh: '颜色格式应为 #RRGGBB', en: 'The colour must look like #RRGGBB' },
  configKey: { zh: '配置项名称格式不正确', en: 'Invalid configuration key' },
  // Site assets (issue 4, part B).
  duplicate: { zh: '与其他项重复', en: 'Duplicates another entry' },
  moveToSameSite: {
    zh: '目标站点不能是传感器所在的站点',
    en: 'The target site must differ from the sensor’s site',
  },
  // Data sources and file-match rules (issue 5, part C).
  dataSourceNameRequired: { zh: '请输入数据源名称', en: 'Please enter the data source name' },
  hostRequired: { zh: '请输入服务器地址', en: 'Please enter the server address' },
  host: { zh: '服务器地址格式不正确', en: 'Invalid server address' },
  port: { zh: '端口范围为 1–65535', en: 'The port must be within 1–65535' },
  usernameRequired: { zh: '请输入邮箱地址或用户名', en: 'Please enter the e-mail address or user name' },
  dataSourcePasswordRequired: {
    zh: '请输入密码或授权码',
    en: 'Please enter the password or authorisation code',
  },
  dataSourcePasswordReenter: {
    zh: '服务器、端口、协议、加密方式或账号已更改，请重新输入密码或授权码',
    en: 'The server, port, protocol, encryption or account has changed: please enter the password or authorisation code again',
  },
  protocolMismatch: { zh: '协议与数据获取方式不一致', en: 'The protocol does not fit the fetch type' },
  cron: { zh: '定时表达式无效', en: 'Invalid cron expression' },
  ruleNameRequired: { zh: '请输入规则名称', en: 'Please enter the rule name' },
  noWhitespace: { zh: '不能包含空字符', en: 'Must not contain empty characters (whitespace)' },
  folderOrInboxRequired: {
    zh: '文件夹和收件箱不能同时为空',
    en: 'Folder and inbox cannot both be empty',
  },
  stationRequired: { zh: '请选择站点', en: 'Please choose a site' },
  regex: { zh: '正则表达式无效', en: 'Invalid regular expression' },
  fileTypeSuffix: {
    zh: '文件类型后缀须为 1–10 位字母或数字',
    en: 'A file type suffix is 1–10 letters or digits',
  },
  // Repairs, contacts and reminders (issue 14).
  contactNameRequired: { zh: '请输入联系人姓名', en: 'Please enter the contact name' },
  emailRequired: { zh: '请输入邮箱', en: 'Please enter the e-mail address' },
  repairReasonRequired: { zh: '请输入维修原因', en: 'Please enter the reason for the repair' },
  senderRequired: { zh: '请选择发件邮箱', en: 'Please choose the sender e-mail' },
  faultTypeRequired: { zh: '请输入故障类型', en: 'Please enter the fault type' },
  maintainResultRequired: { zh: '请输入维修结果', en: 'Please enter the maintenance result' },
  maintainStaffRequired: { zh: '请输入维修人员', en: 'Please enter who did the maintenance' },
  sendTime: { zh: '发送时间格式应为 HH:mm', en: 'The send time must look like HH:mm' },
  smtpPasswordRequired: {
    zh: '请输入发件服务器（SMTP）的密码或授权码',
    en: 'Please enter the password or authorisation code of the sending (SMTP) server',
  },
  smtpPasswordReenter: {
    zh: '发件服务器、端口、加密方式或账号已更改，请重新输入 SMTP 密码或授权码',
    en: 'The SMTP server, port, security or account has changed: please enter the SMTP password again',
  },
  // Group reports (issue 15).
  groupReportNameRequired: { zh: '请输入报告组名称', en: 'Please enter the group name' },
  effectiveDateRequired: { zh: '请选择有效期', en: 'Please choose the effective dates' },
  reportTypeRequired: { zh: '请选择报告类型', en: 'Please choose the report type' },
  templateRequired: { zh: '请选择报告模板', en: 'Please choose the report template' },
  receiverRequired: { zh: '请输入收件人邮箱', en: 'Please enter the receivers' },
  // Data and analysis reports (issue 15, SPEC §5 wind report rules).
  integer: { zh: '请输入整数', en: 'Please enter a whole number' },
  year: { zh: '请输入 1900–2100 之间的年份', en: 'Please enter a year between 1900 and 2100' },
  reportNameRequired: { zh: '请输入报告名称', en: 'Please enter the report name' },
  reportSpeedsRange: { zh: '请选择 2–12 个风速', en: 'Choose 2 to 12 wind speeds' },
  reportDirectionRequired: { zh: '请至少选择一个风向', en: 'Choose at least one wind direction' },
  reportDirectionsMax: { zh: '最多选择 12 个风向', en: 'Choose at most 12 wind directions' },
  targetHeightRange: {
    zh: '目标风速高度须为大于 0 且不超过 500 的整数（米）',
    en: 'The target height must be a whole number of metres above 0 and at most 500',
  },
  sectorWidthRange: {
    zh: '扇区宽度须为大于 0 且不超过 180 的整数（度）',
    en: 'The sector width must be a whole number of degrees above 0 and at most 180',
  },
  sectorWidthDivides: {
    zh: '扇区宽度须能整除 360（如 30、45）',
    en: 'The sector width must divide 360 (e.g. 30 or 45)',
  },
  averagePeriodsMax: { zh: '多年平均时段最多 3 个', en: 'At most 3 multi-year average periods' },
  startYearBeforeEnd: { zh: '开始年份须早于结束年份', en: 'The start year must be before the end year' },
  windYearFull: {
    zh: '风年须为完整的一年（连续 12 个月）',
    en: 'The wind year must be a full year (12 consecutive months)',
  },
  shearHeightsMax: { zh: '风切变最多选择 2 个高度', en: 'Choose at most 2 heights for the shear' },
  shearTwoHeights: {
    zh: '风切变须选择 2 个不同高度的风速',
    en: 'Choose wind speeds at 2 different heights for the shear',
  },
  // Energy yield and wind source assessment (issue 16).
  versionNameRequired: { zh: '请输入版本名称', en: 'Please enter the version name' },
  coverageRange: { zh: '小时数据覆盖率须在 0.5–1 之间', en: 'The hourly coverage must be between 0.5 and 1' },
  mcpCoverageRange: {
    zh: '时段数据覆盖率须在 0.5–1 之间',
    en: 'The coverage a period needs must be between 0.5 and 1',
  },
  mcpLongTermPeriodsMax: { zh: '最多比较 3 个长期时段', en: 'At most 3 long-term periods side by side' },
  mcpMinSectorCountRange: {
    zh: '扇区最少时段数须为 2–10000 之间的整数',
    en: 'The sector minimum must be a whole number of periods between 2 and 10000',
  },
  mcpMethodsRequired: { zh: '请至少选择一种方法', en: 'Choose at least one method' },
  positiveNumber: { zh: '请输入有效的正数', en: 'Please enter a valid positive number' },
  densityRange: {
    zh: '空气密度须在 0.5–1.5 kg/m³ 之间',
    en: 'The air density must be between 0.5 and 1.5 kg/m³',
  },
  percentRange: { zh: '请输入 0–100 之间的百分数', en: 'Please enter a percentage between 0 and 100' },
  turbineModelRequired: { zh: '请输入风机型号', en: 'Please enter the turbine model' },
  curveTooShort: { zh: '功率曲线至少需要 2 个点', en: 'A power curve needs at least 2 points' },
  curveNotIncreasing: {
    zh: '功率曲线的风速须逐点递增',
    en: 'The power curve speeds must increase point by point',
  },
  turbinesRequired: { zh: '请至少选择一个风机型号', en: 'Choose at least one turbine' },
  turbinesMax: { zh: '最多同时比较 5 个风机型号', en: 'Compare at most 5 turbines at once' },
  windYearOutside: {
    zh: '风年须在报告时段之内',
    en: 'The wind year must lie within the report period',
  },
  reportIntervalMismatch: {
    zh: '所选风速和风向的记录间隔不一致，请选择同一间隔的通道',
    en: 'The chosen speeds and directions have different intervals; choose channels of one interval',
  },
  reportEndBeforeStart: {
    zh: '报告结束日期不能早于开始日期',
    en: 'The report end date must not be before the start date',
  },
  applyReasonRequired: { zh: '请输入申请原因', en: 'Please enter the reason for the application' },
  fileTypeRequired: { zh: '请选择文件类型', en: 'Please choose the file type' },
  timeScopeRequired: { zh: '请选择数据时间范围', en: 'Please choose the time scope of the data' },
  toAddrRequired: { zh: '请输入接收邮箱', en: 'Please enter the delivery e-mail address' },
  rejectCommentRequired: { zh: '驳回时请填写意见', en: 'Please give a comment when rejecting' },
  linkDaysRange: { zh: '链接有效期为 1–30 天', en: 'The link must be valid for 1 to 30 days' },
  // Site suitability (issue 29).
  hubHeightRange: {
    zh: '轮毂高度须为大于 0 且不超过 500 的整数（米）',
    en: 'The hub height must be a whole number of metres above 0 and at most 500',
  },
  checkRangeBounds: {
    zh: '判定风速区间须在 1–40 m/s 之间，且下限不大于上限',
    en: 'The check range must lie within 1–40 m/s with its lower end not above its upper end',
  },
  annualMaximumRange: {
    zh: '年最大风速须在 0–100 m/s 之间',
    en: 'An annual maximum must be between 0 and 100 m/s',
  },
  altitudeRange: { zh: '海拔须在 -500–9000 米之间', en: 'The altitude must be between -500 and 9000 m' },
  shearHeightsRange: {
    zh: '风切变须选择 2–8 个不同高度的风速',
    en: 'Choose wind speeds at 2 to 8 different heights for the shear',
  },
  suitabilityChannel: {
    zh: '所选通道不属于该数据版本，或不是所需的要素与统计量',
    en: 'The chosen channel is not of this version or not the element and statistic needed',
  },
  suitabilityInterval: {
    zh: '所选通道的记录间隔须与风速通道一致',
    en: 'The chosen channel must have the speed channel’s interval',
  },
  mommCoverageRange: {
    zh: '月均值平均（MOMM）的月覆盖率阈值须在 0–1 之间',
    en: 'The monthly coverage threshold of the MOMM must be between 0 and 1',
  },
  notLongTermVersion: {
    zh: '所选版本不是本场址的长期订正版本',
    en: 'The chosen version is not a long-term corrected version of this site',
  },
  // Lidar versus mast (issue 31).
  lidarPairs: {
    zh: '请选择 1–30 组高度配对，每组须有激光雷达与测风塔的风速通道，且通道不重复',
    en: 'Choose 1 to 30 height pairs, each with a lidar and a mast speed channel, no channel twice',
  },
  lidarChannel: {
    zh: '所选通道不属于该数据版本，或不是所需的风速/风向平均值',
    en: 'The chosen channel is not of this version or not the speed/direction average needed',
  },
  lidarInterval: {
    zh: '激光雷达与测风塔的通道须为相同的记录间隔',
    en: 'The lidar and mast channels must have the same recording interval',
  },
  lidarReferenceSpeed: {
    zh: '参考风速下限须在 0–20 m/s 之间',
    en: 'The lowest reference speed must be between 0 and 20 m/s',
  },
  accessTokenNameRequired: { zh: '请输入令牌名称', en: 'Please enter a name for the token' },
  accessTokenNameTooLong: {
    zh: '令牌名称不能超过 50 个字符',
    en: 'The token name must not exceed 50 characters',
  },
  accessTokenExpiry: {
    zh: '有效期须为 1–365 天（最长一年）',
    en: 'The validity must be 1–365 days (at most a year)',
  },
  webhookNameRequired: { zh: '请输入 Webhook 名称', en: 'Please enter a name for the webhook' },
  webhookNameTooLong: {
    zh: 'Webhook 名称不能超过 50 个字符',
    en: 'The webhook name must not exceed 50 characters',
  },
  webhookUrlRequired: { zh: '请输入接收地址', en: 'Please enter the receiving URL' },
  webhookUrl: {
    zh: '接收地址须为不含用户名和密码的 http(s) 地址，最长 2000 个字符',
    en: 'The receiving URL must be an http(s) address without user name or password, at most 2000 characters',
  },
  // A URL refused when saved reads as it would in the delivery log.
  webhookAddressRefused: ERROR_MESSAGES.WEBHOOK_ADDRESS_REFUSED,
  webhookHostUnresolved: ERROR_MESSAGES.WEBHOOK_DNS_FAILED,
  webhookEvents: { zh: '请至少选择一种事件', en: 'Choose at least one event' },
  accessTokenScopes: { zh: '请至少选择一项权限范围', en: 'Choose at least one scope' },
} satisfies Record<string, TLocalized>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** Prefix that marks a zod message as a key of VALIDATION_MESSAGES. */
export const VALIDATION_KEY_PREFIX = 'v.';

/** Builds the zod message for a validation key: `z.string().email(vmsg('email'))`. */
export function vmsg(key: ValidationMessageKey): { error: string } {
  return { error: VALIDATION_KEY_PREFIX + key };
}

/**
 * The zod `error` option of a required field: a missing value reads as `requiredKey`, a value of the
 * wrong type as 'invalidType'. `z.string(requiredError('accountRequired'))`.
 */
export function requiredError(requiredKey: ValidationMessageKey): {
  error: (issue: { input?: unknown }) => string;
} {
  return {
    error: (issue) =>
      VALIDATION_KEY_PREFIX +
      (issue.input === undefined || issue.input === null ? requiredKey : 'invalidType'),
  };
}

/**
 * One field's problem as a validation key for the envelope's `data.fields` (the server localises it):
 * the entry of a list of problems. `fieldIssue('regionCode', 'unknownOption')`.
 */
export function fieldIssue(
  field: string,
  key: ValidationMessageKey,
  params?: Record<string, unknown>,
): TFieldError {
  return { field, message: VALIDATION_KEY_PREFIX + key, ...(params ? { params } : {}) };
}

/**
 * The VALIDATION_FAILED error of one field, as a service throws it:
 * `throw fieldError('speedChannelId', 'suitabilityChannel')`.
 */
export function fieldError(
  field: string,
  key: ValidationMessageKey,
  params?: Record<string, unknown>,
): AppError {
  return new AppError('VALIDATION_FAILED', {}, [fieldIssue(field, key, params)]);
}
