import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AppError,
  MAP_LAYER_LEGENDS,
  MAP_LAYER_UNITS,
  type TMapLayer,
  type TMapLayerKind,
  type TMapLayerUploadFields,
  type TPointLayerValue,
  type TWindPointQuery,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import { FileTooLargeError } from '../../platform/files/file-store.ts';
import { readAll } from '../../platform/http/multipart.ts';
import {
  GEOTIFF_MAX_PIXELS,
  GEOTIFF_MAX_SIDE,
  GeoTiffError,
  rasterBounds,
  readGeoTiff,
  sampleRaster,
  type TRaster,
} from './geotiff.ts';
import type { MapLayerRepository, TMapLayerRow } from './map-layers.repository.ts';
import { RasterCache } from './raster-cache.ts';
import { imageBoundsOf, renderRasterPng } from './render.ts';

/** Largest GeoTIFF accepted by upload (it is decoded in memory). */
export const MAP_LAYER_MAX_BYTES = 200 * 1024 * 1024;
/** Decoded rasters kept in memory for point queries and rendering. */
const RASTER_CACHE_BYTES = 256 * 1024 * 1024;

function toAppError(error: GeoTiffError): AppError {
  switch (error.code) {
    case 'bands':
      return new AppError('MAP_LAYER_NOT_SINGLE_BAND', { bands: error.detail['bands'] ?? '?' });
    case 'crs':
      return new AppError('MAP_LAYER_NOT_WGS84', { crs: error.detail['crs'] ?? '—' });
    case 'unsupported':
      return new AppError('MAP_LAYER_UNSUPPORTED', { detail: error.detail['detail'] ?? '' });
    case 'too_large':
      return new AppError('MAP_LAYER_TOO_LARGE', {
        width: error.detail['width'] ?? '?',
        height: error.detail['height'] ?? '?',
        maxSide: GEOTIFF_MAX_SIDE,
        maxPixels: GEOTIFF_MAX_PIXELS,
      });
    default:
      return new AppError('MAP_LAYER_NOT_GEOTIFF');
  }
}

/** Parses a GeoTIFF for a layer, turning its refusals into localised API errors. */
export function parseLayerTiff(bytes: Uint8Array): TRaster {
  try {
    return readGeoTiff(bytes);
  } catch (error) {
    if (error instanceof GeoTiffError) throw toAppError(error);
    throw new AppError('MAP_LAYER_NOT_GEOTIFF');
  }
}

/**
 * Raster layers of the home map: GeoTIFFs in the file store, registered in map_layer, rendered once to a
 * PNG for MapLibre, and sampled at a point for the point resource query.
 */
export class MapLayerService {
  private readonly cache = new RasterCache(RASTER_CACHE_BYTES);

  constructor(
    private readonly layers: MapLayerRepository,
    private readonly files: TFileStore,
    private readonly hasPointQuery: boolean,
  ) {}

