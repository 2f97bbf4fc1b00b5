// Test oracle only (issue 43 §2): the string writer as it was before the byte writers of src/export, kept
// to check that they write the same bytes. Not exported, not used by the library.
import { normalizeDirection } from '../../direction/normalize-direction.ts';
import { civilTimeOf } from '../../model/civil-time-of.ts';
import { formatCivilTime } from '../../model/format-civil-time.ts';
import type { NumericSeries, TimeGrid } from '../../model/types.ts';

/**
 * Streams a Meteodyn WT .tim file — PROVISIONAL layout (EXPORTS §6: no authoritative description
 * exists; label the export "experimental"): no header, one CRLF line per time step where speed and
 * direction (and SD when given) are present: `speed dir [sd] HH:MM:SS dd-mm-yyyy`, speed/SD 2 decimals,
 * direction 1 decimal. `preserveMeanSpeed` scales the written speeds so their mean equals the mean of
 * all measured speeds before records were dropped for a missing direction (Windographer's "maintain
 * constant wind speed" option).
 *
 * @example [...writeMeteodynTim({ grid, utcOffsetHours: 0, speedMps, directionDeg, speedSdMps })].join('') // '8.37 114.2 1.24 15:30:00 09-01-2016\r\n…'
 */
export function* oracleWriteMeteodynTim(input: {
  grid: TimeGrid;
  utcOffsetHours: number;
  speedMps: NumericSeries;
  directionDeg: NumericSeries;
  speedSdMps?: NumericSeries;
  preserveMeanSpeed?: boolean;
  rowsPerChunk?: number;
}): Generator<string, void, undefined> {
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
  const stepMs = grid.intervalMinutes * 60_000;
  const rowsPerChunk = input.rowsPerChunk ?? 2000;
  let chunk = '';
  let written = 0;
  for (let i = 0; i < grid.length; i++) {
    if (!valid(i)) continue;
    const civil = civilTimeOf(grid.startMs + i * stepMs, input.utcOffsetHours);
    const direction = normalizeDirection(Number(directionDeg[i]!.toFixed(1)));
    let row = `${(speedMps[i]! * scale).toFixed(2)} ${direction.toFixed(1)}`;
    if (speedSdMps) row += ` ${(speedSdMps[i]! * scale).toFixed(2)}`;
    row += ` ${formatCivilTime(civil, 'HH:mm:ss DD-MM-YYYY')}`;
    chunk += `${row}\r\n`;
    if (++written % rowsPerChunk === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
