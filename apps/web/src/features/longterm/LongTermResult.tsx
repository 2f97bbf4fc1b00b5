import {
  MCP_LONG_TERM_SERIES_NAMES,
  MCP_WEAK_CORRELATION_R,
  type TMcpCompareResult,
  type TMcpRow,
} from '@masthub/shared';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { useFormatDateRange } from '../../ui/use-date-time.ts';
import { AnalysisBasisNote } from '../analysis-form/index.ts';
import { LongTermCharts } from './LongTermCharts.tsx';
import { LongTermTable } from './LongTermTable.tsx';
import { basisNotes, formatNumber } from './longterm.format.ts';

/**
 * The comparison: the concurrent data in one line, what it stood on (the target's and a reference site's
 * records used and left out, as on the statistics page), the verdict, the methods table and the charts.
 */
export function LongTermResult({
  result,
  onGenerate,
}: {
  result: TMcpCompareResult;
  onGenerate: (row: TMcpRow) => void;
}) {
  const { t } = useTranslation();
  const formatDateRange = useFormatDateRange();
  // Both periods are [start, end): their last day is the one before the end's midnight.
  const concurrent = formatDateRange(result.concurrentStart, result.concurrentEnd);
  const reference = formatDateRange(result.referenceStart, result.referenceEnd);
  const hasRecommendation = result.recommendation !== null;
  // A weak correlation reads as a warning even with a recommendation (the verdict says why).
  const isWeak = result.r !== null && result.r < MCP_WEAK_CORRELATION_R;
  const language = toShortLanguage(useAppLanguage());
  const campaign = formatDateRange(result.campaign.start, result.campaign.end);
  const isWholeTarget = result.campaign.start === null && result.campaign.end === null;
  return (
    <Flex vertical gap={16} style={{ marginTop: 16 }} data-testid="lt-result">
      <Typography.Text data-testid="lt-summary">
        {t('longterm.summary', {
          periods: result.concurrentPeriods,
          months: result.concurrentMonths,
          start: concurrent.start || '—',
          end: concurrent.end || '—',
          r: formatNumber(result.r, 3),
          reference: result.referenceName,
          refStart: reference.start || '—',
          refEnd: reference.end || '—',
        })}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="lt-choices">
        {t('longterm.choices', {
          series: MCP_LONG_TERM_SERIES_NAMES[result.longTermSeries][language],
          minimum: t('longterm.sectorMinimum', { count: result.minSectorCount }),
          campaign: isWholeTarget
            ? t('longterm.campaignWhole')
            : `${campaign.start || '…'} ~ ${campaign.end || '…'}`,
        })}
      </Typography.Text>
      {basisNotes(result).map((note) => (
        <div key={note.key} data-testid={`lt-basis-${note.key}`}>
          <AnalysisBasisNote basis={note.basis} versionName={note.versionName} />
        </div>
      ))}
      <Alert type={hasRecommendation && !isWeak ? 'success' : 'warning'} showIcon title={result.verdict} />
      <LongTermTable result={result} onGenerate={onGenerate} />
      <LongTermCharts result={result} />
    </Flex>
  );
}
