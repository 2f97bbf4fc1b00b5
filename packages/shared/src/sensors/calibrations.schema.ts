import { z } from 'zod';
import { ZPageRequest, zPage } from '../api.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId, zOptionalText, zRequiredText } from '../text.schema.ts';

/**
 * Calibration certificates of sensors (issue 44 §2): a sensor's calibrations as IEA Task 43 keeps them
 * (sensor[*].calibration[*]), typed by hand or imported from a Task 43 digital calibration certificate
 * (schema 1.1.0-2022.06), with the certificate's PDF; the check of the logger's programmed slope/offset
 * against the certificate in force; a site's recalibration rule and the fleet's sensors due.
 */

/** The largest certificate PDF (a scanned certificate of a few pages is 1–5 MB). */
export const CALIBRATION_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** The largest digital calibration certificate JSON (the demo is 12 KB). */
export const CALIBRATION_CERTIFICATE_MAX_BYTES = 2 * 1024 * 1024;
/** Months between calibrations when a site has no rule of its own (the server's setting may change it). */
export const CALIBRATION_DEFAULT_INTERVAL_MONTHS = 12;
/** A sensor is "due" this many days before its due date. */
export const CALIBRATION_DUE_SOON_DAYS = 30;

/** Where a calibration came from: a Task 43 file, a digital calibration certificate, typed by hand. */
export const CALIBRATION_SOURCES = ['iea43', 'certificate', 'manual'] as const;
export type TCalibrationSource = (typeof CALIBRATION_SOURCES)[number];

const ZIsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, vmsg('invalidType'))
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    vmsg('invalidType'),
  );

const zNullableNumber = () =>
  z
    .number(vmsg('number'))
    .finite(vmsg('number'))
    .nullish()
    .transform((v) => v ?? null);

/** One point of a calibration's uncertainty (Task 43 calibration_uncertainty). */
export const ZCalibrationUncertaintyRow = z.object({
  referenceBin: zNullableNumber(),
  referenceUnit: zOptionalText(20),
  combinedUncertainty: zNullableNumber(),
});
export type TCalibrationUncertaintyRowInput = z.input<typeof ZCalibrationUncertaintyRow>;

/** What names one physical sensor: make, model, serial number (case aside). */
export const ZSensorIdentity = z.object({
  oem: zOptionalText(100),
  model: zOptionalText(100),
  serialNumber: zRequiredText('required', 100),
});
export type TSensorIdentityInput = z.input<typeof ZSensorIdentity>;

/** The Task 43 calibration fields a user types. */
export const ZCalibrationFields = z.object({
  measurementTypeId: zOptionalText(50),
  slope: zNullableNumber(),
  offset: zNullableNumber(),
  sensitivity: zNullableNumber(),
  calibrationId: zOptionalText(100),
  dateOfCalibration: ZIsoDay.nullish().transform((v) => v ?? null),
  revision: zOptionalText(50),
  calibrationOrganisation: zOptionalText(200),
  placeOfCalibration: zOptionalText(200),
  reportFileName: zOptionalText(200),
  reportLink: zOptionalText(500).refine((s) => s === '' || /^https?:\/\/\S+$/i.test(s), vmsg('invalidType')),
  uncertaintyKFactor: z
    .number(vmsg('number'))
    .positive(vmsg('positive'))
    .max(10, vmsg('tooLarge'))
    .nullish()
    .transform((v) => v ?? null),
  calibrationUncertainty: z.array(ZCalibrationUncertaintyRow).max(200).default([]),
  notes: zOptionalText(2000),
});

/**
 * POST /web/sensor/calibration/save: a calibration typed by hand. With `id` it replaces that (manual)
 * calibration; without, it is added to the sensor `sensorId`, or to the sensor named by `sensor`
 * (registered when new — a channel names a sensor before anyone registered it).
 */
