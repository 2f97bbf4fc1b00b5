/** Raw logger files: the name part of a ZIP of them (`000123_原始文件.zip`, `raw_files_3.zip`). */
export const RAW_FILES = {
  'rawFiles.zipName': { zh: '原始文件', en: 'raw_files' },
} as const;
