/** Wind source assessment (issue 16): the states of a mesoscale dataset and why one is stored only. */
export const MESOSCALE = {
  'mesoscale.status.parsed': { zh: '已解析', en: 'Parsed' },
  'mesoscale.status.stored': { zh: '仅保存', en: 'Stored only' },
  'mesoscale.reason.binary': {
    zh: '二进制文件，不是文本时间序列',
    en: 'a binary file, not a text time series',
  },
  'mesoscale.reason.noSpeed': { zh: '没有识别出风速列', en: 'no wind speed column was recognised' },
  'mesoscale.reason.noDirection': { zh: '没有识别出风向列', en: 'no wind direction column was recognised' },
} as const;
