import type { TProcessingTask } from '@masthub/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onTaskEvent } from '../../realtime/task-events.ts';
import { fetchTask, TASK_POLL_MS, windKeys } from './api.ts';
import { isTaskActive, mergeTaskUpdate } from './wind-data.utils.ts';

export interface TaskTracker {
  /** The task followed on this version: the running one, or the last one started here. */
  task: TProcessingTask | undefined;
  isActive: boolean;
  /** Follow a task just started (the answer of a processing call). */
  track: (task: TProcessingTask) => void;
}

/**
 * Follows the processing task of a version (SPEC §4: one at a time): live progress from the websocket
 * frames, a poll every 2 s while it is queued or running (frames can be missed), and when it ends the
 * version's versions/channels/data/marks and the task list are refreshed.
 */
export function useTaskTracker(
  stationId: number,
  versionId: number | undefined,
  activeTaskId: number | null | undefined,
): TaskTracker {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<{ versionId: number; taskId: number }>();
  const startedId = started && started.versionId === versionId ? started.taskId : undefined;
  const trackedId = activeTaskId ?? startedId;

  const { data: task } = useQuery({
    queryKey: windKeys.task(trackedId ?? 0),
    queryFn: async () => {
      const fresh = await fetchTask(trackedId!);
      return mergeTaskUpdate(queryClient.getQueryData<TProcessingTask>(windKeys.task(fresh.id)), fresh);
    },
    enabled: trackedId !== undefined,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data === undefined || isTaskActive(query.state.data) ? TASK_POLL_MS : false,
  });

  const track = useCallback(
    (next: TProcessingTask) => {
      queryClient.setQueryData<TProcessingTask>(windKeys.task(next.id), (previous) =>
        mergeTaskUpdate(previous, next),
      );
      setStarted({ versionId: next.versionId, taskId: next.id });
      void queryClient.invalidateQueries({ queryKey: windKeys.tasks(next.stationId) });
    },
    [queryClient],
  );

  // Frames: every task of this user updates its cached state; a new task on this version (another tab)
  // is followed; a change of status refreshes the site's task list.
  const seenStatus = useRef(new Map<number, string>());
  useEffect(
    () =>
      onTaskEvent((frame) => {
        queryClient.setQueryData<TProcessingTask>(windKeys.task(frame.id), (previous) =>
          mergeTaskUpdate(previous, frame),
        );
        if (frame.versionId === versionId && isTaskActive(frame)) {
          setStarted((current) =>
            current?.taskId === frame.id ? current : { versionId: frame.versionId, taskId: frame.id },
          );
        }
        if (seenStatus.current.get(frame.id) !== frame.status) {
          seenStatus.current.set(frame.id, frame.status);
          void queryClient.invalidateQueries({ queryKey: windKeys.tasks(frame.stationId) });
        }
      }),
    [queryClient, versionId],
  );

  // The end of the followed task: everything it may have changed is read again.
  const lastStatus = useRef<{ id: number; isActive: boolean }>(undefined);
  useEffect(() => {
    if (!task) return;
    const isActive = isTaskActive(task);
    const previous = lastStatus.current;
    lastStatus.current = { id: task.id, isActive };
    // A running task found through the version keeps being followed after the version forgets it.
    if (isActive) {
      setStarted((current) =>
        current?.taskId === task.id ? current : { versionId: task.versionId, taskId: task.id },
      );
    }
    if (!previous || previous.id !== task.id || !previous.isActive || isActive) return;
    // A deleted version is not read again (it would answer 404); the list drops it and the page moves on.
    const isDeleted = task.kind === 'delete_data' && task.status === 'succeeded';
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: windKeys.versions(stationId) }),
      queryClient.invalidateQueries({ queryKey: windKeys.tasks(stationId) }),
      queryClient.invalidateQueries({ queryKey: ['stations', stationId, 'overview'] }),
      ...(isDeleted
        ? []
        : [
            queryClient.invalidateQueries({ queryKey: windKeys.version(task.versionId) }),
            queryClient.invalidateQueries({ queryKey: ['stations', stationId, 'raw-files'] }),
          ]),
    ]);
  }, [task, queryClient, stationId]);

  return { task, isActive: isTaskActive(task), track };
}
