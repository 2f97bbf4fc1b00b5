import type { TChannelElementOption, TDoubt, TRecognizedChannel } from '@masthub/shared';
import { RECOGNIZED_STATISTICS } from '@masthub/shared/ingestion/recognition.schema.ts';
import { AutoComplete, Input, InputNumber, Select, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DoubtCell, EvidenceMark } from './DoubtsPanel.tsx';
import { columnCount, updateChannel } from './ingestion.utils.ts';

/** Units a file may be written in: MastHub stores m/s, °C and hPa and converts the others on import. */
const FILE_UNITS = [
  'm/s',
  'mph',
  'knots',
  'km/h',
  'ft/s',
  'deg',
  'deg_C',
  'deg_F',
  'K',
  '%',
  'hPa',
  'kPa',
  'daPa',
  'Pa',
  'inHg',
  'mmHg',
  'W/m^2',
  'V',
  'mm',
  'kg/m^3',
];

/** The doubts of the preview and the ones the user confirmed as they are (issue 40). */
export interface TDoubtState {
  doubts: TDoubt[];
  accepted: readonly string[];
  onAcceptedChange: (accepted: string[]) => void;
}

/**
 * The editable channel table of a recognised file: element, height, statistic, unit and data key per
 * column, what they were read from (a hover) and the column's doubts with "confirm as it is".
 */
export function useChannelColumns(
  channels: TRecognizedChannel[],
  elements: TChannelElementOption[],
  onChannelsChange: (channels: TRecognizedChannel[]) => void,
  doubtState: TDoubtState,
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
    // The file's unit: one MastHub does not store is converted on import (the stored unit follows).
    editable('unit', 110, (channel, change) => (
      <AutoComplete
        size="small"
        style={{ width: '100%' }}
        value={channel.sourceUnit || channel.unit}
        aria-label={t('ingestion.channel.unitOf', { name: channel.name })}
        options={FILE_UNITS.map((value) => ({ value }))}
        onChange={(unit: string) => change({ unit, sourceUnit: undefined })}
      />
    )),
    {
      key: 'read',
      title: t('ingestion.channel.read'),
      width: 90,
      render: (_: unknown, channel: TRecognizedChannel) => <EvidenceMark channel={channel} />,
    },
    {
      key: 'doubts',
      title: t('ingestion.channel.doubts'),
      width: 280,
      render: (_: unknown, channel: TRecognizedChannel) => <DoubtCell channel={channel} {...doubtState} />,
    },
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
