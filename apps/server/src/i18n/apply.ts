/** Download applications (issue 17): the e-mails to the applicant, the export's notes, the refusal page. */
export const APPLY = {
  'apply.mail.rejectedSubject': {
    zh: '【MastHub】下载申请 #{id} 被驳回',
    en: '[MastHub] Download application #{id} was rejected',
  },
  'apply.mail.readySubject': {
    zh: '【MastHub】下载申请 #{id} 的数据已就绪',
    en: '[MastHub] The data of download application #{id} is ready',
  },
  'apply.mail.rejectedText': {
    zh: '{name}，您好：\n\n您的下载申请 #{id} 被驳回。\n审批意见：{comment}\n\n此邮件由 MastHub 测风数据平台自动发送。',
    en: "Hello {name},\n\nYour download application #{id} was rejected.\nReviewer's comment: {comment}\n\nSent by the MastHub wind measurement platform.",
  },
  'apply.mail.readyLinkText': {
    zh: '{name}，您好：\n\n您的下载申请 #{id} 已通过，数据文件“{file}”已就绪。\n请登录申请人账号后打开下面的链接下载（链接仅限申请人本人使用，{expires} 前有效）：\n\n{url}\n\n此邮件由 MastHub 测风数据平台自动发送。',
    en: "Hello {name},\n\nYour download application #{id} was approved and the file “{file}” is ready.\nOpen the link below while logged in with the applicant's account (it works for the applicant only, until {expires}):\n\n{url}\n\nSent by the MastHub wind measurement platform.",
  },
  'apply.mail.readyAppText': {
    zh: '{name}，您好：\n\n您的下载申请 #{id} 已通过，数据文件“{file}”已就绪。\n请用申请人账号登录 MastHub，在“站点列表 → 我的申请”中下载（仅限申请人本人，{expires} 前有效）。\n\n此邮件由 MastHub 测风数据平台自动发送。',
    en: "Hello {name},\n\nYour download application #{id} was approved and the file “{file}” is ready.\nLog in to MastHub with the applicant's account and download it from Site list → My applications (for the applicant only, until {expires}).\n\nSent by the MastHub wind measurement platform.",
  },
  'apply.export.internalError': {
    zh: '导出时发生内部错误，请联系管理员',
    en: 'An internal error occurred during the export; please contact the administrator',
  },
  'apply.export.noData': { zh: '所选时段内没有数据', en: 'No data in the chosen period' },
  'apply.export.noPair': { zh: '没有风速和风向通道', en: 'No wind speed and direction channels' },
  'apply.export.notExportedFile': { zh: '未导出的站点.txt', en: 'sites_not_exported.txt' },
  'apply.export.zipLabel': { zh: '下载申请', en: 'application' },
  'apply.refusal.title': { zh: '无法下载', en: 'The download cannot be opened' },
  'apply.refusal.back': { zh: '返回 MastHub', en: 'Back to MastHub' },
} as const;
