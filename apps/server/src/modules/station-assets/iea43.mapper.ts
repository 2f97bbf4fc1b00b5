import {
  channelElementOf,
  channelStatisticOf,
  type TChannelIea43,
  type TIea43Document,
  type TIea43ImportReply,
  type TIea43MeasurementLocation,
  type TIea43MeasurementPoint,
} from '@masthub/shared';
import type { TChannelInsert } from './channel-config.repository.ts';
import { readIea43Date, type TFileClock } from './iea43-dates.ts';
import { keep, type TJsonObject } from './iea43-kept.ts';

/**
 * Reading an IEA Wind Task 43 WRA data model into MastHub (issue 44; the mapping is described in
 * IEA43-METHODS.md beside this file). MastHub keeps whole snapshots (a configuration in force from its date
 * until the next one); the model keeps, per measurement point, time-ranged logger configs, sensors and
 * mounting arrangements. One configuration per instant at which anything starts or ends (a logger config,
 * a sensor, a mounting arrangement); it holds every column in force then. Every column is a channel
 * (every statistic), unless it is marked ignored, its name is taken in that configuration, or MastHub cannot
 * hold it as a channel: those, and points without a channel, are kept as metadata and named in the reply.
 * What MastHub has no column for is kept beside the channel (iea43), the location, the loggers.
 */

/** A configuration to create, before it has an id. */
export interface TConfigDraft {
  name: string;
  effectiveFrom: Date;
  notes: string;
  channels: TChannelInsert[];
}

/** A logger of the file as station_logger stores it. */
export interface TLoggerInsert {
  loggerOemId: string;
  loggerModelName: string;
  loggerSerialNumber: string;
  loggerFirmwareVersion: string;
  loggerId: string;
  loggerName: string;
  offsetFromUtcHrs: number | null;
  averagingPeriodMinutes: number | null;
  timestampIsEndOfPeriod: boolean | null;
  dateFrom: Date;
  dateTo: Date | null;
  properties: TJsonObject;
}

/** A sensor of the file for the register, with its calibrations. */
export interface TSensorReading {
  identity: { oem: string; model: string; serialNumber: string };
  sensorTypeId: string;
  classification: string;
  isHeated: boolean | null;
  notes: string;
  properties: TJsonObject;
  calibrations: TJsonObject[];
}

export type TMetadataOnly = TIea43ImportReply['metadataOnly'][number];
export type TMismatch = TIea43ImportReply['calibrationMismatches'][number];

/** What a location of a file gives MastHub. */
export interface TIea43Reading {
  drafts: TConfigDraft[];
  metadataOnly: TMetadataOnly[];
  keptPoints: { index: number; point: TJsonObject }[];
  loggers: TLoggerInsert[];
  sensors: TSensorReading[];
  clocks: TFileClock[];
  document: TJsonObject;
  location: TJsonObject;
}

/** Point, config, column, sensor and mounting properties MastHub holds in its own columns. */
export const POINT_MODELLED = ['name', 'measurement_type_id', 'height_m', 'height_reference_id'];
export const CONFIG_MODELLED = ['slope', 'offset', 'measurement_units_id', 'height_m', 'date_from'];
export const COLUMN_MODELLED = ['column_name', 'statistic_type_id'];
export const LOGGER_MODELLED = [
  'logger_oem_id',
  'logger_model_name',
  'logger_serial_number',
  'logger_firmware_version',
  'logger_id',
  'logger_name',
  'offset_from_utc_hrs',
  'averaging_period_minutes',
  'timestamp_is_end_of_period',
  'date_from',
  'date_to',
];
export const CALIBRATION_MODELLED = [
  'measurement_type_id',
  'slope',
  'offset',
  'sensitivity',
  'calibration_id',
  'date_of_calibration',
  'revision',
  'calibration_organisation',
  'place_of_calibration',
  'report_file_name',
  'report_link',
  'uncertainty_k_factor',
  'calibration_uncertainty',
  'notes',
];
/** The marker a kept sensor has in place of calibrations the register holds (sensor_calibration). */
export const CALIBRATIONS_IN_REGISTER = { in: 'sensor_calibration' } as const;

