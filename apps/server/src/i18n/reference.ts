/** Reference lists the server names: themes, the country (GB/T 2260 names are data: reference/provinces.json). */
export const REFERENCE = {
  'reference.theme.green': { zh: '翠绿', en: 'Green' },
  'reference.theme.blue': { zh: '海蓝', en: 'Blue' },
  'reference.theme.teal': { zh: '青色', en: 'Teal' },
  'reference.theme.dark': { zh: '深色', en: 'Dark' },
  'reference.china': { zh: '中国', en: 'China' },
} as const;
