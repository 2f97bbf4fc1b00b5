import { inflateSync } from 'node:zlib';

/**
 * A small GeoTIFF reader and writer for single-band rasters on a WGS84 longitude/latitude grid. Reads
 * classic little- and big-endian TIFF with strips or tiles, no / Deflate / LZW compression, horizontal
 * predictor, 8–64-bit integer and float samples, GeoKeys and GDAL's nodata tag. Writes uncompressed
 * float32 strips.
 *
 * Why ours and not the `geotiff` package (issue 27; `bench/geotiff.ts`, median of 21 runs on the 2-core
 * dev machine, the two demo layers plain and Deflate-compressed read into a TRaster): ours 2.3 ms,
 * `geotiff` 3.0.5 13.4 ms (its decode alone of the two plain layers: 6.7 ms), almost 6× slower. It is
 * also asynchronous only and inflates Deflate strips without a size cap (see the deflate-bomb test).
 * Its writer (`writeArrayBuffer`) is not used either: the reader stays ours, so the writer it is tested
 * against stays too. The package is a root dev dependency, for that bench only.
 */

/** A decoded raster: row-major from the north-west corner, `NaN` for nodata. */
export interface TRaster {
  width: number;
  height: number;
  /** Pixel-area georeferencing: the outer edges of the grid and the pixel size, in degrees. */
  west: number;
  north: number;
  resX: number;
  resY: number;
  nodata: number | null;
  data: Float32Array;
}

/**
 * The largest raster read (issue 39 §5): at most this many pixels a side and in all — 64 Mi pixels is
 * 256 MB as float32, the map layers' raster cache. Checked against the header before anything is
 * allocated, as are the bands, the sample size and the tiles.
 */
export const GEOTIFF_MAX_SIDE = 65_536;
export const GEOTIFF_MAX_PIXELS = 64 * 1024 * 1024;

/** Why a file was refused; `code` maps to an API error code. */
export class GeoTiffError extends Error {
  constructor(
    readonly code: 'not_geotiff' | 'bands' | 'crs' | 'unsupported' | 'too_large',
    readonly detail: Record<string, string | number> = {},
  ) {
    super(`${code} ${JSON.stringify(detail)}`);
    this.name = 'GeoTiffError';
  }
}

const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  16: 8,
};

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  planarConfig: 284,
  predictor: 317,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  sampleFormat: 339,
  pixelScale: 33550,
  tiepoint: 33922,
  transformation: 34264,
  geoKeys: 34735,
  gdalNodata: 42113,
} as const;

type TTagValue = number[] | string;

function readIfd(view: DataView, le: boolean, offset: number): Map<number, TTagValue> {
  const tags = new Map<number, TTagValue>();
  if (offset + 2 > view.byteLength) throw new GeoTiffError('not_geotiff');
  const count = view.getUint16(offset, le);
  for (let i = 0; i < count; i += 1) {
    const entry = offset + 2 + i * 12;
    if (entry + 12 > view.byteLength) throw new GeoTiffError('not_geotiff');
    const tag = view.getUint16(entry, le);
    const type = view.getUint16(entry + 2, le);
    const n = view.getUint32(entry + 4, le);
    const size = TYPE_SIZES[type];
    if (!size) continue;
    const total = size * n;
    const at = total <= 4 ? entry + 8 : view.getUint32(entry + 8, le);
    if (at + total > view.byteLength) throw new GeoTiffError('not_geotiff');
    if (type === 2) {
      let text = '';
      for (let k = 0; k < n; k += 1) {
        const c = view.getUint8(at + k);
        if (c === 0) break;
        text += String.fromCharCode(c);
      }
      tags.set(tag, text);
      continue;
    }
    const values: number[] = [];
    for (let k = 0; k < n; k += 1) {
      const p = at + k * size;
      switch (type) {
        case 1:
        case 7:
          values.push(view.getUint8(p));
          break;
        case 6:
          values.push(view.getInt8(p));
          break;
        case 3:
          values.push(view.getUint16(p, le));
          break;
        case 8:
          values.push(view.getInt16(p, le));
          break;
        case 4:
          values.push(view.getUint32(p, le));
          break;
        case 9:
          values.push(view.getInt32(p, le));
          break;
        case 5:
          values.push(view.getUint32(p, le) / view.getUint32(p + 4, le));
          break;
        case 10:
          values.push(view.getInt32(p, le) / view.getInt32(p + 4, le));
          break;
        case 11:
          values.push(view.getFloat32(p, le));
          break;
        case 12:
          values.push(view.getFloat64(p, le));
          break;
        case 16:
          values.push(Number(view.getBigUint64(p, le)));
          break;
      }
    }
    tags.set(tag, values);
  }
  return tags;
}

