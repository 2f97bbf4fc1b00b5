import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { timeGridFromRange } from '../model/time-grid-from-range.ts';
import type { Channel, Station } from '../model/types.ts';
import { turbulenceIntensityBySpeed } from '../statistics/turbulence-intensity-by-speed.ts';
import { computeStationStatistics } from './compute-station-statistics.ts';
import { elementReportRows } from './element-report-rows.ts';
import { periodComparisonRows } from './period-comparison-rows.ts';
import { turbulenceReportRows } from './turbulence-report-rows.ts';

/** A small deterministic station: January–February 2024 (leap year), hourly, Beijing time. */
function buildStation(): Station {
  const grid = timeGridFromRange(Date.UTC(2023, 11, 31, 16), Date.UTC(2024, 1, 29, 16), 60);
  const n = grid.length;
  const ws80 = new Float32Array(n);
  const ws40 = new Float32Array(n);
  const sd80 = new Float32Array(n);
  const wd = new Float32Array(n);
  const t = new Float32Array(n);
  const p = new Float32Array(n);
  const flags80 = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    ws80[i] = 6 + 4 * Math.sin(i / 7);
    ws40[i] = ws80[i]! * 0.9;
    sd80[i] = ws80[i]! * 0.12;
    wd[i] = (200 + 60 * Math.sin(i / 5) + 360) % 360;
    t[i] = -5 + (i % 24) / 2;
    p[i] = 950;
  }
  ws80.fill(Number.NaN, 0, 24); // first local day missing
  flags80.fill(3, 24, 48); // second day invalid
  flags80.fill(2, 48, 60); // suspicious: still valid
  const ch = (
    id: string,
    element: Channel['element'],
    heightM: number,
    statistic: Channel['statistic'],
    values: Float32Array,
    flags?: Uint8Array,
  ): Channel => ({
    id,
    element,
    heightM,
    statistic,
    boomOrientationDeg: 0,
    values,
    ...(flags ? { flags } : {}),
  });
  return {
    grid,
    utcOffsetHours: 8,
    channels: [
      ch('WS_80m_Avg', 'ws', 80, 'avg', ws80, flags80),
      ch('WS_80m_SD', 'ws', 80, 'sd', sd80),
      ch('WS_40m_Avg', 'ws', 40, 'avg', ws40),
      ch('WD_78m_Avg', 'wd', 78, 'avg', wd),
      ch('T_2m_Avg', 'T', 2, 'avg', t),
      ch('P_2m_Avg', 'p', 2, 'avg', p),
    ],
  };
}

