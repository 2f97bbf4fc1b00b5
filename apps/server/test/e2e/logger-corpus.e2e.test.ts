import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  localizeUnreadableReason,
  type TFileKind,
  type TRecognition,
  type TUnreadableReasonKey,
} from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { loadSeries } from '../../src/modules/timeseries/version-series.ts';
import { multipartBody } from '../multipart.ts';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

/**
 * Issue 40 §3, a corpus test that grows: every real logger or data file in ../shared/samples goes through
 * the API as the browser sends it — the upload preview, the confirmation with the doubts a user accepts
 * (or resolves by an edit), the parse — and one value per expected channel is read back from the store and
 * compared with the value in the file, converted to MastHub's unit where the file's differs.
 *
 * The table below is the deliverable: each expectation was written by hand from the file's own header
 * (header lines, sensor history, units and processing rows, column titles) in MastHub's terms (a gust is
 * statistic `other`, a height of 0.00 m is none, `Smp` the interval's value). Adding a file to ../shared/samples means adding its expectation here (the last test fails
 * otherwise). Where MastHub reads a column differently from what its header says, the channel keeps the
 * header's reading and a `misread` entry says what MastHub recognises instead: the test holds MastHub to
 * that recorded misreading, so the list stays true — when a parser is fixed the test fails until the entry
 * is removed. Each misreading is reported in issue 40's closing note.
 */
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples');
const hasSamples = existsSync(SAMPLES);
const SKIP = `${SAMPLES} not found: /work/shared is absent, the logger corpus is skipped`;
if (!hasSamples) console.warn(SKIP);

/** MastHub's reading of one channel: element, statistic, height, unit and the file's unit it converts from. */
interface TShape {
  element: string;
  statistic: string;
  heightM: number | null;
  unit: string;
  sourceUnit: string;
}

/**
 * One channel as its header says: 1-based column, the title as in the file, `element statistic height unit`
 * (height `-` when the file gives none, no unit word when it has none, `<unit` for the file's own unit when
 * MastHub converts), and its value in the file at the first stamp (or at `at`, a UTC period start); null
 * where the file holds a missing-value marker.
 */
type TChannelCase = [column: number, title: string, shape: string, fileValue: number | null, at?: string];

/** Where MastHub reads a column differently from its header: what it recognises instead, and why that is wrong. */
interface TMisread {
  columns: number[];
  recognised: Partial<TShape>;
  note: string;
}

/** A doubt as `reason:column`, or `reason:file` for the time axis and the file. */
type TDoubtKey = string;

/**
 * Where the stamps' zone comes from: the site's logger zone (the file names none), a header line or column
 * title naming it (minutes east of UTC), or an offset on every stamp.
 */
type TZone = 'site' | { header: number } | { stamps: string };

interface TStored {
  outcome: 'stored';
  file: string;
  /**
   * The site's logger zone, minutes east of UTC, as a user registering the site would enter it (UTC where
   * neither the file nor its source says).
   */
  siteZone: number;
  kind: TFileKind;
  zone: TZone;
  periodEnd: boolean;
  intervalMinutes: number;
  /** Period starts in UTC of the first and last record, worked out from the file's stamps, zone and period. */
  first: string;
  last: string;
  rows: number;
  /** Value columns MastHub should keep, counted from the header (time, record and unused columns aside). */
  channelCount: number;
  channels: TChannelCase[];
  doubts: TDoubtKey[];
  /**
   * Columns whose unit the file does not state (or states wrongly): MastHub doubts their values, and the
   * user resolves the doubt in the preview by setting the file's unit of the channel's shape (`<unit`).
   */
  resolve?: number[];
  misread?: TMisread[];
  /** Doubts MastHub shows only because of a misreading, and doubts the header's reading has that it misses. */
  misreadDoubts?: { adds?: TDoubtKey[]; misses?: TDoubtKey[]; note: string };
}

interface TRefused {
  outcome: 'refused';
  file: string;
  reason: TUnreadableReasonKey;
}

/** A vendor binary (or another binary MastHub has no reader for): kept byte for byte, never parsed. */
interface TStoreOnly {
  outcome: 'storeOnly';
  file: string;
}

/** A text file that is no time series: the preview recognises what it is and says it will not be parsed. */
interface TNotTimeSeries {
  outcome: 'notTimeSeries';
  file: string;
  kind: TFileKind;
  /** What confirming it answers today: an internal error (reported in issue 40's closing note). */
  confirmStatus: number;
}

/** A file the preview takes for a time series without value columns: confirmed, nothing is stored. */
interface TNothingStored {
  outcome: 'nothingStored';
  file: string;
  kind: TFileKind;
  rows: number;
  reasonKey: string;
}

type TCase = TStored | TRefused | TStoreOnly | TNotTimeSeries | TNothingStored;

/** Doubt keys `reason:from` … `reason:to`. */
function doubtRange(reason: string, from: number, to: number, skip: number[] = []): TDoubtKey[] {
  const keys: TDoubtKey[] = [];
  for (let c = from; c <= to; c++) if (!skip.includes(c)) keys.push(`${reason}:${c}`);
  return keys;
}

/**
 * The brightwind demo mast (80/60/40 m cups on N and S booms, vanes at 78/58/38 m, T/RH/P at 2 m): the same
 * 188 rows in every format of the corpus (brightwind-demo/README.md), its first row 2016-01-09 15:30. The
 * names say element, height and boom; `Std` is the standard deviation, `Max` the maximum; no file states a
 * unit but the TOA5 copy (m/s, Deg, Celcius, %, Millibars, mm, Volts), which is also what the values are.
 */
function demoMast(firstColumn: number): TChannelCase[] {
  const columns: [string, string, number][] = [
    ['Spd80mN', 'ws mean 80 m/s', 8.37],
    ['Spd80mS', 'ws mean 80 m/s', 7.911],
    ['Spd60mN', 'ws mean 60 m/s', 8.16],
    ['Spd60mS', 'ws mean 60 m/s', 7.849],
    ['Spd40mN', 'ws mean 40 m/s', 7.857],
    ['Spd40mS', 'ws mean 40 m/s', 7.626],
    ['Spd80mNStd', 'ws sd 80 m/s', 1.24],
    ['Spd80mSStd', 'ws sd 80 m/s', 1.075],
    ['Spd60mNStd', 'ws sd 60 m/s', 1.06],
    ['Spd60mSStd', 'ws sd 60 m/s', 0.947],
    ['Spd40mNStd', 'ws sd 40 m/s', 0.8],
    ['Spd40mSStd', 'ws sd 40 m/s', 0.767],
    ['Spd80mNMax', 'ws max 80 m/s', 11.37],
    ['Spd80mSMax', 'ws max 80 m/s', 10.65],
    ['Spd60mNMax', 'ws max 60 m/s', 11.16],
    ['Spd60mSMax', 'ws max 60 m/s', 10.47],
    ['Spd40mNMax', 'ws max 40 m/s', 10.35],
    ['Spd40mSMax', 'ws max 40 m/s', 9.89],
    ['Dir78mS', 'wd mean 78 deg', 114.2],
    ['Dir78mSStd', 'wd sd 78 deg', 6.1],
    ['Dir58mS', 'wd mean 58 deg', 110.1],
    ['Dir58mSStd', 'wd sd 58 deg', 6.009],
    ['Dir38mS', 'wd mean 38 deg', 112.2],
    ['Dir38mSStd', 'wd sd 38 deg', 5.724],
    ['T2m', 'T mean 2 deg_C', 0.711],
    ['RH2m', 'RH mean 2 %', 100],
    ['P2m', 'p mean 2 hPa', 935],
    ['PrcpTot', 'prcp sum - mm', 0],
    ['BattMin', 'voltage min - V', 12.94],
  ];
  return columns.map(([title, shape, value], i) => [firstColumn + i, title, shape, value]);
}

/** The demo mast as a plain CSV (three time-stamp styles, README of generic_csv/): no zone but data4's. */
function demoMastCsv(file: string, zone: TZone): TStored {
  return {
    outcome: 'stored',
    file,
    // Dublin (the data model's 53.30 N, 6.21 W): a logger on UTC, as the +00:00 copies of these rows say.
    siteZone: 0,
    kind: 'brightwind',
    zone,
    periodEnd: false,
    intervalMinutes: 10,
    // Day first: 09/01/2016 is 9 January (brightwind's cleaning file starts the mast then).
    first: '2016-01-09T15:30:00Z',
    last: '2016-01-10T23:50:00Z',
    rows: 188,
    channelCount: 29,
    channels: demoMast(2),
    doubts: [],
  };
}

