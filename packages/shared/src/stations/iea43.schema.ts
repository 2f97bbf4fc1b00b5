import { z } from 'zod';
import { ZQueryId } from '../text.schema.ts';
import {
  IEA43_HEIGHT_REFERENCES,
  IEA43_LOGGER_OEMS,
  IEA43_MEASUREMENT_TYPES,
  IEA43_STATION_TYPES,
  IEA43_STATISTIC_TYPES,
  IEA43_UNITS,
} from './iea43-lists.ts';

/**
 * The parts of the IEA Wind Task 43 WRA data model (github.com/IEA-Task-43/digital_wra_data_standard)
 * that MastHub reads and writes: a measurement location's measurement points, each with its
 * time-ranged logger measurement configs (columns and their statistics), sensors and mounting
 * arrangements. Properties MastHub does not use are allowed and kept out of the way (loose objects),
 * so files of any 1.x version validate.
 */

/** ISO 8601 with the 'T' required; a time zone, when given, is the logger's (the model's rule). */
export const ZIea43DateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/);

const zNullableNumber = () => z.number().nullish();
const zNullableText = () => z.string().nullish();

export const ZIea43Column = z.looseObject({
  column_name: z.string().min(1),
  statistic_type_id: z.enum(IEA43_STATISTIC_TYPES),
  is_ignored: z.boolean().nullish(),
  notes: zNullableText(),
});

export const ZIea43LoggerMeasurementConfig = z.looseObject({
  slope: zNullableNumber(),
  offset: zNullableNumber(),
  measurement_units_id: z.enum(IEA43_UNITS).nullish(),
  height_m: zNullableNumber(),
  serial_number: zNullableText(),
  logger_stated_boom_orientation_deg: zNullableNumber(),
  date_from: ZIea43DateTime,
  date_to: ZIea43DateTime.nullish(),
  column_name: z.array(ZIea43Column),
  notes: zNullableText(),
});

/** A sensor's calibration (sensor[*].calibration[*]). */
export const ZIea43Calibration = z.looseObject({
  measurement_type_id: z.enum(IEA43_MEASUREMENT_TYPES).nullish(),
  slope: zNullableNumber(),
  offset: zNullableNumber(),
  sensitivity: zNullableNumber(),
  calibration_id: zNullableText(),
  date_of_calibration: z.iso.date().nullish(),
  revision: zNullableText(),
  calibration_organisation: zNullableText(),
  place_of_calibration: zNullableText(),
  report_file_name: zNullableText(),
  report_link: zNullableText(),
  uncertainty_k_factor: zNullableNumber(),
  calibration_uncertainty: z.array(z.looseObject({})).nullish(),
  notes: zNullableText(),
});
export type TIea43Calibration = z.infer<typeof ZIea43Calibration>;

export const ZIea43Sensor = z.looseObject({
  oem: zNullableText(),
  model: zNullableText(),
  serial_number: zNullableText(),
  sensor_type_id: zNullableText(),
  classification: zNullableText(),
  is_heated: z.boolean().nullish(),
  date_from: ZIea43DateTime,
  date_to: ZIea43DateTime.nullish(),
  calibration: z.array(ZIea43Calibration).nullish(),
});

export const ZIea43MountingArrangement = z.looseObject({
  mounting_type_id: zNullableText(),
  boom_orientation_deg: z.number().min(0).max(360).nullish(),
  vane_dead_band_orientation_deg: z.number().min(0).max(360).nullish(),
  orientation_reference_id: zNullableText(),
  date_from: ZIea43DateTime,
  date_to: ZIea43DateTime.nullish(),
});

export const ZIea43MeasurementPoint = z.looseObject({
  name: z.string().min(1),
  measurement_type_id: z.enum(IEA43_MEASUREMENT_TYPES),
  height_m: zNullableNumber(),
  height_reference_id: z.enum(IEA43_HEIGHT_REFERENCES).nullish(),
  notes: zNullableText(),
  logger_measurement_config: z.array(ZIea43LoggerMeasurementConfig),
  sensor: z.array(ZIea43Sensor).nullish(),
  mounting_arrangement: z.array(ZIea43MountingArrangement).nullish(),
});
export type TIea43MeasurementPoint = z.infer<typeof ZIea43MeasurementPoint>;

/** A logger (logger_main_config[*]): its clock (offset_from_utc_hrs) says how zone-less dates read. */
export const ZIea43LoggerMainConfig = z.looseObject({
  logger_oem_id: z.enum(IEA43_LOGGER_OEMS),
  logger_model_name: zNullableText(),
  logger_serial_number: z.string(),
  logger_firmware_version: zNullableText(),
  logger_id: zNullableText(),
  logger_name: zNullableText(),
  date_from: ZIea43DateTime,
  date_to: ZIea43DateTime.nullable(),
  offset_from_utc_hrs: zNullableNumber(),
  averaging_period_minutes: zNullableNumber(),
  timestamp_is_end_of_period: z.boolean().nullish(),
  notes: zNullableText(),
});
export type TIea43LoggerMainConfig = z.infer<typeof ZIea43LoggerMainConfig>;

