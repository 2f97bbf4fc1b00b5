import {
  CHANNEL_ELEMENTS,
  IEA43_EXPORT_VERSION,
  iea43MeasurementTypeOf,
  iea43StatisticOf,
  iea43UnitOf,
  type TChannelElement,
  type TIea43Document,
} from '@masthub/shared';
import type { TChannelInsert } from './channel-config.repository.ts';
import { CALIBRATIONS_IN_REGISTER } from './iea43.mapper.ts';
import { iea43DateWriter, type TStoredClock } from './iea43-dates.ts';
import { overlay, type TJsonObject } from './iea43-kept.ts';
import { iea43LoggerMainConfig, iea43StationType, isMastHubStationType } from './iea43-site.ts';

/**
 * Writing a site as an IEA Wind Task 43 WRA data model (issue 44; IEA43-METHODS.md): from MastHub's model —
 * the site, its loggers, its channel configurations, the sensor register — with what an import kept laid
 * under it, so an imported file comes back as it came. Channels typed in MastHub are grouped into
 * measurement points by (measurement type, height, tag); each run of consecutive configurations with equal
 * properties becomes one dated entry.
 */

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
  /** met_mast / lidar / sodar / floating_lidar. */
  stationType: string;
  deviceModel: string;
  deviceSerial: string;
  deviceFirmware: string;
  loggerUtcOffsetMinutes: number;
}

/** A stored logger (station_logger), as the exporter reads it. */
export interface TLoggerForExport {
  logger_oem_id: string;
  logger_model_name: string;
  logger_serial_number: string;
  logger_firmware_version: string;
  logger_id: string;
  logger_name: string;
  offset_from_utc_hrs: number | null;
  averaging_period_minutes: number | null;
  timestamp_is_end_of_period: boolean | null;
  date_from: Date;
  date_to: Date | null;
  properties: TJsonObject;
}

export interface TExportInputs {
  station: TStationForExport;
  configs: readonly TConfigForExport[];
  loggers: readonly TLoggerForExport[];
  /** What the last import kept of the document and location; undefined for a site made in MastHub. */
  meta:
    | { document: TJsonObject; location: TJsonObject; keptPoints: { index: number; point: TJsonObject }[] }
    | undefined;
  /** A sensor's calibrations from the register, as Task 43 calibration objects, oldest record first. */
  calibrations: (identity: { oem: string; model: string; serialNumber: string }) => TJsonObject[];
}

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

const BOOKKEEPING = ['index', 'extraConfigs', 'extraColumns'];

function stripped(kept: TJsonObject | undefined): TJsonObject {
  const out: TJsonObject = {};
  for (const [k, v] of Object.entries(kept ?? {})) if (!BOOKKEEPING.includes(k)) out[k] = v;
  return out;
}

