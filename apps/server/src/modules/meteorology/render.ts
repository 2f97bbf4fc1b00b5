import { deflateSync } from 'node:zlib';
import { colorForValue, MERCATOR_MAX_LATITUDE, type TMapLayerKind } from '@masthub/shared';
import { rasterBounds, type TRaster } from './geotiff.ts';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG of `width` × `height` pixels. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The longest side of a rendered image; larger rasters are sampled down. */
export const IMAGE_MAX_SIDE = 4096;

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const fromMercatorY = (y: number) => ((2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180) / Math.PI;

/** The bounds an image covers: the raster's, with latitudes clipped to Web Mercator's range. */
export function imageBoundsOf(r: Pick<TRaster, 'width' | 'height' | 'west' | 'north' | 'resX' | 'resY'>) {
  const [w, s, e, n] = rasterBounds(r);
  return [w, Math.max(s, -MERCATOR_MAX_LATITUDE), e, Math.min(n, MERCATOR_MAX_LATITUDE)] as [
    number,
    number,
    number,
    number,
  ];
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * The raster drawn with its kind's legend colours (nodata and unknown classes transparent) as a PNG whose
 * rows are evenly spaced in Web Mercator, so a MapLibre `image` source over `imageBoundsOf` lines up.
 */
export function renderRasterPng(r: TRaster, kind: TMapLayerKind): Buffer {
  const [, south, , north] = imageBoundsOf(r);
  const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(r.width, r.height));
  const width = Math.max(1, Math.round(r.width * scale));
  const height = Math.max(1, Math.round(r.height * scale));
  const yTop = mercatorY(north);
  const yBottom = mercatorY(south);
  const rgba = new Uint8Array(width * height * 4);
  const cache = new Map<string, [number, number, number]>();
  for (let py = 0; py < height; py += 1) {
    const lat = fromMercatorY(yTop + ((py + 0.5) / height) * (yBottom - yTop));
    const row = Math.min(r.height - 1, Math.max(0, Math.floor((r.north - lat) / r.resY)));
    for (let px = 0; px < width; px += 1) {
      const col = Math.min(r.width - 1, Math.floor(((px + 0.5) / width) * r.width));
      const v = r.data[row * r.width + col] ?? Number.NaN;
      if (Number.isNaN(v)) continue;
      const color = colorForValue(kind, v);
      if (!color) continue;
      let rgb = cache.get(color);
      if (!rgb) {
        rgb = hexToRgb(color);
        cache.set(color, rgb);
      }
      const o = (py * width + px) * 4;
      rgba[o] = rgb[0];
      rgba[o + 1] = rgb[1];
      rgba[o + 2] = rgb[2];
      rgba[o + 3] = 255;
    }
  }
  return encodePng(width, height, rgba);
}
