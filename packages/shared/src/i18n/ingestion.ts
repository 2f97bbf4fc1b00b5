import { CHANNEL_ELEMENTS } from '../stations/channel-config.schema.ts';
import { interpolate, type Language, type TLocalized } from './language.ts';

/**
 * Why a logger file could not be parsed (issue 5): the `reasonKey` of the parser's UnreadableFileError.
 * The route answers FILE_UNREADABLE (422) with `{reason}` filled from this table; `{param}` placeholders
 * come from the error's details.
 */
export const INGEST_UNREADABLE_REASONS = {
  empty_file: { zh: '文件为空', en: 'the file is empty' },
  binary_content: {
    zh: '文件是二进制内容，不是文本数据文件',
    en: 'the file holds binary content, not a text data file',
  },
  unknown_encoding: { zh: '不支持的字符编码“{encoding}”', en: 'unsupported character encoding “{encoding}”' },
  wrong_encoding: {
    zh: '文件内容不符合所选编码“{encoding}”，请检查解析规则的编码',
    en: 'the content does not match the chosen encoding “{encoding}”; check the rule’s encoding',
  },
  too_many_columns: {
    zh: '列数过多（{columns} 列，最多 {max} 列）',
    en: 'too many columns ({columns}; at most {max})',
  },
  line_too_long: {
    zh: '第 {row} 行过长（超过 {maxBytes} 字节），文件可能已损坏',
    en: 'row {row} is too long (over {maxBytes} bytes); the file may be damaged',
  },
  no_time_column: {
    zh: '找不到时间列：没有以可识别的日期时间开头的数据行',
    en: 'no time column: no data row starts with a recognisable date and time',
  },
  no_data_rows: {
    zh: '文件只有表头，没有数据行',
    en: 'the file has a header but no data rows',
  },
  truncated_file: {
    zh: '文件不完整：最后一行（第 {row} 行）被截断，请重新上传完整文件',
    en: 'the file is incomplete: its last row ({row}) is cut off; upload the complete file',
  },
  no_valid_rows: {
    zh: '没有一行的时间能按格式“{dateFormat}”读取',
    en: 'no row has a time readable with the format “{dateFormat}”',
  },
  header_row_missing: {
    zh: '第 {row} 行（字段行）不存在，文件只有 {rows} 行',
    en: 'the header row {row} does not exist; the file has only {rows} {rows|row|rows}',
  },
  bad_rule: { zh: '解析规则有误：{detail}', en: 'the parse rule is invalid: {detail}' },
  not_time_series: {
    zh: '该文件（{kind}）不是时间序列数据，已保存但不解析',
    en: 'this file ({kind}) is not a time series; it is stored but not parsed',
  },
  radial_lidar_data: {
    zh: '这是 Halo Photonics 激光雷达的原始扫描文件（按距离门记录的径向多普勒速度或其背景噪声），须先做风场反演才能作为 10 分钟风数据导入，未保存任何数据',
    en: 'this is a Halo Photonics lidar raw scan file (radial Doppler velocities by range gate, or their background noise); it needs a wind retrieval before it can be imported as 10-min wind data, and nothing was stored',
  },
  held_new_layout: {
    zh: '该站点没有与此文件格式相符的已确认解析规则：文件已保存，数据暂未入库，待站点数据管理员在预览中确认',
    en: 'the site has no confirmed parse rule for this file’s layout: the file is kept and no data is stored until the site’s data administrator confirms it in the preview',
  },
  held_doubts: {
    zh: '识别有 {count} 处存疑（{first}）：文件已保存，数据暂未入库，待确认',
    en: '{count} {count|doubt|doubts} {count|is|are} open ({first}): the file is kept and no data is stored until they are confirmed',
  },
  radial_velocity_data: {
    zh: '这是激光雷达按波束和距离门记录的径向（视线方向）风速数据（如 Molas3D 实时数据），不是风速风向统计值，须先做风场反演才能作为 10 分钟风数据导入，未保存任何数据',
    en: 'this file holds lidar radial (line-of-sight) velocities by beam and range gate (such as Molas3D real-time data), not wind speed and direction statistics; they need a wind retrieval before they can be imported as 10-min wind data, and nothing was stored',
  },
  columns_without_titles: {
    zh: '数据行比字段行多 {extra} 列，无法确定各列对应的通道，未保存任何数据',
    en: 'the data rows have {extra} more columns than the title row, so the columns cannot be matched to their channels; nothing was stored',
  },
  aq500_fields_unknown: {
    zh: '这是 AQ500 声雷达结果文件，但文件头没有可用的“Data field”列说明（或缺少高度层设置），无法确定各列的高度和含义，未保存任何数据',
    en: 'this is an AQ500 sodar result file, but its header has no usable “Data field” list (or no level settings), so the columns cannot be matched to heights and quantities; nothing was stored',
  },
  store_only: {
    zh: '该文件为仪器原始格式或中尺度文件，已保存但不解析',
    en: 'this is a raw logger or mesoscale file; it is stored but not parsed',
  },
  spreadsheet_unreadable: {
    zh: '无法读取电子表格：{detail}',
    en: 'the spreadsheet cannot be read: {detail}',
  },
  spreadsheet_too_large: {
    zh: '电子表格过大（{sizeMb} MB，最多 {maxMb} MB）',
    en: 'the spreadsheet is too large ({sizeMb} MB; at most {maxMb} MB)',
  },
  spreadsheet_timeout: {
    zh: '电子表格读取超时（超过 {seconds} 秒）',
    en: 'reading the spreadsheet took too long (over {seconds} s)',
  },
  spreadsheet_empty: { zh: '电子表格没有数据', en: 'the spreadsheet holds no data' },
  spreadsheet_xls_unsupported: {
    zh: '不读取旧版 Excel 97–2003 工作簿（.xls）：请在 Excel 或 WPS 中另存为 .xlsx 或 CSV 后重新上传',
    en: 'legacy Excel 97–2003 workbooks (.xls) are not read: save it as .xlsx or CSV in Excel or WPS and upload that',
  },
  archive_too_many_entries: {
    zh: '电子表格包含的条目超过 {maximum} 个，未读取',
    en: 'the workbook holds more than {maximum} entries and was not read',
  },
  archive_entry_too_large: {
    zh: '电子表格中的“{entryName}”解压后超过 {maxMb} MB，未读取',
    en: 'the workbook part “{entryName}” unpacks to more than {maxMb} MB; it was not read',
  },
  archive_too_large: {
    zh: '电子表格解压后总计超过 {maxMb} MB，未读取',
    en: 'the workbook unpacks to more than {maxMb} MB in total; it was not read',
  },
  archive_ratio_too_high: {
    zh: '电子表格解压后超过其大小的 {maxRatio} 倍（疑似压缩炸弹），未读取',
    en: 'the workbook unpacks to more than {maxRatio} times its size (a likely zip bomb); it was not read',
  },
} as const satisfies Record<string, TLocalized>;
export type TUnreadableReasonKey = keyof typeof INGEST_UNREADABLE_REASONS;