export const ZIea43MeasurementLocation = z.looseObject({
  name: z.string().min(1),
  latitude_ddeg: z.number().min(-90).max(90),
  longitude_ddeg: z.number().min(-180).max(180),
  measurement_station_type_id: z.enum(IEA43_STATION_TYPES),
  notes: zNullableText(),
  logger_main_config: z.array(ZIea43LoggerMainConfig).nullish(),
  measurement_point: z.array(ZIea43MeasurementPoint),
});
export type TIea43MeasurementLocation = z.infer<typeof ZIea43MeasurementLocation>;

/** A WRA data-model document: what the import accepts and the export produces. */
export const ZIea43Document = z.looseObject({
  author: z.string(),
  organisation: z.string(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  version: z.string().regex(/^\d{1,2}\.\d{1,2}\.\d{1,2}-\d{4}\.\d{2}$/),
  plant_name: zNullableText(),
  plant_type: zNullableText(),
  measurement_location: z.array(ZIea43MeasurementLocation).min(1),
});
export type TIea43Document = z.infer<typeof ZIea43Document>;

/** The data-model version MastHub exports. */
export const IEA43_EXPORT_VERSION = '1.3.0-2024.03';

/**
 * POST /web/station/channel_config/iea43/import?stationId=: body is the data-model JSON, or a multipart
 * form with one `file`. `locationIndex` picks the measurement location (default the first);
 * `applySiteFields=true` (the dialog's confirm step) lets the file set the site's coordinates, time base,
 * mast height and station type — without it the reply only lists them. `dryRun=true` answers the report
 * of the import without keeping anything (the dialog shows it before the user confirms).
 */
export const ZIea43ImportQuery = z.object({
  stationId: ZQueryId,
  locationIndex: z.coerce.number().int().min(0).max(99).default(0),
  applySiteFields: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type TIea43ImportQuery = z.infer<typeof ZIea43ImportQuery>;

/**
 * Why a point or column of the file is kept as metadata only (no channel): marked ignored in the file, its
 * column name taken by another channel of the same configuration, or what MastHub cannot hold as a channel
 * (a negative height above ground level, a value out of range…), said by `detail`.
 */
export const IEA43_METADATA_REASONS = ['ignored', 'duplicate', 'unsupported'] as const;

/** A site field a Task 43 file states: what the site has and what the file says. */
export const IEA43_SITE_FIELDS = [
  'latitude',
  'longitude',
  'loggerUtcOffsetMinutes',
  'pylonHeightM',
  'stationType',
] as const;

/** What an import did: configurations made, what stayed metadata, the certificate check, the site fields. */
export const ZIea43ImportReply = z.object({
  configurations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      effectiveFrom: z.string(),
      channelCount: z.number().int(),
    }),
  ),
  /** Points or columns kept as metadata only (given back by the export), with their Task 43 path. */
  metadataOnly: z.array(
    z.object({
      path: z.string(),
      measurementPoint: z.string(),
      column: z.string().nullable(),
      statisticType: z.string().nullable(),
      reason: z.enum(IEA43_METADATA_REASONS),
      detail: z.string(),
    }),
  ),
  loggers: z.number().int(),
  sensors: z.number().int(),
  calibrations: z.number().int(),
  /** Logger-programmed slope/offset against the sensor's calibration certificate in force. */
  calibrationMismatches: z.array(
    z.object({
      measurementPoint: z.string(),
      path: z.string(),
      serialNumber: z.string(),
      dateFrom: z.string(),
      field: z.enum(['slope', 'offset']),
      programmed: z.number(),
      certified: z.number(),
      dateOfCalibration: z.string().nullable(),
    }),
  ),
  /** The site fields the file states that differ from the site's; applied only with applySiteFields. */
  siteFields: z.array(
    z.object({
      field: z.enum(IEA43_SITE_FIELDS),
      current: z.union([z.string(), z.number()]).nullable(),
      file: z.union([z.string(), z.number()]).nullable(),
    }),
  ),
  siteFieldsApplied: z.boolean(),
  /** True when nothing was kept (dryRun): the report of what the import would do. */
  dryRun: z.boolean(),
  /** How dates without a zone were read, in the caller's language. */
  dateConvention: z.string(),
});
export type TIea43ImportReply = z.infer<typeof ZIea43ImportReply>;
