import type { TParseRule, TRecognition } from '@masthub/shared';
import { Descriptions, Flex, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { DELIMITER_KEYS, stampTimes } from './ingestion.utils.ts';

interface RecognitionRuleProps {
  recognition: TRecognition;
  /** The rule the file will be imported with (the recognised one, as the user edited it). */
  rule: TParseRule;
  onRuleChange: (rule: TParseRule) => void;
}

/** How the recognised stamps are read: the start or the end of each period, with what that stores. */
function StampMeaning({ recognition, rule, onRuleChange }: RecognitionRuleProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  // What the import stores with the chosen stamp meaning (a period end moves back one interval).
  const times = stampTimes(recognition, rule.timestampIsPeriodEnd);
  return (
    <Flex vertical gap={4}>
      <Radio.Group
        size="small"
        optionType="button"
        aria-label={t('ingestion.preview.stampMeaning')}
        value={rule.timestampIsPeriodEnd ? 'end' : 'start'}
        onChange={(event) => onRuleChange({ ...rule, timestampIsPeriodEnd: event.target.value === 'end' })}
        options={[
          { value: 'start', label: t('ingestion.preview.periodStart') },
          { value: 'end', label: t('ingestion.preview.periodEnd') },
        ]}
      />
      <Typography.Text type="secondary">
        {rule.timestampIsPeriodEnd && times.firstStamp && times.firstTime
          ? t('ingestion.preview.periodEndHint', {
              stamp: formatDateTime(times.firstStamp),
              start: formatDateTime(times.firstTime),
            })
          : t('ingestion.preview.periodStartHint')}
        {recognition.rule.timestampIsPeriodEnd ? ` ${t('ingestion.preview.periodEndRecognised')}` : ''}
      </Typography.Text>
    </Flex>
  );
}

/** The structure recognition found in a file (as the rule the user edits) and the period it covers. */
export function RecognitionSummary({ recognition, rule, onRuleChange }: RecognitionRuleProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const none = t('ingestion.preview.none');
  const times = stampTimes(recognition, rule.timestampIsPeriodEnd);
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        {
          key: 'kind',
          label: t('ingestion.preview.kind'),
          children: t(`ingestion.kind.${recognition.kind}`),
        },
        { key: 'encoding', label: t('ingestion.rule.encoding'), children: rule.encoding },
        {
          key: 'delimiter',
          label: t('ingestion.rule.dataDelimiter'),
          children: t(`ingestion.delimiter.${DELIMITER_KEYS[rule.dataDelimiter]}`),
        },
        {
          key: 'fieldStartRow',
          label: t('ingestion.rule.fieldStartRow'),
          children: rule.fieldStartRow || none,
        },
        { key: 'dataStartRow', label: t('ingestion.rule.dataStartRow'), children: rule.dataStartRow },
        {
          key: 'dateColumns',
          label: t('ingestion.preview.dateColumns'),
          children:
            rule.dateStartColumn === rule.dateEndColumn
              ? String(rule.dateStartColumn)
              : `${rule.dateStartColumn} – ${rule.dateEndColumn}`,
        },
        { key: 'dateFormat', label: t('ingestion.rule.dateFormat'), children: rule.dateFormat },
        {
          key: 'missingValue',
          label: t('ingestion.rule.missingValue'),
          children: rule.missingValue || none,
        },
        {
          key: 'interval',
          label: t('ingestion.preview.interval'),
          children:
            recognition.intervalMinutes === null
              ? none
              : t('ingestion.preview.minutes', { count: recognition.intervalMinutes }),
        },
        {
          key: 'stampMeaning',
          label: t('ingestion.preview.stampMeaning'),
          span: { xs: 1, md: 2, xl: 3 },
          children: <StampMeaning recognition={recognition} rule={rule} onRuleChange={onRuleChange} />,
        },
        {
          key: 'firstTime',
          label: t('ingestion.preview.firstTime'),
          children: times.firstTime ? formatDateTime(times.firstTime) : none,
        },
        {
          key: 'lastTime',
          label: t('ingestion.preview.lastTime'),
          children: times.lastTime ? formatDateTime(times.lastTime) : none,
        },
        { key: 'rowCount', label: t('ingestion.preview.rowCount'), children: recognition.rowCount },
      ]}
    />
  );
}