/**
 * Warnings of a recognition or a parse: `key` or `key:detail` strings; the detail fills `{detail}`.
 */
export const INGEST_WARNING_MESSAGES = {
  rowsOutOfOrder: {
    zh: '有 {detail} 行时间倒序，已按时间排序',
    en: '{detail} {detail|row|rows} went back in time; the rows were sorted by time',
  },
  duplicateTimestamps: {
    zh: '有 {detail} 行时间重复，保留了每个时间的第一行',
    en: '{detail} {detail|row|rows} repeated a time stamp; the first row of each was kept',
  },
  skippedRows: {
    zh: '有 {detail} 行无法读取时间，已跳过',
    en: '{detail} {detail|row|rows} had no readable time and {detail|was|were} skipped',
  },
  repeatedHeaderRows: {
    zh: '文件中间有 {detail} 行重复的表头，已跳过',
    en: '{detail} repeated header rows inside the file were skipped',
  },
  lastRowIncomplete: {
    zh: '最后一行不完整（文件可能被截断）',
    en: 'the last row is incomplete (the file may be truncated)',
  },
  invalidNumbers: {
    zh: '有 {detail} 个数值无法读取，按缺测处理',
    en: '{detail} {detail|value was not a number and is|values were not numbers and are} treated as missing',
  },
  dateOrderAmbiguous: {
    zh: '日期的日、月顺序无法确定，暂按 {detail} 读取，请确认',
    en: 'the day/month order is ambiguous; read as {detail} — please confirm',
  },
  textColumnsSkipped: {
    zh: '文本列未导入：{detail}',
    en: 'text columns not imported: {detail}',
  },
  unusedColumnsSkipped: {
    zh: '未使用的通道列未导入：{detail}',
    en: 'unused channel columns not imported: {detail}',
  },
  noHeaderRow: {
    zh: '没有找到通道名称行，通道按列号命名',
    en: 'no channel-name row was found; channels are named by column',
  },
  offGridRows: {
    zh: '{detail1} 行（{detail2} 个不同时间）的时间不在数据间隔的整点网格上，这些行不会入库',
    en: '{detail1} rows ({detail2} distinct times) have a time off the data interval’s grid; they will not be stored',
  },
  unitNotSi: {
    zh: '文件的数据单位为 {detail}，导入时换算为 m/s、°C、hPa、W/m²（原单位记录在通道上）',
    en: 'the file’s values are in {detail}; they are converted to m/s, °C, hPa and W/m² on import (the original unit is kept on the channel)',
  },
  snappedStamps: {
    zh: '有 {detail1} 个时间偏离 {detail2} 分钟整点网格不超过 {detail3} 秒（记录仪时钟抖动），已对齐到网格',
    en: '{detail1} stamps were within {detail3} s of the {detail2}-minute grid (logger clock jitter) and were moved onto it',
  },
  daysAsDates: {
    zh: '每条记录为一整天：按文件写的日期入库，不做时区换算',
    en: 'each record is a whole day: it is stored under the date the file writes, with no time-zone conversion',
  },
  heightsFromDescription: {
    zh: '部分通道的高度取自传感器描述，请确认',
    en: 'some channel heights were taken from sensor descriptions; please confirm',
  },
  timeZoneFromSite: {
    zh: '文件未注明时区，按站点采集器时区（{detail}）读取时间，如不符请在解析规则中修改',
    en: 'the file names no time zone; its times are read in the site’s logger time zone ({detail}) — change it in the parse rule if that is wrong',
  },
  timeZoneFromFile: {
    zh: '时区取自文件头（{detail}）',
    en: 'the time zone was taken from the file header ({detail})',
  },
  timeZoneOfFormat: {
    zh: '文件未注明时区，按该格式的约定以 {detail} 读取时间',
    en: 'the file names no time zone; its times are read in {detail}, as the format writes them',
  },
  irregularInterval: {
    zh: '时间间隔不规则（{detail}）',
    en: 'the time step is irregular ({detail})',
  },
  windCubeHeightsMissing: {
    zh: '文件头 Altitudes(m) 只列出 {detail1} 个高度，但数据列编号到 {detail2}；超出的列没有高度，请核对文件头',
    en: 'the header’s Altitudes(m) lists {detail1} heights but the columns run to index {detail2}; the columns past the list have no height — check the header',
  },
  periodStartAssumed: {
    zh: '文件未说明时间标记的是平均时段的开始还是结束，暂按时段开始读取，如不符请在解析规则中修改',
    en: 'the file does not say whether its times mark the start or the end of each averaging period; they are read as period starts — change it in the parse rule if that is wrong',
  },
  heightColumnsMismatch: {
    zh: '“{detail1}”有 {detail2} 列，而高度层有 {detail3} 个，无法确定各列的高度，未导入',
    en: '“{detail1}” has {detail2} columns for {detail3} levels, so its columns cannot be matched to heights; not imported',
  },
  storedNotParsed: {
    zh: '该文件已保存但不解析（仪器原始格式、中尺度文件或非时间序列）',
    en: 'stored, not parsed (raw logger format, mesoscale file or not a time series)',
  },
  spreadsheetFirstSheet: {
    zh: '只读取了第一个工作表“{detail}”',
    en: 'only the first worksheet “{detail}” was read',
  },
} as const satisfies Record<string, TLocalized>;
export type TIngestWarningKey = keyof typeof INGEST_WARNING_MESSAGES;