function lzwDecode(input: Uint8Array, expected: number): Uint8Array {
  const out = new Uint8Array(expected);
  let outPos = 0;
  let dict: Uint8Array[] = [];
  const reset = () => {
    dict = [];
    for (let i = 0; i < 256; i += 1) dict.push(Uint8Array.of(i));
    dict.push(new Uint8Array(0), new Uint8Array(0));
  };
  reset();
  let bitPos = 0;
  let codeLen = 9;
  let previous: Uint8Array | null = null;
  const totalBits = input.length * 8;
  const write = (bytes: Uint8Array) => {
    const n = Math.min(bytes.length, expected - outPos);
    out.set(bytes.subarray(0, n), outPos);
    outPos += n;
  };
  while (bitPos + codeLen <= totalBits && outPos < expected) {
    let code = 0;
    for (let b = 0; b < codeLen; b += 1) {
      const bit = (input[(bitPos + b) >> 3]! >> (7 - ((bitPos + b) & 7))) & 1;
      code = (code << 1) | bit;
    }
    bitPos += codeLen;
    if (code === 256) {
      reset();
      codeLen = 9;
      previous = null;
      continue;
    }
    if (code === 257) break;
    let entry: Uint8Array;
    if (code < dict.length) {
      entry = dict[code]!;
      if (previous) {
        const added = new Uint8Array(previous.length + 1);
        added.set(previous);
        added[previous.length] = entry[0]!;
        dict.push(added);
      }
    } else if (previous) {
      entry = new Uint8Array(previous.length + 1);
      entry.set(previous);
      entry[previous.length] = previous[0]!;
      dict.push(entry);
    } else {
      throw new GeoTiffError('not_geotiff');
    }
    write(entry);
    previous = entry;
    // TIFF's LZW switches code length one code early.
    if (dict.length + 1 >= 1 << codeLen && codeLen < 12) codeLen += 1;
  }
  return out;
}

function one(tags: Map<number, TTagValue>, tag: number): number | undefined {
  const v = tags.get(tag);
  return Array.isArray(v) ? v[0] : undefined;
}

function many(tags: Map<number, TTagValue>, tag: number): number[] | undefined {
  const v = tags.get(tag);
  return Array.isArray(v) ? v : undefined;
}

/** EPSG code or a description of the raster's coordinate system from its GeoKey directory. */
function checkCrs(geoKeys: number[] | undefined): void {
  if (!geoKeys || geoKeys.length < 4) throw new GeoTiffError('crs', { crs: '—' });
  const keys = new Map<number, number>();
  const count = geoKeys[3] ?? 0;
  for (let i = 0; i < count; i += 1) {
    const base = 4 + i * 4;
    const id = geoKeys[base];
    const location = geoKeys[base + 1];
    const value = geoKeys[base + 3];
    if (id !== undefined && location === 0 && value !== undefined) keys.set(id, value);
  }
  const projected = keys.get(3072);
  if (projected !== undefined) throw new GeoTiffError('crs', { crs: `EPSG:${projected}` });
  const modelType = keys.get(1024);
  if (modelType !== undefined && modelType !== 2)
    throw new GeoTiffError('crs', { crs: `model type ${modelType}` });
  const geographic = keys.get(2048);
  if (geographic !== 4326) {
    throw new GeoTiffError('crs', { crs: geographic === undefined ? '—' : `EPSG:${geographic}` });
  }
}

