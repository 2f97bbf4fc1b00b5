import type { TProcessingTask } from '@masthub/shared';
import { describe, expect, it, vi } from 'vitest';
import { emitTaskEvent, onTaskEvent } from './task-events.ts';

const task = { id: 1, versionId: 2, stationId: 3, status: 'running', progress: 10 } as TProcessingTask;

describe('onTaskEvent(listener) / emitTaskEvent(task)', () => {
  it('hands every frame to the subscribers until they unsubscribe', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onTaskEvent(first);
    const stopSecond = onTaskEvent(second);
    emitTaskEvent(task);
    stopFirst();
    emitTaskEvent({ ...task, progress: 20 });
    stopSecond();
    emitTaskEvent({ ...task, progress: 30 });
    expect(first.mock.calls).toEqual([[task]]);
    expect(second.mock.calls.map(([t]) => t.progress)).toEqual([10, 20]);
  });

  it('keeps delivering when one listener throws', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stopBad = onTaskEvent(() => {
      throw new Error('boom');
    });
    const good = vi.fn();
    const stopGood = onTaskEvent(good);
    emitTaskEvent(task);
    expect(good).toHaveBeenCalledOnce();
    stopBad();
    stopGood();
    spy.mockRestore();
  });
});