type TDated = { date_from: string; date_to?: string | null | undefined };

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The latest-starting item in force at `at`. */
function pickInForce<T extends TDated>(
  items: readonly T[] | null | undefined,
  at: number,
  read: (text: string) => Date,
): { item: T; index: number } | undefined {
  let best: { item: T; index: number; from: number } | undefined;
  (items ?? []).forEach((item, index) => {
    const from = read(item.date_from).getTime();
    const to = item.date_to ? read(item.date_to).getTime() : Number.POSITIVE_INFINITY;
    if (from <= at && at < to && (!best || from > best.from)) best = { item, index, from };
  });
  return best && { item: best.item, index: best.index };
}

/** The clocks of the location's loggers, to read its zone-less dates. */
export function clocksOf(location: TIea43MeasurementLocation): TFileClock[] {
  return (location.logger_main_config ?? []).map((l) => ({
    from: l.date_from,
    to: l.date_to ?? null,
    offsetHrs: l.offset_from_utc_hrs ?? null,
  }));
}

function loggersOf(location: TIea43MeasurementLocation, clocks: TFileClock[]): TLoggerInsert[] {
  return (location.logger_main_config ?? []).map((l) => {
    // A logger's own dates are in its own clock.
    const own: TFileClock[] = [{ from: l.date_from, to: null, offsetHrs: l.offset_from_utc_hrs ?? null }];
    return {
      loggerOemId: str(l.logger_oem_id),
      loggerModelName: str(l.logger_model_name),
      loggerSerialNumber: str(l.logger_serial_number),
      loggerFirmwareVersion: str(l.logger_firmware_version),
      loggerId: str(l.logger_id),
      loggerName: str(l.logger_name),
      offsetFromUtcHrs: num(l.offset_from_utc_hrs),
      averagingPeriodMinutes: num(l.averaging_period_minutes),
      timestampIsEndOfPeriod: l.timestamp_is_end_of_period ?? null,
      dateFrom: readIea43Date(l.date_from, clocks.length ? own : []),
      dateTo: l.date_to ? readIea43Date(l.date_to, own) : null,
      properties: keep(l, LOGGER_MODELLED),
    };
  });
}

/** The sensors of the file with a serial number (the register's identity), in file order. */
function sensorsOf(location: TIea43MeasurementLocation): TSensorReading[] {
  const out: TSensorReading[] = [];
  for (const point of location.measurement_point) {
    for (const sensor of point.sensor ?? []) {
      const serialNumber = str(sensor.serial_number);
      if (!serialNumber) continue;
      out.push({
        identity: { oem: str(sensor.oem), model: str(sensor.model), serialNumber },
        sensorTypeId: str(sensor.sensor_type_id),
        classification: str(sensor.classification),
        isHeated: sensor.is_heated ?? null,
        notes: str(sensor.notes),
        properties: keep(
          sensor,
          [],
          [
            'oem',
            'model',
            'serial_number',
            'sensor_type_id',
            'classification',
            'is_heated',
            'notes',
            'date_from',
            'date_to',
            'calibration',
          ],
        ),
        calibrations: (sensor.calibration ?? []) as TJsonObject[],
      });
    }
  }
  return out;
}

/** A point as kept beside its channels: sensors' calibrations left to the register where it has them. */
function keptPoint(point: TIea43MeasurementPoint): TJsonObject {
  const kept = keep(point, POINT_MODELLED, ['logger_measurement_config']);
  if (Array.isArray(point.sensor)) {
    kept.sensor = point.sensor.map((s) =>
      str(s.serial_number) && Array.isArray(s.calibration)
        ? { ...s, calibration: CALIBRATIONS_IN_REGISTER }
        : s,
    );
  }
  return kept;
}

interface TCandidate {
  at: number;
  point: number;
  config: number;
  column: number;
  sensorIndex: number | null;
  mountingIndex: number | null;
  channel: Omit<TChannelInsert, 'iea43'>;
}

