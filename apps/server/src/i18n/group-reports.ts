/** Group reports (SPEC §2 /report/groupReport): the e-mail that carries a report. */
export const GROUP_REPORTS = {
  'groupReports.mail.subject': {
    zh: '【MastHub {type}】{name}（{label}）',
    en: '[MastHub {type} report] {name} ({label})',
  },
  'groupReports.mail.text': {
    zh: '您好：\n\n附件为“{name}”{label} 的{type}（Word 与 PDF 各一份）。\n\n此邮件由 MastHub 测风数据平台自动发送。',
    en: 'Hello,\n\nAttached is the {type} report of “{name}” for {label} (Word and PDF).\n\nSent by the MastHub wind measurement platform.',
  },
} as const;
