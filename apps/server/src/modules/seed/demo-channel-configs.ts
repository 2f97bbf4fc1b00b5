import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

type TStatistic = 'mean' | 'max' | 'min' | 'sd';

interface TDemoChannel {
  channel_name: string;
  element: string;
  height_m: number;
  tag: string;
  data_key: string;
  unit: string;
  statistic: TStatistic;
  boom_orientation_deg: number | null;
  sensor_make: string;
  sensor_model: string;
  sensor_serial: string;
  calibration_slope: number | null;
  calibration_offset: number | null;
}

const SPEED_STATISTICS: TStatistic[] = ['mean', 'sd', 'max', 'min'];
const DIRECTION_STATISTICS: TStatistic[] = ['mean', 'sd'];

/** Cup heights of a mast: top, about 80 % and 50 % of the top, and 10 m, as Chinese masts are typically equipped. */
function mastSpeedHeights(topM: number): number[] {
  const heights = [topM, Math.round((topM * 0.8) / 10) * 10, Math.round(topM / 2 / 10) * 10, 10];
  return [...new Set(heights)].filter((h) => h >= 10).sort((a, b) => b - a);
}

/** The channels of a demo mast's configuration (`revision` 1: the anemometers replaced a year on). */
export function demoMastChannels(topM: number, stationIndex: number, revision: number): TDemoChannel[] {
  const channels: TDemoChannel[] = [];
  const serial = (kind: string, h: number) =>
    `${kind}${String(10_000 + stationIndex * 37 + h + revision * 500).padStart(6, '0')}`;
  for (const h of mastSpeedHeights(topM)) {
    for (const statistic of SPEED_STATISTICS) {
      channels.push({
        channel_name: `Spd${h}m_${statistic === 'mean' ? 'Avg' : statistic === 'sd' ? 'SD' : statistic === 'max' ? 'Max' : 'Min'}`,
        element: 'ws',
        height_m: h,
        tag: `${h}m`,
        data_key: `ws_${h}_${statistic}`,
        unit: 'm/s',
        statistic,
        boom_orientation_deg: 135,
        sensor_make: 'NRG Systems',
        sensor_model: 'Class 1 anemometer',
        sensor_serial: serial('A', h),
        calibration_slope: 0.7598 + ((stationIndex + h) % 7) * 0.001,
        calibration_offset: 0.38 + revision * 0.01,
      });
    }
  }
  // The second top cup on the opposite boom (the tower-shadow pair of the demo files, Spd<top>mB): without
  // it the data receipt cannot leave its wake out, and the pair's ratio would follow the season's wind.
  for (const statistic of ['mean', 'sd'] as const) {
    channels.push({
      channel_name: `Spd${topM}mB_${statistic === 'mean' ? 'Avg' : 'SD'}`,
      element: 'ws',
      height_m: topM,
      tag: `${topM}mB`,
      data_key: `ws_${topM}_B_${statistic}`,
      unit: 'm/s',
      statistic,
      boom_orientation_deg: 315,
      sensor_make: 'NRG Systems',
      sensor_model: 'Class 1 anemometer',
      sensor_serial: serial('B', topM),
      calibration_slope: 0.7598 + ((stationIndex + topM + 3) % 7) * 0.001,
      calibration_offset: 0.38 + revision * 0.01,
    });
  }
  for (const h of [topM - 2, Math.round(topM / 2 / 10) * 10 - 2].filter(
    (v, i, a) => v > 8 && a.indexOf(v) === i,
  )) {
    for (const statistic of DIRECTION_STATISTICS) {
      channels.push({
        channel_name: `Dir${h}m_${statistic === 'mean' ? 'Avg' : 'SD'}`,
        element: 'wd',
        height_m: h,
        tag: `${h}m`,
        data_key: `wd_${h}_${statistic}`,
        unit: 'deg',
        statistic,
        boom_orientation_deg: 315,
        sensor_make: 'NRG Systems',
        sensor_model: '200M vane',
        sensor_serial: serial('V', h),
        calibration_slope: null,
        calibration_offset: null,
      });
    }
  }
  const climate: [string, string, string][] = [
    ['T', 'Tmp8m_Avg', 'deg_C'],
    ['RH', 'RH8m_Avg', '%'],
    ['p', 'Prs8m_Avg', 'hPa'],
  ];
  for (const [element, name, unit] of climate) {
    channels.push({
      channel_name: name,
      element,
      height_m: 8,
      tag: '8m',
      data_key: `${element.toLowerCase()}_8_mean`,
      unit,
      statistic: 'mean',
      boom_orientation_deg: null,
      sensor_make: 'Vaisala',
      sensor_model: element === 'p' ? 'PTB110' : 'HMP155',
      sensor_serial: serial(element, 8),
      calibration_slope: null,
      calibration_offset: null,
    });
  }
  return channels;
}

