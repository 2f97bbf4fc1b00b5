import {
  CHANNEL_ELEMENTS,
  channelElementOf,
  IEA43_EXPORT_VERSION,
  type TChannelElement,
  type TChannelStatistic,
  type TIea43Document,
  type TIea43ImportReply,
  type TIea43MeasurementLocation,
} from '@masthub/shared';
import type { TChannelInsert } from './channel-config.repository.ts';
import { iea43LoggerMainConfig, iea43StationType } from './iea43-site.ts';

/**
 * Mapping between MastHub channel configurations and the IEA Wind Task 43 WRA data model.
 *
 * MastHub keeps whole snapshots (a configuration in force from its date until the next one); the data
 * model keeps, per measurement point, time-ranged logger configs, sensors and mounting arrangements.
 * - Import: one configuration per distinct `date_from` of the location's logger measurement configs;
 *   it holds every column in force at that instant (date_from ≤ t < date_to). A column becomes a
 *   channel: channelName = dataKey = column_name, tag = measurement point name, element from the
 *   measurement type, height from the config (else the point), unit, slope and offset from the logger
 *   config, boom orientation and vane dead band from the mounting arrangement in force, sensor make,
 *   model and serial from the sensor in force.
 * - Export: channels are grouped into measurement points by (measurement type, height, tag); each run
 *   of consecutive configurations with equal properties becomes one dated entry.
 * Dates without a zone are the logger's local time in the model; MastHub reads and writes them as UTC.
 */

const STATISTIC_FROM_IEA: Record<string, TChannelStatistic> = {
  avg: 'mean',
  max: 'max',
  min: 'min',
  sd: 'sd',
};
const STATISTIC_TO_IEA: Record<TChannelStatistic, string> = { mean: 'avg', max: 'max', min: 'min', sd: 'sd' };

const SENSOR_TYPES: Partial<Record<TChannelElement, string>> = {
  ws: 'anemometer',
  wd: 'wind_vane',
  T: 'thermometer',
  RH: 'hygrometer',
  p: 'barometer',
  prcp: 'rain_gauge',
  ghi: 'pyranometer',
  voltage: 'voltmeter',
};

/** A configuration to create, before it has an id. */
export interface TConfigDraft {
  name: string;
  effectiveFrom: Date;
  notes: string;
  channels: TChannelInsert[];
}

/** Where a draft channel came from in the file, for error messages. */
export interface TChannelOrigin {
  path: (string | number)[];
}

/** Reads a data-model date: with a zone as given, without one as UTC. */
export function parseIea43Date(text: string): Date {
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
}

/** Writes a data-model date the way the samples do: `2016-01-09T15:30:00`, UTC, no zone. */
export function formatIea43Date(date: Date): string {
  return date.toISOString().slice(0, 19);
}

function isInForce(item: { date_from: string; date_to?: string | null }, at: number): boolean {
  const from = parseIea43Date(item.date_from).getTime();
  const to = item.date_to ? parseIea43Date(item.date_to).getTime() : Number.POSITIVE_INFINITY;
  return from <= at && at < to;
}

/** The latest-starting item in force at `at`. */
function pickInForce<T extends { date_from: string; date_to?: string | null }>(
  items: readonly T[] | null | undefined,
  at: number,
): { item: T; index: number } | undefined {
  let best: { item: T; index: number } | undefined;
  (items ?? []).forEach((item, index) => {
    if (!isInForce(item, at)) return;
    if (!best || parseIea43Date(item.date_from) > parseIea43Date(best.item.date_from)) best = { item, index };
  });
  return best;
}

