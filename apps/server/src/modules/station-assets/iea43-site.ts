import type { TIea43MeasurementLocation } from '@masthub/shared';

/**
 * A site's measurement type and remote-sensing device in IEA Task 43 terms (issue 31): the location's
 * `measurement_station_type_id` (mast / lidar / sodar / floating_lidar) and, for a lidar or sodar, its
 * `logger_main_config` (the device: OEM, model, serial, firmware) and the heights of its wind-speed
 * measurement points.
 */
export interface TIea43Site {
  /** MastHub's station type: met_mast, lidar, sodar, floating_lidar. */
  stationType: string;
  deviceModel: string;
  deviceSerial: string;
  deviceFirmware: string;
  heightsM: number[];
}

const TO_STATION_TYPE: Record<string, string> = {
  mast: 'met_mast',
  lidar: 'lidar',
  sodar: 'sodar',
  floating_lidar: 'floating_lidar',
};

/** The data model's station type of a MastHub site type (met_mast → mast). */
export function iea43StationType(stationType: string): string {
  return stationType === 'met_mast' ? 'mast' : stationType;
}

/** Measurement types whose heights are a profiler's measurement heights. */
const PROFILE_TYPES = new Set(['wind_speed', 'wind_direction', 'vertical_wind_speed']);

interface TLoggerMainConfig {
  logger_oem_id?: string | null;
  logger_model_name?: string | null;
  logger_serial_number?: string | null;
  logger_firmware_version?: string | null;
  date_from?: string | null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The site a location describes; undefined for a type MastHub does not keep (solar…), so the site keeps
 * its own. The device is the location's newest logger main config.
 */
export function siteFromIea43(location: TIea43MeasurementLocation): TIea43Site | undefined {
  const stationType = TO_STATION_TYPE[location.measurement_station_type_id];
  if (!stationType) return undefined;
  if (stationType === 'met_mast') {
    return { stationType, deviceModel: '', deviceSerial: '', deviceFirmware: '', heightsM: [] };
  }
  const loggers = (
    Array.isArray(location.logger_main_config) ? location.logger_main_config : []
  ) as TLoggerMainConfig[];
  const newest = [...loggers].sort((a, b) => text(a.date_from).localeCompare(text(b.date_from))).at(-1);
  const heights = location.measurement_point
    .filter(
      (p) => PROFILE_TYPES.has(p.measurement_type_id) && typeof p.height_m === 'number' && p.height_m > 0,
    )
    .map((p) => p.height_m as number);
  return {
    stationType,
    deviceModel: [text(newest?.logger_oem_id), text(newest?.logger_model_name)]
      .filter(Boolean)
      .join(' ')
      .slice(0, 100),
    deviceSerial: text(newest?.logger_serial_number).slice(0, 50),
    deviceFirmware: text(newest?.logger_firmware_version).slice(0, 50),
    heightsM: [...new Set(heights)].sort((a, b) => a - b).slice(0, 60),
  };
}

/** What the export writes for a site's device: a logger main config from the first configuration on. */
export function iea43LoggerMainConfig(
  site: { deviceModel: string; deviceSerial: string; deviceFirmware: string },
  dateFrom: string,
): Record<string, unknown>[] {
  if (!(site.deviceModel || site.deviceSerial || site.deviceFirmware)) return [];
  return [
    {
      logger_model_name: site.deviceModel || null,
      logger_serial_number: site.deviceSerial || null,
      logger_firmware_version: site.deviceFirmware || null,
      date_from: dateFrom,
      date_to: null,
    },
  ];
}
