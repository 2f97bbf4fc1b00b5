import { angleDifference } from '../direction/angle-difference.ts';
import { refinePeak } from './refine-peak.ts';
import {
  RECEIPT_DEFAULTS,
  type ReceiptChannel,
  type ReceiptChart,
  type ReceiptCheckResult,
  type ReceiptWindow,
} from './types.ts';

function addRatios(
  window: ReceiptWindow | undefined,
  ids: { a: string; b: string; d: string },
  binDeg: number,
  minSpeed: number,
  sumA: Float64Array,
  sumB: Float64Array,
  count: Float64Array,
): void {
  if (!window) return;
  const a = window.channels[ids.a];
  const b = window.channels[ids.b];
  const d = window.channels[ids.d];
  if (!a || !b || !d) return;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    const theta = d[i]!;
    if (!(x >= minSpeed && y >= minSpeed) || Number.isNaN(theta)) continue;
    const k = Math.floor((((theta % 360) + 360) % 360) / binDeg) % count.length;
    sumA[k]! += x;
    sumB[k]! += y;
    count[k]!++;
  }
}

/**
 * Boom orientation (WIND-ANALYSIS §15, §4): two anemometers at one height on different booms. The ratio
 * ū_a/ū_b by 10° direction bin over the file and the previous 30 days (records with both ≥ 3 m/s, bins with
 * ≥ 30 records); the bin of the minimum (refined by a parabola through its neighbours) is where `channel`
 * is in the mast's wake, so its boom ≈ that direction + 180°. |Δ| to the declared boom > 20° → finding
 * `boom_orientation.wake_elsewhere` with the fix `set_boom_orientation`.
 * Skips: `no_declared_boom`, `declared_wake_unobserved` (the bin of the declared wake has < 30 records),
 * `no_clear_wake` (the minimum is less than 8 % below the median bin: a mast wake takes 10–40 %, while two
 * instruments' own directional responses differ by up to ±5 % — the M5 cup and sonic at 119–122 m do).
 *
 * @example checkBoomOrientation(file, history, { channel: cup80N, reference: cup80S, directionId: 'Dir78mS' })
 */
export function checkBoomOrientation(
  file: ReceiptWindow,
  history: ReceiptWindow | undefined,
  options: {
    channel: ReceiptChannel;
    reference: ReceiptChannel;
    directionId: string;
    binDeg?: number;
    minRecordsPerBin?: number;
    flagDeg?: number;
    minDipPercent?: number;
    minSpeedMps?: number;
  },
): ReceiptCheckResult {
  const check = 'boom_orientation' as const;
  const o = RECEIPT_DEFAULTS.boom;
  const channels = [options.channel.id, options.reference.id, options.directionId];
  const declared = options.channel.boomDeg;
  if (declared === undefined)
    return { status: 'skipped', skip: { check, channels, reason: 'no_declared_boom' } };
  const binDeg = options.binDeg ?? o.binDeg;
  const minPerBin = options.minRecordsPerBin ?? o.minRecordsPerBin;
  const bins = Math.round(360 / binDeg);
  const sumA = new Float64Array(bins);
  const sumB = new Float64Array(bins);
  const count = new Float64Array(bins);
  const ids = { a: options.channel.id, b: options.reference.id, d: options.directionId };
  const minSpeed = options.minSpeedMps ?? o.minSpeedMps;
  addRatios(file, ids, binDeg, minSpeed, sumA, sumB, count);
  addRatios(history, ids, binDeg, minSpeed, sumA, sumB, count);
  const ratio = Array.from(count, (n, k) => (n >= minPerBin ? sumA[k]! / sumB[k]! : Number.NaN));
  const centres = Array.from({ length: bins }, (_, k) => k * binDeg + binDeg / 2);
  const declaredWake = (((declared + 180) % 360) + 360) % 360;
  const declaredBin = Math.floor(declaredWake / binDeg) % bins;
  const chart = (marks: ReceiptChart['marks']): ReceiptChart => ({
    kind: 'by_direction' as const,
    xKey: 'direction_deg',
    x: centres,
    series: [
      { key: 'ratio', y: ratio },
      { key: 'records', y: Array.from(count) },
    ],
    marks: { declared_wake_deg: declaredWake, ...marks },
  });
  if (Number.isNaN(ratio[declaredBin]!)) {
    return {
      status: 'skipped',
      skip: {
        check,
        channels,
        reason: 'declared_wake_unobserved',
        numbers: { declaredBoomDeg: declared, records: count[declaredBin]! },
      },
    };
  }
  const valid = ratio.filter((r) => !Number.isNaN(r)).sort((x, y) => x - y);
  const median = valid[Math.floor(valid.length / 2)]!;
  let min = -1;
  for (let k = 0; k < bins; k++)
    if (!Number.isNaN(ratio[k]!) && (min < 0 || ratio[k]! < ratio[min]!)) min = k;
  const dipPercent = (1 - ratio[min]! / median) * 100;
  if (dipPercent < (options.minDipPercent ?? o.minDipPercent)) {
    return {
      status: 'skipped',
      skip: { check, channels, reason: 'no_clear_wake', numbers: { dipPercent, observedBins: valid.length } },
    };
  }
  const at = (k: number) => ratio[(k + bins) % bins]!;
  const wakeDeg =
    (((centres[min]! + refinePeak(-at(min - 1), -at(min), -at(min + 1)) * binDeg) % 360) + 360) % 360;
  const foundBoomDeg = (wakeDeg + 180) % 360;
  const deltaDeg = angleDifference(foundBoomDeg, declared);
  const numbers = {
    declaredBoomDeg: declared,
    foundBoomDeg,
    deltaDeg,
    wakeDeg,
    dipPercent,
    minRatio: ratio[min]!,
    medianRatio: median,
    observedBins: valid.length,
  };
  const picture = chart({ found_wake_deg: wakeDeg });
  if (Math.abs(deltaDeg) <= (options.flagDeg ?? o.flagDeg)) {
    return { status: 'pass', pass: { check, channels, numbers, chart: picture } };
  }
  const t = file.timesMs;
  return {
    status: 'finding',
    finding: {
      check,
      key: 'boom_orientation.wake_elsewhere',
      severity: 'error',
      channels,
      fromMs: history?.timesMs[0] ?? t[0] ?? 0,
      toMs: (t[t.length - 1] ?? 0) + RECEIPT_DEFAULTS.intervalMinutes * 60_000,
      numbers,
      chart: picture,
      fix: { kind: 'set_boom_orientation', channel: options.channel.id, deg: Math.round(foundBoomDeg) % 360 },
    },
  };
}