/** Every column in force at each instant, as a channel candidate, in file order. */
function candidatesOf(location: TIea43MeasurementLocation, read: (t: string) => Date): TCandidate[] {
  const instants = new Set<number>();
  for (const point of location.measurement_point) {
    const dated: TDated[] = [
      ...point.logger_measurement_config,
      ...(point.sensor ?? []),
      ...(point.mounting_arrangement ?? []),
    ];
    for (const item of dated) {
      instants.add(read(item.date_from).getTime());
      if (item.date_to) instants.add(read(item.date_to).getTime());
    }
  }
  const out: TCandidate[] = [];
  for (const at of [...instants].sort((a, b) => a - b)) {
    location.measurement_point.forEach((point, pointIndex) => {
      const picked = pickInForce(point.logger_measurement_config, at, read);
      if (!picked) return;
      const config = picked.item;
      const element = channelElementOf(point.measurement_type_id);
      const mounting = pickInForce(point.mounting_arrangement, at, read);
      const sensor = pickInForce(point.sensor, at, read);
      config.column_name.forEach((column, columnIndex) => {
        out.push({
          at,
          point: pointIndex,
          config: picked.index,
          column: columnIndex,
          sensorIndex: sensor?.index ?? null,
          mountingIndex: mounting?.index ?? null,
          channel: {
            channelName: column.column_name,
            element,
            measurementType: element === 'other' ? point.measurement_type_id : '',
            heightM: point.height_m ?? null,
            heightReference: point.height_reference_id ?? '',
            loggerHeightM: config.height_m ?? null,
            tag: point.name,
            dataKey: column.column_name,
            unit: config.measurement_units_id ?? '',
            statistic: channelStatisticOf(column.statistic_type_id) ?? 'text',
            boomOrientationDeg:
              mounting?.item.boom_orientation_deg ?? config.logger_stated_boom_orientation_deg ?? null,
            sensorMake: str(sensor?.item.oem),
            sensorModel: str(sensor?.item.model),
            sensorSerial: str(sensor?.item.serial_number) || str(config.serial_number),
            vaneOffsetDeg: element === 'wd' ? (mounting?.item.vane_dead_band_orientation_deg ?? null) : null,
            calibrationSlope: config.slope ?? null,
            calibrationOffset: config.offset ?? null,
          },
        });
      });
    });
  }
  return out;
}

const columnKey = (c: { point: number; config: number; column: number }) =>
  `${c.point}/${c.config}/${c.column}`;

/**
 * What a measurement location gives MastHub. `refuse` says why MastHub cannot hold a channel (the reason
 * in the caller's language, with Task 43 names), or null when it can.
 */
