import { deflateSync, inflateSync } from 'node:zlib';
import { type AppError, ERROR_MESSAGES, interpolate } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  GEOTIFF_MAX_SIDE,
  type GeoTiffError,
  rasterBounds,
  readGeoTiff,
  sampleRaster,
  writeGeoTiff,
} from './geotiff.ts';
import { parseLayerTiff } from './map-layers.service.ts';
import { encodePng, renderRasterPng } from './render.ts';
import { syntheticSampleLayers } from './samples/synthetic.ts';

const grid = { west: 100, north: 40, resX: 1, resY: 0.5, width: 3, height: 2 };
const values = Float32Array.from([1, 2, 3, 4, 5, -9999]);

describe('GeoTIFF reader and writer', () => {
  it('round-trips a float32 WGS84 grid with its nodata', () => {
    const raster = readGeoTiff(writeGeoTiff({ ...grid, bands: [values], nodata: -9999 }));
    expect(raster).toMatchObject({ ...grid, nodata: -9999 });
    expect(Array.from(raster.data.slice(0, 5))).toEqual([1, 2, 3, 4, 5]);
    expect(raster.data[5]).toBeNaN();
    expect(rasterBounds(raster)).toEqual([100, 39, 103, 40]);
  });

  it('refuses several bands, a projected grid and non-TIFF bytes', () => {
    const code = (bytes: Buffer) => {
      try {
        readGeoTiff(bytes);
        return 'read';
      } catch (error) {
        return (error as GeoTiffError).code;
      }
    };
    expect(code(writeGeoTiff({ ...grid, bands: [values, values] }))).toBe('bands');
    expect(code(writeGeoTiff({ ...grid, bands: [values], epsg: 3857 }))).toBe('crs');
    expect(code(Buffer.from('not a tiff at all'))).toBe('not_geotiff');
  });

  it('reads Deflate-compressed strips', () => {
    const plain = writeGeoTiff({ ...grid, bands: [values] });
    // Rewrite the single strip compressed, appended at the end, and patch the tags.
    const view = new DataView(plain.buffer, plain.byteOffset, plain.byteLength);
    const count = view.getUint16(8, true);
    let stripOffset = 0;
    let stripBytes = 0;
    for (let i = 0; i < count; i += 1) {
      const p = 10 + i * 12;
      const tag = view.getUint16(p, true);
      if (tag === 273) stripOffset = view.getUint32(p + 8, true);
      if (tag === 279) stripBytes = view.getUint32(p + 8, true);
    }
    const compressed = deflateSync(plain.subarray(stripOffset, stripOffset + stripBytes));
    const out = Buffer.concat([plain, compressed]);
    for (let i = 0; i < count; i += 1) {
      const p = 10 + i * 12;
      const tag = out.readUInt16LE(p);
      if (tag === 259) out.writeUInt16LE(8, p + 8);
      if (tag === 273) out.writeUInt32LE(plain.length, p + 8);
      if (tag === 279) out.writeUInt32LE(compressed.length, p + 8);
    }
    expect(Array.from(readGeoTiff(out).data)).toEqual(Array.from(values.slice(0, 5)).concat([-9999]));
  });

  it('refuses a Deflate strip that inflates past the size of its block (a deflate bomb)', () => {
    const plain = writeGeoTiff({ ...grid, bands: [values] });
    const view = new DataView(plain.buffer, plain.byteOffset, plain.byteLength);
    const count = view.getUint16(8, true);
    const bomb = deflateSync(Buffer.alloc(64 * 2 ** 20));
    const out = Buffer.concat([plain, bomb]);
    for (let i = 0; i < count; i += 1) {
      const p = 10 + i * 12;
      const tag = out.readUInt16LE(p);
      if (tag === 259) out.writeUInt16LE(8, p + 8);
      if (tag === 273) out.writeUInt32LE(plain.length, p + 8);
      if (tag === 279) out.writeUInt32LE(bomb.length, p + 8);
    }
    expect(() => readGeoTiff(out)).toThrow(expect.objectContaining({ code: 'not_geotiff' }));
  });
});

/** A copy of a written GeoTIFF with IFD entries rewritten: tag → [new tag, LONG value]. */
function withEntries(tiff: Buffer, changes: Record<number, [number, number]>): Buffer {
  const out = Buffer.from(tiff);
  const count = out.readUInt16LE(8);
  for (let i = 0; i < count; i += 1) {
    const p = 10 + i * 12;
    const change = changes[out.readUInt16LE(p)];
    if (!change) continue;
    out.writeUInt16LE(change[0], p);
    out.writeUInt16LE(4, p + 2);
    out.writeUInt32LE(1, p + 4);
    out.writeUInt32LE(change[1], p + 8);
  }
  return out;
}

