import { z } from 'zod';
import type { TLocalized } from '../i18n/language.ts';
import { ZId } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Cold climate (issue 45 §2): icing periods, the IEA ice class (IEA Wind Task 19, RP 13, 2nd ed. 2017) and
// the IEC 61400-1 cold-climate temperature figures per site-year. The reason keys are packages/wind's
// (ICING_SYMPTOMS plus 'cold-and-humid'); a server test keeps the two lists equal.

export const ICING_REASON_KEYS = [
  'cup-flat',
  'cup-stalled',
  'vane-frozen',
  'unheated-low',
  'cold-and-humid',
] as const;
export type TIcingReasonKey = (typeof ICING_REASON_KEYS)[number];

export const ICING_REASON_NAMES: Record<TIcingReasonKey, TLocalized> = {
  'cup-flat': { zh: '风杯冻结（标准差为 0）', en: 'Cup frozen (sd = 0)' },
  'cup-stalled': { zh: '风杯停转（相邻风杯 > 3 m/s）', en: 'Cup stalled (adjacent cup > 3 m/s)' },
  'vane-frozen': { zh: '风向标冻结', en: 'Vane frozen' },
  'unheated-low': { zh: '非加热风杯低于加热风杯', en: 'Unheated cup reads low against the heated one' },
  'cold-and-humid': { zh: '气温 ≤ 0 °C 且湿度 ≥ 95 %', en: 'T ≤ 0 °C and RH ≥ 95 %' },
};

export const ICING_KINDS = ['meteorological', 'instrumental'] as const;
export const ICING_KIND_NAMES: Record<(typeof ICING_KINDS)[number], TLocalized> = {
  meteorological: { zh: '气象覆冰', en: 'Meteorological icing' },
  instrumental: { zh: '仪器覆冰', en: 'Instrumental icing' },
};

const ZNum = z.number().nullable();
/** A range [min, max] in percent; max null = open above. */
const ZRange = z.tuple([z.number(), z.number().nullable()]);

export const ZColdClimateYear = z.object({
  year: z.number().int(),
  /** Measured hours of temperature (the coverage of the temperature figures). */
  temperatureHours: z.number(),
  minTemperatureC: ZNum,
  hoursBelowMinus20C: z.number(),
  hoursBelowMinus30C: z.number(),
  /** Measured hours with T and RH (the coverage of the meteorological share). */
  humidityHours: z.number(),
  meteorologicalIcingPct: ZNum,
  instrumentalIcingPct: ZNum,
  /** IEA ice class 1–5 from the meteorological share; null without RH. */
  iceClass: z.number().int().min(1).max(5).nullable(),
  productionLossPct: ZRange.nullable(),
});
export type TColdClimateYear = z.infer<typeof ZColdClimateYear>;

export const ZIcingPeriod = z.object({
  startTime: z.string(),
  endTime: z.string(),
  kind: z.enum(ICING_KINDS),
  kindName: z.string(),
  reasons: z.array(z.enum(ICING_REASON_KEYS)),
  /** The reasons with their record counts, in the reader's language. */
  evidence: z.string(),
  channels: z.array(z.string()),
  records: z.number().int(),
});
export type TIcingPeriod = z.infer<typeof ZIcingPeriod>;

/** The IEA ice class table as the answer shows it (one row a class). */
export const ZIceClassRow = z.object({
  iceClass: z.number().int(),
  meteorologicalPct: ZRange,
  instrumentalPct: ZRange,
  productionLossPct: ZRange,
});

export const ZColdClimate = z.object({
  temperatureChannel: z.string(),
  humidityChannel: z.string().nullable(),
  /** The channels judged for instrumental icing (with their heated partner, when one). */
  sensors: z.array(z.object({ channel: z.string(), heatedChannel: z.string().nullable() })),
  thresholds: z.object({
    meteorologicalMaxTemperatureC: z.number(),
    meteorologicalMinRelativeHumidityPct: z.number(),
  }),
  years: z.array(ZColdClimateYear),
  /** The periods, newest first, at most {@link MAX_ICING_PERIODS}; `periodCount` counts them all. */
  periods: z.array(ZIcingPeriod),
  periodCount: z.number().int(),
  iceClasses: z.array(ZIceClassRow),
  /** One sentence: the class of the latest full year, its loss range, the temperature figures. */
  summary: z.string(),
  /** The edition the classification follows. */
  source: z.string(),
});
export type TColdClimate = z.infer<typeof ZColdClimate>;

export const MAX_ICING_PERIODS = 200;

/** Colours of the IEA ice classes 1–5 (light to severe): the suitability badge and the home map's layer. */
export const ICE_CLASS_COLOURS = ['#91caff', '#4096ff', '#faad14', '#fa541c', '#a8071a'] as const;

/** One site on the home map's ice-class layer: the stored class of its latest year. */
export const ZSiteIceClass = z.object({
  stationId: ZId,
  year: z.number().int(),
  iceClass: z.number().int().min(1).max(5),
  meteorologicalIcingPct: z.number(),
  instrumentalIcingPct: ZNum,
  minTemperatureC: ZNum,
  updatedAt: z.string(),
});
export type TSiteIceClass = z.infer<typeof ZSiteIceClass>;
export const ZSiteIceClassList = z.array(ZSiteIceClass);
