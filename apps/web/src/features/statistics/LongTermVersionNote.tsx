import { longTermBasisOf } from '@masthub/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { useVersionDetail } from '../wind-data/index.ts';

/**
 * Says that the chosen version is long-term corrected (issue 28): its reference, method and the
 * uncertainty of its long-term mean, read from the version's lineage — so no statistic of a synthesised
 * series passes for a measured one.
 */
export function LongTermVersionNote({ versionId }: { versionId: number | undefined }) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const { data: detail } = useVersionDetail(versionId);
  const lt = detail ? longTermBasisOf(detail.lineage, language) : null;
  if (!lt) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="statistics-longterm"
      title={t('statistics.longTermVersion', {
        reference: lt.referenceName,
        method: lt.methodName,
        uTotal: lt.uTotal === null ? '—' : `${(lt.uTotal * 100).toFixed(2)} %`,
      })}
    />
  );
}
