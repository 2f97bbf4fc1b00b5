/** Data reports (SPEC §2 data reports): how an analysis report names the channels it reads. */
export const DATA_REPORTS = {
  'dataReports.element': { zh: '风速 {speeds}；风向 {vanes}', en: 'Speed {speeds}; direction {vanes}' },
} as const;
