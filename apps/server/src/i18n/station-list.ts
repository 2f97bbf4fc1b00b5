/** The site list's batch import: why a file cannot be read, and how a row is named. */
export const STATION_LIST = {
  'stationList.importFile.unreadable': { zh: '不是有效的 .xlsx 工作簿', en: 'not a valid .xlsx workbook' },
  'stationList.importFile.noHeader': {
    zh: '第一个工作表的第 1 行不是模板的列名',
    en: 'row 1 of the first sheet does not hold the template’s column names',
  },
  'stationList.importFile.noRows': { zh: '没有站点行', en: 'it holds no site rows' },
  'stationList.importFile.tooManyRows': { zh: '一次最多导入 {max} 行', en: 'at most {max} rows per import' },
  'stationList.importRow': { zh: '第 {n} 行', en: 'Row {n}' },
} as const;
