import type { TurbulenceIntensityTable } from '../statistics/turbulence-intensity-by-speed.ts';

/** Turbulence report row (SPEC §3: name, avg, sd, represent, sample). */
export interface TurbulenceReportRow {
  /** "15 m/s" for a speed bin, "all" for the record set as a whole. */
  readonly name: string;
  readonly avg: number;
  readonly sd: number;
  /** Representative TI, mean + 1.28·sd (WIND-ANALYSIS §8.4). */
  readonly represent: number;
  readonly sample: number;
}

/**
 * SPEC §3 turbulence rows from a {@link turbulenceIntensityBySpeed} table: one per speed bin, then "all".
 *
 * @example turbulenceReportRows(table).find((r) => r.name === '15 m/s')?.represent
 */
export function turbulenceReportRows(table: TurbulenceIntensityTable): TurbulenceReportRow[] {
  const rows = table.bins.map((b) => ({
    name: `${b.centreMps} m/s`,
    avg: b.meanTi,
    sd: b.sdTi,
    represent: b.representativeTi,
    sample: b.count,
  }));
  const o = table.overall;
  rows.push({ name: 'all', avg: o.meanTi, sd: o.sdTi, represent: o.representativeTi, sample: o.count });
  return rows;
}
