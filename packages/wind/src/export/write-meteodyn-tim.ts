import type { NumericSeries, TimeGrid } from '../model/types.ts';
import { ByteChunks, CHUNK_BYTES } from './byte-chunks.ts';
import { MAX_NUMBER_BYTES, writeDirection, writeFixedAny } from './number-bytes.ts';
import { maxStampBytes, stampWriter } from './stamp-bytes.ts';

const SPACE = 32;
const STAMP = 'HH:mm:ss DD-MM-YYYY';

/**
 * Streams a Meteodyn WT .tim file — PROVISIONAL layout (EXPORTS §6: no authoritative description
 * exists; label the export "experimental"): no header, one CRLF line per time step where speed and
 * direction (and SD when given) are present: `speed dir [sd] HH:MM:SS dd-mm-yyyy`, speed/SD 2 decimals,
 * direction 1 decimal. `preserveMeanSpeed` scales the written speeds so their mean equals the mean of
 * all measured speeds before records were dropped for a missing direction (Windographer's "maintain
 * constant wind speed" option). Byte chunks of about `chunkBytes`, numbers written straight into a
 * reused buffer (number-bytes.ts).
 *
 * @example Buffer.concat([...writeMeteodynTim({ grid, utcOffsetHours: 0, speedMps, directionDeg, speedSdMps })]) // bytes of '8.37 114.2 1.24 15:30:00 09-01-2016\r\n…'
 */
export function* writeMeteodynTim(input: {
  grid: TimeGrid;
  utcOffsetHours: number;
  speedMps: NumericSeries;
  directionDeg: NumericSeries;
  speedSdMps?: NumericSeries;
  preserveMeanSpeed?: boolean;
  chunkBytes?: number;
}): Generator<Uint8Array, void, undefined> {
  const { grid, speedMps, directionDeg, speedSdMps } = input;
  if (
    speedMps.length !== grid.length ||
    directionDeg.length !== grid.length ||
    (speedSdMps && speedSdMps.length !== grid.length)
  ) {
    throw new Error('writeMeteodynTim requires every series to match the grid');
  }
  const valid = (i: number) =>
    !Number.isNaN(speedMps[i]!) &&
    !Number.isNaN(directionDeg[i]!) &&
    (!speedSdMps || !Number.isNaN(speedSdMps[i]!));
  let scale = 1;
  if (input.preserveMeanSpeed) {
    let all = 0;
    let allCount = 0;
    let kept = 0;
    let keptCount = 0;
    for (let i = 0; i < grid.length; i++) {
      const v = speedMps[i]!;
      if (Number.isNaN(v)) continue;
      all += v;
      allCount++;
      if (valid(i)) {
        kept += v;
        keptCount++;
      }
    }
    if (keptCount > 0 && kept > 0) scale = all / allCount / (kept / keptCount);
  }
  const chunks = new ByteChunks(
    input.chunkBytes ?? CHUNK_BYTES,
    3 * (1 + MAX_NUMBER_BYTES) + maxStampBytes(STAMP) + 2,
  );
  const { out, chunkBytes } = chunks;
  const stamp = stampWriter(grid, input.utcOffsetHours, STAMP);
  let at = 0;
  for (let i = 0; i < grid.length; i++) {
    if (!valid(i)) continue;
    at = writeFixedAny(out, at, speedMps[i]! * scale, 2);
    out[at++] = SPACE;
    at = writeDirection(out, at, directionDeg[i]!);
    if (speedSdMps) {
      out[at++] = SPACE;
      at = writeFixedAny(out, at, speedSdMps[i]! * scale, 2);
    }
    out[at++] = SPACE;
    at = stamp(out, at, i);
    out[at++] = 13;
    out[at++] = 10;
    if (at >= chunkBytes) {
      chunks.at = at;
      yield chunks.take();
      at = 0;
    }
  }
  chunks.at = at;
  if (at > 0) yield chunks.take();
}