export const ZCalibrationSaveRequest = ZCalibrationFields.extend({
  id: ZId.optional(),
  sensorId: ZId.optional(),
  sensor: ZSensorIdentity.optional(),
}).superRefine((input, ctx) => {
  if (input.id === undefined && input.sensorId === undefined && input.sensor === undefined) {
    ctx.addIssue({ code: 'custom', message: vmsg('required').error, path: ['sensorId'] });
  }
  if (input.slope === null && input.offset === null && input.sensitivity === null) {
    ctx.addIssue({ code: 'custom', message: vmsg('required').error, path: ['slope'] });
  }
});
export type TCalibrationSaveRequest = z.infer<typeof ZCalibrationSaveRequest>;
export type TCalibrationSaveInput = z.input<typeof ZCalibrationSaveRequest>;

/** GET /web/sensor/calibration/list: a sensor's calibrations. */
export const ZSensorIdQuery = z.object({ sensorId: ZQueryId });

/**
 * POST /web/sensor/calibration/import (JSON body or multipart `file`): a digital calibration certificate
 * for the sensor `sensorId` (refused when the certificate's serial is another's), or — without it — for the
 * sensor its test item names (make, model, serial), registered when new.
 */
export const ZCalibrationImportQuery = z.object({
  sensorId: ZQueryId.optional(),
  /** Without `sensorId`: the serial number the certificate must name (a channel's sensor not registered yet). */
  serialNumber: z.string().trim().max(100).optional(),
});

/** The PDF upload (`id` of the calibration in the query, then one `file` part). */
export const ZCalibrationPdfQuery = z.object({ id: ZQueryId });

export const ZSensor = z.object({
  id: z.number().int(),
  oem: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  sensorTypeId: z.string(),
});
export type TSensor = z.infer<typeof ZSensor>;

