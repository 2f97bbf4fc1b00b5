import type { TRaster } from './geotiff.ts';

/** Decoded rasters by file hash, least recently used dropped first once `maxBytes` is passed. */
export class RasterCache {
  private readonly entries = new Map<string, TRaster>();
  private readonly loading = new Map<string, Promise<TRaster>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The cached raster, or the one `load` makes (concurrent callers share one load). */
  async get(key: string, load: () => Promise<TRaster>): Promise<TRaster> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load().then(
      (raster) => {
        this.loading.delete(key);
        this.put(key, raster);
        return raster;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  private put(key: string, raster: TRaster): void {
    const size = raster.data.byteLength;
    if (size > this.maxBytes) return;
    this.entries.set(key, raster);
    this.bytes += size;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.data.byteLength;
    }
  }

  delete(key: string): void {
    const raster = this.entries.get(key);
    if (!raster) return;
    this.entries.delete(key);
    this.bytes -= raster.data.byteLength;
  }

  get sizeBytes(): number {
    return this.bytes;
  }
}
