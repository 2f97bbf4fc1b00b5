/** Words many areas use. */
export const COMMON = {
  'common.none': { zh: '无', en: 'none' },
  /** The Chinese term the API documentation glosses "owner party" with. */
  'common.ownerParty': { zh: '业主', en: 'owner party' },
  /** A city named with its province (offline address search); English takes ASCII brackets. */
  'common.cityInProvince': { zh: '{city}（{province}）', en: '{city} ({province})' },
  'common.listSeparator': { zh: '、', en: ', ' },
} as const;