export const ZCalibration = z.object({
  id: z.number().int(),
  sensorId: z.number().int(),
  measurementTypeId: z.string(),
  slope: z.number().nullable(),
  offset: z.number().nullable(),
  sensitivity: z.number().nullable(),
  calibrationId: z.string(),
  dateOfCalibration: z.string().nullable(),
  revision: z.string(),
  calibrationOrganisation: z.string(),
  placeOfCalibration: z.string(),
  reportFileName: z.string(),
  reportLink: z.string(),
  uncertaintyKFactor: z.number().nullable(),
  calibrationUncertainty: z.array(
    z.object({
      referenceBin: z.number().nullable(),
      referenceUnit: z.string(),
      combinedUncertainty: z.number().nullable(),
    }),
  ),
  notes: z.string(),
  source: z.enum(CALIBRATION_SOURCES),
  hasCertificate: z.boolean(),
  certificatePdfName: z.string(),
  hasPdf: z.boolean(),
  creatorName: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TCalibration = z.infer<typeof ZCalibration>;

export const ZSensorCalibrationsReply = z.object({
  sensor: ZSensor,
  calibrations: z.array(ZCalibration),
  /** The sites whose channel configurations name the sensor, as far as the caller sees them. */
  stations: z.array(z.object({ id: z.number().int(), stationCode: z.string() })),
  canEdit: z.boolean(),
});
export type TSensorCalibrationsReply = z.infer<typeof ZSensorCalibrationsReply>;

export const ZCalibrationSaveReply = z.object({ id: z.number().int(), sensorId: z.number().int() });

export const ZCalibrationImportReply = z.object({
  id: z.number().int(),
  sensorId: z.number().int(),
  /** False when the sensor already had this certificate (same date, slope, offset and id). */
  isNew: z.boolean(),
  isSensorNew: z.boolean(),
});
export type TCalibrationImportReply = z.infer<typeof ZCalibrationImportReply>;

/** Where the programmed value differs from the certificate's (to the precision the less precise states). */
export const ZCalibrationMismatch = z.object({
  field: z.enum(['slope', 'offset']),
  programmed: z.number(),
  certified: z.number(),
});
export type TCalibrationMismatch = z.infer<typeof ZCalibrationMismatch>;

/** A channel of a configuration with its sensor's certificate in force and the mismatches. */
export const ZChannelCalibration = z.object({
  dataKey: z.string(),
  channelName: z.string(),
  sensorMake: z.string(),
  sensorModel: z.string(),
  sensorSerial: z.string(),
  /** Null while the sensor is not registered (no calibration entered yet). */
  sensorId: z.number().int().nullable(),
  programmedSlope: z.number().nullable(),
  programmedOffset: z.number().nullable(),
  inForce: z
    .object({
      id: z.number().int(),
      slope: z.number().nullable(),
      offset: z.number().nullable(),
      dateOfCalibration: z.string().nullable(),
      calibrationOrganisation: z.string(),
      calibrationId: z.string(),
    })
    .nullable(),
  mismatches: z.array(ZCalibrationMismatch),
});
export type TChannelCalibration = z.infer<typeof ZChannelCalibration>;

/** GET /web/sensor/calibration/station: a configuration's channels against their certificates. */
export const ZStationCalibrationQuery = z.object({ stationId: ZQueryId, configId: ZQueryId.optional() });
export const ZStationCalibrationReply = z.object({
  configId: z.number().int().nullable(),
  /** The configuration's period: what a correction of its mismatches covers (null: until the data end). */
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
  channels: z.array(ZChannelCalibration),
});
export type TStationCalibrationReply = z.infer<typeof ZStationCalibrationReply>;

/** The mismatches a channel configuration's save reply carries: a warning, not a refusal. */
export const ZCalibrationWarning = z.object({
  dataKey: z.string(),
  channelName: z.string(),
  sensorSerial: z.string(),
  calibrationId: z.number().int(),
  mismatches: z.array(ZCalibrationMismatch),
});
export type TCalibrationWarning = z.infer<typeof ZCalibrationWarning>;

// ---------------------------------------------------------------------------------------------------
// Correcting history: a channel re-scaled from the programmed to the certificate's slope/offset.

const ZSlopeOffset = z.object({
  slope: z
    .number(vmsg('number'))
    .finite(vmsg('number'))
    .refine((v) => v !== 0, vmsg('invalidType')),
  offset: z.number(vmsg('number')).finite(vmsg('number')),
});

/**
 * POST /web/sensor/calibration/correct: v' = (v − offset_p)/slope_p × slope_c + offset_c over
 * [fromTime, toTime) (toTime absent: to the version's end) of one channel of a working version.
 */
export const ZCalibrationCorrectRequest = z
  .object({
    versionId: ZId,
    channel: zRequiredText('required', 100),
    fromTime: z.coerce.date(requiredError('required')),
    toTime: z.coerce
      .date()
      .nullish()
      .transform((v) => v ?? null),
    programmed: ZSlopeOffset,
    certified: ZSlopeOffset,
    calibrationId: ZId.optional(),
  })
  .refine((r) => r.toTime === null || r.toTime.getTime() > r.fromTime.getTime(), {
    ...vmsg('startAfterEnd'),
    path: ['toTime'],
  });
export type TCalibrationCorrectRequest = z.infer<typeof ZCalibrationCorrectRequest>;
export type TCalibrationCorrectInput = z.input<typeof ZCalibrationCorrectRequest>;

export const ZCalibrationCorrectReply = z.object({
  correctionId: z.number().int(),
  taskId: z.number().int(),
});

/** GET /web/sensor/calibration/corrections: a site's corrections to certificates, newest first. */
export const ZCalibrationCorrection = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  versionName: z.string(),
  channel: z.string(),
  fromTime: z.string(),
  toTime: z.string().nullable(),
  programmed: z.object({ slope: z.number(), offset: z.number() }),
  certified: z.object({ slope: z.number(), offset: z.number() }),
  status: z.enum(['queued', 'applied', 'undone']),
  creatorName: z.string(),
  createTime: z.string(),
});
export type TCalibrationCorrection = z.infer<typeof ZCalibrationCorrection>;

/** POST /web/sensor/calibration/correct/undo. */
export const ZCalibrationCorrectionIdBody = z.object({ correctionId: ZId });

// ---------------------------------------------------------------------------------------------------
// Expiry: a site's rule and the fleet's sensors due.