function remoteSensingChannels(kind: 'lidar' | 'sodar', stationIndex: number): TDemoChannel[] {
  const heights = kind === 'lidar' ? [40, 60, 80, 100, 120, 140, 160, 200] : [30, 50, 70, 90, 110, 130, 150];
  const channels: TDemoChannel[] = [];
  for (const h of heights) {
    for (const [element, statistic, unit] of [
      ['ws', 'mean', 'm/s'],
      ['ws', 'sd', 'm/s'],
      ['wd', 'mean', 'deg'],
    ] as const) {
      channels.push({
        channel_name: `${element === 'ws' ? 'HWS' : 'Dir'}${h}m_${statistic === 'mean' ? 'Avg' : 'SD'}`,
        element,
        height_m: h,
        tag: `${h}m`,
        data_key: `${element}_${h}_${statistic}`,
        unit,
        statistic,
        boom_orientation_deg: null,
        sensor_make: kind === 'lidar' ? 'ZX Lidars' : 'Scintec',
        sensor_model: kind === 'lidar' ? 'ZX 300' : 'MFAS',
        sensor_serial: `${kind === 'lidar' ? 'ZX' : 'SC'}${String(2000 + stationIndex).padStart(5, '0')}`,
        calibration_slope: null,
        calibration_offset: null,
      });
    }
  }
  return channels;
}

/**
 * Demo channel configurations: every site gets the configuration it was installed with; every fifth mast
 * also gets a later one (sensors replaced a year on), so the history view has something to show.
 */
export async function seedChannelConfigs(
  trx: Transaction<DB>,
  stations: readonly {
    id: number;
    station_type: string;
    pylon_height_m: number | null;
    start_time: Date | null;
  }[],
): Promise<void> {
  const configs: {
    station_id: number;
    name: string;
    builtin_key: string;
    effective_from: Date;
    notes: string;
    channels: TDemoChannel[];
  }[] = [];
  for (const [i, station] of stations.entries()) {
    const from = station.start_time ?? new Date(Date.UTC(2022, 0, 1));
    if (station.station_type === 'lidar' || station.station_type === 'sodar') {
      configs.push({
        station_id: station.id,
        name: '初始配置',
        builtin_key: 'channelConfig.initial',
        effective_from: from,
        notes: '',
        channels: remoteSensingChannels(station.station_type, i),
      });
      continue;
    }
    const top = station.pylon_height_m ?? 100;
    configs.push({
      station_id: station.id,
      name: '初始配置',
      builtin_key: 'channelConfig.initial',
      effective_from: from,
      notes: '',
      channels: demoMastChannels(top, i, 0),
    });
    if (i % 5 === 0) {
      const later = new Date(from.getTime() + 365 * 86_400_000);
      configs.push({
        station_id: station.id,
        name: '更换风速计',
        builtin_key: 'channelConfig.anemometersReplaced',
        effective_from: later,
        notes: '年度巡检更换全部风速计，重新标定',
        channels: demoMastChannels(top, i, 1),
      });
    }
  }
  const inserted = await trx
    .insertInto('channel_config')
    .values(configs.map(({ channels: _channels, ...c }) => ({ ...c, updater_name: '系统管理员' })))
    .returning('id')
    .execute();
  const rows = configs.flatMap((config, k) =>
    config.channels.map((channel, position) => ({ ...channel, config_id: inserted[k]!.id, position })),
  );
  for (let start = 0; start < rows.length; start += 1000) {
    await trx
      .insertInto('channel_config_channel')
      .values(rows.slice(start, start + 1000))
      .execute();
  }
}
