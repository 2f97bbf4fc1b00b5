import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * Radial (line-of-sight) lidar data in delimited text (issue 40), e.g. the Movelaser Molas3D "RealTime"
 * CSV: one row per beam and range gate (`Timestamp, Azimuth(deg), Elevation(deg), Distance(m), RWS(m/s),
 * CNR(dB), …`) or one row per beam with a column per gate (`Time, Beam, Azimuth, Elevation, Range1,
 * Range2, …`). Like Halo raw scans (halo-hpl.ts) these are not wind statistics — a wind retrieval must
 * come first — and read as a time series they become a few junk rows, so they are refused.
 *
 * A title row is radial data when it names a line-of-sight velocity together with the beam geometry
 * (azimuth, elevation, beam, range, distance, gate), or holds at least three numbered range-gate columns
 * beside an azimuth or beam column. A mast file's `Speed`, `Dir`, solar `Azimuth`/`Elevation` or a
 * WindCube's `Dopp Spect Broad` matches neither.
 */

const RADIAL_VELOCITY_RE =
  /^\s*"?(rws|los|vlos|vr)\b|\b(radial|line[\s_-]*of[\s_-]*sight|los)[\s_-]*(wind[\s_-]*)?(speed|velocity|vel)\b|\bdoppler[\s_-]*(velocity|speed)\b|径向(风)?速/i;
const GEOMETRY_RE =
  /^\s*"?((azimuth|azi|elevation|elev|beam|los[\s_-]*id|range[\s_-]*gate|range|distance|gate)(?![a-z])|方位角|仰角|距离)/i;
const GATE_COLUMN_RE = /^\s*"?(range|gate|range[\s_-]*gate|distance)[\s_-]*\d+\s*(m\b|\(m\))?\s*"?$/i;
const BEAM_RE = /^\s*"?((azimuth|azi|beam)(?![a-z])|方位角)/i;
const TITLE_LINES = 60;

/** Whether one title row (already split into fields) describes radial lidar data. */
export function isRadialTitleRow(fields: readonly string[]): boolean {
  const radial = fields.some((f) => RADIAL_VELOCITY_RE.test(f));
  const geometry = fields.some((f) => GEOMETRY_RE.test(f));
  if (radial && geometry) return true;
  const gates = fields.filter((f) => GATE_COLUMN_RE.test(f)).length;
  return gates >= 3 && fields.some((f) => BEAM_RE.test(f));
}

/** Throws the localised refusal (`radial_velocity_data`) when a title row in the first lines is radial data. */
export function refuseRadialVelocityData(lines: readonly string[]): void {
  for (const line of lines.slice(0, TITLE_LINES)) {
    const fields = line.split(/[,;\t]/);
    if (fields.length >= 3 && isRadialTitleRow(fields)) {
      throw new UnreadableFileError(
        'lidar radial (line-of-sight) velocities needing a wind retrieval',
        'radial_velocity_data',
      );
    }
  }
}
