import { z } from 'zod';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZCalibrationWarning } from '../sensors/calibrations.schema.ts';
import { ZId, ZQueryId, zOptionalText, zRequiredText } from '../text.schema.ts';
import {
  heightMayBeNegative,
  IEA43_HEIGHT_REFERENCES,
  IEA43_MEASUREMENT_TYPES,
  IEA43_UNITS,
  iea43MeasurementTypeOf,
  iea43UnitOf,
} from './iea43-lists.ts';

/**
 * What a logger channel measures (SPEC §3 Channel configuration “element”), with its names, the IEA
 * Wind Task 43 `measurement_type_id` it maps to and the usual unit.
 */
export const CHANNEL_ELEMENTS = {
  ws: { zh: '风速', en: 'Wind speed', measurementType: 'wind_speed', unit: 'm/s' },
  wd: { zh: '风向', en: 'Wind direction', measurementType: 'wind_direction', unit: 'deg' },
  T: { zh: '温度', en: 'Air temperature', measurementType: 'air_temperature', unit: 'deg_C' },
  RH: { zh: '相对湿度', en: 'Relative humidity', measurementType: 'relative_humidity', unit: '%' },
  p: { zh: '气压', en: 'Air pressure', measurementType: 'air_pressure', unit: 'hPa' },
  rho: { zh: '空气密度', en: 'Air density', measurementType: 'air_density', unit: 'kg/m^3' },
  wsv: { zh: '垂直风速', en: 'Vertical wind speed', measurementType: 'vertical_wind_speed', unit: 'm/s' },
  prcp: { zh: '降水量', en: 'Precipitation', measurementType: 'precipitation', unit: 'mm' },
  ghi: {
    zh: '总辐射',
    en: 'Global horizontal irradiance',
    measurementType: 'global_horizontal_irradiance',
    unit: 'W/m^2',
  },
  voltage: { zh: '电压', en: 'Voltage', measurementType: 'voltage', unit: 'V' },
  /** Remote sensing (lidar, sodar): the signal and data-quality channels each height carries (issue 31). */
  cnr: { zh: '载噪比', en: 'Carrier-to-noise ratio', measurementType: 'carrier_to_noise_ratio', unit: 'dB' },
  avail: { zh: '数据可用率', en: 'Data availability', measurementType: 'availability', unit: '%' },
  qf: { zh: '质量因子', en: 'Quality factor', measurementType: 'quality', unit: '%' },
  dsb: {
    zh: '多普勒谱展宽',
    en: 'Doppler spectral broadening',
    measurementType: 'doppler_spectral_broadening',
    unit: 'm/s',
  },
  other: { zh: '其他', en: 'Other', measurementType: 'other', unit: '' },
} as const satisfies Record<string, TLocalized & { measurementType: string; unit: string }>;
export type TChannelElement = keyof typeof CHANNEL_ELEMENTS;
export const CHANNEL_ELEMENT_KEYS = Object.keys(CHANNEL_ELEMENTS) as [TChannelElement, ...TChannelElement[]];

/** The element measuring an IEA Task 43 measurement type; 'other' when MastHub has none. */
export function channelElementOf(measurementType: string): TChannelElement {
  const found = CHANNEL_ELEMENT_KEYS.find((k) => CHANNEL_ELEMENTS[k].measurementType === measurementType);
  return found ?? 'other';
}

/**
 * The statistic of a channel over the logger's averaging period (SPEC §3): mean, max, min and sd, which
 * the analyses read, and every other IEA Task 43 `statistic_type_id` (ti, gust, count, quality…), kept as
 * channels too (issue 44) so a Task 43 file loses none of its columns. `mean` is Task 43's `avg`.
 */
export const CHANNEL_STATISTICS = [
  'mean',
  'max',
  'min',
  'sd',
  'count',
  'availability',
  'quality',
  'sum',
  'median',
  'mode',
  'range',
  'gust',
  'ti',
  'ti30sec',
  'text',
] as const;
export type TChannelStatistic = (typeof CHANNEL_STATISTICS)[number];

export const CHANNEL_STATISTIC_NAMES: Record<TChannelStatistic, TLocalized> = {
  mean: { zh: '平均值', en: 'Mean' },
  max: { zh: '最大值', en: 'Maximum' },
  min: { zh: '最小值', en: 'Minimum' },
  sd: { zh: '标准差', en: 'Standard deviation' },
  count: { zh: '计数', en: 'Count' },
  availability: { zh: '可用率', en: 'Availability' },
  quality: { zh: '质量标志', en: 'Quality' },
  sum: { zh: '累计值', en: 'Sum' },
  median: { zh: '中位数', en: 'Median' },
  mode: { zh: '众数', en: 'Mode' },
  range: { zh: '极差', en: 'Range' },
  gust: { zh: '阵风', en: 'Gust' },
  ti: { zh: '湍流强度', en: 'Turbulence intensity' },
  ti30sec: { zh: '湍流强度（30 秒）', en: 'Turbulence intensity (30 s)' },
  text: { zh: '文本', en: 'Text' },
};