/** `kept` with the model's values where the file stated a value (sensors, mountings). */
function overlayStated(kept: TJsonObject, values: TJsonObject): TJsonObject {
  const out = { ...kept };
  for (const [k, v] of Object.entries(values)) {
    if (kept[k] !== null && kept[k] !== undefined && v !== null && v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/** The Task 43 measurement type of a channel (from its element, else its own, else other). */
function measurementTypeOf(channel: TChannelInsert): string {
  const own = channel.measurementType ? iea43MeasurementTypeOf(channel.measurementType) : undefined;
  return (
    own ||
    (channel.element === 'other'
      ? undefined
      : CHANNEL_ELEMENTS[channel.element as TChannelElement]?.measurementType) ||
    'other'
  );
}

const unitOf = (channel: TChannelInsert) => iea43UnitOf(channel.unit) || null;
const normalizedVane = (deg: number | null) => (deg === null ? null : ((deg % 360) + 360) % 360);

type TRun<T> = { value: T; from: Date; to: Date | null };

/** Consecutive equal values (by JSON) merged into dated runs; undefined ends a run. */
function runsOf<T>(values: readonly (T | undefined)[], dates: readonly Date[]): TRun<T>[] {
  const runs: TRun<T>[] = [];
  let current: (TRun<T> & { key: string }) | undefined;
  values.forEach((value, i) => {
    const key = value === undefined ? undefined : JSON.stringify(value);
    if (current && key === current.key) return;
    if (current) {
      runs.push({ value: current.value, from: current.from, to: dates[i]! });
      current = undefined;
    }
    if (value !== undefined && key !== undefined) current = { value, from: dates[i]!, to: null, key };
  });
  if (current) runs.push({ value: current.value, from: current.from, to: null });
  return runs;
}

interface TImportedPoint {
  kept: TJsonObject;
  first: TChannelInsert;
  configs: Map<
    number,
    { kept: TJsonObject; firstAt: Date; columns: Map<number, { kept: TJsonObject; channel: TChannelInsert }> }
  >;
  sensors: Map<number, TChannelInsert>;
  mountings: Map<number, TChannelInsert>;
}

/** Imported channels gathered back into their points, configs and columns (first occurrence wins). */
function gatherImported(configs: readonly TConfigForExport[]): Map<number, TImportedPoint> {
  const points = new Map<number, TImportedPoint>();
  for (const config of configs) {
    for (const channel of config.channels) {
      const ref = channel.iea43;
      if (!ref) continue;
      let point = points.get(ref.point.index);
      if (!point) {
        point = {
          kept: ref.point,
          first: channel,
          configs: new Map(),
          sensors: new Map(),
          mountings: new Map(),
        };
        points.set(ref.point.index, point);
      }
      let entry = point.configs.get(ref.config.index);
      if (!entry) {
        entry = { kept: ref.config, firstAt: config.effectiveFrom, columns: new Map() };
        point.configs.set(ref.config.index, entry);
      }
      if (!entry.columns.has(ref.column.index))
        entry.columns.set(ref.column.index, { kept: ref.column, channel });
      if (ref.sensorIndex != null && !point.sensors.has(ref.sensorIndex))
        point.sensors.set(ref.sensorIndex, channel);
      if (ref.mountingIndex != null && !point.mountings.has(ref.mountingIndex))
        point.mountings.set(ref.mountingIndex, channel);
    }
  }
  return points;
}

function byIndex<T>(entries: Iterable<[number, T]>): T[] {
  return [...entries].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

/** An imported point written back: the model's values over what the import kept. */
function importedPoint(
  point: TImportedPoint,
  inputs: TExportInputs,
  writeDate: (d: Date) => string,
): TJsonObject {
  const { first } = point;
  const out = overlay(stripped(point.kept), {
    name: first.tag,
    measurement_type_id: measurementTypeOf(first),
    height_m: first.heightM,
    height_reference_id: first.heightReference || null,
  });
  const extraConfigs = (point.kept.extraConfigs ?? []) as { index: number; config: TJsonObject }[];
  const configs: [number, TJsonObject][] = [...point.configs.entries()].map(([index, entry]) => {
    const channel = entry.columns.values().next().value!.channel;
    const extraColumns = (entry.kept.extraColumns ?? []) as { index: number; column: TJsonObject }[];
    const columns: [number, TJsonObject][] = [
      ...[...entry.columns.entries()].map(([j, c]): [number, TJsonObject] => [
        j,
        overlay(stripped(c.kept), {
          column_name: c.channel.channelName,
          statistic_type_id: iea43StatisticOf(c.channel.statistic),
        }),
      ]),
      ...extraColumns.map((e): [number, TJsonObject] => [e.index, e.column]),
    ];
    return [
      index,
      {
        ...overlay(stripped(entry.kept), {
          slope: channel.calibrationSlope,
          offset: channel.calibrationOffset,
          measurement_units_id: unitOf(channel),
          height_m: channel.loggerHeightM,
          date_from: writeDate(entry.firstAt),
        }),
        column_name: byIndex(columns),
      },
    ];
  });
  out.logger_measurement_config = byIndex([
    ...configs,
    ...extraConfigs.map((e): [number, TJsonObject] => [e.index, e.config]),
  ]);
  if (Array.isArray(out.sensor)) {
    out.sensor = (out.sensor as TJsonObject[]).map((sensor, i) => {
      const row = point.sensors.get(i);
      const s = row
        ? overlayStated(sensor, {
            oem: row.sensorMake,
            model: row.sensorModel,
            serial_number: row.sensorSerial,
          })
        : { ...sensor };
      if (JSON.stringify(s.calibration) === JSON.stringify(CALIBRATIONS_IN_REGISTER)) {
        s.calibration = inputs.calibrations({
          oem: String(s.oem ?? ''),
          model: String(s.model ?? ''),
          serialNumber: String(s.serial_number ?? ''),
        });
      }
      return s;
    });
  }
  if (Array.isArray(out.mounting_arrangement)) {
    out.mounting_arrangement = (out.mounting_arrangement as TJsonObject[]).map((m, i) => {
      const row = point.mountings.get(i);
      if (!row) return m;
      return overlayStated(m, {
        boom_orientation_deg: row.boomOrientationDeg,
        vane_dead_band_orientation_deg: row.element === 'wd' ? normalizedVane(row.vaneOffsetDeg) : null,
      });
    });
  }
  return out;
}

const pointKey = (ch: TChannelInsert) => JSON.stringify([measurementTypeOf(ch), ch.heightM, ch.tag]);

/** Channels typed in MastHub, grouped into measurement points by (type, height, tag). */
function madeInMastHub(
  inputs: TExportInputs,
  writeDate: (d: Date) => string,
  usedNames: Set<string>,
): TJsonObject[] {
  const configs = inputs.configs.map((c) => ({ ...c, channels: c.channels.filter((ch) => !ch.iea43) }));
  const dates = configs.map((c) => c.effectiveFrom);
  const points = new Map<string, TChannelInsert>();
  for (const config of configs)
    for (const ch of config.channels) if (!points.has(pointKey(ch))) points.set(pointKey(ch), ch);
  const dated = <T extends object>(runs: TRun<T>[]) =>
    runs.map(({ value, from, to }) => ({
      ...value,
      date_from: writeDate(from),
      date_to: to ? writeDate(to) : null,
    }));
  return [...points.entries()].map(([key, first]) => {
    const base = first.tag || `${first.element}_${first.heightM ?? ''}m`;
    let name = base;
    for (let n = 2; usedNames.has(name); n++) name = `${base}_${n}`;
    usedNames.add(name);
    const perConfig = configs.map((c) => c.channels.filter((ch) => pointKey(ch) === key));
    const loggerConfigs = dated(
      runsOf(
        perConfig.map((channels) => {
          const ch = channels[0];
          if (!ch) return undefined;
          return {
            slope: ch.calibrationSlope,
            offset: ch.calibrationOffset,
            measurement_units_id: unitOf(ch),
            height_m: ch.loggerHeightM ?? ch.heightM,
            serial_number: ch.sensorSerial || null,
            column_name: channels.map((c) => ({
              column_name: c.channelName,
              statistic_type_id: iea43StatisticOf(c.statistic),
              is_ignored: false,
            })),
          };
        }),
        dates,
      ),
    );
    const sensors = dated(
      runsOf(
        perConfig.map((channels) => {
          const ch = channels[0];
          if (!ch || !(ch.sensorMake || ch.sensorModel || ch.sensorSerial)) return undefined;
          const calibration = ch.sensorSerial
            ? inputs.calibrations({
                oem: ch.sensorMake,
                model: ch.sensorModel,
                serialNumber: ch.sensorSerial,
              })
            : [];
          return {
            oem: ch.sensorMake || null,
            model: ch.sensorModel || null,
            serial_number: ch.sensorSerial || null,
            sensor_type_id: SENSOR_TYPES[ch.element as TChannelElement] ?? null,
            ...(calibration.length > 0 ? { calibration } : {}),
          };
        }),
        dates,
      ),
    );
    const mountings = dated(
      runsOf(
        perConfig.map((channels) => {
          const ch = channels[0];
          if (!ch || (ch.boomOrientationDeg === null && ch.vaneOffsetDeg === null)) return undefined;
          return {
            boom_orientation_deg: ch.boomOrientationDeg,
            vane_dead_band_orientation_deg: normalizedVane(ch.vaneOffsetDeg),
          };
        }),
        dates,
      ),
    );
    return {
      name,
      measurement_type_id: measurementTypeOf(first),
      height_m: first.heightM,
      height_reference_id: first.heightReference || 'ground_level',
      logger_measurement_config: loggerConfigs,
      ...(sensors.length > 0 ? { sensor: sensors } : {}),
      ...(mountings.length > 0 ? { mounting_arrangement: mountings } : {}),
    };
  });
}

/** The loggers written back (model values over the kept properties). */
function loggerMainConfigs(inputs: TExportInputs, firstDate: string): TJsonObject[] {
  const { station, loggers } = inputs;
  if (loggers.length === 0) {
    return iea43LoggerMainConfig({ ...station, offsetHrs: station.loggerUtcOffsetMinutes / 60 }, firstDate);
  }
  return loggers.map((l) => {
    const own = iea43DateWriter([{ from: l.date_from, to: null, offsetHrs: l.offset_from_utc_hrs }], 0);
    return overlay(l.properties, {
      logger_oem_id: l.logger_oem_id,
      logger_model_name: l.logger_model_name,
      logger_serial_number: l.logger_serial_number,
      logger_firmware_version: l.logger_firmware_version,
      logger_id: l.logger_id,
      logger_name: l.logger_name,
      offset_from_utc_hrs: l.offset_from_utc_hrs,
      averaging_period_minutes: l.averaging_period_minutes,
      timestamp_is_end_of_period: l.timestamp_is_end_of_period,
      date_from: own(l.date_from),
      date_to: l.date_to ? own(l.date_to) : null,
    });
  });
}

/** A WRA data-model document describing the site from MastHub's model and what its import kept. */
export function buildIea43Document(
  inputs: TExportInputs,
  options: { author: string; now: Date },
): TIea43Document {
  const { station, meta } = inputs;
  const clocks: TStoredClock[] = inputs.loggers.map((l) => ({
    from: l.date_from,
    to: l.date_to,
    offsetHrs: l.offset_from_utc_hrs,
  }));
  const writeDate = iea43DateWriter(clocks, station.loggerUtcOffsetMinutes / 60, {
    imported: meta !== undefined,
  });
  const imported = gatherImported(inputs.configs);
  const entries: [number, TJsonObject][] = [
    ...[...imported.entries()].map(([i, p]): [number, TJsonObject] => [
      i,
      importedPoint(p, inputs, writeDate),
    ]),
    ...(meta?.keptPoints ?? []).map((k): [number, TJsonObject] => [k.index, k.point]),
  ];
  const points = byIndex(entries);
  const usedNames = new Set(points.map((p) => String(p.name)));
  points.push(...madeInMastHub(inputs, writeDate, usedNames));
  const keptType =
    typeof meta?.location.measurement_station_type_id === 'string'
      ? meta.location.measurement_station_type_id
      : '';
  const stationType =
    keptType && !isMastHubStationType(keptType) ? keptType : iea43StationType(station.stationType);
  const location = overlay(meta?.location ?? { notes: station.notes || null, update_at: null }, {
    name: (meta?.location.name as string | undefined) ?? `${station.stationCode} ${station.projectName}`,
    latitude_ddeg: station.latitude,
    longitude_ddeg: station.longitude,
    measurement_station_type_id: stationType,
    ...(meta ? {} : { update_at: writeDate(options.now) }),
  });
  if (station.stationType === 'met_mast' && stationType === 'mast' && station.pylonHeightM !== null) {
    location.mast_properties = {
      ...(location.mast_properties as TJsonObject | undefined),
      mast_height_m: station.pylonHeightM,
    };
  }
  const firstDate = writeDate(inputs.configs[0]?.effectiveFrom ?? options.now);
  const loggers =
    keptType === 'reanalysis' || 'model_config' in location ? [] : loggerMainConfigs(inputs, firstDate);
  if (loggers.length > 0) location.logger_main_config = loggers;
  location.measurement_point = points;
  const document = meta
    ? { ...meta.document }
    : {
        organisation: 'MastHub',
        plant_name: station.projectName,
        plant_type: station.stationType === 'floating_lidar' ? 'offshore_wind' : 'onshore_wind',
      };
  return {
    ...document,
    author: options.author,
    organisation: (document.organisation as string | undefined) ?? 'MastHub',
    date: options.now.toISOString().slice(0, 10),
    version: IEA43_EXPORT_VERSION,
    measurement_location: [location],
  } as TIea43Document;
}
