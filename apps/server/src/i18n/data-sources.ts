/** Data sources (SPEC §3 /systemManage/DataFetchManage): connection tests and why a fetched file was not matched. */
export const DATA_SOURCES = {
  'dataSources.connected': { zh: '连接成功', en: 'Connected successfully' },
  'dataSources.busy': { zh: '正在拉取中，请稍后查看结果', en: 'Already being fetched; check back later' },
  'dataSources.match.noRule': { zh: '没有匹配的文件匹配规则', en: 'No file-match rule matched' },
  'dataSources.match.stationGone': {
    zh: '规则“{rule}”指定的站点已不存在',
    en: 'The site of rule “{rule}” no longer exists',
  },
  'dataSources.match.noStation': {
    zh: '规则“{rule}”：没有站点编号为 {code} 的站点',
    en: 'Rule “{rule}”: no site has the code {code}',
  },
} as const;