/** The IEA Task 43 statistic_type_id of a channel statistic (mean → avg) and back. */
export function iea43StatisticOf(statistic: TChannelStatistic): string {
  return statistic === 'mean' ? 'avg' : statistic;
}
export function channelStatisticOf(statisticTypeId: string): TChannelStatistic | undefined {
  const s = statisticTypeId === 'avg' ? 'mean' : statisticTypeId;
  return (CHANNEL_STATISTICS as readonly string[]).includes(s) ? (s as TChannelStatistic) : undefined;
}

/** Where a channel's height is measured from: '' (not stated: ground level) or a Task 43 height reference. */
export const CHANNEL_HEIGHT_REFERENCES = ['', ...IEA43_HEIGHT_REFERENCES] as const;
export type TChannelHeightReference = (typeof CHANNEL_HEIGHT_REFERENCES)[number];

const CHANNEL_TEXT_MAX = 100;
const SENSOR_TEXT_MAX = 50;
/** Heights above ground in metres; lidars reach a few hundred metres. */
const HEIGHT_MAX_M = 1000;
/** Below a sea-level reference: an ADCP reaches the sea floor (deep water, a few kilometres at most). */
const HEIGHT_MIN_M = -11000;

const zOptionalNumber = (schema: z.ZodNumber) => schema.nullish().transform((v) => v ?? null);

/** A typed unit as the Task 43 list spells it (°C → deg_C); one not in the list is refused with the list. */
const zChannelUnit = zOptionalText(20).transform((typed, ctx) => {
  const unit = iea43UnitOf(typed);
  if (unit !== undefined) return unit;
  ctx.addIssue({
    code: 'custom',
    message: vmsg('iea43Unit').error,
    params: { allowed: IEA43_UNITS.join(', ') },
  });
  return z.NEVER;
});

/** A typed measurement type as the Task 43 list has it (icing → ice_detection); others refused with the list. */
const zChannelMeasurementType = zOptionalText(50).transform((typed, ctx) => {
  const type = iea43MeasurementTypeOf(typed);
  if (type !== undefined) return type;
  ctx.addIssue({
    code: 'custom',
    message: vmsg('iea43MeasurementType').error,
    params: { allowed: IEA43_MEASUREMENT_TYPES.join(', ') },
  });
  return z.NEVER;
});

/**
 * What a Task 43 import keeps beside a channel that MastHub has no column for (issue 44): the measurement
 * point's, logger measurement config's and column's other properties as they came, with their places in
 * the file (index), and which of the point's sensors and mounting arrangements was in force. An export
 * gives them back; a channel typed in MastHub has none.
 */
export const ZChannelIea43 = z.looseObject({
  point: z.looseObject({ index: z.number().int().min(0) }),
  config: z.looseObject({ index: z.number().int().min(0) }),
  column: z.looseObject({ index: z.number().int().min(0) }),
  sensorIndex: z.number().int().min(0).nullish(),
  mountingIndex: z.number().int().min(0).nullish(),
});
export type TChannelIea43 = z.infer<typeof ZChannelIea43>;

/** One logger channel of a configuration. */
export const ZChannel = z
  .object({
    channelName: zRequiredText('required', CHANNEL_TEXT_MAX),
    element: z.enum(CHANNEL_ELEMENT_KEYS, vmsg('oneOf')),
    /** The IEA Task 43 measurement type when the element does not say it (element 'other'). */
    measurementType: zChannelMeasurementType,
    /** The measurement point's height (Task 43 `height_m`), from `heightReference`. */
    heightM: zOptionalNumber(z.number().min(HEIGHT_MIN_M).max(HEIGHT_MAX_M)),
    /** Task 43 `height_reference_id`; '' is not stated (ground level). */
    heightReference: z
      .enum(CHANNEL_HEIGHT_REFERENCES, vmsg('oneOf'))
      .nullish()
      .transform((v) => v ?? ''),
    /** The height the logger was programmed with (Task 43 logger_measurement_config.height_m). */
    loggerHeightM: zOptionalNumber(z.number().min(HEIGHT_MIN_M).max(HEIGHT_MAX_M)),
    /** Tells apart channels of one element and height (e.g. the N and S booms): “80mN”. */
    tag: zOptionalText(CHANNEL_TEXT_MAX),
    /** The key of the channel's column in the stored data. Unique within a configuration. */
    dataKey: zRequiredText('required', CHANNEL_TEXT_MAX),
    unit: zChannelUnit,
    statistic: z.enum(CHANNEL_STATISTICS, vmsg('oneOf')),
    boomOrientationDeg: zOptionalNumber(z.number().min(0).max(360)),
    sensorMake: zOptionalText(SENSOR_TEXT_MAX),
    sensorModel: zOptionalText(SENSOR_TEXT_MAX),
    sensorSerial: zOptionalText(SENSOR_TEXT_MAX),
    /** Wind vanes: the dead-band (north mark) orientation, degrees. */
    vaneOffsetDeg: zOptionalNumber(z.number().min(-360).max(360)),
    /** The logger's programmed slope and offset (value = slope × raw + offset). */
    calibrationSlope: zOptionalNumber(z.number()),
    calibrationOffset: zOptionalNumber(z.number()),
    /** Task 43 properties kept as they came (imported channels only). */
    iea43: ZChannelIea43.nullish().transform((v) => v ?? null),
  })
  .superRefine((channel, ctx) => {
    for (const field of ['heightM', 'loggerHeightM'] as const) {
      const height = channel[field];
      if (height !== null && height < 0 && !heightMayBeNegative(channel.heightReference)) {
        ctx.addIssue({ code: 'custom', message: vmsg('heightBelowGround').error, path: [field] });
      }
    }
  });
