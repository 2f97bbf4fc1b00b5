import type { TProcessingTask } from '@masthub/shared';

/** Receives a processing task as pushed by the server (progress or end). */
export type TaskEventListener = (task: TProcessingTask) => void;

const listeners = new Set<TaskEventListener>();

/**
 * Subscribes to the task frames of the push channel (fed by the realtime client); returns the
 * unsubscribe function, so it fits a `useEffect` cleanup. Frames can be missed: callers also poll.
 */
export function onTaskEvent(listener: TaskEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands one task frame to every subscriber; a failing listener does not stop the others. */
export function emitTaskEvent(task: TProcessingTask): void {
  for (const listener of [...listeners]) {
    try {
      listener(task);
    } catch (error) {
      console.error('[realtime] task listener failed', error);
    }
  }
}
