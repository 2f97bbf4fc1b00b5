/** The hub (/hub): alarm ages, report states and deliveries. */
export const HUB = {
  'hub.age.lt1d': { zh: '1 天内', en: 'Under 1 day' },
  'hub.age.d1to7': { zh: '1–7 天', en: '1–7 days' },
  'hub.age.d7to30': { zh: '7–30 天', en: '7–30 days' },
  'hub.age.gt30d': { zh: '30 天以上', en: 'Over 30 days' },
  'hub.report.generating': { zh: '生成中', en: 'Generating' },
  'hub.report.success': { zh: '已生成', en: 'Generated' },
  'hub.report.failure': { zh: '生成失败', en: 'Failed' },
  'hub.delivery.sent': { zh: '已发送', en: 'Sent' },
  'hub.delivery.waiting': { zh: '待发送', en: 'Waiting' },
  'hub.delivery.failed': { zh: '发送失败', en: 'Not delivered' },
  'hub.delivery.notSent': { zh: '未发送', en: 'Not sent' },
} as const;