export function readIea43Location(
  document: TIea43Document,
  locationIndex: number,
  refuse: (channel: Omit<TChannelInsert, 'iea43'>, path: string) => string | null,
): TIea43Reading {
  const location = document.measurement_location[locationIndex]!;
  const clocks = clocksOf(location);
  const read = (text: string) => readIea43Date(text, clocks);
  const base = `measurement_location.${locationIndex}.measurement_point`;
  const columnPath = (c: { point: number; config: number; column: number }) =>
    `${base}.${c.point}.logger_measurement_config.${c.config}.column_name.${c.column}`;
  const candidates = candidatesOf(location, read);
  // Columns MastHub cannot hold as channels, decided once for every instant they are in force.
  const refused = new Map<string, string>();
  for (const c of candidates) {
    const key = columnKey(c);
    if (refused.has(key)) continue;
    const reason = refuse(c.channel, columnPath(c));
    if (reason) refused.set(key, reason);
  }
  const ignored = (c: TCandidate) =>
    location.measurement_point[c.point]!.logger_measurement_config[c.config]!.column_name[c.column]!
      .is_ignored === true;
  const byInstant = new Map<number, TCandidate[]>();
  const used = new Set<string>();
  for (const c of candidates) {
    if (refused.has(columnKey(c)) || ignored(c)) continue;
    const list = byInstant.get(c.at) ?? [];
    if (list.some((o) => o.channel.dataKey.toLowerCase() === c.channel.dataKey.toLowerCase())) continue;
    list.push(c);
    byInstant.set(c.at, list);
    used.add(columnKey(c));
  }
  // What stays metadata only: columns never a channel, configs and points without any.
  const metadataOnly: TMetadataOnly[] = [];
  const keptPoints: TIea43Reading['keptPoints'] = [];
  const pointKept = new Map<number, TJsonObject>();
  const configKept = new Map<string, TJsonObject>();
  location.measurement_point.forEach((point, p) => {
    const configs = point.logger_measurement_config;
    const pointUsed = configs.some((config, k) =>
      config.column_name.some((_, j) => used.has(`${p}/${k}/${j}`)),
    );
    if (!pointUsed) {
      keptPoints.push({ index: p, point: point as TJsonObject });
      const reasons = configs.flatMap((config, k) =>
        config.column_name.map((_, j) => refused.get(`${p}/${k}/${j}`)).filter(Boolean),
      );
      metadataOnly.push({
        path: `${base}.${p}`,
        measurementPoint: point.name,
        column: null,
        statisticType: null,
        reason: reasons.length > 0 ? 'unsupported' : configs.length > 0 ? 'ignored' : 'unsupported',
        detail: [...new Set(reasons)].join('; '),
      });
      return;
    }
    const extraConfigs: { index: number; config: TJsonObject }[] = [];
    configs.forEach((config, k) => {
      const extraColumns: { index: number; column: TJsonObject }[] = [];
      config.column_name.forEach((column, j) => {
        const key = `${p}/${k}/${j}`;
        if (used.has(key)) return;
        extraColumns.push({ index: j, column: column as TJsonObject });
        metadataOnly.push({
          path: columnPath({ point: p, config: k, column: j }),
          measurementPoint: point.name,
          column: column.column_name,
          statisticType: column.statistic_type_id,
          reason: refused.has(key) ? 'unsupported' : column.is_ignored ? 'ignored' : 'duplicate',
          detail: refused.get(key) ?? '',
        });
      });
      if (extraColumns.length === config.column_name.length && config.column_name.length > 0) {
        extraConfigs.push({ index: k, config: config as TJsonObject });
        return;
      }
      if (config.column_name.length === 0) {
        extraConfigs.push({ index: k, config: config as TJsonObject });
        return;
      }
      configKept.set(`${p}/${k}`, {
        index: k,
        ...keep(config, CONFIG_MODELLED, ['column_name']),
        ...(extraColumns.length > 0 ? { extraColumns } : {}),
      });
    });
    pointKept.set(p, {
      index: p,
      ...keptPoint(point),
      ...(extraConfigs.length > 0 ? { extraConfigs } : {}),
    });
  });
  const drafts: TConfigDraft[] = [];
  for (const [at, list] of [...byInstant.entries()].sort((a, b) => a[0] - b[0])) {
    const effectiveFrom = new Date(at);
    drafts.push({
      name: `${location.name} ${effectiveFrom.toISOString().slice(0, 16).replace('T', ' ')}`.slice(0, 50),
      effectiveFrom,
      notes: 'IEA Task 43',
      channels: list.map((c) => {
        const point = location.measurement_point[c.point]!;
        const column = point.logger_measurement_config[c.config]!.column_name[c.column]!;
        const iea43: TChannelIea43 = {
          point: pointKept.get(c.point) as TChannelIea43['point'],
          config: configKept.get(`${c.point}/${c.config}`) as TChannelIea43['config'],
          column: { index: c.column, ...keep(column, COLUMN_MODELLED) },
          sensorIndex: c.sensorIndex,
          mountingIndex: c.mountingIndex,
        };
        return { ...c.channel, iea43 };
      }),
    });
  }
  const { measurement_location: _locations, ...documentRest } = document;
  return {
    drafts,
    metadataOnly,
    keptPoints,
    loggers: loggersOf(location, clocks),
    sensors: sensorsOf(location),
    clocks,
    document: documentRest,
    location: keep(
      location,
      ['latitude_ddeg', 'longitude_ddeg'],
      ['measurement_point', 'logger_main_config'],
    ),
  };
}