/** Reads the first image of a GeoTIFF; refuses anything but one band on a WGS84 lon/lat grid. */
export function readGeoTiff(bytes: Uint8Array): TRaster {
  if (bytes.length < 8) throw new GeoTiffError('not_geotiff');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = view.getUint16(0, false);
  if (order !== 0x4949 && order !== 0x4d4d) throw new GeoTiffError('not_geotiff');
  const le = order === 0x4949;
  const magic = view.getUint16(2, le);
  if (magic === 43) throw new GeoTiffError('unsupported', { detail: 'BigTIFF' });
  if (magic !== 42) throw new GeoTiffError('not_geotiff');
  const tags = readIfd(view, le, view.getUint32(4, le));
  const width = one(tags, TAG.width);
  const height = one(tags, TAG.height);
  if (!width || !height) throw new GeoTiffError('not_geotiff');
  if (width > GEOTIFF_MAX_SIDE || height > GEOTIFF_MAX_SIDE || width * height > GEOTIFF_MAX_PIXELS) {
    throw new GeoTiffError('too_large', { width, height });
  }
  const bands = one(tags, TAG.samplesPerPixel) ?? 1;
  if (bands !== 1 || (many(tags, TAG.bitsPerSample)?.length ?? 1) !== 1) {
    throw new GeoTiffError('bands', { bands: Math.max(bands, many(tags, TAG.bitsPerSample)?.length ?? 1) });
  }
  const scale = many(tags, TAG.pixelScale);
  const tiepoint = many(tags, TAG.tiepoint);
  const transformation = many(tags, TAG.transformation);
  if (!tags.has(TAG.geoKeys) || (!(scale && tiepoint) && !transformation))
    throw new GeoTiffError('not_geotiff');
  checkCrs(many(tags, TAG.geoKeys));

  let west: number;
  let north: number;
  let resX: number;
  let resY: number;
  if (scale && tiepoint && tiepoint.length >= 6) {
    const [i = 0, j = 0, , x = 0, y = 0] = tiepoint;
    resX = scale[0] ?? 0;
    resY = scale[1] ?? 0;
    west = x - i * resX;
    north = y + j * resY;
  } else {
    const m = transformation ?? [];
    if ((m[1] ?? 0) !== 0 || (m[4] ?? 0) !== 0)
      throw new GeoTiffError('unsupported', { detail: 'rotated grid' });
    resX = m[0] ?? 0;
    resY = -(m[5] ?? 0);
    west = m[3] ?? 0;
    north = m[7] ?? 0;
  }
  if (!(resX > 0) || !(resY > 0)) throw new GeoTiffError('unsupported', { detail: 'grid orientation' });
  // PixelIsPoint: the tie point is a pixel centre.
  const geoKeys = many(tags, TAG.geoKeys) ?? [];
  for (let k = 0; k < (geoKeys[3] ?? 0); k += 1) {
    if (geoKeys[4 + k * 4] === 1025 && geoKeys[7 + k * 4] === 2) {
      west -= resX / 2;
      north += resY / 2;
    }
  }

  const bits = one(tags, TAG.bitsPerSample) ?? 1;
  const format = one(tags, TAG.sampleFormat) ?? 1;
  const compression = one(tags, TAG.compression) ?? 1;
  const predictor = one(tags, TAG.predictor) ?? 1;
  if (![8, 16, 32, 64].includes(bits) || ![1, 2, 3].includes(format) || (format === 3 && bits < 32)) {
    throw new GeoTiffError('unsupported', { detail: `${bits}-bit samples (format ${format})` });
  }
  if (![1, 5, 8, 32946].includes(compression)) {
    throw new GeoTiffError('unsupported', { detail: `compression ${compression}` });
  }
  if (predictor !== 1 && !(predictor === 2 && format !== 3)) {
    throw new GeoTiffError('unsupported', { detail: `predictor ${predictor}` });
  }
  const bytesPer = bits / 8;
  const tileWidth = one(tags, TAG.tileWidth);
  const tileLength = one(tags, TAG.tileLength);
  const isTiled = tileWidth !== undefined && tileLength !== undefined;
  const blockWidth = isTiled ? tileWidth : width;
  const blockHeight = isTiled ? tileLength : Math.min(one(tags, TAG.rowsPerStrip) ?? height, height);
  if (!(blockWidth >= 1 && blockHeight >= 1)) throw new GeoTiffError('not_geotiff');
  const offsets = many(tags, isTiled ? TAG.tileOffsets : TAG.stripOffsets);
  const counts = many(tags, isTiled ? TAG.tileByteCounts : TAG.stripByteCounts);
  if (!offsets || !counts || offsets.length !== counts.length) throw new GeoTiffError('not_geotiff');
  const across = Math.ceil(width / blockWidth);
  const blocks = across * Math.ceil(height / blockHeight);
  // More blocks than the grid holds belong to no pixel; tiles overhanging the grid may double it at most.
  if (offsets.length > blocks) throw new GeoTiffError('not_geotiff');
  if (
    blockWidth > GEOTIFF_MAX_SIDE ||
    blockHeight > GEOTIFF_MAX_SIDE ||
    blocks * blockWidth * blockHeight > 2 * GEOTIFF_MAX_PIXELS
  ) {
    throw new GeoTiffError('unsupported', { detail: `tiles of ${blockWidth} × ${blockHeight} pixels` });
  }

  const nodataText = tags.get(TAG.gdalNodata);
  const nodataParsed = typeof nodataText === 'string' ? Number(nodataText.trim()) : Number.NaN;
  const nodata = Number.isFinite(nodataParsed) ? nodataParsed : null;
  const data = new Float32Array(width * height);

  for (let b = 0; b < offsets.length; b += 1) {
    const start = offsets[b] ?? 0;
    const length = counts[b] ?? 0;
    if (start + length > bytes.length) throw new GeoTiffError('not_geotiff');
    const raw = bytes.subarray(start, start + length);
    const rowsInBlock = isTiled ? blockHeight : Math.min(blockHeight, height - b * blockHeight);
    const expected = blockWidth * rowsInBlock * bytesPer;
    let block: Uint8Array;
    try {
      block =
        compression === 1
          ? raw
          : compression === 5
            ? lzwDecode(raw, expected)
            : // A block inflates to its own size at most: a deflate bomb stops there (issue 26).
              new Uint8Array(inflateSync(raw, { maxOutputLength: blockWidth * blockHeight * bytesPer }));
    } catch (error) {
      if (error instanceof GeoTiffError) throw error;
      throw new GeoTiffError('not_geotiff');
    }
    if (block.length < expected) throw new GeoTiffError('not_geotiff');
    const bv = new DataView(block.buffer, block.byteOffset, block.byteLength);
    const x0 = isTiled ? (b % across) * blockWidth : 0;
    const y0 = isTiled ? Math.floor(b / across) * blockHeight : b * blockHeight;
    for (let r = 0; r < rowsInBlock; r += 1) {
      const y = y0 + r;
      if (y >= height) break;
      let acc = 0;
      for (let c = 0; c < blockWidth; c += 1) {
        const p = (r * blockWidth + c) * bytesPer;
        let v: number;
        if (format === 3) v = bits === 32 ? bv.getFloat32(p, le) : bv.getFloat64(p, le);
        else if (format === 2)
          v =
            bits === 8
              ? bv.getInt8(p)
              : bits === 16
                ? bv.getInt16(p, le)
                : bits === 32
                  ? bv.getInt32(p, le)
                  : Number(bv.getBigInt64(p, le));
        else
          v =
            bits === 8
              ? bv.getUint8(p)
              : bits === 16
                ? bv.getUint16(p, le)
                : bits === 32
                  ? bv.getUint32(p, le)
                  : Number(bv.getBigUint64(p, le));
        if (predictor === 2) {
          // Horizontal differencing wraps at the sample width.
          acc = c === 0 ? v : acc + v;
          const mod = 2 ** bits;
          acc = ((acc % mod) + mod) % mod;
          if (format === 2 && acc >= mod / 2) v = acc - mod;
          else v = acc;
        }
        const x = x0 + c;
        if (x >= width) continue;
        data[y * width + x] = nodata !== null && v === nodata ? Number.NaN : v;
      }
    }
  }
  return { width, height, west, north, resX, resY, nodata, data };
}

