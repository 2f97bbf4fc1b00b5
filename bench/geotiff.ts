// GeoTIFF read timings for `npm run bench` (issue 27): the map layers the app reads (the two synthetic
// sample layers the demo registers, 248 × 144 float32 strips, and the same grids Deflate-compressed as
// an uploaded layer may be) decoded into the service's raster (row-major Float32Array, NaN for nodata,
// the grid's edges) by our reader (apps/server/src/modules/meteorology/geotiff.ts) and by the `geotiff`
// package. Single thread, median of a few runs of all layers, performance.now.
import { deflateSync } from 'node:zlib';
import { fromArrayBuffer } from 'geotiff';
import { readGeoTiff } from '../apps/server/src/modules/meteorology/geotiff.ts';
import {
  SAMPLE_GRID,
  syntheticSampleLayers,
} from '../apps/server/src/modules/meteorology/samples/synthetic.ts';
import type { TBenchResult } from './run.ts';

const RUNS = 21;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The same little-endian TIFF with its pixels Deflate-compressed as one strip (tags patched in place). */
function deflated(plain: Buffer, width: number, height: number): Buffer {
  const pixelBytes = width * height * 4;
  const compressed = deflateSync(plain.subarray(plain.length - pixelBytes));
  const out = Buffer.concat([plain, compressed]);
  const count = out.readUInt16LE(8);
  for (let i = 0; i < count; i += 1) {
    const p = 10 + i * 12;
    const tag = out.readUInt16LE(p);
    if (tag === 259) out.writeUInt16LE(8, p + 8);
    if (tag === 278) out.writeUInt32LE(height, p + 8);
    if (tag === 273 || tag === 279) {
      out.writeUInt32LE(1, p + 4);
      out.writeUInt32LE(tag === 273 ? plain.length : compressed.length, p + 8);
    }
  }
  return out;
}

/** The package's read of one layer into what the service keeps: data with NaN for nodata and the grid. */
async function readWithPackage(bytes: Buffer) {
  const tiff = await fromArrayBuffer(new Uint8Array(bytes).buffer);
  const image = await tiff.getImage();
  const [band] = (await image.readRasters()) as unknown as ArrayLike<number>[];
  const nodata = image.getGDALNoData();
  const data = Float32Array.from(band!);
  if (nodata !== null) for (let i = 0; i < data.length; i += 1) if (data[i] === nodata) data[i] = Number.NaN;
  const [west, , , north] = image.getBoundingBox();
  const [resX, resY] = image.getResolution();
  return {
    width: image.getWidth(),
    height: image.getHeight(),
    west,
    north,
    resX,
    resY: -resY!,
    nodata,
    data,
  };
}

export async function benchGeoTiff(): Promise<TBenchResult[]> {
  const layers = syntheticSampleLayers().flatMap((l) => [
    l.tiff,
    deflated(l.tiff, SAMPLE_GRID.width, SAMPLE_GRID.height),
  ]);
  // The two readers must agree before their times mean anything.
  for (const bytes of layers) {
    const ours = readGeoTiff(bytes);
    const theirs = await readWithPackage(bytes);
    if (ours.width !== theirs.width || ours.west !== theirs.west || ours.resY !== theirs.resY)
      throw new Error('bench/geotiff: the readers disagree on the grid');
    for (let i = 0; i < ours.data.length; i += 1) {
      if (!Object.is(ours.data[i], theirs.data[i]))
        throw new Error(`bench/geotiff: the readers disagree at ${i}`);
    }
  }
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    let t = performance.now();
    for (const bytes of layers) readGeoTiff(bytes);
    ours.push(performance.now() - t);
    t = performance.now();
    for (const bytes of layers) await readWithPackage(bytes);
    theirs.push(performance.now() - t);
  }
  return [
    { name: 'meteorology.geotiff_read_ms.ours', value: Math.round(median(ours) * 100) / 100, unit: 'ms' },
    {
      name: 'meteorology.geotiff_read_ms.package',
      value: Math.round(median(theirs) * 100) / 100,
      unit: 'ms',
    },
  ];
}

if (process.argv[1] === import.meta.filename) console.log(await benchGeoTiff());
