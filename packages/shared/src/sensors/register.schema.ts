import { z } from 'zod';
import { ZPageRequest, zPage } from '../api.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId, zOptionalText, zRequiredText } from '../text.schema.ts';

/**
 * The sensor register (issue 44 §3): a sensor (make, model, serial) is one record across its life; where it
 * was mounted is read from the sites' channel configurations, never stored beside them.
 */

/** IEA Task 43 `sensor_type_id` values (schema 1.3.0-2024.03); '' when not known. */
export const SENSOR_REGISTER_TYPES = [
  'anemometer',
  'wind_vane',
  'thermometer',
  'barometer',
  'hygrometer',
  'thermohygrometer',
  'voltmeter',
  'ammeter',
  'pyranometer',
  'pyrheliometer',
  'albedometer',
  '2d_ultrasonic',
  '3d_ultrasonic',
  'vertical_anemometer',
  'propeller_anemometer',
  'gill_propeller',
  'rain_gauge',
  'ice_detection_sensor',
  'fog_sensor',
  'gps',
  'illuminance_sensor',
  'compass',
  'solar_compass',
  'inertial_measurement_unit',
  'adcp',
  'altimeter',
  'ctd',
  'pth',
  'lidar',
  'sodar',
  'other',
] as const;
export type TSensorRegisterType = (typeof SENSOR_REGISTER_TYPES)[number];

const ZSensorType = z.union([z.enum(SENSOR_REGISTER_TYPES, vmsg('oneOf')), z.literal('')]);

/** POST /web/sensor/page: sensors the caller may see, by serial, make, model, type and where they are now. */
export const ZSensorPageRequest = ZPageRequest.extend({
  serial: zOptionalText(100),
  /** How the serial is matched (case aside): from its start, or anywhere in it. */
  serialMatch: z.enum(['prefix', 'contains'], vmsg('oneOf')).default('contains'),
  make: zOptionalText(100),
  model: zOptionalText(100),
  sensorTypeId: ZSensorType.optional(),
  /** Only the sensors mounted on this site now. */
  stationId: ZId.optional(),
});
export type TSensorPageRequest = z.infer<typeof ZSensorPageRequest>;
export type TSensorPageInput = z.input<typeof ZSensorPageRequest>;

/** Where a sensor is or was: a site and its place there, as the channel configuration says. */
export const ZSensorPlace = z.object({
  stationId: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
  heightM: z.number().nullable(),
  boomOrientationDeg: z.number().nullable(),
  tag: z.string(),
  channelNames: z.array(z.string()),
  dataKeys: z.array(z.string()),
});
export type TSensorPlace = z.infer<typeof ZSensorPlace>;

export const ZSensorSummary = z.object({
  id: z.number().int(),
  oem: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  sensorTypeId: z.string(),
  /** The site it is mounted on now; null when in stock (or on a site the caller cannot see). */
  whereNow: ZSensorPlace.nullable(),
  /** Mounted now on a site the caller cannot see. */
  whereNowHidden: z.boolean(),
  /** The newest calibration date ('YYYY-MM-DD'), or null. */
  lastCalibrationDate: z.string().nullable(),
});
export type TSensorSummary = z.infer<typeof ZSensorSummary>;
export const ZSensorPage = zPage(ZSensorSummary);

/** One period of a sensor on a site: from one configuration's date to the next (merged while unchanged). */
export const ZSensorPeriod = ZSensorPlace.extend({
  /** The configurations of the period, oldest first. */
  configIds: z.array(z.number().int()),
  from: z.string(),
  /** null: still in force. */
  to: z.string().nullable(),
  isNow: z.boolean(),
});
export type TSensorPeriod = z.infer<typeof ZSensorPeriod>;

/** A calibration as the sensor page lists it (read-only here; certificates are entered elsewhere). */
export const ZSensorRegisterCalibration = z.object({
  id: z.number().int(),
  measurementTypeId: z.string(),
  slope: z.number().nullable(),
  offset: z.number().nullable(),
  dateOfCalibration: z.string().nullable(),
  calibrationId: z.string(),
  calibrationOrganisation: z.string(),
  placeOfCalibration: z.string(),
  uncertaintyKFactor: z.number().nullable(),
  source: z.string(),
  certificatePdfName: z.string(),
});
export type TSensorRegisterCalibration = z.infer<typeof ZSensorRegisterCalibration>;