describe('computeStationStatistics and the SPEC §3 report rows', () => {
  const station = buildStation();
  const stats = computeStationStatistics(station, { shearMinCount: 1 });

  it('computeStationStatistics excludes invalid values but keeps suspicious ones, and splits months in local time', () => {
    const ws80 = stats.channels[0]!;
    expect(ws80.recovery.overall).toMatchObject({
      shouldCount: 60 * 24,
      lackCount: 24,
      invalidCount: 24,
      validCount: 60 * 24 - 48,
    });
    expect(ws80.description!.count).toBe(60 * 24 - 48);
    expect(ws80.recovery.byMonth.map((m) => [m.month, m.shouldCount])).toEqual([
      [1, 31 * 24],
      [2, 29 * 24],
    ]);
    const withoutSuspicious = computeStationStatistics(station, { includeSuspicious: false });
    expect(withoutSuspicious.channels[0]!.description!.count).toBe(60 * 24 - 60);
  });

  it('computeStationStatistics computes every statistic for a speed average with its sd, vane, density and reference', () => {
    const ws40 = stats.channels[2]!.speed!;
    expect(stats.referenceSpeedChannelId).toBe('WS_80m_Avg');
    expect(ws40.correlation!.overall!.slope).toBeCloseTo(0.9, 5);
    expect(stats.channels[0]!.speed!.turbulence!.overall.meanTi).toBeCloseTo(0.12, 5);
    expect(ws40.rose!.sectors).toHaveLength(16);
    expect(ws40.frequency!.count).toBe(60 * 24);
    expect(ws40.extreme!.fivefoldMax).toBeCloseTo(5 * ws40.summary!.mean, 10);
    expect(stats.airDensity!.mean).toBeGreaterThan(1.2);
    expect(ws40.summary!.meanAirDensityKgM3).toBeCloseTo(stats.airDensity!.mean, 2);
    expect(stats.shear!.overall.exponent).toBeCloseTo(Math.log(1 / 0.9) / Math.log(2), 5);
    expect(stats.channels[3]!.meanDirectionDeg).toBeDefined();
    expect(stats.channels[4]!.diurnal!.byHour[0]!.mean).toBeCloseTo(-5, 4); // the grid starts at 00:00 Beijing time
  });

  it('elementReportRows gives one overall row and one row per month for every channel', () => {
    const rows = elementReportRows(station, stats);
    expect(rows).toHaveLength(station.channels.length * 3);
    const overall = rows[0]!;
    expect(overall).toMatchObject({
      channelId: 'WS_80m_Avg',
      element: 'ws',
      dataPhase: '2024-01-01~2024-02-29',
      heightTag: '80m 0°',
      shouldCount: 1440,
      lackCount: 24,
      invalidCount: 24,
      validCount: 1392,
    });
    expect(overall.validRate).toBeCloseTo((1392 / 1440) * 100, 10);
    expect(overall.avgWindPower).toBeGreaterThan(0);
    expect(rows[1]!.dataPhase).toBe('2024-01');
    expect(rows[2]).toMatchObject({ dataPhase: '2024-02', shouldCount: 29 * 24, validCount: 29 * 24 });
    expect(rows.find((r) => r.channelId === 'WS_80m_SD')!.element).toBe('ws sd');
  });

  it('turbulenceReportRows lists each speed bin then "all" with avg, sd, represent = avg + 1.28 sd, sample', () => {
    const table = turbulenceIntensityBySpeed([14.6, 14.9, 15.0, 15.2, 15.4], [1.45, 1.8, 1.6, 2.1, 1.55])!;
    const rows = turbulenceReportRows(table);
    expect(rows.map((r) => r.name)).toEqual(['15 m/s', 'all']);
    expect(rows[0]!.represent).toBeCloseTo(0.1341, 4);
    expect(rows[0]!.sample).toBe(5);
  });

  it('periodComparisonRows compares up to 3 average periods with the measurement year', () => {
    const annual = [2019, 2020, 2021, 2022, 2023].map((year, k) => ({ year, meanSpeedMps: 4.6 + 0.1 * k }));
    const rows = periodComparisonRows(
      annual,
      [
        { startYear: 2019, endYear: 2023 },
        { startYear: 2022, endYear: 2023 },
      ],
      4.5,
    );
    expect(rows[0]).toMatchObject({ name: '2019-2023', yearCount: 5 });
    expect(rows[0]!.avgSpeed).toBeCloseTo(4.8, 12);
    expect(rows[0]!.deviate).toBeCloseTo(0.3, 12);
    expect(rows[0]!.rate).toBeCloseTo((0.3 / 4.5) * 100, 10);
    expect(
      periodComparisonRows(annual, [{ startYear: 1990, endYear: 1991 }], 4.5)[0]!.avgSpeed,
    ).toBeUndefined();
    expect(() =>
      periodComparisonRows(annual, Array(4).fill({ startYear: 2019, endYear: 2020 }), 4.5),
    ).toThrow('at most 3');
  });

  it('computeStationStatistics of an empty grid and of all-NaN channels returns undefined statistics, not errors', () => {
    const empty: Station = {
      ...station,
      grid: { ...station.grid, length: 0 },
      channels: station.channels.map((c) => ({
        ...c,
        values: new Float32Array(0),
        flags: new Uint8Array(0),
      })),
    };
    const e = computeStationStatistics(empty);
    expect(e.channels[0]!.description).toBeUndefined();
    expect(e.channels[0]!.recovery.overall.validRatePct).toBeUndefined();
    const nan: Station = {
      ...station,
      channels: station.channels.map((c) => ({
        ...c,
        values: new Float32Array(station.grid.length).fill(Number.NaN),
      })),
    };
    const s = computeStationStatistics(nan);
    expect(s.channels[0]!.speed!.summary).toBeUndefined();
    expect(s.channels[0]!.speed!.rose).toBeUndefined();
    expect(s.shear).toBeUndefined();
    expect(s.channels[0]!.recovery.overall.validRatePct).toBe(0);
    expect(buildCalendarIndex(station.grid, 8).months).toHaveLength(2);
  });
});
