import { describe, expect, it } from 'vitest';
import { createSlots } from './slots.ts';

describe('createSlots(size)', () => {
  it('runs at most `size` at once, the others in the order they came, also after a failure', async () => {
    const turn = createSlots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (k: number) =>
      turn(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(k);
        running--;
        if (k === 1) throw new Error('read failed');
        return k;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(work));
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