/** The brightwind floating-lidar demo: `Timestamp,Spd_40m,Dir_40m,Spd_50m,Dir_50m`, ISO stamps, no zone. */
function floatingLidarCsv(file: string): TStored {
  return {
    outcome: 'stored',
    file,
    // The data model (floating_lidar_demo_iea43_wra_data_model_v1_3.json) gives offset_from_utc_hrs 0.
    siteZone: 0,
    kind: 'brightwind',
    zone: 'site',
    // Nothing in the file says the stamps end their period (the data model does; the file alone cannot).
    periodEnd: false,
    intervalMinutes: 10,
    first: '2012-10-23T13:10:00Z',
    last: '2014-05-06T09:50:00Z',
    rows: 1634,
    channelCount: 4,
    channels: [
      [2, 'Spd_40m', 'ws mean 40 m/s', 3.37],
      [3, 'Dir_40m', 'wd mean 40 deg', 122.5],
      [4, 'Spd_50m', 'ws mean 50 m/s', 3.21],
      [5, 'Dir_50m', 'wd mean 50 deg', 120.9],
    ],
    doubts: [],
  };
}

/**
 * The NRG SymphoniePRO site 004310 (Hinesburg VT, `Time Zone: UTC-5:00`, 1-min statistics): Sensor
 * History and names agree — Ch2 anemometer at 85 m on a 189° boom (S), Ch3 at 10 m, Ch4 and Ch6 without a
 * height, Ch13 NRG T60 at 40 m, Ch14 BP60 (0.00 m: no height), Ch15 vane at 10 m, Ch20 LI-COR pyranometer,
 * Ch32 SR30 pyranometer at 2 m (‑1000 = no data), Ch42 DustIQ soiling, Ch100/Ch105 calculated DNI.
 */
function symphonieProHinesburg(
  file: string,
  first: string,
  last: string,
  rows: number,
  row: { t40: number; p: number; pyranometer: number },
): TStored {
  return {
    outcome: 'stored',
    file,
    siteZone: -300,
    kind: 'symphoniepro',
    zone: { header: -300 },
    periodEnd: false,
    intervalMinutes: 1,
    first,
    last,
    rows,
    // 63 statistics columns after the stamp, none unused.
    channelCount: 63,
    channels: [
      [2, 'Ch2_Anem_85.00m_S_Avg_m/s', 'ws mean 85 m/s', 0.139],
      [3, 'Ch2_Anem_85.00m_S_SD_m/s', 'ws sd 85 m/s', 0],
      [4, 'Ch2_Anem_85.00m_S_Min_m/s', 'ws min 85 m/s', 0.139],
      [5, 'Ch2_Anem_85.00m_S_Max_m/s', 'ws max 85 m/s', 0.139],
      // The gust is no statistic of the interval MastHub has a name for.
      [6, 'Ch2_Anem_85.00m_S_Gust_m/s', 'ws other 85 m/s', 0.139],
      [7, 'Ch3_Anem_10.00m__Avg_m/s', 'ws mean 10 m/s', 0.35],
      [12, 'Ch4_Anem___Avg_m/s', 'ws mean - m/s', 0.139],
      [17, 'Ch6_Anem___Avg_m/s', 'ws mean - m/s', 0.139],
      [22, 'Ch13_Analog_40.00m_N_Avg_C', 'T mean 40 deg_C', row.t40],
      [26, 'Ch14_Analog_0.00m_N_Avg_hPa', 'p mean - hPa', row.p],
      [30, 'Ch15_Vane_10.00m_SSE_Avg_Deg', 'wd mean 10 deg', 345],
      [31, 'Ch15_Vane_10.00m_SSE_SD_Deg', 'wd sd 10 deg', 0],
      [32, 'Ch15_Vane_10.00m_SSE_GustDir_Deg', 'wd other 10 deg', 345],
      [33, 'Ch20_Analog_0.00m_N_Avg_W/sqm', 'ghi mean - W/m^2', row.pyranometer],
      [37, 'Ch32_ModbusRTU_2.00m_S_Avg_W/m^2', 'ghi mean 2 W/m^2', null],
      [41, 'Ch42_ModbusRTU_1.00m_S_Avg_', 'other mean 1', 0],
      // Sensor History: `Description: DNI`, `Math Function: Dni` — direct normal, not global horizontal.
      [45, 'Ch100_Calculated___Avg_w/m^2', 'other mean - W/m^2', 0],
      [49, 'Ch105_Calculated___Avg_w/m^2', 'other mean - W/m^2', 0],
      [53, 'Ch106_Calculated___Avg_', 'other mean -', 0],
    ],
    // Ch4 and Ch6 have no height.
    doubts: doubtRange('heightUnstated', 12, 21),
  };
}

/**
 * A WindCube .sta: `Int Temp`, `Ext Temp`, `Pressure`, `Rel Humidity`, `Wiper count`, `Vbatt`, then per
 * height speed, its dispersion, min, max, direction, Z-wind and its dispersion, CNR and its min, Doppler
 * spectral broadening and availability, and an empty column. `top` is the last of the 12 heights.
 */
function windCubeChannels(
  top: number,
  station: { internal: number; outside: (number | null)[]; battery: number | null },
  first: number[],
): TChannelCase[] {
  const [speed, dispersion, min, max, direction, z, zDispersion, cnr, cnrMin, broadening, availability] =
    first;
  const [topSpeed, topDispersion, topDirection] = first.slice(11);
  return [
    [2, 'Int Temp (°C)', 'other mean - deg_C', station.internal],
    [3, 'Ext Temp (°C)', 'T mean - deg_C', station.outside[0]!],
    [4, 'Pressure (hPa)', 'p mean - hPa', station.outside[1]!],
    [5, 'Rel Humidity (%)', 'RH mean - %', station.outside[2]!],
    [6, 'Wiper count', 'other count -', 0],
    [7, 'Vbatt (V)', 'voltage mean - V', station.battery],
    [8, '40m Wind Speed (m/s)', 'ws mean 40 m/s', speed!],
    [9, '40m Wind Speed Dispersion (m/s)', 'ws sd 40 m/s', dispersion!],
    [10, '40m Wind Speed min (m/s)', 'ws min 40 m/s', min!],
    [11, '40m Wind Speed max (m/s)', 'ws max 40 m/s', max!],
    [12, '40m Wind Direction (°)', 'wd mean 40 deg', direction!],
    [13, '40m Z-wind (m/s)', 'wsv mean 40 m/s', z!],
    [14, '40m Z-wind Dispersion (m/s)', 'wsv sd 40 m/s', zDispersion!],
    [15, '40m CNR (dB)', 'cnr mean 40 dB', cnr!],
    [16, '40m CNR min (dB)', 'cnr min 40 dB', cnrMin!],
    [17, '40m Dopp Spect Broad (m/s)', 'dsb mean 40 m/s', broadening!],
    [18, '40m Data Availability (%)', 'avail mean 40 %', availability!],
    [140, `${top}m Wind Speed (m/s)`, `ws mean ${top} m/s`, topSpeed!],
    [141, `${top}m Wind Speed Dispersion (m/s)`, `ws sd ${top} m/s`, topDispersion!],
    [144, `${top}m Wind Direction (°)`, `wd mean ${top} deg`, topDirection!],
  ];
}

