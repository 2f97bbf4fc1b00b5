/**
 * A counting semaphore: at most `size` of the functions handed to it run at once, the others wait their
 * turn (first come, first served) without a deadline.
 */
export function createSlots(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let free = Math.max(1, size);
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The place goes straight to the next in line, if any.
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}
