import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '../../request/request.ts';
import { useFileDownload } from '../../request/use-file-download.ts';

/**
 * The workbook of an analysis page's last request (statistics, site suitability, lidar versus mast): saved
 * under the area's `exportName` (`<area>.exportName`, `<area>.exported`), nothing before a first run.
 */
export function useAnalysisExport<TRequest>(
  request: TRequest | undefined,
  exportFile: (request: TRequest) => Promise<DownloadedFile>,
  area: 'statistics' | 'suitability' | 'lidar-verify',
): { isExporting: boolean; runExport: () => Promise<void> } {
  const { t } = useTranslation();
  const { isSaving, download } = useFileDownload();
  const runExport = async () => {
    if (!request) return;
    await download(() => exportFile(request), `${t(`${area}.exportName`)}.xlsx`, t(`${area}.exported`));
  };
  return { isExporting: isSaving, runExport };
}