/**
 * The localised text of a parser warning (`key` or `key:detail`; a detail of several numbers is
 * `a|b`, read as `{detail1}`, `{detail2}`); unknown keys come back unchanged.
 */
export function localizeIngestWarning(warning: string, language: Language): string {
  const colon = warning.indexOf(':');
  const key = colon < 0 ? warning : warning.slice(0, colon);
  const detail = colon < 0 ? '' : warning.slice(colon + 1);
  const entry = (INGEST_WARNING_MESSAGES as Record<string, TLocalized>)[key];
  if (!entry) return warning;
  const parts = Object.fromEntries(detail.split('|').map((part, i) => [`detail${i + 1}`, part]));
  return interpolate(entry[language], { detail, ...parts });
}

/** The localised reason of an unreadable file, for the FILE_UNREADABLE message's `{reason}`. */
export function localizeUnreadableReason(
  reasonKey: string,
  details: Record<string, unknown> | undefined,
  language: Language,
): string | null {
  const entry = (INGEST_UNREADABLE_REASONS as Record<string, TLocalized>)[reasonKey];
  return entry ? interpolate(entry[language], details ?? {}) : null;
}

/**
 * What an inference of recognition was read from (issue 40): `key:text` strings of TInference.evidence;
 * `{text}` is the file's own words (a header, a unit, a line), shown as they are.
 */