/** [west, south, east, north] of a raster's outer edges. */
export function rasterBounds(r: Pick<TRaster, 'width' | 'height' | 'west' | 'north' | 'resX' | 'resY'>) {
  return [r.west, r.north - r.height * r.resY, r.west + r.width * r.resX, r.north] as [
    number,
    number,
    number,
    number,
  ];
}

/**
 * The value at a point: bilinear between the four surrounding pixel centres (nearest for class rasters,
 * or where a neighbour is nodata); null outside the raster or on nodata.
 */
export function sampleRaster(
  r: TRaster,
  longitude: number,
  latitude: number,
  mode: 'bilinear' | 'nearest',
): number | null {
  const [west, south, east, north] = rasterBounds(r);
  if (longitude < west || longitude > east || latitude < south || latitude > north) return null;
  const fx = Math.min(r.width - 1, Math.max(0, (longitude - west) / r.resX - 0.5));
  const fy = Math.min(r.height - 1, Math.max(0, (north - latitude) / r.resY - 0.5));
  const at = (x: number, y: number) => r.data[y * r.width + x] ?? Number.NaN;
  const nearest = () => {
    const v = at(Math.min(r.width - 1, Math.round(fx)), Math.min(r.height - 1, Math.round(fy)));
    return Number.isNaN(v) ? null : v;
  };
  if (mode === 'nearest') {
    // A point on the edge between two pixels takes the one it lies in (floor), like a GIS.
    const x = Math.min(r.width - 1, Math.floor((longitude - west) / r.resX));
    const y = Math.min(r.height - 1, Math.floor((north - latitude) / r.resY));
    const v = at(x, y);
    return Number.isNaN(v) ? null : v;
  }
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(r.width - 1, x0 + 1);
  const y1 = Math.min(r.height - 1, y0 + 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const v00 = at(x0, y0);
  const v10 = at(x1, y0);
  const v01 = at(x0, y1);
  const v11 = at(x1, y1);
  if ([v00, v10, v01, v11].some(Number.isNaN)) return nearest();
  return v00 * (1 - tx) * (1 - ty) + v10 * tx * (1 - ty) + v01 * (1 - tx) * ty + v11 * tx * ty;
}

/** Options of `writeGeoTiff`; `epsg` other than 4326 and several bands exist for tests of refusals. */
export interface TWriteOptions {
  width: number;
  height: number;
  west: number;
  north: number;
  resX: number;
  resY: number;
  /** One array per band, row-major, each width × height. */
  bands: Float32Array[];
  nodata?: number | null;
  /** 4326 (default) or a projected EPSG code. */
  epsg?: number;
}

/** An uncompressed little-endian float32 GeoTIFF (one strip per 16 rows, GDAL nodata tag). */
export function writeGeoTiff(o: TWriteOptions): Buffer {
  const bandCount = o.bands.length;
  const rowBytes = o.width * 4 * bandCount;
  const rowsPerStrip = 16;
  const strips = Math.ceil(o.height / rowsPerStrip);
  const isGeographic = (o.epsg ?? 4326) === 4326;
  const geoKeys = isGeographic
    ? [1, 1, 0, 4, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326, 2054, 0, 1, 9102]
    : [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, o.epsg ?? 0];
  const nodataText = o.nodata === undefined || o.nodata === null ? null : `${o.nodata}\0`;

  type TEntry = { tag: number; type: number; values: number[] | string };
  const entries: TEntry[] = [
    { tag: 256, type: 4, values: [o.width] },
    { tag: 257, type: 4, values: [o.height] },
    { tag: 258, type: 3, values: Array(bandCount).fill(32) },
    { tag: 259, type: 3, values: [1] },
    { tag: 262, type: 3, values: [1] },
    { tag: 273, type: 4, values: Array(strips).fill(0) },
    { tag: 277, type: 3, values: [bandCount] },
    { tag: 278, type: 4, values: [rowsPerStrip] },
    {
      tag: 279,
      type: 4,
      values: Array.from(
        { length: strips },
        (_, s) => Math.min(rowsPerStrip, o.height - s * rowsPerStrip) * rowBytes,
      ),
    },
    { tag: 284, type: 3, values: [1] },
    { tag: 339, type: 3, values: Array(bandCount).fill(3) },
    { tag: 33550, type: 12, values: [o.resX, o.resY, 0] },
    { tag: 33922, type: 12, values: [0, 0, 0, o.west, o.north, 0] },
    { tag: 34735, type: 3, values: geoKeys },
  ];
  if (nodataText) entries.push({ tag: 42113, type: 2, values: nodataText });
  entries.sort((a, b) => a.tag - b.tag);

  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  // Out-of-line values after the IFD, then the pixel strips.
  let extra = ifdOffset + ifdSize;
  const placed = entries.map((e) => {
    const size = typeof e.values === 'string' ? e.values.length : e.values.length * (TYPE_SIZES[e.type] ?? 1);
    const at = size > 4 ? extra : -1;
    if (size > 4) extra += size + (size % 2);
    return { ...e, size, at };
  });
  const dataStart = extra;
  const total = dataStart + rowBytes * o.height;
  const buf = Buffer.alloc(total);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(ifdOffset, 4);
  buf.writeUInt16LE(entries.length, ifdOffset);
  const stripOffsets = Array.from({ length: strips }, (_, s) => dataStart + s * rowsPerStrip * rowBytes);
  placed.forEach((e, i) => {
    const p = ifdOffset + 2 + i * 12;
    const values = e.tag === 273 ? stripOffsets : e.values;
    const count = typeof values === 'string' ? values.length : values.length;
    buf.writeUInt16LE(e.tag, p);
    buf.writeUInt16LE(e.type, p + 2);
    buf.writeUInt32LE(count, p + 4);
    const target = e.at >= 0 ? e.at : p + 8;
    if (e.at >= 0) buf.writeUInt32LE(e.at, p + 8);
    if (typeof values === 'string') {
      buf.write(values, target, 'latin1');
      return;
    }
    values.forEach((v, k) => {
      if (e.type === 3) buf.writeUInt16LE(v, target + k * 2);
      else if (e.type === 4) buf.writeUInt32LE(v, target + k * 4);
      else buf.writeDoubleLE(v, target + k * 8);
    });
  });
  let p = dataStart;
  for (let y = 0; y < o.height; y += 1) {
    for (let x = 0; x < o.width; x += 1) {
      for (const band of o.bands) {
        buf.writeFloatLE(band[y * o.width + x] ?? 0, p);
        p += 4;
      }
    }
  }
  return buf;
}
