import {
  RECEIPT_DEFAULTS,
  type ReceiptChannel,
  type ReceiptCheckResult,
  type ReceiptWindow,
} from './types.ts';

type Options = {
  channel: ReceiptChannel;
  /** Speed that must exceed 1 m/s during the run (default: the channel itself when it is a speed). */
  speedId?: string | undefined;
  /** Temperature that must exceed 2 °C during the run (icing aside, §2.2); without one the run is judged on speed only. */
  temperatureId?: string | undefined;
  minRun?: number;
  minSpeedMps?: number;
  minTemperatureC?: number;
  chanceOfFalseRun?: number;
  intervalMinutes?: number;
};

/** Runs of equal consecutive values (stamps one interval apart) among the records that meet the conditions. */
function runsOf(
  window: ReceiptWindow,
  o: Options,
  step: number,
  visit: (start: number, length: number) => void,
): number {
  const v = window.channels[o.channel.id];
  const u = window.channels[o.speedId ?? (o.channel.element === 'ws' ? o.channel.id : '')];
  const temp = o.temperatureId ? window.channels[o.temperatureId] : undefined;
  const minSpeed = o.minSpeedMps ?? RECEIPT_DEFAULTS.stuck.minSpeedMps;
  const minT = o.minTemperatureC ?? RECEIPT_DEFAULTS.stuck.minTemperatureC;
  const t = window.timesMs;
  if (!v || !u) return 0;
  let conditioned = 0;
  let start = -1;
  for (let i = 0; i <= t.length; i++) {
    const ok =
      i < t.length &&
      !Number.isNaN(v[i]!) &&
      u[i]! > minSpeed &&
      (o.temperatureId === undefined || (temp?.[i] ?? Number.NaN) > minT);
    if (ok) conditioned++;
    const continues = ok && start >= 0 && v[i] === v[i - 1] && t[i]! - t[i - 1]! === step;
    if (continues) continue;
    if (start >= 0) visit(start, i - start);
    start = ok ? i : -1;
  }
  return conditioned;
}

/**
 * Stuck sensor (WIND-ANALYSIS §15): ≥ 6 consecutive identical values while u > 1 m/s and T > 2 °C (icing
 * aside, §2.2). For coarse channels (e.g. 16-point vanes, whole hPa) six equal values happen by chance, so
 * the run needed grows until the chance of one such run in the file, N·p^(L−1) with p the rate of equal
 * neighbours over the history and the file, is below 1 % — and, for such a coarse channel, longer than every run of the previous 30 days; the
 * receipt reports that L.
 * Finding `stuck_sensor.run` (`stuck_sensor.run_temperature_unknown` without a temperature) with every run
 * in its chart (start ms, length in records, value); no automatic fix (the values are lost).
 * Skips: `no_data`.
 *
 * @example checkStuckSensor(file, history, { channel: cup80, temperatureId: 'T2m' })
 */
export function checkStuckSensor(
  file: ReceiptWindow,
  history: ReceiptWindow | undefined,
  options: Options,
): ReceiptCheckResult {
  const check = 'stuck_sensor' as const;
  const d = RECEIPT_DEFAULTS.stuck;
  const channels = [options.channel.id];
  const step = (options.intervalMinutes ?? RECEIPT_DEFAULTS.intervalMinutes) * 60_000;
  const minRun = options.minRun ?? d.minRun;
  let equalPairs = 0;
  const tally = (_start: number, length: number) => {
    equalPairs += length - 1;
  };
  const runs: { start: number; length: number }[] = [];
  const n = runsOf(file, options, step, (start, length) => {
    tally(start, length);
    if (length >= minRun) runs.push({ start, length });
  });
  let longestInHistory = 0;
  const nHistory = history
    ? runsOf(history, options, step, (start, length) => {
        tally(start, length);
        longestInHistory = Math.max(longestInHistory, length);
      })
    : 0;
  if (n === 0) return { status: 'skipped', skip: { check, channels, reason: 'no_data' } };
  // Rate of equal neighbours per record, long runs included: persistent coarse channels (a 16-point vane in a
  // steady wind) run long by nature; a short fault hardly moves it.
  const p = equalPairs / (n + nHistory);
  let required = minRun;
  while (required < 1440 && n * p ** (required - 1) >= (options.chanceOfFalseRun ?? d.chanceOfFalseRun))
    required++;
  // A coarse channel's runs are not independent draws (a steady wind holds a 16-point vane for hours):
  // there, a run must also outlast every run of the previous 30 days.
  if (required > minRun) required = Math.max(required, longestInHistory + 1);
  const hits = runs.filter((r) => r.length >= required);
  const numbers = { requiredRun: required, equalNeighbourRate: p, records: n };
  if (hits.length === 0) return { status: 'pass', pass: { check, channels, numbers } };
  const t = file.timesMs;
  const v = file.channels[options.channel.id]!;
  let longest = hits[0]!;
  for (const r of hits) if (r.length > longest.length) longest = r;
  const last = hits[hits.length - 1]!;
  return {
    status: 'finding',
    finding: {
      check,
      key: options.temperatureId ? 'stuck_sensor.run' : 'stuck_sensor.run_temperature_unknown',
      severity: 'warning',
      channels,
      fromMs: t[hits[0]!.start]!,
      toMs: t[last.start + last.length - 1]! + step,
      numbers: {
        ...numbers,
        runs: hits.length,
        longestRunRecords: longest.length,
        longestRunValue: v[longest.start]!,
      },
      chart: {
        kind: 'run',
        xKey: 'run_start_ms',
        x: hits.map((r) => t[r.start]!),
        series: [
          { key: 'length_records', y: hits.map((r) => r.length) },
          { key: 'value', y: hits.map((r) => v[r.start]!) },
        ],
      },
    },
  };
}
