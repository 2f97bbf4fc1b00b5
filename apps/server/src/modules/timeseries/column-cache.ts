/** One channel's decoded values and flags on a read's grid. */
export interface TColumn {
  values: Float32Array;
  flags: Uint8Array;
}

/** How a read of several channels may skip work: columns already decoded, and where new ones live. */
export interface TReadOptions {
  /** Columns of this read's grid decoded before (the column cache): used as they are, not read. */
  known?: ReadonlyMap<number, TColumn>;
  /** Put the columns read in shared memory (to be kept in the column cache, handed between threads). */
  shared?: boolean;
}

/**
 * Decoded columns kept in shared memory between analyses (issue 33): keyed by version × data revision ×
 * channel × grid, so a second analysis of the same data (another time zone, sector count, option)
 * skips the read and the decoding. The arrays live on SharedArrayBuffers: handing them to a worker
 * thread, or one back, shares them instead of copying. Bounded by bytes, least recently used out first.
 * Readers never write into a column: the statistics only read their inputs (column-cache.test.ts
 * checks an analysis leaves them bit for bit as they were).
 */
export class ColumnCache {
  private readonly entries = new Map<string, TColumn>();
  private used = 0;

  constructor(readonly maxBytes: number) {}

  static key(
    versionId: number,
    revision: number | string,
    channelId: number,
    grid: { intervalS: number; fromMs: number; toMs: number },
  ): string {
    return `${versionId}:${revision}:${channelId}:${grid.intervalS}:${grid.fromMs}:${grid.toMs}`;
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The columns held, least recently used first. */
  columns(): IterableIterator<TColumn> {
    return this.entries.values();
  }

  get(key: string): TColumn | undefined {
    const column = this.entries.get(key);
    if (!column) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, column);
    return column;
  }

  set(key: string, column: TColumn): void {
    const size = bytesOf(column);
    if (size > this.maxBytes || !isShared(column)) return;
    const old = this.entries.get(key);
    if (old) {
      this.used -= bytesOf(old);
      this.entries.delete(key);
    }
    this.entries.set(key, column);
    this.used += size;
    for (const [k, c] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= bytesOf(c);
    }
  }
}

function bytesOf(column: TColumn): number {
  return column.values.byteLength + column.flags.byteLength;
}

function isShared(column: TColumn): boolean {
  return (
    column.values.buffer instanceof SharedArrayBuffer && column.flags.buffer instanceof SharedArrayBuffer
  );
}

/** An empty column of `length` slots in shared memory (values NaN, flags 0). */
export function sharedColumn(length: number): TColumn {
  const values = new Float32Array(new SharedArrayBuffer(length * 4)).fill(Number.NaN);
  const flags = new Uint8Array(new SharedArrayBuffer(length));
  return { values, flags };
}
