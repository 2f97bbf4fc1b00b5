import type { TChannelElementOption, TParseRule, TRecognition, TRecognizedChannel } from '@masthub/shared';
import { localizeIngestWarning } from '@masthub/shared/i18n/ingestion.ts';
import { Alert, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { DoubtsPanel } from './DoubtsPanel.tsx';
import { RecognitionSummary } from './RecognitionSummary.tsx';
import { previewRowColumns, type TDoubtState, useChannelColumns } from './recognition-columns.tsx';

interface RecognitionPreviewProps {
  recognition: TRecognition;
  /** The rule the file will be imported with (the recognised one, as the user edited it). */
  rule: TParseRule;
  channels: TRecognizedChannel[];
  elements: TChannelElementOption[];
  onChannelsChange: (channels: TRecognizedChannel[]) => void;
  onRuleChange: (rule: TParseRule) => void;
  /** The doubts still open as edited, and the ones confirmed as they are (issue 40). */
  doubtState: TDoubtState;
}

/** What auto-recognition found in one file: structure, warnings, the editable channel table and the first rows. */
export function RecognitionPreview({
  recognition,
  rule,
  channels,
  elements,
  onChannelsChange,
  onRuleChange,
  doubtState,
}: RecognitionPreviewProps) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const channelColumns = useChannelColumns(channels, elements, onChannelsChange, doubtState);
  const rowColumns = previewRowColumns(recognition.headerRows, recognition.previewRows);

  return (
    <Flex vertical gap={12}>
      <RecognitionSummary recognition={recognition} rule={rule} onRuleChange={onRuleChange} />
      <DoubtsPanel {...doubtState} />
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
      <WholeTable<{ key: number; cells: string[] }>
        rowKey="key"
        bordered
        columns={rowColumns}
        dataSource={recognition.previewRows.slice(0, 10).map((cells, key) => ({ key, cells }))}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
