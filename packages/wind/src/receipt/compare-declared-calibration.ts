import type { ReceiptChannel, ReceiptCheckResult } from './types.ts';

/**
 * A logger-applied slope/offset read from the file header (SymphoniePRO sensor history, Campbell TOA5
 * program…) against the channel's configuration (WIND-ANALYSIS §15). They differ when
 * |s_logger/s_config − 1| > `slopeTolerance` (default 0.05 %) or |o_logger − o_config| > `offsetTolerance`
 * (default 0.005, in the channel's unit) → finding `declared_calibration.differs` whose fix `slope_offset`
 * turns logged values into configured ones: raw = (v − o_L)/s_L, v' = s_C·raw + o_C, i.e.
 * slope s_C/s_L and offset o_C − s_C·o_L/s_L, from `fromMs` (the header's date, or the file's start).
 * Skips: `no_configured_calibration`.
 *
 * @example compareDeclaredCalibration({ id: 'ws80', element: 'ws', slope: 0.765, offset: 0.35 }, { slope: 0.766, offset: 0.33, fromMs })
 */
export function compareDeclaredCalibration(
  channel: ReceiptChannel,
  declared: { slope: number; offset: number; fromMs: number; toMs?: number },
  options: { slopeTolerance?: number; offsetTolerance?: number } = {},
): ReceiptCheckResult {
  const check = 'declared_calibration' as const;
  const channels = [channel.id];
  if (channel.slope === undefined || channel.offset === undefined) {
    return { status: 'skipped', skip: { check, channels, reason: 'no_configured_calibration' } };
  }
  const numbers = {
    loggerSlope: declared.slope,
    loggerOffset: declared.offset,
    configuredSlope: channel.slope,
    configuredOffset: channel.offset,
  };
  const slopeDiffers = Math.abs(declared.slope / channel.slope - 1) > (options.slopeTolerance ?? 0.0005);
  const offsetDiffers = Math.abs(declared.offset - channel.offset) > (options.offsetTolerance ?? 0.005);
  if (!slopeDiffers && !offsetDiffers) return { status: 'pass', pass: { check, channels, numbers } };
  const slope = channel.slope / declared.slope;
  return {
    status: 'finding',
    finding: {
      check,
      key: 'declared_calibration.differs',
      severity: 'error',
      channels,
      fromMs: declared.fromMs,
      toMs: declared.toMs ?? Number.NaN,
      numbers,
      fix: {
        kind: 'slope_offset',
        channel: channel.id,
        slope,
        offset: channel.offset - slope * declared.offset,
        fromMs: declared.fromMs,
      },
    },
  };
}
