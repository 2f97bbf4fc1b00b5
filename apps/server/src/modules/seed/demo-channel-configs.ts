import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { recordSensorsOfConfigurations } from '../sensors/index.ts';

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
/** How a logger names a statistic at the end of a channel name (Spd80m_Avg). */
const NAME_SUFFIX: Record<TStatistic, string> = { mean: 'Avg', sd: 'SD', max: 'Max', min: 'Min' };

/**
 * A demo channel: tagged by its height and keyed `<element>_<height>_<statistic>` unless it says otherwise,
 * with no boom orientation and no calibration unless it has them.
 */
function demoChannel(
  c: Pick<
    TDemoChannel,
    | 'channel_name'
    | 'element'
    | 'height_m'
    | 'unit'
    | 'statistic'
    | 'sensor_make'
    | 'sensor_model'
    | 'sensor_serial'
  > &
    Partial<TDemoChannel>,
): TDemoChannel {
  return {
    tag: `${c.height_m}m`,
    data_key: `${c.element}_${c.height_m}_${c.statistic}`,
    boom_orientation_deg: null,
    calibration_slope: null,
    calibration_offset: null,
    ...c,
  };
}

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
      channels.push(
        demoChannel({
          channel_name: `Spd${h}m_${NAME_SUFFIX[statistic]}`,
          element: 'ws',
          height_m: h,
          unit: 'm/s',
          statistic,
          boom_orientation_deg: 135,
          sensor_make: 'NRG Systems',
          sensor_model: 'Class 1 anemometer',
          sensor_serial: serial('A', h),
          calibration_slope: 0.7598 + ((stationIndex + h) % 7) * 0.001,
          calibration_offset: 0.38 + revision * 0.01,
        }),
      );
    }
  }
  // The second top cup on the opposite boom (the tower-shadow pair of the demo files, Spd<top>mB): without
  // it the data receipt cannot leave its wake out, and the pair's ratio would follow the season's wind.
  for (const statistic of ['mean', 'sd'] as const) {
    channels.push(
      demoChannel({
        channel_name: `Spd${topM}mB_${NAME_SUFFIX[statistic]}`,
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
      }),
    );
  }
  for (const h of [topM - 2, Math.round(topM / 2 / 10) * 10 - 2].filter(
    (v, i, a) => v > 8 && a.indexOf(v) === i,
  )) {
    for (const statistic of DIRECTION_STATISTICS) {
      channels.push(
        demoChannel({
          channel_name: `Dir${h}m_${NAME_SUFFIX[statistic]}`,
          element: 'wd',
          height_m: h,
          unit: 'deg',
          statistic,
          boom_orientation_deg: 315,
          sensor_make: 'NRG Systems',
          sensor_model: '200M vane',
          sensor_serial: serial('V', h),
        }),
      );
    }
  }
  const climate: [string, string, string][] = [
    ['T', 'Tmp8m_Avg', 'deg_C'],
    ['RH', 'RH8m_Avg', '%'],
    ['p', 'Prs8m_Avg', 'hPa'],
  ];
  for (const [element, name, unit] of climate) {
    channels.push(
      demoChannel({
        channel_name: name,
        element,
        height_m: 8,
        data_key: `${element.toLowerCase()}_8_mean`,
        unit,
        statistic: 'mean',
        sensor_make: 'Vaisala',
        sensor_model: element === 'p' ? 'PTB110' : 'HMP155',
        sensor_serial: serial(element, 8),
      }),
    );
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
      channels.push(
        demoChannel({
          channel_name: `${element === 'ws' ? 'HWS' : 'Dir'}${h}m_${NAME_SUFFIX[statistic]}`,
          element,
          height_m: h,
          unit,
          statistic,
          sensor_make: kind === 'lidar' ? 'ZX Lidars' : 'Scintec',
          sensor_model: kind === 'lidar' ? 'ZX 300' : 'MFAS',
          sensor_serial: `${kind === 'lidar' ? 'ZX' : 'SC'}${String(2000 + stationIndex).padStart(5, '0')}`,
        }),
      );
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
  const configs: TDemoConfig[] = [];
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
  const moved = movedSensorConfig(configs);
  if (moved) configs.push(moved);
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
  // The sensor register follows the configurations (issue 44 §3).
  await recordSensorsOfConfigurations(
    trx,
    inserted.map((r) => r.id),
  );
}

type TDemoConfig = {
  station_id: number;
  name: string;
  builtin_key: string;
  effective_from: Date;
  notes: string;
  channels: TDemoChannel[];
};

/**
 * One sensor that moved between two demo masts (issue 44 §3, so the sensor register has a history to
 * show): the top cup the first replaced mast took down when its anemometers were replaced goes up on the
 * next mast (a met mast) with a single configuration two months later, in place of that mast's own top cup (the
 * logger keeps its slope and offset, so the demo data read as before).
 */
function movedSensorConfig(configs: readonly TDemoConfig[]): TDemoConfig | undefined {
  const replaced = configs.find((c) => c.builtin_key === 'channelConfig.anemometersReplaced');
  if (!replaced) return undefined;
  const before = configs.find((c) => c.station_id === replaced.station_id && c !== replaced)!;
  const target = configs.find(
    (c) =>
      c.station_id !== replaced.station_id &&
      c.channels.some((ch) => ch.sensor_model === 'Class 1 anemometer') &&
      configs.filter((o) => o.station_id === c.station_id).length === 1,
  );
  if (!target) return undefined;
  const topOf = (channels: readonly TDemoChannel[]) =>
    Math.max(...channels.filter((ch) => ch.element === 'ws').map((ch) => ch.height_m));
  const cup = before.channels.find(
    (ch) => ch.element === 'ws' && ch.height_m === topOf(before.channels) && ch.tag === `${ch.height_m}m`,
  )!;
  const top = topOf(target.channels);
  return {
    station_id: target.station_id,
    name: '传感器调入',
    builtin_key: 'channelConfig.sensorMovedIn',
    effective_from: new Date(replaced.effective_from.getTime() + 59 * 86_400_000),
    notes: '',
    channels: target.channels.map((ch) =>
      ch.element === 'ws' && ch.height_m === top && ch.tag === `${top}m`
        ? {
            ...ch,
            sensor_make: cup.sensor_make,
            sensor_model: cup.sensor_model,
            sensor_serial: cup.sensor_serial,
          }
        : ch,
    ),
  };
}
