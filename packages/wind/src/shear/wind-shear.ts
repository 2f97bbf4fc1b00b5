import type { CalendarIndex, NumericSeries } from '../model/types.ts';
import { fitLogLawRoughness } from './fit-log-law-roughness.ts';
import { fitPowerLawExponent } from './fit-power-law-exponent.ts';

/** Shear of one group of records (all, one sector, one hour, one month × hour). */
export interface ShearCell {
  /** Records where every height is usable. */
  readonly count: number;
  /** Mean speed per height over those records (same order as the heights). */
  readonly meanSpeedsMps: readonly number[];
  /** Power-law exponent α of the means; undefined below the minimum count. */
  readonly exponent: number | undefined;
}

/** Wind shear tables (WIND-ANALYSIS §6, §8.10). */
export interface WindShear {
  readonly heightsM: readonly number[];
  readonly overall: ShearCell & { readonly roughnessM: number | undefined };
  /** Per direction sector (when directions are given). */
  readonly bySector: readonly ShearCell[] | undefined;
  /**
   * Per local hour of day 0–23 (when a calendar is given): count and mean speeds of all months pooled;
   * the exponent is the mean of the hour's exponents of the calendar months that have one (brightwind).
   */
  readonly byHour: readonly ShearCell[] | undefined;
  /** [month 0–11][hour 0–23] exponent (when a calendar is given); undefined below the minimum count. */
  readonly byMonthHour: ReadonlyArray<ReadonlyArray<number | undefined>> | undefined;
}

/**
 * Wind shear from speeds at several heights (WIND-ANALYSIS §6, §8.10; brightwind `Shear.Average`,
 * `BySector`, `TimeOfDay`): keep records where EVERY height is present and above `minSpeedMps`
 * (default 3 m/s, strictly greater, as brightwind; §8.10 writes "≥ 3", which differs only for speeds of
 * exactly 3.000), average each height over the group and fit α of the means (the default — mean of
 * per-record α is a different quantity). The overall cell also gives the log-law roughness z0.
 * Cells with fewer than `minCount` records (default 30 [P]; 1 reproduces brightwind) are blank.
 *
 * @param speedsMps one series per height
 * @param heightsM the heights, m
 * @param options.sectorIndex per-record direction sector (from {@link directionSectorIndices}), −1 missing
 * @param options.calendar calendar index of the grid, for the by-hour and month × hour tables
 * @example windShear([v80, v60, v40], [80, 60, 40]).overall.exponent // 0.1423 on the brightwind demo excerpt
 */
export function windShear(
  speedsMps: readonly NumericSeries[],
  heightsM: readonly number[],
  options: {
    minSpeedMps?: number;
    minCount?: number;
    sectorIndex?: Int16Array;
    sectors?: number;
    calendar?: CalendarIndex;
  } = {},
): WindShear | undefined {
  const h = heightsM.length;
  if (speedsMps.length !== h) throw new Error('windShear requires one speed series per height');
  if (h < 2) throw new Error('windShear requires at least two heights');
  const n = speedsMps[0]!.length;
  for (const s of speedsMps) if (s.length !== n) throw new Error('windShear requires series of equal length');
  const minSpeed = options.minSpeedMps ?? 3;
  const minCount = options.minCount ?? 30;
  const sectorIndex = options.sectorIndex;
  const sectors = options.sectors ?? 0;
  if (sectorIndex && (sectorIndex.length !== n || !(sectors > 0))) {
    throw new Error('windShear requires sectorIndex to match the speeds and sectors to be positive');
  }
  const calendar = options.calendar;
  // Accumulators: overall (1) + sectors + 24 hours + 12×24 month-hours, each with h sums and a count.
  const sectorBase = 1;
  const hourBase = sectorBase + sectors;
  const monthHourBase = hourBase + (calendar ? 24 : 0);
  const cells = monthHourBase + (calendar ? 288 : 0);
  const sums = new Float64Array(cells * h);
  const counts = new Float64Array(cells);
  const columns = speedsMps;
  const add = (cell: number, i: number): void => {
    counts[cell]!++;
    const base = cell * h;
    for (let k = 0; k < h; k++) sums[base + k]! += columns[k]![i]!;
  };
  for (let i = 0; i < n; i++) {
    let ok = true;
    for (let k = 0; k < h; k++) {
      if (!(columns[k]![i]! > minSpeed)) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    add(0, i);
    if (sectorIndex) {
      const s = sectorIndex[i]!;
      if (s >= 0) add(sectorBase + s, i);
    }
    if (calendar) {
      const hour = calendar.hourOfDay[i]!;
      add(hourBase + hour, i);
      add(monthHourBase + (calendar.monthOfYear[i]! - 1) * 24 + hour, i);
    }
  }
  if (counts[0] === 0) return undefined;
  const cell = (c: number): ShearCell => {
    const count = counts[c]!;
    const means = Array.from({ length: h }, (_, k) => (count > 0 ? sums[c * h + k]! / count : Number.NaN));
    return {
      count,
      meanSpeedsMps: means,
      exponent: count >= minCount && count > 0 ? fitPowerLawExponent(heightsM, means) : undefined,
    };
  };
  const overallCell = cell(0);
  const overall = {
    ...overallCell,
    roughnessM:
      overallCell.exponent === undefined
        ? undefined
        : fitLogLawRoughness(heightsM, overallCell.meanSpeedsMps),
  };
  const bySector = sectorIndex ? Array.from({ length: sectors }, (_, s) => cell(sectorBase + s)) : undefined;
  const byMonthHour = calendar
    ? Array.from({ length: 12 }, (_, m) =>
        Array.from({ length: 24 }, (_, hr) => cell(monthHourBase + m * 24 + hr).exponent),
      )
    : undefined;
  // α of an hour is the mean of that hour's α in each calendar month that has one (brightwind
  // `Shear.TimeOfDay(by_month=False)`: the "12 month average" of the 12×24 table), so a season measured
  // longer than another does not dominate the hour. Count and mean speeds stay pooled over all months.
  const byHour = byMonthHour
    ? Array.from({ length: 24 }, (_, hr) => {
        const pooled = cell(hourBase + hr);
        const monthly = byMonthHour.map((row) => row[hr]).filter((a): a is number => a !== undefined);
        const exponent = monthly.length > 0 ? monthly.reduce((a, b) => a + b, 0) / monthly.length : undefined;
        return { ...pooled, exponent };
      })
    : undefined;
  return { heightsM: [...heightsM], overall, bySector, byHour, byMonthHour };
}