describe('GeoTIFF header limits (issue 39 §5)', () => {
  const tiff = writeGeoTiff({ ...grid, bands: [values] });
  const sized = (width: number, height: number) =>
    withEntries(tiff, { 256: [256, width], 257: [257, height] });

  it('refuses a header naming more pixels a side or in all than are read, before allocating them', () => {
    for (const [width, height] of [
      [100_000, 100_000],
      [GEOTIFF_MAX_SIDE + 1, 1],
      [8193, 8193],
    ] as const) {
      expect(() => readGeoTiff(sized(width, height))).toThrow(
        expect.objectContaining({ code: 'too_large', detail: { width, height } }),
      );
    }
  });

  it('says why in the reader’s language: MAP_LAYER_TOO_LARGE with the size and the limits', () => {
    let error: AppError | undefined;
    try {
      parseLayerTiff(sized(100_000, 100_000));
    } catch (caught) {
      error = caught as AppError;
    }
    expect(error?.code).toBe('MAP_LAYER_TOO_LARGE');
    const message = ERROR_MESSAGES.MAP_LAYER_TOO_LARGE;
    expect(interpolate(message.en, error!.details)).toBe(
      'The raster is 100000 × 100000 pixels, beyond the limit of 65536 pixels a side and 67108864 pixels in all',
    );
    expect(interpolate(message.zh, error!.details)).toBe(
      '栅格为 100000 × 100000 像素，超出上限：每边至多 65536 像素，总计至多 67108864 像素',
    );
  });

  it('refuses tiles wider than a raster may be before inflating any', () => {
    // The strips turned into one tile of 65 537 × 16 pixels (rows per strip → tile width, photometric →
    // tile length, strip offsets and counts → tile offsets and counts).
    const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
    const entry = (tag: number) => {
      for (let i = 0; i < view.getUint16(8, true); i += 1) {
        if (view.getUint16(10 + i * 12, true) === tag) return view.getUint32(10 + i * 12 + 8, true);
      }
      throw new Error(`no tag ${tag}`);
    };
    const tiled = withEntries(tiff, {
      262: [323, 16],
      273: [324, entry(273)],
      278: [322, GEOTIFF_MAX_SIDE + 1],
      279: [325, entry(279)],
    });
    expect(() => readGeoTiff(tiled)).toThrow(
      expect.objectContaining({ code: 'unsupported', detail: { detail: 'tiles of 65537 × 16 pixels' } }),
    );
  });
});

describe('sampleRaster', () => {
  const raster = readGeoTiff(writeGeoTiff({ ...grid, bands: [values], nodata: -9999 }));
  it('is exact at a pixel centre and bilinear between centres', () => {
    expect(sampleRaster(raster, 100.5, 39.75, 'bilinear')).toBeCloseTo(1);
    expect(sampleRaster(raster, 101, 39.75, 'bilinear')).toBeCloseTo(1.5);
    expect(sampleRaster(raster, 101, 39.5, 'bilinear')).toBeCloseTo(3);
  });
  it('is null outside and on nodata; nearest for classes', () => {
    expect(sampleRaster(raster, 99.9, 39.5, 'bilinear')).toBeNull();
    expect(sampleRaster(raster, 102.5, 39.25, 'nearest')).toBeNull();
    expect(sampleRaster(raster, 101.4, 39.3, 'nearest')).toBe(5);
  });
});

describe('rendering', () => {
  it('writes a valid PNG the size of the raster', () => {
    const png = encodePng(2, 1, Uint8Array.from([255, 0, 0, 255, 0, 0, 255, 128]));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(2);
    const idat = png.indexOf('IDAT');
    const length = png.readUInt32BE(idat - 4);
    expect(Array.from(inflateSync(png.subarray(idat + 4, idat + 4 + length)))).toEqual([
      0, 255, 0, 0, 255, 0, 0, 255, 128,
    ]);
  });

  it('renders the synthetic samples, which stay labelled and within 3–10 m/s', () => {
    const [wind] = syntheticSampleLayers();
    expect(wind?.name).toContain('示例数据（合成）');
    expect(wind?.name).toContain('Synthetic sample');
    const raster = readGeoTiff(wind!.tiff);
    const valid = Array.from(raster.data).filter((v) => !Number.isNaN(v));
    expect(Math.min(...valid)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...valid)).toBeLessThanOrEqual(10);
    const png = renderRasterPng(raster, 'wind_speed');
    expect(png.readUInt32BE(16)).toBe(248);
  });
});
