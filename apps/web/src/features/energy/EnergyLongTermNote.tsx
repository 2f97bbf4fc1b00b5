import type { TEnergyResult } from '@masthub/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : (v * 100).toFixed(2));

/**
 * Says that the yield stands on a long-term corrected version (WIND-ANALYSIS §13): the reference, the
 * method and the uncertainty of the long-term mean speed that u_AEP in the table is made from.
 */
export function EnergyLongTermNote({ result }: { result: TEnergyResult }) {
  const { t } = useTranslation();
  const lt = result.longTerm;
  if (!lt) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="energy-longterm"
      title={t('energy.result.longTerm', {
        reference: lt.referenceName,
        method: lt.methodName,
        uTotal: pct(lt.uTotal),
        uMcp: pct(lt.uMcp),
        uLt: pct(lt.uLt),
      })}
      description={lt.uTotal === null ? t('energy.result.longTermNoUncertainty') : undefined}
    />
  );
}
