import { type BasicReceipt, basicReceipt } from './basic-receipt.ts';
import { checkBoomOrientation } from './check-boom-orientation.ts';
import { checkClockByRadiation } from './check-clock-by-radiation.ts';
import { checkClockByTemperature } from './check-clock-by-temperature.ts';
import { checkSlopeMismatch } from './check-slope-mismatch.ts';
import { checkStuckSensor } from './check-stuck-sensor.ts';
import { checkSwappedHeights } from './check-swapped-heights.ts';
import { checkVaneOffset } from './check-vane-offset.ts';
import { compareDeclaredCalibration } from './compare-declared-calibration.ts';
import type {
  ReceiptChannel,
  ReceiptCheckKind,
  ReceiptCheckResult,
  ReceiptFinding,
  ReceiptSkipReason,
  ReceiptWindow,
} from './types.ts';

/** One arriving file with the site's previous 30 days and what the site's configuration says. */
export interface ReceiptInput {
  readonly file: ReceiptWindow;
  /** The site's records of the 30 days before the file (absent for a site's first file). */
  readonly history?: ReceiptWindow | undefined;
  readonly channels: readonly ReceiptChannel[];
  /** Site coordinates (° north, ° east) for the solar clock check. */
  readonly site?: { readonly latDeg: number; readonly lonDeg: number } | undefined;
  readonly intervalMinutes?: number | undefined;
  /**
   * Slopes/offsets the logger says it applied (read from the file header by the parser, or the programmed
   * values a calibration certificate disagrees with), with the tolerances of the comparison when the caller
   * has decided them (compareDeclaredCalibration's defaults otherwise).
   */
  readonly declaredCalibrations?:
    | readonly {
        readonly channel: string;
        readonly slope: number;
        readonly offset: number;
        readonly fromMs: number;
        readonly toMs?: number | undefined;
        readonly slopeTolerance?: number | undefined;
        readonly offsetTolerance?: number | undefined;
      }[]
    | undefined;
  /** Heights closer than this count as one height (pairs for boom, slope and absolute vane offset), m. */
  readonly sameHeightToleranceM?: number | undefined;
}

/** The receipt of one file: the basic receipt and every check's outcome (skips say why). */
export interface ReceiptOutput {
  readonly basic: BasicReceipt;
  readonly results: readonly ReceiptCheckResult[];
  /** All findings, the basic receipt's first. */
  readonly findings: readonly ReceiptFinding[];
}

const skip = (
  check: ReceiptCheckKind,
  reason: ReceiptSkipReason,
  channels: string[] = [],
): ReceiptCheckResult => ({
  status: 'skipped',
  skip: { check, channels, reason },
});

function nearest(
  channels: readonly ReceiptChannel[],
  heightM: number | undefined,
  not?: string,
): ReceiptChannel | undefined {
  let best: ReceiptChannel | undefined;
  for (const c of channels) {
    if (c.id === not) continue;
    if (!best || Math.abs((c.heightM ?? 0) - (heightM ?? 0)) < Math.abs((best.heightM ?? 0) - (heightM ?? 0)))
      best = c;
  }
  return best;
}

/**
 * Runs every applicable check of WIND-ANALYSIS §15 on one file and the site's previous 30 days: the basic
 * receipt, the clock (radiation, else the temperature cycle), swapped heights (adjacent heights), boom
 * orientation and slope (pairs at one height), declared calibrations, vane offset (adjacent vanes;
 * absolute only at one height) and stuck sensors (every speed, direction, temperature, humidity and
 * pressure average). A check that does not apply is listed as skipped with its reason.
 *
 * @example receiptChecks({ file, history, channels, site: { latDeg: 39.91, lonDeg: -105.23 } }).findings
 */
