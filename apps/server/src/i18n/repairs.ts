/** Repairs (SPEC §2 one-click repair, §3 repair record) and the no-data reminders of /systemManage/TimedTask. */
export const REPAIRS = {
  'repairs.record.open': { zh: '维修中', en: 'In progress' },
  'repairs.record.closed': { zh: '已完成', en: 'Done' },
  'repairs.noRepairEmail': { zh: '未填写维修邮箱', en: 'No repair e-mail' },
  'repairs.reminder.dataMissingSince': { zh: '数据缺失，自 {since}', en: 'data missing since {since}' },
  'repairs.reminder.dataAbnormalSince': { zh: '数据异常，自 {since}', en: 'data abnormal since {since}' },
  'repairs.reminder.silentDays': {
    zh: '{days} 天无数据，最近数据 {last}',
    en: 'no data for {days} days, last {last}',
  },
  'repairs.reminder.unhandledTitle': { zh: '未处理告警 {total} 条', en: '{total} unhandled alarms' },
  'repairs.reminder.silentTitle': {
    zh: '{total} 个站点超过 1 天无数据',
    en: '{total} sites without data for over a day',
  },
  'repairs.reminder.line': { zh: '  {code}  {project}：{detail}', en: '  {code}  {project}: {detail}' },
  'repairs.reminder.greeting': { zh: '{name}，您好：', en: 'Hello {name},' },
  'repairs.reminder.intro': {
    zh: '截至 {date}，您可查看的站点中{title}：',
    en: 'As of {date}, among the sites you can see: {title}.',
  },
  'repairs.reminder.more': { zh: '  ……另有 {more} 条未列出', en: '  … and {more} more' },
  'repairs.reminder.pleaseHandle': {
    zh: '请登录 MastHub 处理。',
    en: 'Please log in to MastHub to handle them.',
  },
  'repairs.reminder.subjectPrefix': { zh: '【MastHub】', en: '[MastHub] ' },
} as const;
