import { fileExtension } from './classify-file.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * Halo Photonics StreamLine / XR+ raw scans (`.hpl`, samples/LIDAR.md §10): a `Filename:` / `System ID:` /
 * `Number of gates:` header, then rays of radial Doppler velocities by range gate. They are not 10-min
 * wind statistics — a wind retrieval (VAD/DBS) must come first — so they are recognised and refused,
 * as is the unit's background-noise profile (`Background_DDMMYY-HHMMSS.txt`, one number per gate).
 */
export function isHaloRawScan(lines: readonly string[], fileName: string): boolean {
  const top = lines.slice(0, 20).map((l) => l.trim());
  const header =
    /^Filename:/i.test(top[0] ?? '') &&
    top.some((l) => /^System ID:/i.test(l)) &&
    top.some((l) => /^(Number of gates|Range gate length \(m\)):/i.test(l));
  if (header) return true;
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  if (!/Background_\d{6}-\d{6}\.txt$/i.test(base) && fileExtension(fileName) !== 'hpl') return false;
  const filled = top.filter((l) => l !== '');
  return filled.length > 0 && filled.every((l) => /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(l));
}

/** Throws the localised refusal of a Halo raw scan (reason `radial_lidar_data`); nothing is stored. */
export function refuseHaloRawScan(lines: readonly string[], fileName: string): void {
  if (isHaloRawScan(lines, fileName)) {
    throw new UnreadableFileError(
      'Halo lidar raw scan: radial data needing a wind retrieval',
      'radial_lidar_data',
    );
  }
}
