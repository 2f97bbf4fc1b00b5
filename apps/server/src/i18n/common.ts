/** Words many areas use. */
export const COMMON = {
  'common.none': { zh: '无', en: 'none' },
  'common.listSeparator': { zh: '、', en: ', ' },
} as const;