/** A repair record naming the sensor. */
export const ZSensorRepair = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationCode: z.string(),
  faultType: z.string(),
  faultStart: z.string().nullable(),
  maintainResult: z.string(),
  endTime: z.string().nullable(),
  isClosed: z.boolean(),
});
export type TSensorRepair = z.infer<typeof ZSensorRepair>;

export const ZSensorRecord = z.object({
  id: z.number().int(),
  oem: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  sensorTypeId: z.string(),
  classification: z.string(),
  isHeated: z.boolean().nullable(),
  notes: z.string(),
  creatorName: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TSensorRecord = z.infer<typeof ZSensorRecord>;

/** GET /web/sensor/detail: the record, its history (newest first), calibrations and repairs. */
export const ZSensorDetail = z.object({
  sensor: ZSensorRecord,
  history: z.array(ZSensorPeriod),
  /** Periods on sites the caller cannot see: counted, not shown. */
  hiddenPeriodCount: z.number().int(),
  whereNow: ZSensorPeriod.nullable(),
  whereNowHidden: z.boolean(),
  calibrations: z.array(ZSensorRegisterCalibration),
  repairs: z.array(ZSensorRepair),
});
export type TSensorDetail = z.infer<typeof ZSensorDetail>;

/** POST /web/sensor/update: what the register keeps of a sensor itself (identity and history aside). */
export const ZSensorUpdateRequest = z.object({
  id: ZId,
  sensorTypeId: ZSensorType.default(''),
  classification: zOptionalText(50),
  isHeated: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  notes: zOptionalText(2000),
});
export type TSensorUpdateRequest = z.infer<typeof ZSensorUpdateRequest>;
export type TSensorUpdateInput = z.input<typeof ZSensorUpdateRequest>;

/** One channel of the moved sensor: its name on the old site (`source`) and its name and key on the new one. */
export const ZSensorMoveChannel = z.object({
  source: zRequiredText('required', 100),
  channelName: zRequiredText('required', 100),
  dataKey: zRequiredText('required', 100),
});

/**
 * POST /web/sensor/move: the sensor leaves `fromStationId` and goes up on `targetStationId` at `date` — a
 * new configuration on both sites (copies of the ones in force, changed), in one transaction. Without
 * `channels` its channels keep their names and keys.
 */
export const ZSensorMoveRequest = z
  .object({
    sensorId: ZId,
    fromStationId: ZId,
    targetStationId: ZId,
    date: z.coerce.date(requiredError('required')),
    heightM: z
      .number()
      .min(0)
      .max(1000)
      .nullish()
      .transform((v) => v ?? null),
    boomOrientationDeg: z
      .number()
      .min(0)
      .max(360)
      .nullish()
      .transform((v) => v ?? null),
    tag: zOptionalText(100),
    channels: z.array(ZSensorMoveChannel).max(50).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fromStationId === v.targetStationId) {
      ctx.addIssue({ code: 'custom', path: ['targetStationId'], message: vmsg('moveToSameSite').error });
    }
    const keys = new Set<string>();
    v.channels?.forEach((c, i) => {
      const key = c.dataKey.toLowerCase();
      if (keys.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['channels', i, 'dataKey'], message: vmsg('duplicate').error });
      }
      keys.add(key);
    });
  });
export type TSensorMoveRequest = z.infer<typeof ZSensorMoveRequest>;
export type TSensorMoveInput = z.input<typeof ZSensorMoveRequest>;

export const ZSensorMoveReply = z.object({
  fromConfigId: z.number().int(),
  targetConfigId: z.number().int(),
});
export type TSensorMoveReply = z.infer<typeof ZSensorMoveReply>;

/** GET /web/sensor/site_sensors: the sensors a site's configurations name (the repair form's choice). */
export const ZSiteSensorsQuery = z.object({ stationId: ZQueryId });
export const ZSiteSensor = z.object({
  id: z.number().int(),
  oem: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  sensorTypeId: z.string(),
  /** Mounted on the site now. */
  isNow: z.boolean(),
});
export type TSiteSensor = z.infer<typeof ZSiteSensor>;