/** The configurations a measurement location describes, and the columns left out. */
export function configurationsFromIea43(location: TIea43MeasurementLocation): {
  drafts: (TConfigDraft & { origins: TChannelOrigin[] })[];
  skippedColumns: TIea43ImportReply['skippedColumns'];
} {
  const instants = new Set<number>();
  for (const point of location.measurement_point) {
    for (const config of point.logger_measurement_config)
      instants.add(parseIea43Date(config.date_from).getTime());
  }
  const skipped = new Map<string, TIea43ImportReply['skippedColumns'][number]>();
  const skip = (
    measurementPoint: string,
    column: string,
    statisticType: string,
    reason: 'statistic' | 'ignored' | 'duplicate',
  ) => {
    skipped.set(`${measurementPoint}\u0000${column}\u0000${statisticType}`, {
      measurementPoint,
      column,
      statisticType,
      reason,
    });
  };
  const drafts: (TConfigDraft & { origins: TChannelOrigin[] })[] = [];
  for (const at of [...instants].sort((a, b) => a - b)) {
    const channels: TChannelInsert[] = [];
    const origins: TChannelOrigin[] = [];
    const dataKeys = new Set<string>();
    location.measurement_point.forEach((point, pointIndex) => {
      const picked = pickInForce(point.logger_measurement_config, at);
      if (!picked) return;
      const config = picked.item;
      const element = channelElementOf(point.measurement_type_id);
      const mounting = pickInForce(point.mounting_arrangement, at)?.item;
      const sensor = pickInForce(point.sensor, at)?.item;
      config.column_name.forEach((column, columnIndex) => {
        const statistic = STATISTIC_FROM_IEA[column.statistic_type_id];
        const key = column.column_name.toLowerCase();
        const reason = column.is_ignored
          ? 'ignored'
          : !statistic
            ? 'statistic'
            : dataKeys.has(key)
              ? 'duplicate'
              : undefined;
        if (reason || !statistic) {
          skip(point.name, column.column_name, column.statistic_type_id, reason ?? 'statistic');
          return;
        }
        dataKeys.add(key);
        channels.push({
          channelName: column.column_name,
          element,
          measurementType: element === 'other' ? point.measurement_type_id : '',
          heightM: config.height_m ?? point.height_m ?? null,
          tag: point.name,
          dataKey: column.column_name,
          unit: config.measurement_units_id ?? '',
          statistic,
          boomOrientationDeg:
            mounting?.boom_orientation_deg ?? config.logger_stated_boom_orientation_deg ?? null,
          sensorMake: sensor?.oem ?? '',
          sensorModel: sensor?.model ?? '',
          sensorSerial: sensor?.serial_number ?? config.serial_number ?? '',
          vaneOffsetDeg: element === 'wd' ? (mounting?.vane_dead_band_orientation_deg ?? null) : null,
          calibrationSlope: config.slope ?? null,
          calibrationOffset: config.offset ?? null,
        });
        origins.push({
          path: [
            'measurement_point',
            pointIndex,
            'logger_measurement_config',
            picked.index,
            'column_name',
            columnIndex,
          ],
        });
      });
    });
    if (channels.length === 0) continue;
    const effectiveFrom = new Date(at);
    drafts.push({
      name: `${location.name} ${formatIea43Date(effectiveFrom).replace('T', ' ').slice(0, 16)}`.slice(0, 50),
      effectiveFrom,
      notes: 'IEA Task 43',
      channels,
      origins,
    });
  }
  return { drafts, skippedColumns: [...skipped.values()] };
}

/** A stored configuration with its channels, as the exporter reads it. */
export interface TConfigForExport {
  effectiveFrom: Date;
  channels: TChannelInsert[];
}

export interface TStationForExport {
  stationCode: string;
  projectName: string;
  latitude: number;
  longitude: number;
  pylonHeightM: number | null;
  notes: string;
  /** met_mast / lidar / sodar / floating_lidar, and a remote-sensing site's device (issue 31). */
  stationType: string;
  deviceModel: string;
  deviceSerial: string;
  deviceFirmware: string;
}

type TRun<T> = { value: T; from: Date; to: Date | null };

/** Consecutive equal values (by JSON) merged into dated runs; undefined ends a run. */
function runsOf<T>(values: readonly (T | undefined)[], dates: readonly Date[]): TRun<T>[] {
  const runs: TRun<T>[] = [];
  let current: (TRun<T> & { key: string }) | undefined;
  values.forEach((value, i) => {
    const key = value === undefined ? undefined : JSON.stringify(value);
    if (current && key === current.key) return;
    if (current) {
      current.to = dates[i]!;
      runs.push({ value: current.value, from: current.from, to: current.to });
      current = undefined;
    }
    if (value !== undefined && key !== undefined) current = { value, from: dates[i]!, to: null, key };
  });
  if (current) runs.push({ value: current.value, from: current.from, to: null });
  return runs;
}

function measurementTypeOf(channel: TChannelInsert): string {
  return (
    channel.measurementType ||
    CHANNEL_ELEMENTS[channel.element as TChannelElement]?.measurementType ||
    'other'
  );
}

