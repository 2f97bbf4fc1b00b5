import type { TChannelElementOption, TParseRule, TRecognition, TRecognizedChannel } from '@masthub/shared';
import { localizeIngestWarning } from '@masthub/shared/i18n/ingestion.ts';
import { RECOGNIZED_STATISTICS } from '@masthub/shared/ingestion/recognition.schema.ts';
import {
  Alert,
  Descriptions,
  Flex,
  Input,
  InputNumber,
  Radio,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { columnCount, DELIMITER_KEYS, stampTimes, updateChannel } from './ingestion.utils.ts';

interface RecognitionPreviewProps {
  recognition: TRecognition;
  /** The rule the file will be imported with (the recognised one, as the user edited it). */
  rule: TParseRule;
  channels: TRecognizedChannel[];
  elements: TChannelElementOption[];
  onChannelsChange: (channels: TRecognizedChannel[]) => void;
  onRuleChange: (rule: TParseRule) => void;
}

/** What auto-recognition found in one file: structure, warnings, the editable channel table and the first rows. */
export function RecognitionPreview({
  recognition,
  rule,
  channels,
  elements,
  onChannelsChange,
  onRuleChange,
}: RecognitionPreviewProps) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const formatDateTime = useFormatDateTime();
  const none = t('ingestion.preview.none');
  // What the import stores with the chosen stamp meaning (a period end moves back one interval).
  const times = stampTimes(recognition, rule.timestampIsPeriodEnd);

  const channelColumns: TableColumnsType<TRecognizedChannel> = [
    { key: 'column', dataIndex: 'column', title: t('ingestion.channel.column'), width: 70 },
    { key: 'name', dataIndex: 'name', title: t('ingestion.channel.name'), width: 180, ellipsis: true },
    {
      key: 'element',
      title: t('ingestion.channel.element'),
      width: 170,
      render: (_, channel, index) => (
        <Select
          size="small"
          style={{ width: '100%' }}
          value={channel.element}
          aria-label={t('ingestion.channel.elementOf', { name: channel.name })}
          options={elements.map((element) => ({ value: element.key, label: element.name }))}
          onChange={(element) => onChannelsChange(updateChannel(channels, index, { element }))}
        />
      ),
    },
    {
      key: 'height',
      title: t('ingestion.channel.height'),
      width: 100,
      render: (_, channel, index) => (
        <InputNumber
          size="small"
          min={0}
          max={1000}
          value={channel.heightM}
          aria-label={t('ingestion.channel.heightOf', { name: channel.name })}
          onChange={(value) =>
            onChannelsChange(
              updateChannel(channels, index, { heightM: typeof value === 'number' ? value : null }),
            )
          }
        />
      ),
    },
    {
      key: 'statistic',
      title: t('ingestion.channel.statistic'),
      width: 120,
      render: (_, channel, index) => (
        <Select
          size="small"
          style={{ width: '100%' }}
          value={channel.statistic}
          options={RECOGNIZED_STATISTICS.map((value) => ({
            value,
            label: t(`ingestion.statistic.${value}`),
          }))}
          onChange={(statistic) => onChannelsChange(updateChannel(channels, index, { statistic }))}
        />
      ),
    },
    {
      key: 'unit',
      title: t('ingestion.channel.unit'),
      width: 100,
      render: (_, channel, index) => (
        <Input
          size="small"
          value={channel.unit}
          onChange={(event) => onChannelsChange(updateChannel(channels, index, { unit: event.target.value }))}
        />
      ),
    },
    {
      key: 'dataKey',
      title: t('ingestion.channel.dataKey'),
      width: 180,
      render: (_, channel, index) => (
        <Input
          size="small"
          value={channel.dataKey}
          status={channel.dataKey.trim() === '' ? 'error' : undefined}
          onChange={(event) =>
            onChannelsChange(updateChannel(channels, index, { dataKey: event.target.value }))
          }
        />
      ),
    },
  ];

  const width = Math.max(columnCount(recognition.previewRows), columnCount(recognition.headerRows));
  const header = recognition.headerRows[recognition.headerRows.length - 1] ?? [];
  const rowColumns: TableColumnsType<{ key: number; cells: string[] }> = Array.from(
    { length: width },
    (_, i) => ({
      key: String(i),
      title: header[i] ?? String(i + 1),
      width: 120,
      ellipsis: true,
      render: (_: unknown, row: { cells: string[] }) => row.cells[i] ?? '',
    }),
  );

  return (
    <Flex vertical gap={12}>
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
            children: (
              <Flex vertical gap={4}>
                <Radio.Group
                  size="small"
                  optionType="button"
                  aria-label={t('ingestion.preview.stampMeaning')}
                  value={rule.timestampIsPeriodEnd ? 'end' : 'start'}
                  onChange={(event) =>
                    onRuleChange({ ...rule, timestampIsPeriodEnd: event.target.value === 'end' })
                  }
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
                  {recognition.rule.timestampIsPeriodEnd
                    ? ` ${t('ingestion.preview.periodEndRecognised')}`
                    : ''}
                </Typography.Text>
              </Flex>
            ),
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
      {recognition.warnings.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('ingestion.preview.warnings')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {recognition.warnings.map((warning) => (
                <li key={warning}>{localizeIngestWarning(warning, language)}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Typography.Text strong>{t('ingestion.preview.channels', { count: channels.length })}</Typography.Text>
      <Table<TRecognizedChannel>
        rowKey="column"
        size="small"
        bordered
        columns={channelColumns}
        dataSource={channels}
        pagination={channels.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 'max-content', y: 320 }}
      />
      <Typography.Text strong>{t('ingestion.preview.firstRows')}</Typography.Text>
      <Table<{ key: number; cells: string[] }>
        rowKey="key"
        size="small"
        bordered
        columns={rowColumns}
        dataSource={recognition.previewRows.slice(0, 10).map((cells, key) => ({ key, cells }))}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