export const INGEST_EVIDENCE_MESSAGES = {
  nameWord: { zh: '通道名中的“{text}”', en: '“{text}” in the channel name' },
  nameHeight: { zh: '通道名中的高度“{text}”', en: 'the height “{text}” in the channel name' },
  nameUnit: { zh: '通道名中的单位“{text}”', en: 'the unit “{text}” in the channel name' },
  unitRow: { zh: '单位行的“{text}”', en: '“{text}” in the units row' },
  processingRow: { zh: '统计行的“{text}”', en: '“{text}” in the processing row' },
  unitImplies: { zh: '单位“{text}”所对应的要素', en: 'the element its unit “{text}” measures' },
  neighbour: { zh: '紧邻的前一通道（{text}）', en: 'the column before it ({text})' },
  sensorDescription: { zh: '传感器信息“{text}”', en: 'the sensor description “{text}”' },
  headerLine: { zh: '文件头“{text}”', en: 'the header line “{text}”' },
  heightRow: { zh: '名称下方高度行的“{text}”', en: '“{text}” in the heights row under the names' },
  columnTitle: { zh: '列标题“{text}”', en: 'the column title “{text}”' },
  deviceFormat: { zh: '{text} 格式的约定', en: 'the {text} format' },
  stampOffset: { zh: '时间值自带的时区偏移（{text}）', en: 'the offset written in the stamps ({text})' },
  stampPattern: { zh: '时间值的写法（{text}）', en: 'how the stamps are written ({text})' },
  modalStep: {
    zh: '相邻时间的最常见间隔（{text} 分钟）',
    en: 'the most common step between stamps ({text} min)',
  },
  siteZone: { zh: '站点采集器时区（{text}）', en: 'the site’s logger time zone ({text})' },
  uploaderZone: { zh: '上传者的时区（{text}）', en: 'the uploader’s time zone ({text})' },
  rule: { zh: '解析规则“{text}”', en: 'the parse rule “{text}”' },
  user: { zh: '用户的设置', en: 'the user’s setting' },
  defaultMean: { zh: '未注明统计量，按平均值', en: 'no statistic named: read as the mean' },
  defaultUnit: {
    zh: '未注明单位，按该要素的常用单位 {text}',
    en: 'no unit stated: the element’s usual unit {text}',
  },
  defaultStart: { zh: '未注明，按时段开始时刻', en: 'not stated: read as the start of the period' },
  none: { zh: '文件中没有依据', en: 'nothing in the file' },
} as const satisfies Record<string, TLocalized>;
export type TEvidenceKey = keyof typeof INGEST_EVIDENCE_MESSAGES;

/** The localised text of an evidence string (`key:text`); unknown keys come back unchanged. */
export function localizeEvidence(evidence: string, language: Language): string {
  const colon = evidence.indexOf(':');
  const key = colon < 0 ? evidence : evidence.slice(0, colon);
  const entry = (INGEST_EVIDENCE_MESSAGES as Record<string, TLocalized>)[key];
  return entry
    ? interpolate(entry[language], { text: colon < 0 ? '' : evidence.slice(colon + 1) })
    : evidence;
}

/**
 * The doubts of a recognition (issue 40 §1): why the preview asks the user to confirm a column or the
 * time axis before the file is stored. `{…}` are TDoubt.params.
 */
