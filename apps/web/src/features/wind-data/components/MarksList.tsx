import { UndoOutlined } from '@ant-design/icons';
import type { TFlagMark } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Popconfirm, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../browser/feedback.ts';
import { ServerPagedTable } from '../../../ui/table/ServerPagedTable.tsx';
import { dateTimeColumn } from '../../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../../ui/use-date-time.ts';
import { useMarks, useUndoMark } from '../api.ts';
import { FLAG_TAG_COLORS, flagName } from '../wind-data.utils.ts';
import { ActionButton } from './ActionButton.tsx';

export interface MarksListProps {
  versionId: number;
  /** Why undo is not possible now (view-only original, a task running). */
  blockedReason: string | undefined;
}

/** The marks of a version (manual and QC): who, when, flag, range, channels, values changed; undo. */
export function MarksList({ versionId, blockedReason }: MarksListProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const { data: page, isFetching } = useMarks(versionId, pageNo, PAGE_SIZE);
  const undo = useUndoMark(versionId);

  const runUndo = async (mark: TFlagMark) => {
    try {
      await undo.mutateAsync(mark.id);
      feedback.success(t('measure-wind.marks.undone'));
    } catch {
      // Shown by the request layer.
    }
  };

  const columns: TableColumnsType<TFlagMark> = [
    {
      key: 'source',
      dataIndex: 'source',
      title: t('measure-wind.marks.source'),
      width: 90,
      render: (value: TFlagMark['source']) => (
        <Tag color={value === 'qc' ? 'purple' : 'blue'}>{t(`measure-wind.marks.sources.${value}`)}</Tag>
      ),
    },
    {
      key: 'flag',
      dataIndex: 'flag',
      title: t('measure-wind.marks.flag'),
      width: 80,
      render: (value: number) => (
        <Tag color={FLAG_TAG_COLORS[flagName(value)]}>{t(`measure-wind.flags.${flagName(value)}`)}</Tag>
      ),
    },
    {
      key: 'range',
      title: t('measure-wind.marks.range'),
      width: 170,
      render: (_, mark) => (
        <>
          <div>{formatDateTime(mark.startTime)}</div>
          <div>{formatDateTime(mark.endTime)}</div>
        </>
      ),
    },
    {
      key: 'channels',
      dataIndex: 'channelNames',
      title: t('measure-wind.marks.channels'),
      width: 220,
      render: (names: string[]) => (
        <Typography.Paragraph
          style={{ margin: 0 }}
          ellipsis={{ rows: 2, tooltip: names.join(t('measure-wind.listSeparator')) }}
        >
          {names.join(t('measure-wind.listSeparator'))}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'changedCount',
      dataIndex: 'changedCount',
      title: t('measure-wind.marks.changedCount'),
      width: 100,
      align: 'right',
      render: (value: number, mark) => {
        const rules = Object.entries(mark.ruleCounts);
        return rules.length === 0 ? (
          value
        ) : (
          <Typography.Text
            title={rules
              .map(([ruleId, count]) => t('measure-wind.marks.ruleCount', { ruleId, count }))
              .join('\n')}
            style={{ textDecoration: 'underline dotted' }}
          >
            {value}
          </Typography.Text>
        );
      },
    },
    { key: 'note', dataIndex: 'note', title: t('measure-wind.marks.note'), width: 140, ellipsis: true },
    { key: 'creator', dataIndex: 'creatorName', title: t('measure-wind.marks.creator'), width: 110 },
    dateTimeColumn('createTime', t('measure-wind.marks.createTime'), formatDateTime),
    {
      key: 'state',
      title: t('measure-wind.marks.state'),
      width: 180,
      render: (_, mark) =>
        mark.isUndone ? (
          <Typography.Text type="secondary">
            {t('measure-wind.marks.undoneBy', {
              name: mark.undoerName ?? '',
              time: formatDateTime(mark.undoTime),
            })}
          </Typography.Text>
        ) : (
          <Tag color="success">{t('measure-wind.marks.active')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('measure-wind.marks.actions'),
      width: 100,
      fixed: 'right',
      render: (_, mark) =>
        mark.isUndone ? null : blockedReason ? (
          <ActionButton type="link" size="small" icon={<UndoOutlined />} blockedReason={blockedReason}>
            {t('measure-wind.marks.undo')}
          </ActionButton>
        ) : (
          <Popconfirm
            title={t('measure-wind.marks.undoConfirm')}
            onConfirm={() => runUndo(mark)}
            okButtonProps={{ loading: undo.isPending }}
          >
            <ActionButton type="link" size="small" feature="data.process" icon={<UndoOutlined />}>
              {t('measure-wind.marks.undo')}
            </ActionButton>
          </Popconfirm>
        ),
    },
  ];

  return (
    <ServerPagedTable<TFlagMark>
      data-testid="mw-marks"
      loading={isFetching}
      columns={columns}
      rowClassName={(mark) => (mark.isUndone ? 'mw-mark-undone' : '')}
      page={page}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={setPageNo}
      emptyText={t('measure-wind.marks.empty')}
      totalText={(total) => t('measure-wind.table.total', { count: total })}
    />
  );
}