/** POST /web/sensor/calibration/rule/save: a site's recalibration rule. */
export const ZCampaignRuleSaveRequest = z.object({
  stationId: ZId,
  /** Null: the server's default interval. */
  recalibrationMonths: z
    .number(vmsg('number'))
    .int(vmsg('number'))
    .min(1, vmsg('tooSmall'))
    .max(240, vmsg('tooLarge'))
    .nullish()
    .transform((v) => v ?? null),
  isPostCampaignRequired: z.boolean().default(false),
  campaignEnd: ZIsoDay.nullish().transform((v) => v ?? null),
});
export type TCampaignRuleSaveRequest = z.infer<typeof ZCampaignRuleSaveRequest>;

export const ZCampaignRule = z.object({
  stationId: z.number().int(),
  recalibrationMonths: z.number().int().nullable(),
  isPostCampaignRequired: z.boolean(),
  campaignEnd: z.string().nullable(),
  /** The interval used when `recalibrationMonths` is null. */
  defaultMonths: z.number().int(),
});
export type TCampaignRule = z.infer<typeof ZCampaignRule>;

export const CALIBRATION_DUE_STATUSES = ['overdue', 'due', 'ok'] as const;
export type TCalibrationDueStatus = (typeof CALIBRATION_DUE_STATUSES)[number];
/** Why a sensor is due: its interval ran out, the campaign ended (post-campaign), or it never had one. */
export const CALIBRATION_DUE_REASONS = ['interval', 'post_campaign', 'never'] as const;

/** POST /web/sensor/calibration/due/page: the sensors on the caller's sites, due first. */
export const ZCalibrationDueRequest = ZPageRequest.extend({
  /** 'due' lists the overdue and the due soon; 'all' every sensor. */
  status: z.enum(['overdue', 'due', 'all']).default('due'),
  stationId: ZId.optional(),
  search: zOptionalText(100),
});
export type TCalibrationDueRequest = z.infer<typeof ZCalibrationDueRequest>;

export const ZCalibrationDue = z.object({
  stationId: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
  sensorId: z.number().int().nullable(),
  oem: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  channels: z.array(z.string()),
  lastCalibrationDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(CALIBRATION_DUE_STATUSES),
  reason: z.enum(CALIBRATION_DUE_REASONS).nullable(),
});
export type TCalibrationDue = z.infer<typeof ZCalibrationDue>;
export const ZCalibrationDuePage = zPage(ZCalibrationDue);

// ---------------------------------------------------------------------------------------------------
// The IEA Task 43 digital calibration certificate (schema 1.1.0-2022.06), as far as MastHub reads it: the
// fields the official schema requires and what a calibration is made of. Other fields pass through (the
// certificate is kept as it came).

const ZDccValue = z.looseObject({
  value: z.number(),
  unit: z.string().optional(),
  uncertainty: z.looseObject({ value: z.number(), coverage_factor: z.number().optional() }).optional(),
});

export const ZDigitalCalibrationCertificate = z.looseObject({
  version: z.string().regex(/^([0-9]{1,2})[.]([0-9]{1,2})[.]([0-9]{1,2})-([0-9]{4})[.]([0-9]{2})$/),
  calibration_id: z.string().max(100),
  calibration_lab: z.looseObject({
    company_name: z.string().max(200).optional(),
    address: z.string().max(200).optional(),
    accreditation_id: z.string().optional(),
  }),
  customer: z.looseObject({}),
  test_item: z.looseObject({
    model: z.string().max(100),
    serial_number: z.string().trim().min(1).max(100),
    description: z.string(),
    oem: z.looseObject({ company_name: z.string().max(100).optional() }),
  }),
  setup: z.looseObject({
    date_of_calibration: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  result: z.looseObject({
    ambient_conditions: z.looseObject({}),
    table: z
      .array(
        z.looseObject({
          reference: ZDccValue.optional(),
          test_item: ZDccValue.optional(),
          deviation: ZDccValue.optional(),
        }),
      )
      .max(200),
    linear_regression: z.looseObject({ slope: ZDccValue, offset: ZDccValue }),
  }),
  date_of_issue: z.string(),
  revision: z.string().max(50),
});
export type TDigitalCalibrationCertificate = z.infer<typeof ZDigitalCalibrationCertificate>;
