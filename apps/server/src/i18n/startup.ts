/** What the API process prints when it starts. */
export const STARTUP = {
  'startup.personalCentre': { zh: '个人中心', en: 'Personal centre' },
} as const;
