/**
 * A small in-process LRU of computed results with a time limit, and one computation per key at a time:
 * a second identical request while the first computes waits for the same promise. Keys carry the data
 * revision (a change of the data is a new key), so nothing needs invalidating; the limits only bound
 * memory. Each API process has its own (a miss in another process recomputes the same answer).
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { value: T; at: number; weight: number }>();
  private readonly pending = new Map<string, Promise<T>>();
  private totalWeight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
    /**
     * A budget besides the count: each value weighs `of(value)` (e.g. its JSON length) and the least
     * recently used go while the total is above `max` — a five-year answer is 3 MB, a month's 0.2 MB.
     */
    private readonly weight?: { of: (value: T) => number; max: number },
  ) {}

  /** The summed weight of the entries (0 without a weight budget). */
  get totalWeightKept(): number {
    return this.totalWeight;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value, or undefined (an expired one is dropped). A hit becomes the most recent. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.maxAgeMs) {
      this.drop(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalWeight -= entry.weight;
    this.entries.delete(key);
  }

  private set(key: string, value: T): void {
    this.drop(key);
    const weight = this.weight ? this.weight.of(value) : 0;
    // A value heavier than the whole budget is answered but not kept.
    if (this.weight && weight > this.weight.max) return;
    this.entries.set(key, { value, at: this.now(), weight });
    this.totalWeight += weight;
    while (this.entries.size > this.maxEntries || (this.weight && this.totalWeight > this.weight.max)) {
      this.drop(this.entries.keys().next().value as string);
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
