import { ReloadOutlined } from '@ant-design/icons';
import type { TDatasetVersion, TProcessingTask, TTaskStatus } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Button, Flex, Popconfirm, Progress, Segmented, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../browser/feedback.ts';
import { useCan } from '../../../ui/PermissionButton.tsx';
import { ServerPagedTable } from '../../../ui/table/ServerPagedTable.tsx';
import { dateTimeColumn } from '../../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../../ui/use-date-time.ts';
import { undoReconstruct, useTaskPage } from '../api.ts';
import { describeTaskResult, isTaskActive, taskProgressStatus } from '../wind-data.utils.ts';

const STATUS_COLORS: Record<TTaskStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
};

export interface TasksListProps {
  stationId: number;
  versionId: number;
  versions: readonly TDatasetVersion[];
  /** An undo queued from the list (followed by the workspace like any started task). */
  onStarted?: (task: TProcessingTask) => void;
}

/** The reconstructions of a page already undone (or being undone) by a listed undo task. */
function undoneReconstructions(tasks: readonly TProcessingTask[]): Set<number> {
  return new Set(
    tasks
      .filter((task) => task.kind === 'reconstruct_undo' && task.status !== 'failed')
      .map((task) => Number(task.params['reconstructTaskId'])),
  );
}

/** Processing tasks of the version (or the whole site): status, progress, result summary, error. */
export function TasksList({ stationId, versionId, versions, onStarted }: TasksListProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [scope, setScope] = useState<'version' | 'site'>('version');
  const [pageNo, setPageNo] = useState(1);
  const request = {
    stationId,
    ...(scope === 'version' ? { versionId } : {}),
    pageNo,
    pageSize: PAGE_SIZE,
  };
  const { data: page, isFetching, refetch } = useTaskPage(request);
  const canProcess = useCan('data.process');
  const undone = undoneReconstructions(page?.records ?? []);
  const undo = async (task: TProcessingTask) => {
    const queued = await undoReconstruct(task.id).catch(() => undefined);
    if (!queued) return;
    feedback.success(t('measure-wind.tasks.undoStarted', { id: queued.id }));
    onStarted?.(queued);
    void refetch();
  };
  const versionName = (id: number) => versions.find((version) => version.id === id)?.name ?? `#${id}`;

  const columns: TableColumnsType<TProcessingTask> = [
    { key: 'id', dataIndex: 'id', title: t('measure-wind.tasks.id'), width: 70 },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('measure-wind.tasks.kind'),
      width: 120,
      render: (value: string) => t(`measure-wind.tasks.kinds.${value}`, { defaultValue: value }),
    },
    ...(scope === 'site'
      ? [
          {
            key: 'version',
            dataIndex: 'versionId',
            title: t('measure-wind.tasks.version'),
            width: 140,
            render: (value: number) => versionName(value),
          },
        ]
      : []),
    {
      key: 'status',
      title: t('measure-wind.tasks.status'),
      width: 200,
      render: (_, task) => (
        <Flex gap={8} align="center">
          <Tag color={STATUS_COLORS[task.status]}>{t(`measure-wind.tasks.statuses.${task.status}`)}</Tag>
          <Progress
            size="small"
            style={{ width: 90, margin: 0 }}
            percent={task.status === 'succeeded' ? 100 : task.progress}
            status={taskProgressStatus(task)}
          />
        </Flex>
      ),
    },
    {
      key: 'outcome',
      title: t('measure-wind.tasks.outcome'),
      width: 320,
      render: (_, task) => {
        if (task.status === 'failed') {
          return <Typography.Text type="danger">{task.error ?? task.errorKey ?? ''}</Typography.Text>;
        }
        const items = describeTaskResult(task, (key, options) => t(key, options ?? {}));
        return items.length === 0 ? null : (
          <Typography.Paragraph
            style={{ margin: 0, fontSize: 12 }}
            ellipsis={{ rows: 2, tooltip: items.join('\n') }}
          >
            {items.join(t('measure-wind.listSeparator'))}
          </Typography.Paragraph>
        );
      },
    },
    { key: 'creator', dataIndex: 'creatorName', title: t('measure-wind.tasks.creator'), width: 110 },
    dateTimeColumn('createTime', t('measure-wind.tasks.createTime'), formatDateTime),
    dateTimeColumn('finishTime', t('measure-wind.tasks.finishTime'), formatDateTime),
    {
      key: 'actions',
      title: t('measure-wind.tasks.actions'),
      width: 90,
      // Kept in view: the table scrolls sideways on narrow screens and the undo must not hide.
      fixed: 'right' as const,
      render: (_, task) => {
        if (!canProcess || task.kind !== 'reconstruct' || task.status !== 'succeeded') return null;
        if (undone.has(task.id)) return <Tag>{t('measure-wind.tasks.undone')}</Tag>;
        return (
          <Popconfirm title={t('measure-wind.tasks.undoConfirm')} onConfirm={() => undo(task)}>
            <Button size="small" data-testid={`mw-task-undo-${task.id}`}>
              {t('measure-wind.tasks.undo')}
            </Button>
          </Popconfirm>
        );
      },
    },
  ];

  const hasActive = (page?.records ?? []).some((task) => isTaskActive(task));
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Segmented
          size="small"
          value={scope}
          onChange={(value) => {
            setScope(value as 'version' | 'site');
            setPageNo(1);
          }}
          options={[
            { value: 'version', label: t('measure-wind.tasks.scopeVersion') },
            { value: 'site', label: t('measure-wind.tasks.scopeSite') },
          ]}
        />
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={isFetching && !hasActive}
          onClick={() => void refetch()}
          aria-label={t('common.actions.refresh')}
        />
      </Flex>
      <ServerPagedTable<TProcessingTask>
        data-testid="mw-tasks"
        columns={columns}
        page={page}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        emptyText={t('measure-wind.tasks.empty')}
        totalText={(total) => t('measure-wind.table.total', { count: total })}
      />
    </Flex>
  );
}
