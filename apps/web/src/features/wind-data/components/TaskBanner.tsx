import type { TProcessingTask } from '@masthub/shared';
import { Alert, Flex, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskTracker } from '../use-task-tracker.ts';
import { describeTaskResult, isTaskActive, taskProgressStatus } from '../wind-data.utils.ts';

export interface TaskBannerProps {
  task: TProcessingTask;
  onDismiss: () => void;
}

/**
 * The task of the version at the top of the screen: live progress while it runs (processing is locked
 * meanwhile), then its outcome until dismissed.
 */
export function TaskBanner({ task, onDismiss }: TaskBannerProps) {
  const { t } = useTranslation();
  const isActive = isTaskActive(task);
  const kind = t(`measure-wind.tasks.kinds.${task.kind}`, { defaultValue: task.kind });
  const status = t(`measure-wind.tasks.statuses.${task.status}`);
  const outcome =
    task.status === 'failed'
      ? (task.error ?? '')
      : describeTaskResult(task, (key, options) => t(key, options ?? {})).join(
          t('measure-wind.listSeparator'),
        );
  return (
    <Alert
      data-testid="mw-task"
      data-task-status={task.status}
      type={isActive ? 'info' : task.status === 'succeeded' ? 'success' : 'error'}
      showIcon
      closable={isActive ? false : { onClose: onDismiss }}
      title={
        <Flex gap={12} align="center" wrap>
          <Typography.Text strong>
            {t('measure-wind.tasks.banner', { kind, id: task.id, status })}
          </Typography.Text>
          <Progress
            data-testid="mw-task-progress"
            data-progress={task.progress}
            size="small"
            style={{ flex: 1, minWidth: 200, margin: 0 }}
            percent={task.status === 'succeeded' ? 100 : task.progress}
            status={taskProgressStatus(task)}
          />
        </Flex>
      }
      description={
        isActive ? (
          t('measure-wind.tasks.lockedHint')
        ) : outcome ? (
          <Typography.Text>{outcome}</Typography.Text>
        ) : undefined
      }
    />
  );
}

/** The banner of the task followed on the shown version, until the user dismisses a finished one. */
export function TrackedTaskBanner({
  tracker,
  versionId,
}: {
  tracker: Pick<TaskTracker, 'task' | 'isActive'>;
  versionId: number;
}) {
  const [dismissedTaskIds, setDismissedTaskIds] = useState<number[]>([]);
  const shownTask =
    tracker.task &&
    tracker.task.versionId === versionId &&
    (tracker.isActive || !dismissedTaskIds.includes(tracker.task.id))
      ? tracker.task
      : undefined;
  return shownTask ? (
    <TaskBanner task={shownTask} onDismiss={() => setDismissedTaskIds((ids) => [...ids, shownTask.id])} />
  ) : null;
}