export function receiptChecks(input: ReceiptInput): ReceiptOutput {
  const { file, history } = input;
  const intervalMinutes = input.intervalMinutes ?? 10;
  const tolerance = input.sameHeightToleranceM ?? 1;
  const present = input.channels.filter((c) => file.channels[c.id] !== undefined);
  const avg = (e: ReceiptChannel['element']) =>
    present
      .filter((c) => c.element === e && (c.statistic ?? 'avg') === 'avg')
      .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0));
  const speeds = avg('ws');
  const vanes = avg('wd');
  const temperatures = avg('T');
  const radiation = avg('G');
  const results: ReceiptCheckResult[] = [];
  const basic = basicReceipt(file, input.channels, { intervalMinutes });

  if (radiation.length > 0 && input.site) {
    results.push(
      checkClockByRadiation(file, { radiationId: radiation[0]!.id, ...input.site, intervalMinutes }),
    );
  } else if (temperatures.length > 0) {
    results.push(
      checkClockByTemperature(file, history, {
        temperatureId: temperatures[0]!.id,
        upperTemperatureIds: temperatures
          .filter((c) => (c.heightM ?? 0) >= (temperatures[0]!.heightM ?? 0) + 10)
          .map((c) => c.id),
        intervalMinutes,
      }),
    );
  } else {
    results.push(
      skip('clock_offset', radiation.length > 0 ? 'no_site_coordinates' : 'no_radiation_or_temperature'),
    );
  }

  const byHeight: ReceiptChannel[] = [];
  for (const c of speeds) {
    const last = byHeight[byHeight.length - 1];
    if (c.heightM === undefined) continue;
    if (!last || c.heightM - last.heightM! > tolerance) byHeight.push(c);
  }
  if (byHeight.length < 2) results.push(skip('swapped_heights', 'fewer_than_two_heights'));
  for (let k = 1; k < byHeight.length; k++) {
    const lower = byHeight[k - 1]!;
    const upper = byHeight[k]!;
    const vane = nearest(vanes, ((lower.heightM ?? 0) + (upper.heightM ?? 0)) / 2);
    results.push(checkSwappedHeights(file, history, { lower, upper, directionId: vane?.id }));
  }

  let sameHeightPairs = 0;
  for (let i = 0; i < speeds.length; i++) {
    for (let j = i + 1; j < speeds.length; j++) {
      const a = speeds[i]!;
      const b = speeds[j]!;
      if (a.heightM === undefined || b.heightM === undefined || Math.abs(a.heightM - b.heightM) > tolerance)
        continue;
      sameHeightPairs++;
      const vane = nearest(vanes, a.heightM);
      results.push(checkSlopeMismatch(file, history, { a, b, directionId: vane?.id }));
      if (!vane) {
        results.push(skip('boom_orientation', 'no_vane', [a.id, b.id]));
        continue;
      }
      results.push(checkBoomOrientation(file, history, { channel: a, reference: b, directionId: vane.id }));
      results.push(checkBoomOrientation(file, history, { channel: b, reference: a, directionId: vane.id }));
    }
  }
  if (sameHeightPairs === 0) {
    results.push(skip('boom_orientation', 'no_same_height_pair'));
    results.push(skip('slope_mismatch', 'no_same_height_pair'));
  }

  for (const declared of input.declaredCalibrations ?? []) {
    const channel = present.find((c) => c.id === declared.channel);
    if (channel) results.push(compareDeclaredCalibration(channel, declared, declared));
    else results.push(skip('declared_calibration', 'unknown_channel', [declared.channel]));
  }

  if (vanes.length < 2) results.push(skip('vane_offset', 'fewer_than_two_vanes'));
  for (let k = 1; k < vanes.length; k++) {
    const a = vanes[k]!;
    const b = vanes[k - 1]!;
    const speed = nearest(speeds, ((a.heightM ?? 0) + (b.heightM ?? 0)) / 2);
    if (!speed) {
      results.push(skip('vane_offset', 'no_speed', [a.id, b.id]));
      continue;
    }
    const absolute = Math.abs((a.heightM ?? 0) - (b.heightM ?? 0)) <= tolerance;
    results.push(checkVaneOffset(file, history, { a: a.id, b: b.id, speedId: speed.id, absolute }));
  }

  const temperatureId = temperatures[0]?.id;
  for (const c of present) {
    if ((c.statistic ?? 'avg') !== 'avg' || !['ws', 'wd', 'T', 'RH', 'p'].includes(c.element)) continue;
    const speed = c.element === 'ws' ? c : nearest(speeds, c.heightM);
    if (!speed) {
      results.push(skip('stuck_sensor', 'no_speed', [c.id]));
      continue;
    }
    results.push(
      checkStuckSensor(file, history, { channel: c, speedId: speed.id, temperatureId, intervalMinutes }),
    );
  }

  const findings = [...basic.findings];
  for (const r of results) if (r.status === 'finding') findings.push(r.finding);
  return { basic: basic.receipt, results, findings };
}
