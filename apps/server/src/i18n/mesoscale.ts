/** Wind source assessment (issue 16): the states of a mesoscale dataset and why one is stored only. */
export const MESOSCALE = {
  'mesoscale.verdict.head': {
    zh: '同期 {hours} 小时，r = {r}（{strength}）；按{method}订正后长期平均风速 {mean} m/s',
    en: '{hours} concurrent hours, r = {r} ({strength}); scaled by {method}, the long-term mean is {mean} m/s',
  },
  'mesoscale.verdict.above': {
    zh: '，较同期实测 {measured} m/s 高 {pct} %',
    en: ', {pct} % above the concurrent measured {measured} m/s',
  },
  'mesoscale.verdict.below': {
    zh: '，较同期实测 {measured} m/s 低 {pct} %',
    en: ', {pct} % below the concurrent measured {measured} m/s',
  },
  'mesoscale.verdict.end': { zh: '。', en: '.' },
  'mesoscale.verdict.weak': {
    zh: '相关性弱，不宜用于长期订正。',
    en: ' The correlation is weak: do not use it for long-term correction.',
  },
  'mesoscale.verdict.strengthSeparator': { zh: '，', en: ', ' },
  'mesoscale.status.parsed': { zh: '已解析', en: 'Parsed' },
  'mesoscale.status.stored': { zh: '仅保存', en: 'Stored only' },
  'mesoscale.reason.binary': {
    zh: '二进制文件，不是文本时间序列',
    en: 'a binary file, not a text time series',
  },
  'mesoscale.reason.noSpeed': { zh: '没有识别出风速列', en: 'no wind speed column was recognised' },
  'mesoscale.reason.noDirection': { zh: '没有识别出风向列', en: 'no wind direction column was recognised' },
} as const;
