/** The answer envelope of every API call. */
export const HTTP = {
  'http.success': { zh: '操作成功', en: 'success' },
} as const;
