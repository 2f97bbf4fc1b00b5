import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { NumericSeries, TimeGrid } from '../model/types.ts';
import { fitWeibull } from '../statistics/fit-weibull.ts';
import { type FrequencyTable, frequencyTable } from '../statistics/frequency-table.ts';

/** Weibull A/k of one sector (or all sectors) of an observed wind climate. */
export interface ClimateWeibull {
  /** A, m/s */
  readonly scaleMps: number;
  /** k */
  readonly shape: number;
  /** Records the fit used (those of the sector, or all of them when the sector had too few). */
  readonly count: number;
  /** False when the sector had fewer than `minSectorRecords` (or no fit): the all-sector fit stands in. */
  readonly ownFit: boolean;
}

/**
 * A mast's observed wind climate at one height, as the flow-model exports (WAsP .owc, windIO) write it:
 * the joint speed × sector table, the sector frequencies, Weibull A/k per sector and over all sectors,
 * and the period of the records used.
 */
export interface ObservedWindClimate {
  readonly sectors: number;
  readonly table: FrequencyTable;
  /** Share of all records per sector, 0–1 (sums to 1). */
  readonly sectorFrequencies: readonly number[];
  readonly sectorWeibull: readonly ClimateWeibull[];
  readonly allSectors: ClimateWeibull;
  /** Records with speed and direction both present. */
  readonly count: number;
  /** Period-beginning stamps (UTC ms) of the first and last record used. */
  readonly firstStampMs: number;
  readonly lastStampMs: number;
  readonly intervalMinutes: number;
}

/**
 * The observed wind climate of a speed and a direction series on `grid` (records where both are present,
 * as the WAsP .tab of EXPORTS §3.2): sectors centred on 0° (WIND-ANALYSIS §0), 1 m/s speed bins from 0,
 * sector frequencies over all records (calms included, as in the .tab — WAsP sees the same histogram),
 * and Weibull A/k by the WAsP method of WIND-ANALYSIS §8.2 (third moment and share above the mean kept).
 * A sector with fewer than `minSectorRecords` records (default 100, "fit per sector needs ≥ ~100 values",
 * §8.2) or without a fit takes the all-sector A/k, marked `ownFit: false`.
 *
 * @returns the climate, or undefined when no record has both values or no all-sector fit exists
 * @example observedWindClimate(grid, speeds, directions, { sectors: 12 })?.sectorWeibull[0].scaleMps
 */
export function observedWindClimate(
  grid: TimeGrid,
  speedsMps: NumericSeries,
  directionsDeg: NumericSeries,
  options: { sectors?: number; minSectorRecords?: number } = {},
): ObservedWindClimate | undefined {
  const sectors = options.sectors ?? 12;
  const minRecords = options.minSectorRecords ?? 100;
  const table = frequencyTable(speedsMps, directionsDeg, { sectors, binWidthMps: 1 });
  if (table.totalCount === 0) return undefined;
  const bySector: number[][] = Array.from({ length: sectors }, () => []);
  const all = new Float64Array(table.totalCount);
  let first = -1;
  let last = -1;
  let n = 0;
  for (let i = 0; i < speedsMps.length; i++) {
    const v = speedsMps[i]!;
    const d = directionsDeg[i]!;
    // The records frequencyTable counts: both present, speed not negative.
    if (Number.isNaN(v) || Number.isNaN(d) || v < 0) continue;
    bySector[directionSectorIndex(d, sectors)]!.push(v);
    all[n++] = v;
    if (first < 0) first = i;
    last = i;
  }
  const overall = fitWeibull(all);
  if (!overall) return undefined;
  const allSectors: ClimateWeibull = {
    scaleMps: overall.scaleMps,
    shape: overall.shape,
    count: overall.count,
    ownFit: true,
  };
  const sectorWeibull = bySector.map((speeds): ClimateWeibull => {
    const fit = speeds.length >= minRecords ? fitWeibull(speeds) : undefined;
    return fit
      ? { scaleMps: fit.scaleMps, shape: fit.shape, count: fit.count, ownFit: true }
      : { ...allSectors, ownFit: false };
  });
  const stepMs = grid.intervalMinutes * 60_000;
  return {
    sectors,
    table,
    sectorFrequencies: Array.from(table.sectorCounts, (c) => c / table.totalCount),
    sectorWeibull,
    allSectors,
    count: table.totalCount,
    firstStampMs: grid.startMs + first * stepMs,
    lastStampMs: grid.startMs + last * stepMs,
    intervalMinutes: grid.intervalMinutes,
  };
}