const CASES: TCase[] = [
  // ── Campbell Scientific TOA5 ──────────────────────────────────────────────────────────────────────
  {
    outcome: 'stored',
    file: 'campbell_toa5/brightwind_campbell_scientific_demo_data1.csv',
    siteZone: 0,
    kind: 'toa5',
    zone: { stamps: '+00:00' },
    // A TOA5 table: Campbell stamps end their interval (the file says nothing else).
    periodEnd: true,
    intervalMinutes: 10,
    first: '2016-01-09T15:20:00Z',
    last: '2016-01-10T23:40:00Z',
    rows: 188,
    // RECORD, Site and LoggerID are no measurements.
    channelCount: 29,
    // Units row: Metres/Second, Deg, Celcius, %, Millibars, mm, Volts; processing Avg/Std/Max/WVc/Smp/Tot/Min.
    channels: demoMast(5),
    doubts: [],
  },
  {
    outcome: 'stored',
    file: 'campbell_toa5/cloudnetpy_20250127_JOYCE_WST_01m.dat',
    // Neither the file nor its source says the logger's zone: the site is registered on UTC.
    siteZone: 0,
    kind: 'toa5',
    zone: 'site',
    periodEnd: true,
    intervalMinutes: 1,
    first: '2025-01-27T00:00:00Z',
    last: '2025-01-27T00:08:00Z',
    rows: 9,
    channelCount: 12,
    channels: [
      [3, 'AirTC_Avg', 'T mean - deg_C', 9.77],
      // Processing `Smp`: the sample the logger took, kept as the interval's value.
      [4, 'RH', 'RH mean - %', 72.09],
      [5, 'WS_ms_S_WVT', 'ws mean - m/s', 3.182],
      [6, 'WindDir_D1_WVT', 'wd mean - deg', 133.7],
      [7, 'WS_ms_Max', 'ws max - m/s', 3.89],
      [8, 'WSDiag', 'other mean -', 0],
      [9, 'BV_BP_Avg', 'p mean - hPa', 982.1],
      // The BaroVue barometer's own temperature (BV_BP, BV_Temp, BV_Qual are one sensor); AirTC is the air.
      [10, 'BV_Temp_Avg', 'other mean - deg_C', 8.12],
      [11, 'BV_Qual_Min', 'other min -', 6.88],
      [12, 'BattV_Avg', 'voltage mean - V', 13.78],
      [13, 'PTemp_C_Avg', 'other mean - deg_C', 16.03],
      // `SL`: the barometer's pressure reduced to sea level, not the air pressure at the site.
      [14, 'BV_BP_SL_Avg', 'other mean - hPa', 995.3639],
    ],
    doubts: ['heightUnstated:5', 'heightUnstated:6', 'heightUnstated:7'],
  },
  {
    outcome: 'stored',
    file: 'campbell_toa5/cloudnetpy_granada.dat',
    siteZone: 0,
    kind: 'toa5',
    zone: 'site',
    periodEnd: true,
    intervalMinutes: 1,
    // The first stamp, 2024-04-19 00:00:00, ends the minute that began at 23:59.
    first: '2024-04-18T23:59:00Z',
    last: '2024-04-19T00:08:00Z',
    rows: 10,
    channelCount: 7,
    channels: [
      [3, 'air_t_Avg', 'T mean - deg_C', 16.85],
      [4, 'rh_Avg', 'RH mean - %', 63.06],
      [5, 'pressure_Avg', 'p mean - hPa', 939.9695],
      [6, 'wind_speed_avg', 'ws mean - m/s', 0.683],
      [7, 'wind_dir_avg', 'wd mean - deg', 198.6],
      [8, 'wind_dir_std', 'wd sd - deg', 24.07],
      [9, 'rain_Tot', 'prcp sum - mm', 0],
    ],
    doubts: ['heightUnstated:6', 'heightUnstated:7', 'heightUnstated:8'],
  },
  {
    outcome: 'stored',
    file: 'logger-corpus/cloudnetpy_2026-05-01_limmaco-rad_falkenberg-c3sar_WS500_full_l0.c01.dat',
    siteZone: 0,
    kind: 'toa5',
    zone: 'site',
    periodEnd: true,
    intervalMinutes: 10,
    first: '2026-04-30T23:50:00Z',
    last: '2026-05-01T00:10:00Z',
    rows: 3,
    // 21 WS500 outputs after TIMESTAMP and RECORD; every processing word is `Smp` (the sensor's own values).
    channelCount: 21,
    channels: [
      [3, 'WS500_relative_humidity', 'RH mean - %', 88.4],
      [4, 'WS500_absolute_humidity', 'other mean - g/m^3', 5.7],
      [5, 'WS500_mixing_ratio', 'other mean - g/kg', 4.5],
      // Lufft's `relative air pressure` is the pressure reduced to sea level; `absolute` is the site's.
      [6, 'WS500_relative_air_pressure', 'other mean - hPa', 1021],
      [7, 'WS500_absolute_air_pressure', 'p mean - hPa', 1021],
      [8, 'WS500_air_temperature', 'T mean - deg_C', 4.2],
      [9, 'WS500_dewpoint_temperature', 'other mean - deg_C', 2.4],
      [10, 'WS500_wind_chill_temperature', 'other mean - deg_C', 3.1],
      [11, 'WS500_wet_bulb_temperature', 'other mean - deg_C', 3.3],
      [12, 'WS500_specific_enthalpy', 'other mean - kJ/kg', 15.2],
      [13, 'WS500_air_density', 'rho mean - kg/m^3', 1.28],
      [14, 'WS500_wind_speed_min', 'ws min - m/s', 0],
      [15, 'WS500_wind_speed_max', 'ws max - m/s', 0.6],
      [16, 'WS500_wind_speed_avg', 'ws mean - m/s', 0],
      [17, 'WS500_wind_speed_std', 'ws sd - m/s', 0],
      [18, 'WS500_wind_direction_min', 'wd min - deg', 0],
      [19, 'WS500_wind_direction_max', 'wd max - deg', 208.5],
      [20, 'WS500_wind_direction_avg', 'wd mean - deg', 0],
      [21, 'WS500_wind_direction_std', 'wd sd - deg', 0],
      [22, 'WS500_compass', 'other mean - deg', 6],
      [23, 'ResultCodeWS500', 'other mean -', 0],
    ],
    doubts: doubtRange('heightUnstated', 14, 21),
  },

  // ── Plain CSV and brightwind demo files ────────────────────────────────────────────────────────────
  demoMastCsv('generic_csv/brightwind_demo_data2.csv', 'site'),
  demoMastCsv('generic_csv/brightwind_demo_data3.csv', 'site'),
  demoMastCsv('generic_csv/brightwind_demo_data4.csv', { stamps: '+00:00' }),
  // Byte-identical to generic_csv/brightwind_demo_data2.csv (brightwind-demo/README.md).
  demoMastCsv('brightwind-demo/demo_data2.csv', 'site'),
  floatingLidarCsv('generic_csv/brightwind_demo_floating_lidar_data.csv'),
  floatingLidarCsv('brightwind-demo/demo_floating_lidar_data.csv'),
  {
    // `Sensor,Start,Stop,Reason`: cleaning periods, not measurements.
    outcome: 'nothingStored',
    file: 'brightwind-demo/demo_cleaning_file.csv',
    kind: 'generic_csv',
    rows: 4,
    reasonKey: 'no_values',
  },
  // IEA Task 43 data-model JSON and brightwind cleaning rules: no logger data; the preview refuses them.
  {
    outcome: 'refused',
    file: 'brighthub_iea43/brightwind_demo_data_iea43_wra_data_model.json',
    reason: 'no_data_rows',
  },
  { outcome: 'refused', file: 'brightwind-demo/demo_data_iea43_wra_data_model.json', reason: 'no_data_rows' },
  {
    outcome: 'refused',
    file: 'brightwind-demo/floating_lidar_demo_iea43_wra_data_model_v1_3.json',
    reason: 'no_data_rows',
  },
  { outcome: 'refused', file: 'brightwind-demo/demo_cleaning_rules_file.json', reason: 'no_data_rows' },

  // ── Windographer ──────────────────────────────────────────────────────────────────────────────────
  {
    outcome: 'stored',
    file: 'windographer_txt/brightwind_windographer_demo_data1.txt',
    siteZone: 0,
    kind: 'windographer',
    zone: { stamps: '+00:00' },
    // `Time stamps indicate the beginning of the time step.`
    periodEnd: false,
    intervalMinutes: 10,
    first: '2016-01-09T15:30:00Z',
    last: '2016-01-10T23:50:00Z',
    rows: 188,
    channelCount: 29,
    channels: demoMast(2),
    doubts: [],
  },
  {
    outcome: 'stored',
    file: 'windographer_txt/brightwind_windographer_demo_data2.txt',
    siteZone: 0,
    kind: 'windographer',
    zone: 'site',
    periodEnd: false,
    intervalMinutes: 10,
    first: '2016-01-09T15:30:00Z',
    last: '2016-01-10T23:50:00Z',
    rows: 188,
    channelCount: 29,
    channels: demoMast(2),
    doubts: [],
  },
  {
    // `Data Column, Flag Name, Start Time, End Time, Time Steps`: Windographer's flag log, no time series.
    outcome: 'notTimeSeries',
    file: 'windographer_txt/brightwind_windographer_flagging_log.txt',
    kind: 'store_only',
    confirmStatus: 200,
  },

  // ── WAsP ─────────────────────────────────────────────────────────────────────────────────────────
  {
    // An observed wind climate (12 sectors × 35 bins at 100 m): the preview says it is not parsed.
    outcome: 'notTimeSeries',
    file: 'wasp_tab/foxes_winds100.tab',
    kind: 'wasp_tab',
    confirmStatus: 200,
  },

  // ── NRG ──────────────────────────────────────────────────────────────────────────────────────────
  symphonieProHinesburg(
    'nrg_symphoniepro_txt/nrgpy_004310_2022-03-17_00.00_000835_meas.txt',
    '2022-03-17T05:00:00Z',
    '2022-03-17T11:09:00Z',
    370,
    { t40: 22.771816, p: 1001.269797, pyranometer: 0.028254 },
  ),
  // Ch105 divides a pressure by a temperature (`GHI Channel: 14`, `DIF Channel: 13`): as the calculated
  // quantity it is, nothing bounds its values (up to 25 377).
  symphonieProHinesburg(
    'logger-corpus/nrgpy_004310_2022-03-17_06.10_000836_meas.txt',
    '2022-03-17T11:10:00Z',
    '2022-03-17T15:09:00Z',
    240,
    { t40: 22.799126, p: 999.967386, pyranometer: 0.254288 },
  ),
  {
    outcome: 'stored',
    file: 'nrg_symphoniepro_txt/nrgpy_671225_SunnyDog_Test_Dev_meas_2025.06.16-2025.06.16.txt',
    // Charlotte, Vermont: Eastern time. The logger says `Time Zone: UTC-7:00` — a conflict to confirm.
    siteZone: -300,
    kind: 'symphoniepro',
    zone: { header: -420 },
    periodEnd: false,
    intervalMinutes: 1,
    first: '2025-06-16T07:00:00Z',
    last: '2025-06-16T07:05:00Z',
    rows: 6,
    channelCount: 130,
    channels: [
      // `Height: 0.00` for Ch1, Ch13 and Ch15: no height.
      [2, 'Ch1_Anem_0.00m_N_Avg_m/s', 'ws mean - m/s', 1.35],
      [6, 'Ch1_Anem_0.00m_N_Gust_m/s', 'ws other - m/s', 1.35],
      [7, 'Ch4_Total_0.00m_N_Sum_mm', 'prcp sum - mm', 0],
      [8, 'Ch11_Anem___Avg_m/s', 'ws mean - m/s', 0.35],
      [13, 'Ch13_Vane_0.00m_N_Avg_Deg', 'wd mean - deg', 343.79],
      [15, 'Ch13_Vane_0.00m_N_GustDir_Deg', 'wd other - deg', 180],
      [16, 'Ch14_Analog_2.20m_NNE_Avg_W/m^2', 'ghi mean 2.2 W/m^2', 12.588501],
      [20, 'Ch15_Analog_0.00m_N_Avg_C', 'T mean - deg_C', 13.558332],
      [24, 'Ch16_Analog_0.00m_N_Avg_hPa', 'p mean - hPa', 1006.671498],
      [28, 'Ch17_Analog_1.00m_S_Avg_%RH', 'RH mean 1 %', 94.338989],
      [32, 'Ch18_Analog_0.00m_N_Avg_Amps', 'other mean - A', 0.000715],
      // PVT1 thermistors measure PV module temperatures (Sensor History), not the air.
      [40, 'Ch20_Therm_0.00m_N_Avg_C', 'other mean - deg_C', 11.44],
      [48, 'Ch22_Therm_1.50m_N_Avg_C', 'other mean 1.5 deg_C', 10.69],
      [68, 'Ch27_ModbusRTU_0.00m_N_Avg_W/m^2', 'ghi mean - W/m^2', -4.1],
      // `Description: MS-40M POA`, `RC18-Irrandiance POA`: plane-of-array irradiance, not global horizontal.
      [72, 'Ch28_ModbusRTU_0.00m_NNE_Avg_W/m^2', 'other mean - W/m^2', 0],
      [76, 'Ch29_ModbusRTU_2.20m_NNE_Avg_W/m^2', 'other mean 2.2 W/m^2', 0],
      [88, 'Ch32_Total_2.00m_N_Sum_mm', 'prcp sum 2 mm', 0],
      [89, 'Ch33_ModbusRTU_2.00m_N_Avg_mm', 'prcp mean 2 mm', 317.35],
      // `Measurand: Precipitation Type`, `Units:` empty: a type code, not a depth of rain.
      [93, 'Ch34_ModbusRTU_2.00m_N_Avg_', 'other mean 2', 0],
      [97, 'Ch35_ModbusRTU_2.00m_N_Avg_m/s', 'ws mean 2 m/s', 0.2],
      [100, 'Ch35_ModbusRTU_2.00m_N_Max_m/s', 'ws max 2 m/s', 0.3],
      [101, 'Ch36_Vane_2.00m_N_Avg_degrees', 'wd mean 2 deg', 98.9],
      [103, 'Ch36_Vane_2.00m_N_GustDir_degrees', 'wd other 2 deg', 0],
      [104, 'Ch37_ModbusRTU_2.00m_N_Avg_C', 'T mean 2 deg_C', 13.8],
      [108, 'Ch38_ModbusRTU_2.00m_N_Avg_%RH', 'RH mean 2 %', 112.52],
      [112, 'Ch39_ModbusRTU_2.00m_N_Avg_hPa', 'p mean 2 hPa', 2015.2],
      [116, 'Ch100_Calculated___Avg_Degrees', 'other mean - deg', 106.3],
    ],
    doubts: [
      ...doubtRange('heightUnstated', 2, 15, [7]),
      // The thermistors' names say temperature, their sensors PV module: MastHub keeps `other` and asks.
      ...doubtRange('elementConflict', 40, 67),
      // A test site: RH of 112–115 % and a pressure of 2015 hPa.
      ...['valuesImplausible:108', 'valuesImplausible:110', 'valuesImplausible:111'],
      ...['valuesImplausible:112', 'valuesImplausible:114', 'valuesImplausible:115'],
      'zoneConflict:file',
    ],
  },
  {
    outcome: 'stored',
    file: 'nrg_logr_dat/nrgpy_945800110_WRA_60m_meas_2025.06.15-2025.06.15.dat',
    siteZone: -300,
    kind: 'logr',
    zone: { stamps: 'Z' },
    periodEnd: false,
    // `Statistical Interval (min): 10`
    intervalMinutes: 10,
    first: '2025-06-16T05:00:00Z',
    last: '2025-06-16T05:50:00Z',
    rows: 6,
    // 125 statistics columns less 13 `NotUsed`.
    channelCount: 112,
    channels: [
      // `Height: 0.00`, the height only in the description (`NRG 200M Vane 58m`).
      [2, 'Ch1_Avg_deg', 'wd mean 58 deg', 99.7538],
      [5, 'Ch1_SD_deg', 'wd sd 58 deg', 20.8466],
      [6, 'Ch1_Gust_Dir_deg', 'wd other 58 deg', 0],
      [7, 'Ch2_Avg_deg', 'wd mean 48 deg', 91.5617],
      [12, 'Ch3_Avg_deg', 'wd mean 40 deg', 87.1674],
      [17, 'Ch4_Avg_hPa', 'p mean - hPa', 1005.65],
      [22, 'Ch5_Avg_deg_C', 'T mean 60 deg_C', 16.451],
      [27, 'Ch6_Avg_deg_C', 'T mean 4.5 deg_C', 13.3695],
      [32, 'Ch7_Avg_%RH', 'RH mean - %', 92.1257],
      // `NRG R1_POA_PV_Panel`: plane of array.
      [37, 'Ch9_Avg_W/m^2', 'other mean - W/m^2', -2.1902],
      [42, 'Ch12_Avg_V', 'voltage mean - V', 0.0156],
      [82, 'Ch319_Avg_mm', 'prcp mean - mm', 0],
      [86, 'Ch319_Sum_mm', 'prcp sum - mm', 0],
      // `Thies FCA_60m`, `Height: 60.19`.
      [92, 'Ch401_Avg_m/s', 'ws mean 60.19 m/s', 0.9361],
      [95, 'Ch401_SD_m/s', 'ws sd 60.19 m/s', 0.2069],
      [96, 'Ch401_Gust_m/s', 'ws other 60.19 m/s', 1.3548],
      [97, 'Ch402_Avg_m/s', 'ws mean 50.2 m/s', 0.9797],
      [102, 'Ch403_Avg_m/s', 'ws mean 60.2 m/s', 0.1242],
      // `NRG S1_50m_broken_sensor`, `Height: 0.00`: 50 m from the description, as for the vanes.
      [107, 'Ch404_Avg_m/s', 'ws mean 50 m/s', 0.139],
      [112, 'Ch405_Avg_m/s', 'ws mean 40 m/s', 0.139],
      [121, 'Ch406_Total_mm', 'prcp sum - mm', 0],
      [122, 'Ch407_Avg_m/s', 'ws mean 40 m/s', 0.7012],
    ],
    doubts: [
      ...doubtRange('heightFromDescription', 2, 16),
      ...doubtRange('heightFromDescription', 22, 30, [26]),
      ...doubtRange('heightFromDescription', 107, 111),
    ],
  },
  {
    outcome: 'stored',
    file: 'logger-corpus/nrgpy_20220418_0700_000511_001183_statistical.dat',
    // Hinesburg VT, `Time Zone: -5`; the stamps carry `Z`.
    siteZone: -300,
    kind: 'logr',
    zone: { stamps: 'Z' },
    periodEnd: false,
    intervalMinutes: 1,
    first: '2022-04-18T07:01:00Z',
    last: '2022-04-18T08:00:00Z',
    rows: 60,
    // 210 statistics columns less 39 `NotUsed`.
    channelCount: 171,
    channels: [
      [2, 'Ch1_Avg_W/m^2', 'ghi mean - W/m^2', -0.4898],
      // `Units: RH` of an NRG RH5X: percent relative humidity.
      [27, 'Ch11_Avg_RH', 'RH mean - %', 81.238],
      [32, 'Ch12_Avg_Deg', 'wd mean - deg', 11.2929],
      [36, 'Ch12_Gust_Dir_Deg', 'wd other - deg', 0],
      [37, 'Ch13_Avg_hPa', 'p mean - hPa', 1012.5437],
      [42, 'Ch14_Avg_deg_C', 'T mean - deg_C', -1.6018],
      // The Lufft WS500 on the ModBus: temperature, humidity, pressure, wind.
      [47, 'Ch101_Avg_deg_C', 'T mean - deg_C', -1.1033],
      [52, 'Ch102_Avg_%', 'RH mean - %', 83.7767],
      [57, 'Ch103_Avg_hPa', 'p mean - hPa', 1010.9],
      [62, 'Ch104_Avg_m/s', 'ws mean - m/s', 0.6783],
      [65, 'Ch104_SD_m/s', 'ws sd - m/s', 0.1678],
      [66, 'Ch104_Gust_m/s', 'ws other - m/s', 0.9333],
      [67, 'Ch105_Avg_deg', 'wd mean - deg', 57.0858],
      [72, 'Ch106_Avg_mm', 'prcp mean - mm', 19.6],
      [87, 'Ch109_Avg_deg_C', 'other mean - deg_C', -1.4123],
      // The pyranometers' own housing: SR30 `Humidity` and `Pressure` (946.8 against 1012.5 outside), the
      // EKO MS-80S `Relative Humidity` (20 % against 84 % outside).
      [92, 'Ch110_Avg_%', 'other mean - %', 0],
      [112, 'Ch114_Avg_mbar', 'other mean - hPa', 946.8469],
      [142, 'Ch120_Avg_%', 'other mean - %', 20.4194],
      [157, 'Ch124_Avg_%', 'other mean - %', 95],
    ],
    doubts: [...doubtRange('heightUnstated', 32, 36), ...doubtRange('heightUnstated', 62, 71)],
  },
  {
    outcome: 'stored',
    file: 'logger-corpus/nrgpy_20240111_1339_000304_002995_statistical.dat',
    siteZone: -300,
    kind: 'logr',
    zone: { stamps: 'Z' },
    periodEnd: false,
    intervalMinutes: 1,
    first: '2024-01-11T13:39:00Z',
    last: '2024-01-11T13:40:00Z',
    rows: 2,
    // 160 statistics columns less 21 `NotUsed`.
    channelCount: 139,
    channels: [
      [2, 'Ch1_Avg_W/m^2', 'ghi mean - W/m^2', 52.5895],
      [7, 'Ch3_Avg_deg_C', 'other mean - deg_C', 1.7777],
      [37, 'Ch11_Avg_%', 'RH mean - %', 69.237],
      [42, 'Ch12_Avg_Deg', 'wd mean - deg', 301.5799],
      [47, 'Ch13_Avg_hPa', 'p mean - hPa', 993.9306],
      [52, 'Ch14_Avg_deg_C', 'T mean - deg_C', 1.1322],
      [57, 'Ch101_Avg_m/s', 'ws mean - m/s', 1.6417],
      [60, 'Ch101_SD_m/s', 'ws sd - m/s', 0.6135],
      [61, 'Ch101_Gust_m/s', 'ws other - m/s', 2.5333],
      [62, 'Ch102_Avg_deg', 'wd mean - deg', 284.4662],
      [67, 'Ch103_Avg_deg_C', 'T mean - deg_C', 0.8],
      [72, 'Ch104_Avg_hPa', 'p mean - hPa', 992.7],
      [77, 'Ch105_Avg_%', 'RH mean - %', 69.045],
      [111, 'Ch301_Sum_mm', 'prcp sum - mm', 0],
      [137, 'Ch401_Avg_m/s', 'ws mean - m/s', 1.9997],
      [142, 'Ch402_Avg_m/s', 'ws mean - m/s', 1.7015],
      [147, 'Ch403_Avg_m/s', 'ws mean - m/s', 1.9182],
      [152, 'Ch404_Avg_m/s', 'ws mean - m/s', 1.3377],
      [161, 'Ch405_Total_mm', 'prcp sum - mm', 0],
    ],
    doubts: [
      ...doubtRange('heightUnstated', 42, 46),
      ...doubtRange('heightUnstated', 57, 66),
      ...doubtRange('heightUnstated', 137, 156),
    ],
  },
  {
    outcome: 'stored',
    file: 'logger-corpus/nrgpy_20240111_1339_000304_002995_onesecond.dat',
    siteZone: -300,
    kind: 'logr',
    zone: { stamps: 'Z' },
    periodEnd: false,
    // `File Content: One Second Samples`
    intervalMinutes: 1 / 60,
    first: '2024-01-11T13:39:30Z',
    last: '2024-01-11T13:41:24Z',
    rows: 115,
    channelCount: 32,
    channels: [
      [2, 'Ch1_Samples_W/m^2', 'ghi mean - W/m^2', 52.7226],
      [3, 'Ch3_Samples_deg_C', 'other mean - deg_C', 1.7794],
      [4, 'Ch5_Samples_deg_C', 'other mean - deg_C', 1.9288],
      [5, 'Ch7_Samples_V', 'voltage mean - V', 12.5731],
      [6, 'Ch8_Samples_V', 'voltage mean - V', 0.0014],
      [7, 'Ch9_Samples_V', 'voltage mean - V', 12.5732],
      [8, 'Ch10_Samples_W/m^2', 'ghi mean - W/m^2', 40.8123],
      [9, 'Ch11_Samples_%', 'RH mean - %', 69.5227],
      [10, 'Ch12_Samples_Deg', 'wd mean - deg', 336.6391],
      [11, 'Ch13_Samples_hPa', 'p mean - hPa', 993.9199],
      [12, 'Ch14_Samples_deg_C', 'T mean - deg_C', 1.1419],
      [13, 'Ch101_Samples_m/s', 'ws mean - m/s', 1.6],
      [14, 'Ch102_Samples_deg', 'wd mean - deg', 301.1],
      [15, 'Ch103_Samples_deg_C', 'T mean - deg_C', 0.8],
      [16, 'Ch104_Samples_hPa', 'p mean - hPa', 992.7],
      [17, 'Ch105_Samples_%', 'RH mean - %', 69.1],
      [18, 'Ch201_Samples_NA', 'other mean - NA', 0],
      [19, 'Ch202_Samples_A', 'other mean - A', 0],
      [20, 'Ch203_Samples_V', 'other mean - V', 0],
      [21, 'Ch204_Samples_A', 'other mean - A', 0],
      [22, 'Ch205_Samples_V', 'other mean - V', 0],
      [23, 'Ch301_Samples_mm', 'prcp mean - mm', 0],
      [24, 'Ch302_Samples_mm', 'prcp mean - mm', 0],
      [25, 'Ch303_Samples_kWh/m^2', 'other mean - kWh/m^2', 0.0124],
      [26, 'Ch308_Samples_Degrees', 'other mean - deg', 133.7097],
      [27, 'Ch309_Samples_Degrees', 'other mean - deg', 9.5197],
      [28, 'Ch310_Samples_Degrees', 'other mean - deg', 80.4803],
      [29, 'Ch401_Samples_m/s', 'ws mean - m/s', 1.822],
      [30, 'Ch402_Samples_m/s', 'ws mean - m/s', 1.88],
      [31, 'Ch403_Samples_m/s', 'ws mean - m/s', 2.645],
      [32, 'Ch404_Samples_m/s', 'ws mean - m/s', 1.764],
      [33, 'Ch405_Samples_mm', 'prcp mean - mm', 0],
    ],
    doubts: [
      'heightUnstated:10',
      'heightUnstated:13',
      'heightUnstated:14',
      ...doubtRange('heightUnstated', 29, 32),
    ],
  },
  { outcome: 'storeOnly', file: 'nrg_rld/nrgpy_000110_2022-05-03_00.00_008549.rld' },

  // ── Weather stations and reanalysis-style series ─────────────────────────────────────────────────
  {
    outcome: 'stored',
    file: 'logger-corpus/cloudnetpy_Krova_aws_pqBARLog5_20240520.csv',
    // Registered in the zone its time column names.
    siteZone: 120,
    kind: 'generic_csv',
    zone: { header: 120 },
    periodEnd: false,
    intervalMinutes: 10,
    // 2024-05-20 00:00:00 (UTC+2); the last stamp, 23:59:58, is the next midnight a clock's second early.
    first: '2024-05-19T22:00:00Z',
    last: '2024-05-20T22:00:00Z',
    rows: 145,
    channelCount: 26,
    channels: [
      [2, 'Temp 2m (C)', 'T mean 2 deg_C', -0.6],
      [3, 'Humidity 2m (%)', 'RH mean 2 %', 95],
      [4, 'Temp 10m (C)', 'T mean 10 deg_C', 0.4],
      [5, 'Temp 20m (C)', 'T mean 20 deg_C', 0.6],
      // 5 cm below the ground: soil temperature, not the air.
      [6, 'Temp -5cm (C)', 'other mean - deg_C', 0.6],
      [7, 'Dew point temp (C)', 'other mean - deg_C', -1.2],
      [8, 'Wind speed (m/s)', 'ws mean - m/s', 1.9],
      // The maximum of three hours, not of the record's ten minutes.
      [9, 'Wind speed max/3h (m/s)', 'ws other - m/s', 4.2],
      [10, 'Wind speed 10min (m/s)', 'ws mean - m/s', 2.1],
      [11, 'Wind dir (deg)', 'wd mean - deg', 301],
      [12, 'Wind dir 10min (deg)', 'wd mean - deg', 305],
      // Titled hPa, written in tenths (9663 → 966.3 hPa): the user sets daPa.
      [13, 'Pressure (hPa)', 'p mean - hPa<daPa', 9663],
      // Reduced to sea level (`s.l.`): not the air pressure at the site.
      [14, 'Pressure s.l. (hPa)', 'other mean - hPa', 10095],
      [18, 'Snow depth (cm)', 'other mean - cm', 40],
      [19, 'Humidity 20.6m (%)', 'RH mean 20.6 %', 85],
      // `(10m)`: the unit (tens of metres) of a cloud height, not a measurement height.
      [21, 'Cloud layer1 height (10m)', 'other mean -', 229],
    ],
    doubts: [...doubtRange('heightUnstated', 8, 12), 'valuesLookScaled:13'],
    resolve: [13],
  },
  {
    outcome: 'stored',
    file: 'logger-corpus/cloudnetpy_WeatherStation_20250413.csv',
    siteZone: 0,
    kind: 'generic_csv',
    zone: 'site',
    periodEnd: false,
    intervalMinutes: 10,
    first: '2025-04-13T23:10:00Z',
    last: '2025-04-13T23:50:00Z',
    rows: 5,
    channelCount: 6,
    // `# Data are 10 min averages of temperature, wind speed, humidity and rain, all at 2m AGL, and wind
    // speed and direction at 10m AGL`; `# Col. N :` lines name the columns.
    channels: [
      [2, 'Air temperature (°C)', 'T mean 2 deg_C', 9.3],
      [3, 'Wind speed at 2m (m/s)', 'ws mean 2 m/s', 0.3],
      [4, 'Relative humidity (%)', 'RH mean 2 %', 79],
      [5, 'Total precipitation (mm)', 'prcp sum 2 mm', 0],
      [6, 'Wind speed at 10m (m/s)', 'ws mean 10 m/s', 0.5],
      [7, 'Wind direction at 10m (degrees)', 'wd mean 10 deg', 295.313],
    ],
    doubts: [],
    misread: [
      {
        columns: [2, 4, 5],
        recognised: { heightM: null },
        note: 'the header line’s `all at 2m AGL` is not read for the columns whose titles give no height',
      },
    ],
  },
  {
    outcome: 'stored',
    file: 'logger-corpus/windpowerlib_weather.csv',
    siteZone: 60,
    kind: 'generic_csv',
    zone: { stamps: '+01:00' },
    periodEnd: false,
    intervalMinutes: 60,
    first: '2009-12-31T23:00:00Z',
    last: '2010-12-31T22:00:00Z',
    rows: 8760,
    channelCount: 6,
    // Row 1 the variable, row 2 its height; no units: the values say Pa and K, which the user confirms.
    channels: [
      // Height 0: at the ground, no mast height.
      [2, 'pressure', 'p mean - hPa<Pa', 98405.7],
      [3, 'temperature', 'T mean 2 deg_C<K', 267.6],
      [4, 'wind_speed', 'ws mean 10 m/s', 5.32697],
      [5, 'roughness_length', 'other mean -', 0.15],
      [6, 'temperature', 'T mean 10 deg_C<K', 267.57],
      [7, 'wind_speed', 'ws mean 80 m/s', 7.80697],
    ],
    doubts: ['valuesLookScaled:2', 'valuesLookScaled:3', 'valuesLookScaled:6'],
    resolve: [2, 3, 6],
  },

  // ── Lidar and sodar ──────────────────────────────────────────────────────────────────────────────
  {
    outcome: 'stored',
    file: 'windcube_sta/nexus-sources-windcube_abc_2020_10_07__00_10_00.sta',
    siteZone: 0,
    kind: 'windcube_sta',
    zone: { header: 0 },
    // `Timestamp (end of interval)`
    periodEnd: true,
    intervalMinutes: 10,
    first: '2020-10-07T00:00:00Z',
    last: '2020-10-07T23:50:00Z',
    rows: 144,
    // 6 station columns and 11 per height at the 12 `Altitudes (m)`.
    channelCount: 138,
    channels: windCubeChannels(
      220,
      { internal: 11.9, outside: [0, 0, 0], battery: null },
      [5.67, 0.49, 4.26, 7.01, 207.74, 0, 0.24, -10.94, -11.79, 0.05, 100, 10.59, 0.47, 224.62],
    ),
    // No outside sensors: pressure, temperature and humidity read 0.00 all day.
    doubts: ['valuesImplausible:4'],
  },
  {
    outcome: 'stored',
    file: 'windcube_sta/nexus-sources-windcube_abc_2020_10_08__00_10_00.sta',
    siteZone: 0,
    kind: 'windcube_sta',
    zone: { header: 0 },
    periodEnd: true,
    intervalMinutes: 10,
    first: '2020-10-08T00:00:00Z',
    last: '2020-10-08T08:50:00Z',
    rows: 54,
    channelCount: 138,
    channels: windCubeChannels(
      220,
      { internal: 10, outside: [0, 0, 0], battery: null },
      [6.28, 0.75, 4.61, 8.83, 218.65, 0.02, 0.4, -10.37, -11.28, 0.07, 100, 13.65, 0.45, 236.4],
    ),
    doubts: ['valuesImplausible:4'],
  },
  {
    outcome: 'stored',
    file: 'windcube_sta/tsdat_lidar.z05.00.20201201.000000.sta',
    siteZone: 0,
    // `Comments=_buoy mode`, `ID System=WLS866-25`: a floating WindCube.
    kind: 'windcube_sta_floating',
    zone: { header: 0 },
    periodEnd: true,
    intervalMinutes: 10,
    first: '2020-12-01T00:00:00Z',
    last: '2020-12-01T23:50:00Z',
    rows: 144,
    channelCount: 138,
    channels: windCubeChannels(
      240,
      { internal: 30.91, outside: [null, null, null], battery: null },
      [6.79, 0.78, 4.63, 8.97, 14.1, -0.44, 0.53, -14, -16.3, 0.93, 92, 7.2, 0.93, 12.9],
    ),
    doubts: [],
  },
  {
    outcome: 'stored',
    file: 'windcube_sta/tsdat_lidar.z06.00.20201201.000000.sta',
    siteZone: 0,
    kind: 'windcube_sta_floating',
    zone: { header: 0 },
    periodEnd: true,
    intervalMinutes: 10,
    first: '2020-12-01T00:00:00Z',
    last: '2020-12-01T23:50:00Z',
    rows: 144,
    channelCount: 138,
    channels: windCubeChannels(
      240,
      { internal: 30.33, outside: [null, null, null], battery: null },
      [11.31, 1.33, 7.62, 15.73, 148.4, -0.42, 0.65, -5.1, -7.1, 0.98, 100, 15.91, 1.72, 161.8],
    ),
    doubts: [],
  },
  {
    outcome: 'stored',
    file: 'scintec_mnd/arm-test-data_sodar.20230404.mnd',
    // ARM keeps its data in UTC; the file names no zone.
    siteZone: 0,
    kind: 'scintec_mnd',
    zone: 'site',
    // Each block's stamp ends its 00:15:00 averaging period.
    periodEnd: true,
    intervalMinutes: 15,
    first: '2023-04-04T00:00:00Z',
    last: '2023-04-04T23:45:00Z',
    rows: 96,
    // 58 heights (30–600 m) × speed, direction, W, σW, σ speed and σ direction.
    channelCount: 348,
    channels: [
      [3, '30m wind speed (speed)', 'ws mean 30 m/s', 3.67],
      [4, '30m wind direction (dir)', 'wd mean 30 deg', 129.9],
      [5, '30m wind W (W)', 'wsv mean 30 m/s', -0.21],
      [6, '30m sigma W (sigW)', 'wsv sd 30 m/s', 0.45],
      // 99.99: the variable's invalid value.
      [19, '30m sigma speed (sigSpeed)', 'ws sd 30 m/s', null],
      [21, '30m sigma Phi (sigPhi)', 'wd sd 30 deg', 5.1],
      [30, '40m wind speed (speed)', 'ws mean 40 m/s', 6.18],
      [46, '40m sigma speed (sigSpeed)', 'ws sd 40 m/s', 0.99],
      [48, '40m sigma Phi (sigPhi)', 'wd sd 40 deg', 4.6],
      [192, '100m wind speed (speed)', 'ws mean 100 m/s', 8.28],
      [193, '100m wind direction (dir)', 'wd mean 100 deg', 145.8],
      [208, '100m sigma speed (sigSpeed)', 'ws sd 100 m/s', 0.83],
      [210, '100m sigma Phi (sigPhi)', 'wd sd 100 deg', 3],
      [1542, '600m wind speed (speed)', 'ws mean 600 m/s', 17.18],
      [1543, '600m wind direction (dir)', 'wd mean 600 deg', 164],
      [1560, '600m sigma Phi (sigPhi)', 'wd sd 600 deg', null],
    ],
    doubts: [],
  },
  // Halo Photonics raw scans (radial velocities by range gate) and their background: refused.
  ...[
    'halo_hpl/halo-reader_Background_141222-000013.txt',
    'halo_hpl/halo-reader_eriswil-2022-12-14-Stare_91_20221214_11.hpl',
    'halo_hpl/halo-reader_hyytiala-2023-09-13-Stare_46_20230913_23.hpl',
    'halo_hpl/halo-reader_soverato-2021-10-01-VAD_194_20210624_170110.hpl',
    'halo_hpl/halo-reader_warsaw-2021-10-01-Stare_213_20211001_18.hpl',
    'halo_hpl/halo-reader_warsaw-2022-12-13-Stare_213_20221213_04.hpl',
  ].map((file): TRefused => ({ outcome: 'refused', file, reason: 'radial_lidar_data' })),
  // ARM's netCDF-3 product of a Halo PPI scan: binary content MastHub has no reader for, kept as it is.
  { outcome: 'storeOnly', file: 'arm_dl_netcdf/arm-test-data_sgpdlppiC1.b1.20191015.120023.cdf' },

  // ── Real masts ───────────────────────────────────────────────────────────────────────────────────
  {
    outcome: 'stored',
    file: 'real-mast/usdoe-fergus-electric/fergus_electric_10min_2001-04_2002-06.csv',
    // Fergus Electric, Montana: Mountain Standard Time (the README: the logger's local time, not stated).
    siteZone: -420,
    kind: 'generic_csv',
    zone: 'site',
    // The plain copy lost the original's `Time stamps indicate the beginning of the time step.`
    periodEnd: false,
    intervalMinutes: 10,
    // 4/23/01 14:00 and 6/21/02 9:40, month first, at UTC−7.
    first: '2001-04-23T21:00:00Z',
    last: '2002-06-21T16:40:00Z',
    rows: 61031,
    channelCount: 3,
    channels: [
      [2, 'Average Speed', 'ws mean - m/s<mph', 3.7],
      [3, 'Standard Deviation', 'ws sd - m/s<mph', 2.83],
      [4, 'Average Direction [°]', 'wd mean - deg', 23],
      // The vane's gap, 6/4/01 15:00 to 11/14/01 9:50.
      [4, 'Average Direction [°]', 'wd mean - deg', null, '2001-06-04T22:00:00Z'],
    ],
    // No unit in the title row; a mean of 16.3 and a top of 57.5 are mph (the original's calm threshold).
    doubts: [
      'heightUnstated:2',
      'elementUnstated:3',
      'heightUnstated:3',
      'heightUnstated:4',
      'speedUnitUnlikely:2',
    ],
    resolve: [2, 3],
  },
  {
    outcome: 'stored',
    file: 'real-mast/usdoe-fergus-electric/USDOE_fergus_electric.csv',
    siteZone: -420,
    kind: 'generic_csv',
    zone: 'site',
    // `Time stamps indicate the beginning of the time step.`
    periodEnd: false,
    intervalMinutes: 10,
    first: '2001-04-23T21:00:00Z',
    last: '2002-06-21T16:40:00Z',
    rows: 61031,
    channelCount: 3,
    // `Calm threshold = 1 mph`: the speeds are in mph.
    channels: [
      [2, 'Average Speed', 'ws mean - m/s<mph', 3.7],
      [3, 'Standard Deviation', 'ws sd - m/s<mph', 2.83],
      [4, 'Average Direction [°]', 'wd mean - deg', 23],
      [4, 'Average Direction [°]', 'wd mean - deg', null, '2001-06-04T22:00:00Z'],
    ],
    doubts: ['heightUnstated:2', 'elementUnstated:3', 'heightUnstated:3', 'heightUnstated:4'],
  },
];