export type TChannelInput = z.input<typeof ZChannel>;
export type TChannel = z.output<typeof ZChannel>;

/**
 * POST /web/station/channel_config/save_or_update: a configuration of a site in force from
 * `effectiveFrom` until the next configuration's date. Without `id` it is added (the past is kept);
 * with `id` it is replaced as a whole. Two configurations of a site never share an effective date.
 */
export const ZChannelConfigSaveRequest = z
  .object({
    id: ZId.optional(),
    stationId: ZId,
    name: zRequiredText('required', 50),
    effectiveFrom: z.coerce.date(requiredError('required')),
    notes: zOptionalText(200),
    channels: z.array(ZChannel, requiredError('required')).min(1, vmsg('required')).max(1000),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.channels.forEach((channel, index) => {
      const key = channel.dataKey.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: vmsg('duplicate').error,
          path: ['channels', index, 'dataKey'],
        });
      }
      seen.add(key);
    });
  });
export type TChannelConfigSaveRequest = z.infer<typeof ZChannelConfigSaveRequest>;

/** GET /web/station/channel_config/list: the site's configurations and the one in force at `at` (default now). */
export const ZChannelConfigListQuery = z.object({
  stationId: ZQueryId,
  at: z.coerce.date().optional(),
});
export type TChannelConfigListQuery = z.infer<typeof ZChannelConfigListQuery>;

/** A stored channel as answered (plain types: response schemas carry no transforms). */
export const ZChannelRecord = z.object({
  id: z.number().int(),
  channelName: z.string(),
  element: z.enum(CHANNEL_ELEMENT_KEYS),
  elementName: z.string(),
  measurementType: z.string(),
  heightM: z.number().nullable(),
  heightReference: z.enum(CHANNEL_HEIGHT_REFERENCES),
  loggerHeightM: z.number().nullable(),
  tag: z.string(),
  dataKey: z.string(),
  unit: z.string(),
  statistic: z.enum(CHANNEL_STATISTICS),
  statisticName: z.string(),
  boomOrientationDeg: z.number().nullable(),
  sensorMake: z.string(),
  sensorModel: z.string(),
  sensorSerial: z.string(),
  vaneOffsetDeg: z.number().nullable(),
  calibrationSlope: z.number().nullable(),
  calibrationOffset: z.number().nullable(),
  iea43: ZChannelIea43.nullable(),
});
export type TChannelRecord = z.infer<typeof ZChannelRecord>;

/** A configuration in a list: in force from `effectiveFrom` until `effectiveTo` (the next one's date). */
export const ZChannelConfigSummary = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  name: z.string(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  notes: z.string(),
  channelCount: z.number().int(),
  isInForce: z.boolean(),
  updaterName: z.string(),
  updateTime: z.string(),
});
export type TChannelConfigSummary = z.infer<typeof ZChannelConfigSummary>;

export const ZChannelConfigDetail = ZChannelConfigSummary.extend({ channels: z.array(ZChannelRecord) });
export type TChannelConfigDetail = z.infer<typeof ZChannelConfigDetail>;

export const ZChannelConfigListReply = z.object({
  records: z.array(ZChannelConfigSummary),
  /** The configuration in force at the asked time, with its channels; null before the first one. */
  inForce: ZChannelConfigDetail.nullable(),
});
export type TChannelConfigListReply = z.infer<typeof ZChannelConfigListReply>;

/**
 * The saved configuration's id, and each channel whose programmed slope/offset disagrees with its sensor's
 * calibration certificate in force (issue 44 §2): a warning the page shows, not a refusal.
 */
export const ZChannelConfigSaveReply = z.object({
  id: z.number().int(),
  calibrationWarnings: z.array(ZCalibrationWarning),
});
export type TChannelConfigSaveReply = z.infer<typeof ZChannelConfigSaveReply>;

/** GET /web/station/channel_config/elements: the element choices in the caller's language. */
export const ZChannelElementOption = z.object({
  key: z.enum(CHANNEL_ELEMENT_KEYS),
  name: z.string(),
  measurementType: z.string(),
  unit: z.string(),
});
export type TChannelElementOption = z.infer<typeof ZChannelElementOption>;
