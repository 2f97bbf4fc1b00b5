/**
 * The logger's programmed slope and offset checked against the sensor's calibration certificate (issue 44
 * §2). A logger is programmed from the certificate, so the two agree to the digits the less precise one
 * states: 0.04573 programmed as 0.0457 agrees (rounding), 0.2491 against 0.2419 does not (a typing error —
 * the IEA Task 43 met-mast demo's deliberate one). Tolerance: half a unit in the last decimal of the less
 * precise of the two values, plus a float's rounding.
 */

export interface TSlopeOffset {
  slope: number | null;
  offset: number | null;
}

export interface TDatedCalibration extends TSlopeOffset {
  /** 'YYYY-MM-DD', or null when the certificate gives no date. */
  dateOfCalibration: string | null;
}

export interface TCalibrationDifference {
  field: 'slope' | 'offset';
  programmed: number;
  certified: number;
}

/** Decimals a number is written with in its shortest form (0.2419 → 4, 1e-7 → 7, 12 → 0). */
export function decimalsOf(value: number): number {
  const text = Math.abs(value).toString();
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) {
    const mantissa = text.slice(0, text.indexOf('e'));
    const dot = mantissa.indexOf('.');
    return Number(exponent[1]) + (dot < 0 ? 0 : mantissa.length - dot - 1);
  }
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** True when two stated values are the same number to the precision of the less precise one. */
export function agreeToStatedPrecision(a: number, b: number): boolean {
  const decimals = Math.min(decimalsOf(a), decimalsOf(b));
  const halfUnit = 0.5 * 10 ** -decimals;
  return Math.abs(a - b) <= halfUnit + 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Where the programmed values differ from the certificate's; empty when they agree or one side is not stated. */
export function calibrationDifferences(
  programmed: TSlopeOffset,
  certified: TSlopeOffset,
): TCalibrationDifference[] {
  const out: TCalibrationDifference[] = [];
  for (const field of ['slope', 'offset'] as const) {
    const p = programmed[field];
    const c = certified[field];
    if (p === null || c === null || !Number.isFinite(p) || !Number.isFinite(c)) continue;
    if (!agreeToStatedPrecision(p, c)) out.push({ field, programmed: p, certified: c });
  }
  return out;
}

/**
 * The calibration that is the reference at `at`: the newest one calibrated on or before that day (a
 * sensor is installed after its calibration; a post-campaign calibration, dated later, does not rewrite
 * the past), else the earliest one (a sensor whose only certificate is dated after it went up), else none.
 * Undated calibrations count only when no dated one exists.
 */
export function calibrationInForce<T extends TDatedCalibration>(
  calibrations: readonly T[],
  at: Date,
): T | undefined {
  const day = at.toISOString().slice(0, 10);
  const dated = calibrations
    .filter((c) => c.dateOfCalibration !== null)
    .sort((a, b) => a.dateOfCalibration!.localeCompare(b.dateOfCalibration!));
  if (dated.length === 0) return calibrations[0];
  const before = dated.filter((c) => c.dateOfCalibration! <= day);
  return before.at(-1) ?? dated[0];
}