/**
 * Files of ../shared/samples that are no logger data, with the reason; everything else must have a case.
 * The NREL M5 archive is 52 MB gzip (139 MB CSV), beyond this file's time; real-mast.e2e.test.ts ingests it.
 */
const LEFT_OUT: [RegExp, string][] = [
  [/(^|\/)(README|LIDAR)\.md$/, 'documentation'],
  [/(^|\/)LICENSE[^/]*$/, 'licence text'],
  [
    /^real-mast\/usdoe-fergus-electric\/USDOE_DataAgreement\.txt$/,
    'the data disclaimer that travels with the data',
  ],
  [/^real-mast\/nrel-nwtc-m5\/.*\.csv\.gz$/, 'the 5-year M5 mast: covered by real-mast.e2e.test.ts'],
];

/** Conversions into MastHub's units, written here independently of the server's. */
const TO_MASTHUB: Record<string, (value: number) => number> = {
  mph: (v) => v * 0.44704,
  K: (v) => v - 273.15,
  Pa: (v) => v / 100,
  daPa: (v) => v / 10,
};

function parseShape(text: string): TShape {
  const [main = '', sourceUnit = ''] = text.split('<');
  const [element = '', statistic = '', height = '-', unit = ''] = main.trim().split(/\s+/);
  return { element, statistic, heightM: height === '-' ? null : Number(height), unit, sourceUnit };
}