  private toDto(row: TMapLayerRow): TMapLayer {
    const bounds: [number, number, number, number] = [row.west, row.south, row.east, row.north];
    const resX = (row.east - row.west) / row.width;
    const resY = (row.north - row.south) / row.height;
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      heightM: row.height_m,
      unit: row.unit,
      bounds,
      imageBounds: imageBoundsOf({
        width: row.width,
        height: row.height,
        west: row.west,
        north: row.north,
        resX,
        resY,
      }),
      width: row.width,
      height: row.height,
      nodata: row.nodata,
      sha256: row.file_sha256,
      isEnabled: row.is_enabled,
      createdAt: row.created_at.toISOString(),
      legend: row.kind === 'land_cover' ? [] : MAP_LAYER_LEGENDS[row.kind],
    };
  }

  async list(): Promise<TMapLayer[]> {
    return (await this.layers.listEnabled()).map((row) => this.toDto(row));
  }

  /** Reads the whole upload, validates it as a single-band WGS84 GeoTIFF, then stores and registers it. */
  async upload(user: TAuthUser, fields: TMapLayerUploadFields, source: Readable): Promise<TMapLayer> {
    let bytes: Buffer;
    try {
      bytes = await readAll(source, MAP_LAYER_MAX_BYTES);
    } catch (error) {
      if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
      throw error;
    }
    if (bytes.length === 0) throw new AppError('FILE_REQUIRED');
    return this.register(bytes, fields, { id: user.id, name: user.userName });
  }

  /** Registers GeoTIFF bytes as a layer (upload and the demo seed). */
  async register(
    bytes: Buffer,
    fields: TMapLayerUploadFields,
    creator: { id: number; name: string } | null,
  ): Promise<TMapLayer> {
    const raster = parseLayerTiff(bytes);
    // The map's PNG is rendered once, here: showing a layer is a read and stores nothing.
    const png = renderRasterPng(raster, fields.kind);
    const [staged, image] = [
      await this.files.stage(Readable.from([bytes])),
      await this.files.stage(Readable.from([png])),
    ];
    try {
      await staged.commit();
      await image.commit();
    } catch (error) {
      await staged.discard();
      await image.discard();
      throw error;
    }
    const row = await this.layers.insert({
      kind: fields.kind,
      name: fields.name,
      heightM: fields.kind === 'wind_speed' ? (fields.heightM ?? null) : null,
      unit: MAP_LAYER_UNITS[fields.kind],
      fileSha256: staged.sha256,
      imageSha256: image.sha256,
      bounds: rasterBounds(raster),
      width: raster.width,
      height: raster.height,
      nodata: raster.nodata,
      createdBy: creator?.id ?? null,
      creatorName: creator?.name ?? '',
    });
    return this.toDto(row);
  }

  async delete(id: number): Promise<void> {
    const row = await this.layers.delete(id);
    if (!row) throw new AppError('NOT_FOUND');
    for (const sha of [row.file_sha256, row.image_sha256]) {
      if (sha && !(await this.layers.isReferenced(sha))) {
        await this.files.remove(sha);
        this.cache.delete(sha);
      }
    }
  }

  private async raster(row: TMapLayerRow): Promise<TRaster> {
    return this.cache.get(row.file_sha256, async () => {
      const opened = await this.files.open(row.file_sha256);
      if (!opened) throw new AppError('NOT_FOUND');
      return parseLayerTiff(await readAll(opened.stream, Number.POSITIVE_INFINITY));
    });
  }

  /**
   * The layer's PNG, stored when it was registered. A layer registered before that (or whose image went
   * missing) is rendered here and not stored: showing a layer writes nothing (issue 39 §1).
   */
  async image(id: number): Promise<{ stream: Readable; sizeBytes: number; sha256: string }> {
    const row = await this.layers.find(id);
    if (!row?.is_enabled) throw new AppError('NOT_FOUND');
    if (row.image_sha256) {
      const opened = await this.files.open(row.image_sha256);
      if (opened) return { ...opened, sha256: row.image_sha256 };
    }
    const png = renderRasterPng(await this.raster(row), row.kind);
    const sha256 = createHash('sha256').update(png).digest('hex');
    return { stream: Readable.from([png]), sizeBytes: png.length, sha256 };
  }

  /** Every enabled layer's value at a point (SPEC §7 point resource query). */
  async pointQuery(point: TWindPointQuery): Promise<TPointLayerValue[]> {
    if (!this.hasPointQuery) throw new AppError('POINT_QUERY_DISABLED');
    const rows = await this.layers.listEnabled();
    const values: TPointLayerValue[] = [];
    for (const row of rows) {
      const raster = await this.raster(row);
      const value = sampleRaster(
        raster,
        point.longitude,
        point.latitude,
        row.kind === 'land_cover' ? 'nearest' : 'bilinear',
      );
      values.push({
        layerId: row.id,
        kind: row.kind as TMapLayerKind,
        name: row.name,
        heightM: row.height_m,
        unit: row.unit,
        value: value === null ? null : Number(value.toFixed(4)),
      });
    }
    return values;
  }

  async count(): Promise<number> {
    return this.layers.count();
  }
}
