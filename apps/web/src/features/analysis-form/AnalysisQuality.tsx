import { leftOutTotals, type TAnalysisBasis } from '@masthub/shared';
import { Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../ui/use-date-time.ts';

/**
 * The quality options every analysis screen offers (issue 41 §1): the same two switches on statistics,
 * site suitability and energy yield. Invalid and iced records and values outside physical limits are never
 * used, whatever is chosen (the hint says so).
 */
export function QualityOptions() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="includeSuspicious"
        label={t('common.quality.includeSuspicious')}
        valuePropName="checked"
        tooltip={t('common.quality.hint')}
      >
        <Switch data-testid="quality-suspicious" />
      </Form.Item>
      <Form.Item name="includeFilled" label={t('common.quality.includeFilled')} valuePropName="checked">
        <Switch data-testid="quality-filled" />
      </Form.Item>
    </>
  );
}

/**
 * What an analysis stood on, one line: the version, the period, the records of the first (deciding)
 * channel used, and what was left out of every channel, by why.
 */
export function AnalysisBasisNote({ basis, versionName }: { basis: TAnalysisBasis; versionName: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const first = basis.channels[0];
  const left = leftOutTotals(basis);
  return (
    <Typography.Text type={left.total > 0 ? 'warning' : 'secondary'} data-testid="analysis-basis">
      {first
        ? t('common.quality.basis', {
            version: versionName,
            start: formatDateTime(basis.startTime),
            end: formatDateTime(basis.endTime),
            used: first.used,
            count: first.present,
            channel: first.name,
          })
        : null}{' '}
      {left.total > 0
        ? t('common.quality.leftOut', { ...left, invalid: left.invalid + left.icing })
        : t('common.quality.noneLeftOut')}
    </Typography.Text>
  );
}
