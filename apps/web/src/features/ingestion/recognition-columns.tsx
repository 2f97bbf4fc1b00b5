import type { TChannelElementOption, TRecognizedChannel } from '@masthub/shared';
import { RECOGNIZED_STATISTICS } from '@masthub/shared/ingestion/recognition.schema.ts';
import { Input, InputNumber, Select, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { columnCount, updateChannel } from './ingestion.utils.ts';

/** The editable channel table of a recognised file: element, height, statistic, unit and data key per column. */
export function useChannelColumns(
  channels: TRecognizedChannel[],
  elements: TChannelElementOption[],
  onChannelsChange: (channels: TRecognizedChannel[]) => void,
): TableColumnsType<TRecognizedChannel> {
  const { t } = useTranslation();
  /** A column whose cell edits the channel: `edit(channel, change)` applies a change to that row. */
  const editable = (
    key: string,
    width: number,
    cell: (channel: TRecognizedChannel, change: (patch: Partial<TRecognizedChannel>) => void) => ReactNode,
  ) => ({
    key,
    title: t(`ingestion.channel.${key}`),
    width,
    render: (_: unknown, channel: TRecognizedChannel, index: number) =>
      cell(channel, (patch) => onChannelsChange(updateChannel(channels, index, patch))),
  });
  return [
    { key: 'column', dataIndex: 'column', title: t('ingestion.channel.column'), width: 70 },
    { key: 'name', dataIndex: 'name', title: t('ingestion.channel.name'), width: 180, ellipsis: true },
    editable('element', 170, (channel, change) => (
      <Select
        size="small"
        style={{ width: '100%' }}
        value={channel.element}
        aria-label={t('ingestion.channel.elementOf', { name: channel.name })}
        options={elements.map((element) => ({ value: element.key, label: element.name }))}
        onChange={(element) => change({ element })}
      />
    )),
    editable('height', 100, (channel, change) => (
      <InputNumber
        size="small"
        min={0}
        max={1000}
        value={channel.heightM}
        aria-label={t('ingestion.channel.heightOf', { name: channel.name })}
        onChange={(value) => change({ heightM: typeof value === 'number' ? value : null })}
      />
    )),
    editable('statistic', 120, (channel, change) => (
      <Select
        size="small"
        style={{ width: '100%' }}
        value={channel.statistic}
        options={RECOGNIZED_STATISTICS.map((value) => ({
          value,
          label: t(`ingestion.statistic.${value}`),
        }))}
        onChange={(statistic) => change({ statistic })}
      />
    )),
    editable('unit', 100, (channel, change) => (
      <Input size="small" value={channel.unit} onChange={(event) => change({ unit: event.target.value })} />
    )),
    editable('dataKey', 180, (channel, change) => (
      <Input
        size="small"
        value={channel.dataKey}
        status={channel.dataKey.trim() === '' ? 'error' : undefined}
        onChange={(event) => change({ dataKey: event.target.value })}
      />
    )),
  ];
}

/** The first rows of the file as read, under the last header row's names. */
export function previewRowColumns(headerRows: string[][], previewRows: string[][]) {
  const width = Math.max(columnCount(previewRows), columnCount(headerRows));
  const header = headerRows[headerRows.length - 1] ?? [];
  const columns: TableColumnsType<{ key: number; cells: string[] }> = Array.from(
    { length: width },
    (_, i) => ({
      key: String(i),
      title: header[i] ?? String(i + 1),
      width: 120,
      ellipsis: true,
      render: (_: unknown, row: { cells: string[] }) => row.cells[i] ?? '',
    }),
  );
  return columns;
}
