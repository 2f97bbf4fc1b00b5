/**
 * A small in-process LRU of computed results with a time limit, and one computation per key at a time:
 * a second identical request while the first computes waits for the same promise. Keys carry the data
 * revision (a change of the data is a new key), so nothing needs invalidating; the limits only bound
 * memory. Each API process has its own (a miss in another process recomputes the same answer).
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private readonly pending = new Map<string, Promise<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached value, or undefined (an expired one is dropped). A hit becomes the most recent. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  private set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** The cached value, else the one computation in flight for the key, else a new one (kept if it succeeds). */
  async getOrCompute(key: string, compute: () => Promise<T>): Promise<{ value: T; cached: boolean }> {
    const hit = this.get(key);
    if (hit !== undefined) return { value: hit, cached: true };
    let running = this.pending.get(key);
    if (!running) {
      running = compute().then((value) => {
        this.set(key, value);
        return value;
      });
      const cleared = running.finally(() => this.pending.delete(key));
      cleared.catch(() => undefined);
      this.pending.set(key, running);
    }
    return { value: await running, cached: false };
  }
}
