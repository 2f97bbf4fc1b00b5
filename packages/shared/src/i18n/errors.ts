import type { ErrorCode } from '../errors.ts';
import { SITE_ASSET_ERROR_MESSAGES } from './errors-site-assets.ts';
import type { TLocalized } from './language.ts';

/**
 * The message of every error code in both languages (SPEC §8). `{param}` placeholders come from details;
 * `as const` lets AppError require them (TErrorDetails).
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: { zh: '请求参数有误', en: 'The request has invalid fields' },
  BAD_JSON: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  NOT_LOGGED_IN: { zh: '请先登录', en: 'Please log in first' },
  TOKEN_EXPIRED: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  LOGIN_FAILED: { zh: '账号或密码错误', en: 'Incorrect account or password' },
  LOGIN_RATE_LIMITED: {
    zh: '该账号正在被频繁尝试登录，请稍后再试，或在曾经登录过的浏览器上登录',
    en: 'Too many login attempts for this account are waiting; please try again shortly, or log in from a browser you have used before',
  },
  ACCOUNT_DISABLED: { zh: '账号已停用', en: 'This account is disabled' },
  OLD_PASSWORD_WRONG: { zh: '原密码不正确', en: 'The old password is incorrect' },
  PASSWORD_SAME_AS_OLD: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  SECOND_FACTOR_CODE_WRONG: {
    zh: '验证码或恢复码不正确',
    en: 'The code or recovery code is not right',
  },
  SECOND_FACTOR_CODE_USED: {
    zh: '该验证码已使用过，请等待验证器显示下一个验证码',
    en: 'This code has already been used; wait for the next code in your authenticator app',
  },
  SECOND_FACTOR_CHALLENGE_INVALID: {
    zh: '登录验证已过期，请重新输入账号和密码',
    en: 'This login step has expired; enter your account and password again',
  },
  SECOND_FACTOR_ALREADY_ENABLED: {
    zh: '两步验证已开启',
    en: 'Two-factor login is already on',
  },
  SECOND_FACTOR_NOT_SET_UP: {
    zh: '请先生成并扫描新的密钥',
    en: 'Create and scan a new key first',
  },
  SECOND_FACTOR_NOT_ENABLED: {
    zh: '两步验证未开启',
    en: 'Two-factor login is not on',
  },
  SECOND_FACTOR_REQUIRED_BY_ROLE: {
    zh: '您的角色要求两步验证，不能关闭',
    en: 'Your role requires two-factor login; it cannot be turned off',
  },
  SECOND_FACTOR_LOCKED: {
    zh: '验证码错误次数过多，两步验证已锁定 {minutes} 分钟；可使用恢复码登录，或请管理员解锁',
    en: 'Too many wrong codes: two-factor login is locked for {minutes} {minutes|minute|minutes}; log in with a recovery code, or ask an administrator to unlock it',
  },
  SECOND_FACTOR_NOT_LOCKED: {
    zh: '该用户的两步验证未被锁定',
    en: 'This user’s two-factor login is not locked',
  },
  SECOND_FACTOR_ENROLMENT_CODE_WRONG: {
    zh: '开通码不正确或已过期，请向管理员索取新的开通码',
    en: 'The enrolment code is not right or has expired; ask an administrator for a new one',
  },
  CANNOT_RESET_SELF: {
    zh: '不能在用户管理中重置自己的账号，请在个人中心修改密码或两步验证',
    en: 'You cannot reset your own account here; change your password or two-factor login in the personal centre',
  },
  FORBIDDEN: { zh: '无访问权限', en: 'No access permission' },
  NOT_FOUND: { zh: '数据不存在或已被删除', en: 'The record does not exist or has been deleted' },
  ROUTE_NOT_FOUND: { zh: '接口不存在：{method} {url}', en: 'No such API: {method} {url}' },
  CONFLICT: { zh: '操作冲突：{reason}', en: 'Conflict: {reason}' },
  PAYLOAD_TOO_LARGE: { zh: '请求内容过大', en: 'The request is too large' },
  FILE_UNREADABLE: { zh: '文件无法读取：{reason}', en: 'The file cannot be read: {reason}' },
  REQUEST_TIMEOUT: { zh: '请求超时，请稍后重试', en: 'Request timed out, please retry later' },
  INTERNAL: { zh: '服务器错误，请联系管理员', en: 'Server error, please contact the administrator' },
  ACCOUNT_TAKEN: { zh: '账号“{account}”已存在', en: 'The account “{account}” is already in use' },
  COMPANY_NAME_TAKEN: { zh: '公司名称“{name}”已存在', en: 'A company named “{name}” already exists' },
  GROUP_NAME_TAKEN: {
    zh: '该公司下已存在部门“{name}”',
    en: 'This company already has a department named “{name}”',
  },
  ROLE_NAME_TAKEN: { zh: '角色名称“{name}”已存在', en: 'A role named “{name}” already exists' },
  GROUP_NOT_IN_COMPANY: {
    zh: '所选部门不属于所选公司',
    en: 'The chosen department does not belong to the chosen company',
  },
  COMPANY_HAS_USERS: {
    zh: '该公司下还有 {count} 个用户，不能删除',
    en: 'This company still has {count} {count|user|users} and cannot be deleted',
  },
  COMPANY_HAS_GROUPS: {
    zh: '该公司下还有 {count} 个部门，请先删除部门',
    en: 'This company still has {count} {count|department|departments}; delete {count|it|them} first',
  },
  GROUP_HAS_USERS: {
    zh: '该部门下还有 {count} 个用户，不能删除',
    en: 'This department still has {count} {count|user|users} and cannot be deleted',
  },
  ROLE_HAS_USERS: {
    zh: '该角色已分配给 {count} 个用户，不能删除',
    en: 'This role is assigned to {count} {count|user|users} and cannot be deleted',
  },
  USER_OWNS_STATIONS: {
    zh: '该用户拥有 {count} 个站点，请先移交站点再删除',
    en: 'This user owns {count} {count|site|sites}; transfer {count|it|them} before deleting the user',
  },
  CANNOT_DELETE_SELF: { zh: '不能删除当前登录的用户', en: 'You cannot delete yourself' },
  BUILTIN_ADMIN_PROTECTED: {
    zh: '内置管理员不能删除，也不能取消其管理员角色',
    en: 'The built-in administrator cannot be deleted or lose the administrator role',
  },
  ADMIN_ROLE_PROTECTED: {
    zh: '管理员角色拥有全部权限，不能删除或修改其权限',
    en: 'The administrator role holds every permission; it cannot be deleted or have its rights changed',
  },
  GRANT_EXCEEDS_OWN: {
    zh: '不能授予自己没有的功能权限或站点',
    en: 'You cannot give features or sites that you do not hold yourself',
  },
  ACCESS_BY_ROLE_FIXED: {
    zh: '站点“{stationCode}”的权限来自角色，不能移交或移除；请修改角色的数据权限',
    en: 'Access to site “{stationCode}” comes from the role and can be neither transferred nor removed; change the role’s data permissions instead',
  },
  ACCESS_ASSIGNED_NOT_TRANSFERABLE: {
    zh: '站点“{stationCode}”是直接分配给该用户的，只能移除，不能移交',
    en: 'Site “{stationCode}” is assigned to this user directly; it can be removed but not transferred',
  },
  ACCESS_OWNER_NOT_REMOVABLE: {
    zh: '该用户是站点“{stationCode}”的所有者，所有权不能移除，只能移交',
    en: 'This user owns site “{stationCode}”; ownership cannot be removed, only transferred',
  },
  STATION_NOT_OWNED: {
    zh: '该用户不是站点“{stationCode}”的所有者，不能移交',
    en: 'This user does not own site “{stationCode}”, so it cannot be transferred',
  },
  STATION_NOT_ASSIGNED: {
    zh: '站点“{stationCode}”没有直接分配给该用户',
    en: 'Site “{stationCode}” is not assigned to this user directly',
  },
  STATION_CODE_TAKEN: {
    zh: '站点编号“{stationCode}”已存在',
    en: 'The site code “{stationCode}” is already in use',
  },
  STATION_TAG_LIMIT: {
    zh: '每个站点最多可添加 {max} 个标签',
    en: 'A site can have at most {max} tags',
  },
  OWNER_NAME_TAKEN: { zh: '业主“{name}”已存在', en: 'An owner named “{name}” already exists' },
  OWNER_IN_USE: {
    zh: '该业主关联了 {count} 个站点，不能删除',
    en: 'This owner is linked to {count} {count|site|sites} and cannot be deleted',
  },
  DEVICE_TYPE_NAME_TAKEN: {
    zh: '设备类型“{name}”已存在',
    en: 'A device type named “{name}” already exists',
  },
  MANUFACTURER_TAKEN: {
    zh: '该设备类型下已存在厂家“{name}”（型号“{model}”）',
    en: 'This device type already has the supplier “{name}” with model “{model}”',
  },
  DEVICE_TYPE_IN_USE: {
    zh: '该设备类型下的厂家被 {count} 个站点使用，不能删除',
    en: 'Manufacturers of this device type are used by {count} {count|site|sites}; it cannot be deleted',
  },
  MANUFACTURER_IN_USE: {
    zh: '该厂家被 {count} 个站点使用，不能删除',
    en: 'This manufacturer is used by {count} {count|site|sites} and cannot be deleted',
  },
  TAG_NAME_TAKEN: { zh: '标签“{name}”已存在', en: 'A tag named “{name}” already exists' },
  TAG_IN_USE: {
    zh: '该标签被 {count} 个站点使用，请先从站点移除或停用该标签',
    en: 'This tag is used by {count} {count|site|sites}; remove it from {count|that site|those sites} or disable it instead',
  },
  ATTACHMENT_TYPE_NOT_ALLOWED: {
    zh: '附件“{fileName}”的格式不支持，仅支持 .docx、.pdf、.xls、.xlsx 文件',
    en: 'The attachment “{fileName}” is not accepted: only .docx, .pdf, .xls and .xlsx files are',
  },
  FILE_REQUIRED: { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  ...SITE_ASSET_ERROR_MESSAGES,
  FILE_MATCH_RULE_NAME_TAKEN: {
    zh: '规则名称“{name}”已存在',
    en: 'A rule named “{name}” already exists',
  },
  FILE_MATCH_RULE_LAST_ONE: {
    zh: '至少保留一条规则，不能删除最后一条文件匹配规则',
    en: 'At least one rule must be kept; the last file-match rule cannot be deleted',
  },
  DATA_SOURCE_NAME_TAKEN: {
    zh: '数据源名称“{name}”已存在',
    en: 'A data source named “{name}” already exists',
  },
  DATA_SOURCE_IN_USE: {
    zh: '该数据源被 {count} 条文件匹配规则使用，请先修改或删除这些规则',
    en: 'This data source is used by {count} file-match {count|rule|rules}; change or delete {count|it|them} first',
  },
  DATA_SOURCE_ADDRESS_ERROR: {
    zh: '服务器地址错误：找不到服务器“{host}”，请检查服务器地址',
    en: 'Server address error: the server “{host}” cannot be found; check the server address',
  },
  DATA_SOURCE_UNREACHABLE: {
    zh: '服务器地址错误：无法连接 {host}:{port}（连接被拒绝或超时），请检查服务器地址和端口',
    en: 'Server address error: cannot connect to {host}:{port} (refused or timed out); check the address and port',
  },
  DATA_SOURCE_AUTH_FAILED: {
    zh: '登录 {host} 失败：用户名、密码或授权码错误',
    en: 'Login to {host} failed: wrong user name, password or authorisation code',
  },
  DATA_SOURCE_TLS_FAILED: {
    zh: '与 {host}:{port} 建立 SSL/TLS 安全连接失败，请检查 SSL 设置和端口',
    en: 'The SSL/TLS connection to {host}:{port} failed; check the SSL setting and the port',
  },
  DATA_SOURCE_FOLDER_NOT_FOUND: {
    zh: '服务器上不存在文件夹或收件箱“{folder}”',
    en: 'The folder or mailbox “{folder}” does not exist on the server',
  },
  DATA_SOURCE_FETCH_FAILED: {
    zh: '从数据源拉取数据失败：{reason}',
    en: 'Fetching from the data source failed: {reason}',
  },
  STATION_NO_DATA_SOURCE: {
    zh: '没有可用于该站点的数据源：请先配置指向该站点（或从文件名提取站点编号）的文件匹配规则',
    en: 'No data source serves this site: add a file-match rule that targets it (or reads the site code from the file name)',
  },
  PARSE_RULE_NAME_TAKEN: {
    zh: '解析规则名称“{name}”已存在',
    en: 'A parse rule named “{name}” already exists',
  },
  PARSE_RULE_IN_USE: {
    zh: '该解析规则被 {count} 个站点使用，不能删除',
    en: 'This parse rule is used by {count} {count|site|sites} and cannot be deleted',
  },
  UPLOAD_TYPE_NOT_ALLOWED: {
    zh: '不支持的文件类型“{fileName}”，允许：{allowed}',
    en: 'File type not allowed: “{fileName}”; allowed: {allowed}',
  },
  UPLOAD_SINGLE_FILE_ONLY: { zh: '只能上传一个文件', en: 'Only one file may be uploaded' },
  UPLOAD_WND_REQUIRED: {
    zh: '中尺度数据上传必须包含 .wnd 文件',
    en: 'A mesoscale upload must include a .wnd file',
  },
  UPLOAD_TOO_MANY_FILES: { zh: '一次最多上传 {max} 个文件', en: 'At most {max} files per upload' },
  RAW_FILE_ALREADY_PARSED: {
    zh: '文件“{fileName}”已解析入库，无需重新解析',
    en: 'The file “{fileName}” is already parsed and stored',
  },
  STATION_IMPORT_INVALID: {
    zh: '导入文件有 {count} 处错误，未导入任何站点',
    en: 'The file has {count} {count|error|errors}; no site was imported',
  },
  STATION_IMPORT_FILE: {
    zh: '无法读取导入文件：{reason}',
    en: 'The import file cannot be read: {reason}',
  },
  RAW_FILES_NONE: {
    zh: '所选站点在该时间段内没有原始数据文件',
    en: 'The chosen sites have no raw data files in that period',
  },
  VERSION_TASK_RUNNING: {
    zh: '该版本已有数据处理任务（#{taskId}）正在进行，请等待其完成后再试',
    en: 'A data-processing task (#{taskId}) is already running on this version; try again when it has finished',
  },
  VERSION_VIEW_ONLY: {
    zh: '原始数据版本只能查看，请先复制出一个工作版本再处理',
    en: 'The original version is view-only; copy it to a working version first',
  },
  VERSION_NAME_TAKEN: {
    zh: '该站点已有名为“{name}”的版本',
    en: 'This site already has a version named “{name}”',
  },
  VERSION_NO_DATA: {
    zh: '所选版本在该时间范围内没有数据',
    en: 'The selected version holds no data in this time range',
  },
  MARK_ALREADY_UNDONE: { zh: '该标记已撤销', en: 'This mark has already been undone' },
  RECONSTRUCTION_ALREADY_UNDONE: {
    zh: '该缺测重建已撤销或正在撤销',
    en: 'This gap reconstruction has already been undone, or its undo is under way',
  },
  RECEIPT_FINDING_NOT_OPEN: {
    zh: '该发现已忽略或已修正',
    en: 'This finding has already been dismissed or fixed',
  },
  RECEIPT_NO_FIX: { zh: '该发现没有建议的修正', en: 'This finding has no suggested fix' },
  RECEIPT_FIX_NOT_APPLIED: {
    zh: '该修正尚未应用或已撤销',
    en: 'This fix has not been applied yet or has already been undone',
  },
  QC_RULE_NAME_TAKEN: { zh: '规则名称“{name}”已存在', en: 'A rule named “{name}” already exists' },
  STATISTICS_NO_DATA: {
    zh: '所选通道在该时间范围内没有有效数据',
    en: 'The selected channels hold no valid data in this time range',
  },
  MAP_LAYER_NOT_GEOTIFF: {
    zh: '文件不是有效的 GeoTIFF 栅格',
    en: 'The file is not a valid GeoTIFF raster',
  },
  MAP_LAYER_NOT_SINGLE_BAND: {
    zh: '栅格须为单波段，该文件有 {bands} 个波段',
    en: 'The raster must have a single band; this file has {bands}',
  },
  MAP_LAYER_NOT_WGS84: {
    zh: '栅格须为 WGS84 经纬度坐标（EPSG:4326），该文件为 {crs}',
    en: 'The raster must use WGS84 longitude/latitude (EPSG:4326); this file uses {crs}',
  },
  MAP_LAYER_UNSUPPORTED: {
    zh: '不支持的 GeoTIFF 格式：{detail}',
    en: 'Unsupported GeoTIFF layout: {detail}',
  },
  MAP_LAYER_TOO_LARGE: {
    zh: '栅格为 {width} × {height} 像素，超出上限：每边至多 {maxSide} 像素，总计至多 {maxPixels} 像素',
    en: 'The raster is {width} × {height} pixels, beyond the limit of {maxSide} pixels a side and {maxPixels} pixels in all',
  },
  POINT_QUERY_DISABLED: {
    zh: '本系统未开启点位资源查询',
    en: 'Point resource query is not enabled on this server',
  },
  TARGET_EXCEEDS_OWN: {
    zh: '只能管理权限不超过自己的用户（其角色、直接授权和拥有的站点所得的功能权限和站点须都在您的权限范围内）',
    en: 'You can only manage users whose features and sites — through their role, direct site assignments and site ownership — are all within your own',
  },
  ROLE_EXCEEDS_OWN: {
    zh: '只能修改权限不超过自己的角色（角色的功能权限和数据权限，以及其每个用户的站点，须都在您的权限范围内）',
    en: 'You can only change roles whose rights, and the sites of every user holding them, are within your own',
  },
  CANNOT_CHANGE_OWN_ROLE: { zh: '不能修改自己的角色', en: 'You cannot change your own role' },
  DATABASE_UNAVAILABLE: {
    zh: '数据库暂时不可用，请稍后重试',
    en: 'The database is unavailable at the moment; please try again shortly',
  },
  FILE_STORE_UNAVAILABLE: {
    zh: '文件存储暂时不可用，文件未保存，请稍后重试',
    en: 'The file store is unavailable at the moment; nothing was saved, please try again shortly',
  },
  REPAIR_NO_RECIPIENT: {
    zh: '所选站点都没有维修邮箱，请至少选择一个已填写维修邮箱的站点',
    en: 'None of the chosen sites has a repair e-mail; choose at least one site with a repair e-mail',
  },
  MAIL_SENDER_NOT_CONFIGURED: {
    zh: '发件邮箱“{name}”未配置发件服务器（SMTP），请在数据获取管理中补充',
    en: 'The sender e-mail “{name}” has no sending (SMTP) server; add one in Data fetch',
  },
  MAIL_REJECTED: {
    zh: '邮件服务器拒收：{reason}',
    en: 'The mail server refused the message: {reason}',
  },
  CONTACT_EMAIL_TAKEN: {
    zh: '该类型下已有邮箱为“{email}”的联系人',
    en: 'A contact of this type with the e-mail “{email}” already exists',
  },
  REPAIR_ALREADY_CLOSED: { zh: '该维修记录已关闭', en: 'This repair record is already closed' },
  MAIL_RATE_LIMITED: {
    zh: '一小时内最多发送 {limit} 封维修邮件，请稍后再试',
    en: 'At most {limit} repair e-mails can be sent in an hour; please try again later',
  },
  REPORT_GROUP_EMPTY: { zh: '报告组没有站点', en: 'The report group has no sites' },
  REPORT_NO_DATA: {
    zh: '报告组的站点在报告期 {period} 内都没有数据',
    en: 'No site of the group has data in the period {period}',
  },
  REPORT_NOT_READY: { zh: '报告尚未生成成功', en: 'The report has not been generated successfully' },
  REPORT_NO_RECIPIENT: {
    zh: '报告组未设置发件邮箱或收件人',
    en: 'The report group has no sender e-mail or no receivers',
  },
  REPORT_DELETE_FORBIDDEN: { zh: '无权限删除报告', en: 'No permission to delete report' },
  DATA_REPORT_NOT_TXT: {
    zh: '“{fileName}”不是 .txt 文件：数据报告只接受风资源分析软件导出的单个 .txt 文本报告',
    en: '“{fileName}” is not a .txt file: a data report is one .txt report exported by a wind analysis tool',
  },
  TURBINE_MODEL_TAKEN: {
    zh: '风机库中已有“{manufacturer} {model}”',
    en: 'The turbine library already has “{manufacturer} {model}”',
  },
  TURBINE_BUILTIN: {
    zh: '内置参考风机不能修改或删除，可另存为新型号后修改',
    en: 'A built-in reference turbine cannot be changed or deleted; save it as a new model to change it',
  },
  TURBINE_FILE_UNREADABLE: {
    zh: '无法读取风机文件“{fileName}”：支持 WAsP .wtg、.pow 与两列（风速、功率 kW）的 .csv/.xlsx',
    en: 'The turbine file “{fileName}” cannot be read: WAsP .wtg and .pow, and two-column (speed, power kW) .csv/.xlsx are supported',
  },
  TURBINE_FILE_NO_CURVE: {
    zh: '风机文件“{fileName}”中没有至少 2 个点的功率曲线',
    en: 'The turbine file “{fileName}” holds no power curve of at least 2 points',
  },
  ENERGY_NO_CURVE_OVERLAP: {
    zh: '所选风速通道在该时段没有可用数据，无法计算发电量',
    en: 'The chosen speed channel has no usable data in this period: no energy can be computed',
  },
  MESOSCALE_WND_REQUIRED: {
    zh: '中尺度数据上传须包含一个 .wnd 文件',
    en: 'A mesoscale upload must include a .wnd file',
  },
  MESOSCALE_NOT_PARSED: {
    zh: '该中尺度数据的 .wnd 文件无法按时间序列读取（{reason}），已原样保存，不能用于订正',
    en: 'The .wnd file of this mesoscale dataset cannot be read as a time series ({reason}); it is stored as it is and cannot be used for scaling',
  },
  MESOSCALE_NO_CONCURRENT: {
    zh: '中尺度数据与测风数据没有满足覆盖率要求的同期小时（至少需要 {minimum} 小时）',
    en: 'The mesoscale and measured data share no concurrent hours meeting the coverage (at least {minimum} are needed)',
  },
  MCP_NO_CONCURRENT: {
    zh: '参考数据与测风数据没有足够的同期时段（满足覆盖率的{period}数据至少需要 {minimum} 个，现有 {found} 个）',
    en: 'The reference and the measured data share too few concurrent periods ({period} {period|period|periods} meeting the coverage: at least {minimum} are needed, {found} found)',
  },
  REFERENCE_FILE_TYPE: {
    zh: '参考序列“{fileName}”须为文本时间序列文件（.csv、.txt、.dat、.wnd）',
    en: 'The reference series “{fileName}” must be a text time-series file (.csv, .txt, .dat, .wnd)',
  },
  REFERENCE_NO_SPEED: {
    zh: '参考序列“{fileName}”中没有可识别的风速列（或 u/v 风分量），未保存任何内容',
    en: 'The reference series “{fileName}” holds no recognisable wind speed column (nor u/v components); nothing was stored',
  },
  REFERENCE_IN_USE: {
    zh: '参考序列“{name}”仍被 {count} 个长期订正数据版本引用，请先删除这些版本',
    en: 'The reference series “{name}” is still named by {count} long-term corrected data {count|version|versions}; delete {count|it|them} first',
  },
  LONGTERM_REFERENCE_NOT_VISIBLE: {
    zh: '站点的数据管理员（无则业主）无权查看参考数据所在的站点，收敛不再计算：请更换参考，或为其开通该站点的权限',
    en: "The site's data administrator (else its owner) may not view the site of the reference, so the convergence is no longer computed: choose another reference, or give them access to that site",
  },
  MESOSCALE_ZIP_UNREADABLE: {
    zh: '压缩包“{fileName}”无法解压',
    en: 'The archive “{fileName}” cannot be unpacked',
  },
  APPLY_NOT_PENDING: {
    zh: '申请“{id}”已审批，不能再次审批',
    en: 'Application {id} has already been decided',
  },
  APPLY_OWN_REVIEW: {
    zh: '不能审批自己提交的下载申请',
    en: 'You cannot review your own download application',
  },
  APPLY_NOT_APPLICANT: {
    zh: '该下载链接属于其他用户，请使用申请人的账号登录',
    en: 'This download link belongs to another user; log in with the applicant’s account',
  },
  APPLY_LINK_INVALID: {
    zh: '下载链接无效，请从申请通知中的链接重新打开',
    en: 'The download link is not valid; open it again from the notice you received',
  },
  APPLY_TICKET_INVALID: {
    zh: '下载凭据无效：每个凭据只能下载一次，且须在签发后 2 分钟内使用。请从“我的申请”或邮件中的链接重新下载',
    en: 'This download ticket is not valid: a ticket opens the file once, within 2 minutes of being issued. Start the download again from My applications or the e-mailed link',
  },
  APPLY_LINK_EXPIRED: {
    zh: '下载链接已于 {expiredAt} 过期，请重新提交下载申请',
    en: 'The download link expired at {expiredAt}; please apply again',
  },
  APPLY_LINK_REVOKED: {
    zh: '下载链接已被审批人撤销',
    en: 'The download link was revoked by the reviewer',
  },
  APPLY_NOT_READY: {
    zh: '申请的数据文件尚未就绪（{state}）',
    en: 'The requested data file is not ready ({state})',
  },
  APPLY_ACCESS_LOST: {
    zh: '申请人已无权查看申请中的站点，不能下载',
    en: 'The applicant may no longer see the sites of this application; nothing is released',
  },
  APPLY_TOO_MANY_PENDING: {
    zh: '您已有 {max} 个待审批的下载申请，请等待审批后再提交',
    en: 'You already have {max} applications waiting for approval; wait for a decision before applying again',
  },
  APPLY_NO_EMAIL: {
    zh: '请填写接收邮箱（您的账号没有登记邮箱）',
    en: 'Please give a delivery e-mail address (your account has none)',
  },
  DATA_REPORT_NOT_TEXT: {
    zh: '“{fileName}”不是文本文件（含二进制内容），无法作为数据报告上传',
    en: '“{fileName}” is not a text file (it holds binary content) and cannot be uploaded as a data report',
  },
  BODY_TOO_DEEP: {
    zh: '请求内容嵌套层级过深（最多 {maxDepth} 层）',
    en: 'The request is nested too deeply (at most {maxDepth} levels)',
  },
  COMPUTE_FAILED: {
    zh: '计算线程意外中止，本次请求未完成，请重试；如仍失败请联系管理员',
    en: 'The computation stopped unexpectedly and this request was not completed; please try again, and contact the administrator if it fails again',
  },
  HEAVY_LIMIT_PER_USER: {
    zh: '您已有 {limit} 个统计、导出或计算请求正在进行，请等其中一个完成后再试',
    en: 'You already have {limit} statistics, export or calculation requests in progress; please wait for one to finish and try again',
  },
  SERVER_BUSY: {
    zh: '服务器繁忙，请 {retryAfterSeconds} 秒后重试',
    en: 'The server is busy; please try again in {retryAfterSeconds} {retryAfterSeconds|second|seconds}',
  },
  ARCHIVE_TOO_MANY_ENTRIES: {
    zh: '文件“{fileName}”包含的条目超过 {maximum} 个，已拒绝，未保存任何内容',
    en: 'The file “{fileName}” holds more than {maximum} entries; it was refused and nothing was stored',
  },
  ARCHIVE_ENTRY_TOO_LARGE: {
    zh: '文件“{fileName}”中的“{entryName}”解压后超过 {maxMb} MB，已拒绝，未保存任何内容',
    en: 'The file “{fileName}” was refused and nothing was stored: “{entryName}” unpacks to more than {maxMb} MB',
  },
  ARCHIVE_TOO_LARGE: {
    zh: '文件“{fileName}”解压后总计超过 {maxMb} MB，已拒绝，未保存任何内容',
    en: 'The file “{fileName}” was refused and nothing was stored: it unpacks to more than {maxMb} MB in total',
  },
  ARCHIVE_RATIO_TOO_HIGH: {
    zh: '文件“{fileName}”解压后超过其大小的 {maxRatio} 倍（疑似压缩炸弹），已拒绝，未保存任何内容',
    en: 'The file “{fileName}” was refused and nothing was stored: it unpacks to more than {maxRatio} times its size (a likely zip bomb)',
  },
  ACCESS_TOKEN_INVALID: {
    zh: '访问令牌无效或已被撤销',
    en: 'The access token is invalid or has been revoked',
  },
  ACCESS_TOKEN_EXPIRED: {
    zh: '访问令牌已过期，请在个人中心创建新的令牌',
    en: 'The access token has expired; create a new one in the personal centre',
  },
  ACCESS_TOKEN_SCOPE: {
    zh: '此访问令牌的权限范围不允许此操作（读取、下载、写入各需单独授予）',
    en: 'This access token’s scopes do not allow this call (read, download and write are granted separately)',
  },
  ACCESS_TOKEN_SESSION_ONLY: {
    zh: '此操作只能在登录后的页面中进行，不能使用访问令牌',
    en: 'This call needs a login session; it cannot be made with an access token',
  },
  ACCESS_TOKEN_RATE_LIMITED: {
    zh: '此访问令牌每分钟最多 {limit} 次请求，请 {retryAfterSeconds} 秒后重试',
    en: 'This access token may make at most {limit} requests a minute; please try again in {retryAfterSeconds} {retryAfterSeconds|second|seconds}',
  },
  ACCESS_TOKEN_TOO_MANY: {
    zh: '每个用户最多持有 {maximum} 个有效的访问令牌，请先撤销不用的令牌',
    en: 'A user may hold at most {maximum} live access tokens; revoke the ones you no longer use first',
  },
  ACCESS_TOKEN_SITES: {
    zh: '此访问令牌仅限于部分站点：不能管理或授予超出这些站点的权限（用户或角色的站点须都在令牌的站点之内，也不能授予全部站点的数据权限）',
    en: 'This access token is limited to some sites: it cannot manage or grant anything beyond them (every site of the user or role must be among the token’s sites, and data scope “all” cannot be granted)',
  },
  DOUBTS_OPEN: {
    zh: '识别结果还有 {count} 处存疑未确认（{first}）：请逐项确认或修改后再入库，未保存任何数据',
    en: '{count} {count|doubt|doubts} of the recognition {count|is|are} still open ({first}): confirm or change each first; nothing was stored',
  },
  MCP_BATCH_REFUSED: {
    zh: '不接受 JSON-RPC 批量请求：每个请求只能包含一条 JSON-RPC 消息，请逐条发送',
    en: 'JSON-RPC batches are not accepted: send one JSON-RPC message per request',
  },
  WEBHOOK_ADDRESS_REFUSED: {
    zh: '不能使用“{host}”：本系统不向内部地址（回环、链路本地、私有或未指定地址）或无法解析的主机名发送 Webhook',
    en: '“{host}” cannot be used: this installation does not send webhooks to internal addresses (loopback, link-local, private or unspecified) or to host names that do not resolve',
  },
  WEBHOOK_DNS_FAILED: {
    zh: '无法解析主机名“{host}”',
    en: 'The host name “{host}” could not be resolved',
  },
  WEBHOOK_TIMEOUT: {
    zh: '接收方在 {seconds} 秒内没有应答',
    en: 'The receiver did not answer within {seconds} {seconds|second|seconds}',
  },
  WEBHOOK_CONNECTION_FAILED: {
    zh: '无法连接接收方：{reason}',
    en: 'Could not connect to the receiver: {reason}',
  },
  WEBHOOK_HTTP_STATUS: {
    zh: '接收方应答 HTTP {status}',
    en: 'The receiver answered HTTP {status}',
  },
  WEBHOOK_REDIRECT_REFUSED: {
    zh: '接收方应答重定向（HTTP {status}），Webhook 不跟随重定向',
    en: 'The receiver answered with a redirect (HTTP {status}); webhooks follow no redirects',
  },
  WEBHOOK_SITE_HIDDEN: {
    zh: '未发送：此 Webhook 的创建者已不能查看该事件所属的站点',
    en: 'Not sent: the creator of this webhook can no longer see the site of the event',
  },
  WEBHOOK_DISABLED: {
    zh: '未发送：此 Webhook 已停用或已删除',
    en: 'Not sent: this webhook is disabled or deleted',
  },
  WEBHOOK_CREATOR_DISABLED: {
    zh: '未发送：此 Webhook 的创建者已被停用或删除',
    en: 'Not sent: the creator of this webhook is disabled or deleted',
  },
} as const satisfies Record<ErrorCode, TLocalized>;