export const INGEST_DOUBT_MESSAGES = {
  unitUnknown: {
    zh: '单位“{text}”无法识别，暂按 {unit} 读取：请确认或选择单位',
    en: 'the unit “{text}” is not known; read as {unit} — confirm or choose the unit',
  },
  elementUnstated: {
    zh: '文件未说明该列测量什么，按 {evidence} 判为 {element}：请确认',
    en: 'the file does not say what this column measures; read as {element} from {evidence} — please confirm',
  },
  elementConflict: {
    zh: '传感器信息（{sensor}）与列名（{name}）所指的要素不同，已按传感器信息判为 {element}：请确认',
    en: 'the sensor description ({sensor}) and the column name ({name}) name different elements; read as {element} from the sensor — please confirm',
  },
  heightFromDescription: {
    zh: '高度 {height} m 取自传感器描述，请确认',
    en: 'the height {height} m was taken from the sensor description; please confirm',
  },
  heightUnstated: {
    zh: '未找到该{element}的测量高度：请填写高度',
    en: 'no measurement height was found for this {element}; enter it',
  },
  valuesImplausible: {
    zh: '数值 {min}～{max}（平均 {mean}）不像以 {unit} 计的{element}（合理范围 {low}～{high}）',
    en: 'the values {min} to {max} (mean {mean}) do not look like {element} in {unit} (plausible {low} to {high})',
  },
  valuesLookLike: {
    zh: '数值 {min}～{max}（平均 {mean}）不像{element}，更像{other}：请检查该列',
    en: 'the values {min} to {max} (mean {mean}) do not look like {element} but like {other} — check the column',
  },
  valuesLookScaled: {
    zh: '数值 {min}～{max}（平均 {mean}）像以 {suggested} 计的{element}，而不是 {unit}',
    en: 'the values {min} to {max} (mean {mean}) look like {element} in {suggested}, not {unit}',
  },
  valuesOutsideRange: {
    zh: '{share}% 的数值超出{element}的物理范围 {low}～{high}（{min}～{max}）：传感器故障或单位有误，请检查该列',
    en: '{share} % of the values lie outside the physical range {low} to {high} of {element} ({min} to {max}): a faulty sensor or a wrong unit — check the column',
  },
  speedAboveLimit: {
    zh: '以 m/s 计的风速最大值为 {max}，超过 75 m/s：单位可能不是 m/s',
    en: 'a wind speed in m/s reaching {max}, above 75 m/s: the unit may not be m/s',
  },
  speedUnitUnlikely: {
    zh: '以 m/s 计的风速有 1% 的数值超过 {p99}（平均 {mean}）：这更像 mph、km/h 或节，请检查单位',
    en: 'a wind speed in m/s with 1 % of its values above {p99} (mean {mean}): more like mph, km/h or knots — check the unit',
  },
  fractionOrPercent: {
    zh: '湍流强度数值 {min}～{max} 为小数而非百分数，已按小数读取：请确认',
    en: 'the turbulence intensity values {min} to {max} are fractions, not percent; read as fractions — please confirm',
  },
  stampsOutOfRange: {
    zh: '时间 {first} ～ {last}（UTC）早于 1990 年或晚于明天：请检查时间列与格式',
    en: 'the stamps {first} to {last} (UTC) lie before 1990 or after tomorrow — check the time column and format',
  },
  dateOrderAmbiguous: {
    zh: '日期的日、月顺序无法确定，暂按 {format} 读取：请确认',
    en: 'the day/month order is ambiguous; read as {format} — please confirm',
  },
  zoneAssumed: {
    zh: '文件未注明时区，按 {evidence}（{zone}）读取：请确认',
    en: 'the file names no time zone; read in {zone} ({evidence}) — please confirm',
  },
  zoneConflict: {
    zh: '文件注明的时区 {fileZone} 与站点采集器时区 {siteZone} 不同，已按文件读取：请确认',
    en: 'the file’s time zone {fileZone} differs from the site’s logger zone {siteZone}; read as the file says — please confirm',
  },
  typicalYear: {
    zh: '这是为太阳能设计编制的典型气象年（{format}）：各月取自不同年份，风速为约 10 m 高的逐时单值，并非测风塔实测序列：请确认是否作为测风数据导入',
    en: 'this is a typical meteorological year ({format}) made for solar design: each month comes from a different year and the wind is one hourly value at about 10 m, not a measured mast series — confirm it should be imported as wind data',
  },
  noWindColumn: {
    zh: '该文件没有风速或风向列',
    en: 'this file has no wind speed or direction column',
  },
  newLayout: {
    zh: '该站点还没有与此文件格式相符的已确认解析规则',
    en: 'the site has no confirmed parse rule for this file layout yet',
  },
} as const satisfies Record<string, TLocalized>;
export type TDoubtReason = keyof typeof INGEST_DOUBT_MESSAGES;

/** The localised text of a doubt: its reason filled with its params (an `evidence` param localised too). */
export function localizeDoubt(
  doubt: { reason: string; params: Record<string, string | number> },
  language: Language,
): string {
  const entry = (INGEST_DOUBT_MESSAGES as Record<string, TLocalized>)[doubt.reason];
  if (!entry) return doubt.reason;
  const params: Record<string, string | number> = { ...doubt.params };
  if (typeof params.evidence === 'string') params.evidence = localizeEvidence(params.evidence, language);
  for (const key of ['element', 'other'] as const) {
    const element = CHANNEL_ELEMENTS[params[key] as keyof typeof CHANNEL_ELEMENTS];
    // English names go mid-sentence in lower case ('wind speed'), acronyms aside.
    if (element)
      params[key] =
        language === 'zh' ? element.zh : element.en.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
  }
  return interpolate(entry[language], params);
}