function shapeOf(channel: {
  element: string;
  statistic: string;
  heightM: number | null;
  unit: string;
  sourceUnit?: string | undefined;
}): TShape {
  return {
    element: channel.element,
    statistic: channel.statistic,
    heightM: channel.heightM,
    unit: channel.unit,
    sourceUnit: channel.sourceUnit ?? '',
  };
}

const doubtKey = (d: { reason: string; column: number | null }) => `${d.reason}:${d.column ?? 'file'}`;

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? walk(full, base)
      : [path.relative(base, full).split(path.sep).join('/')];
  });
}

describe.skipIf(!hasSamples)(
  `the logger corpus through the API (${hasSamples ? 'samples present' : SKIP})`,
  () => {
    let server: TTestServer;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer();
      token = await server.login('admin', TEST_ADMIN_PASSWORD);
    });
    afterAll(async () => {
      await server?.stop();
    });

    async function preview(stationId: number, file: string, language: 'EN' | 'ZH' = 'EN') {
      const { payload, contentType } = multipartBody([
        { name: 'stationId', value: String(stationId) },
        { name: 'file', fileName: path.basename(file), content: readFileSync(path.join(SAMPLES, file)) },
      ]);
      const r = await server.app.inject({
        method: 'POST',
        url: `/api/data-parse/parse/text/preview_recognize?stationId=${stationId}`,
        headers: { token, 'content-type': contentType, language },
        payload,
      });
      return { status: r.statusCode, body: r.json() };
    }

    async function settled(rawFileId: number) {
      for (let i = 0; i < 600; i++) {
        const row = await server.db
          .selectFrom('raw_file')
          .selectAll()
          .where('id', '=', rawFileId)
          .executeTakeFirstOrThrow();
        if (row.status !== 'pending' && row.status !== 'parsing') return row;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`raw file ${rawFileId} was never parsed`);
    }

    async function storedRows(stationId: number) {
      return server.db.selectFrom('raw_file').select('id').where('station_id', '=', stationId).execute();
    }

    function checkRecognition(c: TStored, r: TRecognition): void {
      const where = `${c.file}:`;
      expect(r.kind, `${where} kind`).toBe(c.kind);
      expect(r.rowCount, `${where} rows`).toBe(c.rows);
      expect(r.intervalMinutes, `${where} interval`).toBeCloseTo(c.intervalMinutes, 9);
      expect(r.rule.timestampIsPeriodEnd, `${where} period end`).toBe(c.periodEnd);
      expect(r.firstTime, `${where} first`).toBe(new Date(c.first).toISOString());
      expect(r.lastTime, `${where} last`).toBe(new Date(c.last).toISOString());
      if (c.zone === 'site') {
        expect(r.rule.utcOffsetMinutes, `${where} zone`).toBe(c.siteZone);
        expect(
          r.warnings.some((w) => w.startsWith('timeZoneFromSite:')),
          `${where} zone from the site`,
        ).toBe(true);
      } else if ('header' in c.zone) {
        expect(r.rule.utcOffsetMinutes, `${where} zone`).toBe(c.zone.header);
        expect(
          r.warnings.some((w) => w.startsWith('timeZoneFromFile:')),
          `${where} zone from the file`,
        ).toBe(true);
      } else {
        expect(r.time?.zone.confidence, `${where} zone`).toBe('stated');
        expect(r.time?.zone.evidence, `${where} zone`).toMatch(/^stampOffset:/);
        expect(r.time?.zone.evidence.endsWith(c.zone.stamps), `${where} the stamps’ ${c.zone.stamps}`).toBe(
          true,
        );
      }
      expect(r.channels.length, `${where} channel count`).toBe(c.channelCount);

      const misreadOf = new Map<number, TMisread>();
      for (const m of c.misread ?? []) {
        for (const column of m.columns) {
          expect(
            c.channels.some(([col]) => col === column),
            `${where} misread column ${column} has its header’s reading in the table`,
          ).toBe(true);
          misreadOf.set(column, m);
        }
      }
      for (const [column, title, shapeText] of c.channels) {
        const channel = r.channels.find((ch) => ch.column === column);
        expect(channel, `${where} column ${column} (${title}) is a channel`).toBeDefined();
        expect(channel!.name.replace(/^"|"$/g, ''), `${where} column ${column}`).toBe(title);
        // A column the user resolves is recognised in MastHub's unit, its file's unit unknown to MastHub.
        const header = {
          ...parseShape(shapeText),
          ...(c.resolve?.includes(column) ? { sourceUnit: '' } : {}),
        };
        const misread = misreadOf.get(column);
        if (!misread) {
          expect(shapeOf(channel!), `${where} column ${column} (${title})`).toEqual(header);
          continue;
        }
        // MastHub still reads the column as recorded; once it reads it as its header says, drop the entry.
        expect(
          shapeOf(channel!),
          `${where} column ${column} (${title}) — misread: ${misread.note}; if it now reads as its header says (${shapeText}), remove the misread entry`,
        ).toEqual({ ...header, ...misread.recognised });
      }

      const expected = new Set(c.doubts);
      for (const key of c.misreadDoubts?.misses ?? []) expected.delete(key);
      for (const key of c.misreadDoubts?.adds ?? []) expected.add(key);
      expect(r.doubts.map(doubtKey).sort(), `${where} doubts`).toEqual([...expected].sort());
    }

    async function checkStored(c: TStored): Promise<void> {
      const site = await buildStation(server.db, { loggerUtcOffset: c.siteZone });
      const answer = await preview(site.id, c.file);
      expect(answer.status, answer.body.msg).toBe(200);
      const r: TRecognition = answer.body.data.recognition;
      checkRecognition(c, r);

      // The browser's confirmation: the user's edits resolve some doubts, the rest are accepted as they are.
      const resolve = new Map(
        (c.resolve ?? []).map((column) => {
          const [, , shapeText] = c.channels.find(([col]) => col === column)!;
          return [column, parseShape(shapeText).sourceUnit] as const;
        }),
      );
      const edited = r.channels.map((ch) =>
        resolve.has(ch.column) ? { ...ch, unit: resolve.get(ch.column)! } : ch,
      );
      const accepted = r.doubts
        .filter((d) => !(d.field === 'values' && d.column !== null && resolve.has(d.column)))
        .map((d) => d.id);
      const confirmed = await server.call('POST', '/api/data-parse/parse/text/recognize', {
        token,
        language: 'EN',
        body: {
          stationId: site.id,
          token: answer.body.data.token,
          acceptedDoubts: accepted,
          ...(c.resolve ? { rule: r.rule, channels: edited } : {}),
        },
      });
      expect(confirmed.status, confirmed.body.msg).toBe(200);
      const row = await settled(confirmed.body.data.rawFileId);
      expect(row.status, `${c.file}: ${row.reason_key} ${row.reason}`).toBe('parsed');
      expect(row.first_time?.toISOString()).toBe(new Date(c.first).toISOString());
      expect(row.last_time?.toISOString()).toBe(new Date(c.last).toISOString());

      const store = new TimeSeriesRepository(server.db);
      const version = (await store.findOriginalVersion(site.id))!;
      const stored = await store.listChannels(version.id);
      const misreadOf = new Map((c.misread ?? []).flatMap((m) => m.columns.map((col) => [col, m] as const)));
      for (const [column, title, shapeText, fileValue, at] of c.channels) {
        const recognised = r.channels.find((ch) => ch.column === column)!;
        const channel = stored.find((s) => s.dataKey === recognised.dataKey);
        expect(channel, `${c.file}: column ${column} (${title}) is stored`).toBeDefined();
        const shape = { ...parseShape(shapeText), ...misreadOf.get(column)?.recognised };
        const fileUnit = shape.sourceUnit;
        expect(shapeOf(channel!), `${c.file}: stored column ${column} (${title})`).toEqual(shape);
        const atMs = Date.parse(at ?? c.first);
        const loaded = await loadSeries(store, [channel!], atMs, atMs + channel!.intervalS * 1000);
        const value = loaded.channels[0]!.values[0]!;
        if (fileValue === null) {
          expect(
            Number.isNaN(value),
            `${c.file}: column ${column} (${title}) at ${at ?? c.first} is missing`,
          ).toBe(true);
          continue;
        }
        const convert = fileUnit === '' ? (v: number) => v : TO_MASTHUB[fileUnit];
        expect(convert, `a conversion from ${fileUnit} written in this test`).toBeDefined();
        const want = convert!(fileValue);
        expect(
          Math.abs(value - want),
          `${c.file}: column ${column} (${title}) at ${at ?? c.first}: stored ${value}, file ${fileValue} ${fileUnit}`,
        ).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(want)));
      }
    }

    async function checkRefused(c: TRefused): Promise<void> {
      const site = await buildStation(server.db);
      for (const [language, lang] of [
        ['EN', 'en'],
        ['ZH', 'zh'],
      ] as const) {
        const answer = await preview(site.id, c.file, language);
        expect(answer.status, `${c.file} (${language})`).toBe(422);
        expect(answer.body.msg).toContain(localizeUnreadableReason(c.reason, {}, lang));
      }
      expect(await storedRows(site.id)).toEqual([]);
    }

    async function checkStoreOnly(c: TStoreOnly): Promise<void> {
      const site = await buildStation(server.db);
      const bytes = readFileSync(path.join(SAMPLES, c.file));
      const answer = await preview(site.id, c.file);
      expect(answer.status, answer.body.msg).toBe(200);
      expect(answer.body.data).toMatchObject({ storeOnly: true, recognition: null, sizeBytes: bytes.length });
      const confirmed = await server.call('POST', '/api/data-parse/parse/text/recognize', {
        token,
        body: { stationId: site.id, token: answer.body.data.token },
      });
      expect(confirmed.status, confirmed.body.msg).toBe(200);
      const row = await settled(confirmed.body.data.rawFileId);
      expect(row).toMatchObject({ status: 'stored_not_parsed', reason_key: 'store_only', value_count: 0 });
      // Kept byte for byte.
      expect(row.sha256.trim()).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(Number(row.size_bytes)).toBe(bytes.length);
    }

    async function checkNotTimeSeries(c: TNotTimeSeries): Promise<void> {
      const site = await buildStation(server.db);
      const answer = await preview(site.id, c.file);
      expect(answer.status, answer.body.msg).toBe(200);
      const r: TRecognition = answer.body.data.recognition;
      expect(r.kind).toBe(c.kind);
      expect(r.channels).toEqual([]);
      expect(r.doubts).toEqual([]);
      expect(r.warnings).toContain('storedNotParsed');
      const confirmed = await server.call('POST', '/api/data-parse/parse/text/recognize', {
        token,
        body: { stationId: site.id, token: answer.body.data.token },
      });
      // As the preview said: kept as it is, not parsed, with the reason (it answered 500 before issue 40's close).
      expect(
        confirmed.status,
        `${c.file}: the confirmation now answers ${confirmed.status}; update the case`,
      ).toBe(c.confirmStatus);
      const rawFileId = confirmed.body.data.rawFileId as number;
      let row: { status: string; reason_key: string | null } | undefined;
      for (let i = 0; i < 300; i++) {
        row = await server.db
          .selectFrom('raw_file')
          .select(['status', 'reason_key'])
          .where('id', '=', rawFileId)
          .executeTakeFirst();
        if (row && row.status !== 'pending' && row.status !== 'parsing') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(row).toEqual({ status: 'stored_not_parsed', reason_key: 'not_time_series' });
    }

    async function checkNothingStored(c: TNothingStored): Promise<void> {
      const site = await buildStation(server.db);
      const answer = await preview(site.id, c.file);
      expect(answer.status, answer.body.msg).toBe(200);
      const r: TRecognition = answer.body.data.recognition;
      expect(r.kind).toBe(c.kind);
      expect(r.rowCount).toBe(c.rows);
      expect(r.channels).toEqual([]);
      expect(r.doubts).toEqual([]);
      const confirmed = await server.call('POST', '/api/data-parse/parse/text/recognize', {
        token,
        body: { stationId: site.id, token: answer.body.data.token },
      });
      expect(confirmed.status, confirmed.body.msg).toBe(200);
      const row = await settled(confirmed.body.data.rawFileId);
      expect(row).toMatchObject({ status: 'failed', reason_key: c.reasonKey, value_count: 0 });
    }

    for (const c of CASES) {
      const title =
        c.outcome === 'stored'
          ? `stores ${c.file} as its header says (${c.kind}, ${c.channels.length} channels checked)`
          : c.outcome === 'refused'
            ? `refuses ${c.file} (${c.reason}) in both languages and keeps nothing`
            : c.outcome === 'storeOnly'
              ? `keeps ${c.file} byte for byte without parsing it`
              : c.outcome === 'notTimeSeries'
                ? `recognises ${c.file} as ${c.kind}, no time series`
                : `takes ${c.file} for a time series without values and stores nothing (${c.reasonKey})`;
      it(title, async () => {
        if (c.outcome === 'stored') await checkStored(c);
        else if (c.outcome === 'refused') await checkRefused(c);
        else if (c.outcome === 'storeOnly') await checkStoreOnly(c);
        else if (c.outcome === 'notTimeSeries') await checkNotTimeSeries(c);
        else await checkNothingStored(c);
      });
    }

    it('has an expectation for every file of ../shared/samples but documentation, licences and the M5 archive', () => {
      const files = walk(SAMPLES).filter((file) => !LEFT_OUT.some(([pattern]) => pattern.test(file)));
      expect(files.sort()).toEqual(CASES.map((c) => c.file).sort());
    });
  },
);
