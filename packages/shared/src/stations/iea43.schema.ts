import { z } from 'zod';
import { ZQueryId } from '../text.schema.ts';

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
  statistic_type_id: z.string().min(1),
  is_ignored: z.boolean().nullish(),
  notes: zNullableText(),
});

export const ZIea43LoggerMeasurementConfig = z.looseObject({
  slope: zNullableNumber(),
  offset: zNullableNumber(),
  measurement_units_id: zNullableText(),
  height_m: zNullableNumber(),
  serial_number: zNullableText(),
  logger_stated_boom_orientation_deg: zNullableNumber(),
  date_from: ZIea43DateTime,
  date_to: ZIea43DateTime.nullish(),
  column_name: z.array(ZIea43Column).min(1),
  notes: zNullableText(),
});

export const ZIea43Sensor = z.looseObject({
  oem: zNullableText(),
  model: zNullableText(),
  serial_number: zNullableText(),
  sensor_type_id: zNullableText(),
  date_from: ZIea43DateTime,
  date_to: ZIea43DateTime.nullish(),
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
  measurement_type_id: z.string().min(1),
  height_m: zNullableNumber(),
  height_reference_id: zNullableText(),
  notes: zNullableText(),
  logger_measurement_config: z.array(ZIea43LoggerMeasurementConfig).min(1),
  sensor: z.array(ZIea43Sensor).nullish(),
  mounting_arrangement: z.array(ZIea43MountingArrangement).nullish(),
});
export type TIea43MeasurementPoint = z.infer<typeof ZIea43MeasurementPoint>;

export const ZIea43MeasurementLocation = z.looseObject({
  name: z.string().min(1),
  latitude_ddeg: z.number().min(-90).max(90),
  longitude_ddeg: z.number().min(-180).max(180),
  measurement_station_type_id: z.string().min(1),
  notes: zNullableText(),
  measurement_point: z.array(ZIea43MeasurementPoint).min(1),
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
 * form with one `file`. `locationIndex` picks the measurement location (default the first).
 */
export const ZIea43ImportQuery = z.object({
  stationId: ZQueryId,
  locationIndex: z.coerce.number().int().min(0).max(99).default(0),
});
export type TIea43ImportQuery = z.infer<typeof ZIea43ImportQuery>;

/**
 * Why a column was left out of an import: its statistic is not mean/max/min/sd, it is marked ignored
 * in the file, or another column of the same configuration already has its name.
 */
export const IEA43_SKIP_REASONS = ['statistic', 'ignored', 'duplicate'] as const;

/** What an import created, and the columns it left out. */
export const ZIea43ImportReply = z.object({
  configurations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      effectiveFrom: z.string(),
      channelCount: z.number().int(),
    }),
  ),
  skippedColumns: z.array(
    z.object({
      measurementPoint: z.string(),
      column: z.string(),
      statisticType: z.string(),
      reason: z.enum(IEA43_SKIP_REASONS),
    }),
  ),
});
export type TIea43ImportReply = z.infer<typeof ZIea43ImportReply>;