/** A WRA data-model document describing the site and its configurations (oldest first). */
export function buildIea43Document(
  station: TStationForExport,
  configs: readonly TConfigForExport[],
  options: { author: string; now: Date },
): TIea43Document {
  const dates = configs.map((c) => c.effectiveFrom);
  // Measurement points in order of first appearance.
  const points = new Map<
    string,
    { name: string; measurementType: string; heightM: number | null; element: string }
  >();
  for (const config of configs) {
    for (const channel of config.channels) {
      const key = JSON.stringify([measurementTypeOf(channel), channel.heightM, channel.tag]);
      if (points.has(key)) continue;
      points.set(key, {
        name: channel.tag || `${channel.element}_${channel.heightM ?? ''}m`,
        measurementType: measurementTypeOf(channel),
        heightM: channel.heightM,
        element: channel.element,
      });
    }
  }
  const usedNames = new Set<string>();
  const measurementPoints = [...points.entries()].map(([key, point]) => {
    let name = point.name;
    for (let n = 2; usedNames.has(name); n++) name = `${point.name}_${n}`;
    usedNames.add(name);
    const perConfig = configs.map((c) =>
      c.channels.filter((ch) => JSON.stringify([measurementTypeOf(ch), ch.heightM, ch.tag]) === key),
    );
    const loggerConfigs = runsOf(
      perConfig.map((channels) => {
        const first = channels[0];
        if (!first) return undefined;
        return {
          slope: first.calibrationSlope,
          offset: first.calibrationOffset,
          measurement_units_id: first.unit || null,
          height_m: first.heightM,
          serial_number: first.sensorSerial || null,
          columns: channels.map((ch) => ({
            column_name: ch.channelName,
            statistic_type_id: STATISTIC_TO_IEA[ch.statistic],
          })),
        };
      }),
      dates,
    ).map(({ value, from, to }) => {
      const { columns, ...rest } = value;
      return {
        ...rest,
        date_from: formatIea43Date(from),
        date_to: to ? formatIea43Date(to) : null,
        column_name: columns.map((c) => ({ ...c, is_ignored: false, notes: null })),
        notes: null,
      };
    });
    const sensors = runsOf(
      perConfig.map((channels) => {
        const first = channels[0];
        if (!first || !(first.sensorMake || first.sensorModel || first.sensorSerial)) return undefined;
        return {
          oem: first.sensorMake || null,
          model: first.sensorModel || null,
          serial_number: first.sensorSerial || null,
          sensor_type_id: SENSOR_TYPES[first.element as TChannelElement] ?? null,
        };
      }),
      dates,
    ).map(({ value, from, to }) => ({
      ...value,
      date_from: formatIea43Date(from),
      date_to: to ? formatIea43Date(to) : null,
    }));
    const mountings = runsOf(
      perConfig.map((channels) => {
        const first = channels[0];
        if (!first || (first.boomOrientationDeg === null && first.vaneOffsetDeg === null)) return undefined;
        return {
          mounting_type_id: null,
          boom_orientation_deg: first.boomOrientationDeg,
          vane_dead_band_orientation_deg:
            first.vaneOffsetDeg === null ? null : ((first.vaneOffsetDeg % 360) + 360) % 360,
          orientation_reference_id: null,
        };
      }),
      dates,
    ).map(({ value, from, to }) => ({
      ...value,
      date_from: formatIea43Date(from),
      date_to: to ? formatIea43Date(to) : null,
    }));
    return {
      name,
      measurement_type_id: point.measurementType,
      height_m: point.heightM,
      height_reference_id: 'ground_level',
      notes: null,
      logger_measurement_config: loggerConfigs,
      sensor: sensors,
      mounting_arrangement: mountings,
    };
  });
  return {
    author: options.author,
    organisation: 'MastHub',
    date: options.now.toISOString().slice(0, 10),
    version: IEA43_EXPORT_VERSION,
    plant_name: station.projectName,
    plant_type: 'onshore_wind',
    measurement_location: [
      {
        name: `${station.stationCode} ${station.projectName}`,
        latitude_ddeg: station.latitude,
        longitude_ddeg: station.longitude,
        measurement_station_type_id: iea43StationType(station.stationType),
        notes: station.notes || null,
        update_at: formatIea43Date(options.now),
        ...(station.stationType === 'met_mast'
          ? { mast_properties: { mast_height_m: station.pylonHeightM } }
          : {
              logger_main_config: iea43LoggerMainConfig(station, formatIea43Date(dates[0] ?? options.now)),
            }),
        measurement_point: measurementPoints,
      },
    ],
  };
}
