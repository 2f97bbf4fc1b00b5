import { IEA43_LOGGER_OEMS, type TIea43ImportReply, type TIea43MeasurementLocation } from '@masthub/shared';

/**
 * The site a Task 43 measurement location describes (issues 31 and 44): coordinates, time base (the
 * logger's offset from UTC), mast height, station type and, for a lidar or sodar, its device (the newest
 * logger: OEM and model, serial, firmware) and the heights of its wind measurement points. An import lists
 * the fields that differ from the site's and applies them only when the user confirms.
 */
export interface TIea43SiteUpdate {
  latitude?: number;
  longitude?: number;
  logger_utc_offset_minutes?: number;
  pylon_height_m?: number;
  station_type?: string;
  device_model?: string;
  device_serial?: string;
  device_firmware?: string;
  measurement_heights_m?: number[];
}

/** The site as it is, for the comparison. */
export interface TSiteNow {
  latitude: number;
  longitude: number;
  logger_utc_offset_minutes: number;
  pylon_height_m: number | null;
  station_type: string;
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

/** Whether MastHub has a site type for a Task 43 station type (reanalysis, solar… keep the file's). */
export function isMastHubStationType(iea43Type: string): boolean {
  return iea43Type in TO_STATION_TYPE;
}

/** Measurement types whose heights are a profiler's measurement heights. */
const PROFILE_TYPES = new Set(['wind_speed', 'wind_direction', 'vertical_wind_speed']);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The site fields the location states (only those it states). */
export function siteFromIea43(location: TIea43MeasurementLocation): TIea43SiteUpdate {
  const site: TIea43SiteUpdate = { latitude: location.latitude_ddeg, longitude: location.longitude_ddeg };
  const loggers = [...(location.logger_main_config ?? [])].sort((a, b) =>
    text(a.date_from).localeCompare(text(b.date_from)),
  );
  const offsets = loggers.map((l) => l.offset_from_utc_hrs).filter((o) => typeof o === 'number');
  if (offsets.length > 0) site.logger_utc_offset_minutes = Math.round(offsets.at(-1)! * 60);
  const mastHeight = (location.mast_properties as { mast_height_m?: unknown } | undefined)?.mast_height_m;
  if (typeof mastHeight === 'number') site.pylon_height_m = mastHeight;
  const stationType = TO_STATION_TYPE[location.measurement_station_type_id];
  if (!stationType) return site;
  site.station_type = stationType;
  if (stationType === 'met_mast') return site;
  // A remote-sensing device is the newest logger that is not an ADCP or a buoy of the same campaign.
  const newest = loggers.at(-1);
  const heights = location.measurement_point
    .filter(
      (p) => PROFILE_TYPES.has(p.measurement_type_id) && typeof p.height_m === 'number' && p.height_m > 0,
    )
    .map((p) => p.height_m as number);
  site.device_model = [text(newest?.logger_oem_id), text(newest?.logger_model_name)]
    .filter(Boolean)
    .join(' ')
    .slice(0, 100);
  site.device_serial = text(newest?.logger_serial_number).slice(0, 50);
  site.device_firmware = text(newest?.logger_firmware_version).slice(0, 50);
  site.measurement_heights_m = [...new Set(heights)].sort((a, b) => a - b).slice(0, 60);
  return site;
}

/** The reported site fields where the file differs from the site. */
export function siteFieldDifferences(now: TSiteNow, file: TIea43SiteUpdate): TIea43ImportReply['siteFields'] {
  const out: TIea43ImportReply['siteFields'] = [];
  const add = (
    field: TIea43ImportReply['siteFields'][number]['field'],
    current: number | string | null,
    next: number | string | undefined,
  ) => {
    if (next !== undefined && next !== current) out.push({ field, current, file: next });
  };
  add('latitude', now.latitude, file.latitude);
  add('longitude', now.longitude, file.longitude);
  add('loggerUtcOffsetMinutes', now.logger_utc_offset_minutes, file.logger_utc_offset_minutes);
  add('pylonHeightM', now.pylon_height_m, file.pylon_height_m);
  add('stationType', now.station_type, file.station_type);
  return out;
}

/** Splits a device's “OEM model” into Task 43's logger_oem_id (from its list, else Other) and model. */
export function splitDevice(deviceModel: string): { oem: string; model: string } {
  const text = deviceModel.trim();
  const oem = IEA43_LOGGER_OEMS.find((o) => text.toLowerCase().startsWith(o.toLowerCase()));
  if (!oem) return { oem: 'Other', model: text };
  return { oem, model: text.slice(oem.length).trim() };
}

/** What a MastHub-made site writes for its device: a logger main config (OEM apart from model). */
export function iea43LoggerMainConfig(
  site: { deviceModel: string; deviceSerial: string; deviceFirmware: string; offsetHrs: number },
  dateFrom: string,
): Record<string, unknown>[] {
  if (!(site.deviceModel || site.deviceSerial || site.deviceFirmware)) return [];
  const { oem, model } = splitDevice(site.deviceModel);
  return [
    {
      logger_oem_id: oem,
      logger_model_name: model || null,
      logger_serial_number: site.deviceSerial,
      logger_firmware_version: site.deviceFirmware || null,
      offset_from_utc_hrs: site.offsetHrs,
      date_from: dateFrom,
      date_to: null,
    },
  ];
}
