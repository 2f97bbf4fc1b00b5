import { civilTimeOf } from '../model/civil-time-of.ts';
import { formatCivilTime } from '../model/format-civil-time.ts';
import { timestampAt } from '../model/timestamp-at.ts';
import type { Station } from '../model/types.ts';
import type { StationStatistics } from './compute-station-statistics.ts';

/** Report statistics row (SPEC §3): element, dataPhase, heightTag, counts, validRate, validAvg, avgWindPower. */
export interface ElementReportRow {
  readonly channelId: string;
  readonly element: string;
  /** "YYYY-MM" for a month row, "YYYY-MM-DD~YYYY-MM-DD" (first and last local day) for the whole period. */
  readonly dataPhase: string;
  /** Height with unit and boom, e.g. "80m" or "80m N". */
  readonly heightTag: string;
  readonly shouldCount: number;
  readonly lackCount: number;
  readonly invalidCount: number;
  readonly validCount: number;
  /** % (0–100), undefined for an empty period. */
  readonly validRate: number | undefined;
  /** Filled values (flag 1) among the lack: the slots a reconstruction gave a value. */
  readonly filledCount: number;
  /** Recovery after reconstruction, % (0–100): filled values counted as valid; undefined for an empty period. */
  readonly validWithFilledRate: number | undefined;
  /** Mean of the usable values (overall row only; month rows use the monthly mean). */
  readonly validAvg: number | undefined;
  /** Mean wind power density, W/m² (speed averages, overall row only). */
  readonly avgWindPower: number | undefined;
}

/**
 * The SPEC §3 report statistics rows: per channel one row for the whole period followed by one per
 * month, from {@link computeStationStatistics}.
 *
 * @example elementReportRows(station, computeStationStatistics(station))[0].validRate
 */
export function elementReportRows(station: Station, statistics: StationStatistics): ElementReportRow[] {
  const rows: ElementReportRow[] = [];
  const n = station.grid.length;
  const first = n > 0 ? civilTimeOf(timestampAt(station.grid, 0), station.utcOffsetHours) : undefined;
  const last = n > 0 ? civilTimeOf(timestampAt(station.grid, n - 1), station.utcOffsetHours) : undefined;
  const phase =
    first && last ? `${formatCivilTime(first, 'YYYY-MM-DD')}~${formatCivilTime(last, 'YYYY-MM-DD')}` : '';
  station.channels.forEach((channel, k) => {
    const s = statistics.channels[k]!;
    const heightTag =
      channel.boomOrientationDeg === undefined
        ? `${channel.heightM}m`
        : `${channel.heightM}m ${channel.boomOrientationDeg}°`;
    const element = channel.statistic === 'avg' ? channel.element : `${channel.element} ${channel.statistic}`;
    const overall = s.recovery.overall;
    rows.push({
      channelId: channel.id,
      element,
      dataPhase: phase,
      heightTag,
      ...counts(overall),
      validAvg: channel.element === 'wd' ? s.meanDirectionDeg : s.description?.mean,
      avgWindPower: s.speed?.summary?.meanPowerDensityWm2,
    });
    s.recovery.byMonth.forEach((m, i) => {
      const mean = s.monthly?.byYearMonth[i]?.mean;
      rows.push({
        channelId: channel.id,
        element,
        dataPhase: `${m.year}-${String(m.month).padStart(2, '0')}`,
        heightTag,
        ...counts(m),
        validAvg: mean === undefined || Number.isNaN(mean) ? undefined : mean,
        avgWindPower: undefined,
      });
    });
  });
  return rows;
}

function counts(r: {
  shouldCount: number;
  lackCount: number;
  invalidCount: number;
  validCount: number;
  validRatePct: number | undefined;
  filledCount: number;
  validWithFilledRatePct: number | undefined;
}) {
  return {
    shouldCount: r.shouldCount,
    lackCount: r.lackCount,
    invalidCount: r.invalidCount,
    validCount: r.validCount,
    validRate: r.validRatePct,
    filledCount: r.filledCount,
    validWithFilledRate: r.validWithFilledRatePct,
  };
}
