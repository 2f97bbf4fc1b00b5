import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId, zRequiredText } from '../text.schema.ts';
import { ZAnalysisBasis } from './analysis-basis.schema.ts';
import { ZEnergyUncertainty, ZEnergyUncertaintyOverride } from './energy-uncertainty.schema.ts';
import { ZLongTermBasis } from './longterm-basis.ts';
import { SUITABILITY_CLASS_KEYS, ZIecClass } from './site-suitability.schema.ts';
import { WEIBULL_METHODS } from './statistics.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Energy yield (issue 16, SPEC §2 /StationDetail/ElectricComputer, WIND-ANALYSIS §11): the system-wide
// turbine library and the gross/net AEP of turbines on a site's data version.

export const TURBINE_REGULATIONS = ['pitch', 'stall'] as const;
export type TTurbineRegulation = (typeof TURBINE_REGULATIONS)[number];
/** At most this many turbines side by side in one calculation. */
export const ENERGY_TURBINES_MAX = 5;
export const TURBINE_CURVE_POINTS_MAX = 400;
/** Loss factors a user enters (WIND-ANALYSIS §11), % each. */
export const ENERGY_LOSS_KEYS = [
  'wake',
  'availability',
  'electrical',
  'icing',
  'curtailment',
  'other',
] as const;
export type TEnergyLossKey = (typeof ENERGY_LOSS_KEYS)[number];
export const ENERGY_SHEAR_MODES = ['overall', 'sector', 'hour'] as const;
export const ENERGY_DENSITY_MODES = ['measured', 'altitude', 'fixed'] as const;
export const TURBINE_FILE_MAX_BYTES = 2 * 1024 * 1024;

const zPositive = (max: number) =>
  z.coerce
    .number(requiredError('required'))
    .refine((v) => Number.isFinite(v) && v > 0 && v <= max, vmsg('positiveNumber'));

export const ZCurvePoint = z.object({
  speed: z.number(vmsg('number')).min(0, vmsg('positiveNumber')).max(60, vmsg('positiveNumber')),
  power: z.number(vmsg('number')).min(0, vmsg('positiveNumber')),
  ct: z.number(vmsg('number')).min(0, vmsg('positiveNumber')).max(3, vmsg('positiveNumber')).nullable(),
});
export type TCurvePoint = z.infer<typeof ZCurvePoint>;

/** POST /web/turbine/save: add (no id) or edit a turbine of the library. */
export const ZTurbineSaveRequest = z
  .object({
    id: ZId.optional(),
    model: zRequiredText('turbineModelRequired', 100),
    manufacturer: z.string().trim().max(100, vmsg('maxLength')).default(''),
    ratedKw: zPositive(50_000),
    rotorDiameterM: zPositive(400),
    hubHeightsM: z.array(zPositive(500)).max(10, vmsg('tooLarge')).default([]),
    referenceDensity: z.coerce
      .number(requiredError('required'))
      .refine((v) => v >= 0.5 && v <= 1.5, vmsg('densityRange'))
      .default(1.225),
    regulation: z.enum(TURBINE_REGULATIONS, vmsg('oneOf')).default('pitch'),
    curve: z
      .array(ZCurvePoint, requiredError('curveTooShort'))
      .min(2, vmsg('curveTooShort'))
      .max(TURBINE_CURVE_POINTS_MAX, vmsg('tooLarge')),
    source: z.string().trim().max(500, vmsg('maxLength')).default(''),
    licence: z.string().trim().max(200, vmsg('maxLength')).default(''),
    /** IEC 61400-1 class the turbine is designed for ('II A', 'III B', 'S'); empty or null = not stated. */
    iecClass: z.preprocess((v) => (v === '' ? null : v), ZIecClass.nullable()).default(null),
  })
  .superRefine((v, ctx) => {
    for (let i = 1; i < v.curve.length; i++) {
      if (!(v.curve[i]!.speed > v.curve[i - 1]!.speed)) {
        ctx.addIssue({
          code: 'custom',
          path: ['curve', i, 'speed'],
          message: vmsg('curveNotIncreasing').error,
        });
        return;
      }
    }
  });
export type TTurbineSaveRequest = z.infer<typeof ZTurbineSaveRequest>;
export type TTurbineSaveInput = z.input<typeof ZTurbineSaveRequest>;

export const ZTurbinePageRequest = ZPageRequest.extend({ keywords: z.string().trim().max(50).optional() });
export type TTurbinePageRequest = z.infer<typeof ZTurbinePageRequest>;

export const ZTurbine = z.object({
  id: z.number().int(),
  model: z.string(),
  manufacturer: z.string(),
  ratedKw: z.number(),
  rotorDiameterM: z.number(),
  hubHeightsM: z.array(z.number()),
  referenceDensity: z.number(),
  regulation: z.enum(TURBINE_REGULATIONS),
  curve: z.array(ZCurvePoint),
  source: z.string(),
  licence: z.string(),
  /** IEC 61400-1 class ('I A' … 'III C', 'S'), null when not stated. */
  iecClass: z.string().nullable(),
  isBuiltin: z.boolean(),
  creatorName: z.string(),
  createTime: z.string(),
});
export type TTurbine = z.infer<typeof ZTurbine>;

export const ZTurbineExportQuery = z.object({ id: ZQueryId });

/** POST /data-process/energy/calculate and /export. */
export const ZEnergyRequest = z
  .object({
    versionId: ZId,
    speedChannelId: ZId,
    /** The vane for shear by sector and the sector breakdown. */
    directionChannelId: ZId.optional(),
    /** Hub height, SPEC §5 target height rule: integer in (0, 500] m. */
    hubHeight: z.coerce
      .number(requiredError('targetHeightRange'))
      .refine((v) => Number.isInteger(v) && v > 0 && v <= 500, vmsg('targetHeightRange')),
    shearMode: z.enum(ENERGY_SHEAR_MODES, vmsg('oneOf')).default('overall'),
    /** Two speed averages for the shear (SPEC §5: at most 2 heights); default one primary cup per height. */
    shearChannelIds: z
      .array(ZId)
      .refine((v) => v.length === 0 || v.length === 2, vmsg('shearTwoHeights'))
      .default([]),
    /** Sector width, SPEC §5: integer in (0, 180] dividing 360. */
    sectorWidth: z.coerce
      .number(requiredError('sectorWidthRange'))
      .refine((v) => Number.isInteger(v) && v > 0 && v <= 180, vmsg('sectorWidthRange'))
      .refine((v) => !(Number.isInteger(v) && v > 0 && v <= 180) || 360 % v === 0, vmsg('sectorWidthDivides'))
      .default(30),
    turbineIds: z
      .array(ZId, requiredError('turbinesRequired'))
      .min(1, vmsg('turbinesRequired'))
      .max(ENERGY_TURBINES_MAX, vmsg('turbinesMax'))
      .transform((ids) => [...new Set(ids)]),
    startTime: z
      .string()
      .datetime({ offset: true, ...vmsg('invalidType') })
      .optional(),
    endTime: z
      .string()
      .datetime({ offset: true, ...vmsg('invalidType') })
      .optional(),
    includeSuspicious: z.boolean(vmsg('invalidType')).default(false),
    /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
    includeFilled: z.boolean(vmsg('invalidType')).default(true),
    densityMode: z.enum(ENERGY_DENSITY_MODES, vmsg('oneOf')).default('measured'),
    fixedDensity: z.coerce
      .number()
      .refine((v) => v >= 0.5 && v <= 1.5, vmsg('densityRange'))
      .optional(),
    weibullMethod: z.enum(WEIBULL_METHODS, vmsg('oneOf')).default('wasp'),
    /** Loss factors, % (0–100 each). */
    losses: z
      .object(
        Object.fromEntries(
          ENERGY_LOSS_KEYS.map((k) => [
            k,
            z.coerce.number().min(0, vmsg('percentRange')).max(100, vmsg('percentRange')).default(0),
          ]),
        ) as Record<TEnergyLossKey, z.ZodDefault<z.ZodCoercedNumber>>,
      )
      .default({ wake: 0, availability: 0, electrical: 0, icing: 0, curtailment: 0, other: 0 }),
    /** Independent uncertainty components, % of AEP. */
    uncertainties: z
      .array(
        z.object({
          name: z.string().trim().min(1, vmsg('required')).max(50, vmsg('maxLength')),
          value: z.coerce.number().min(0, vmsg('percentRange')).max(100, vmsg('percentRange')),
        }),
      )
      .max(12, vmsg('tooLarge'))
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.densityMode === 'fixed' && v.fixedDensity === undefined) {
      ctx.addIssue({ code: 'custom', path: ['fixedDensity'], message: vmsg('densityRange').error });
    }
    if (v.startTime && v.endTime && Date.parse(v.endTime) <= Date.parse(v.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: vmsg('startAfterEnd').error });
    }
  });
export type TEnergyRequest = z.infer<typeof ZEnergyRequest>;
export type TEnergyRequestInput = z.input<typeof ZEnergyRequest>;

const ZNum = z.number().nullable();

export const ZEnergyTurbineResult = z.object({
  turbineId: z.number().int(),
  model: z.string(),
  manufacturer: z.string(),
  ratedKw: z.number(),
  regulation: z.enum(TURBINE_REGULATIONS),
  /** The turbine's IEC class and the site's verdict for it (null: not stated, or not judged). */
  iecClass: z.string().nullable(),
  classSuitable: z.boolean().nullable(),
  hubMeanSpeed: ZNum,
  count: z.number().int(),
  /** Time series, average-year weighted (null when a calendar month has no data). */
  grossMwh: ZNum,
  /** All-records mean × 8766 h, always given. */
  plainGrossMwh: ZNum,
  missingMonths: z.array(z.number().int()),
  /**
   * On a long-term corrected version (WIND-ANALYSIS §13): S = (AEP(1.01·v) − AEP(0.99·v))/(0.02·AEP(v)) of
   * the gross yield and u_AEP = S·u_total (relative); null on other versions.
   */
  aepSensitivity: ZNum,
  uAep: ZNum,
  meanPowerKw: ZNum,
  /** What capacity factor, full-load hours and net are taken from. */
  grossBasis: z.enum(['averageYear', 'plain']),
  capacityFactor: ZNum,
  fullLoadHours: ZNum,
  weibull: z
    .object({
      scale: z.number(),
      shape: z.number(),
      grossMwh: z.number(),
      capacityFactor: z.number(),
      fullLoadHours: z.number(),
    })
    .nullable(),
  weibullBySectorMwh: ZNum,
  /** Net of losses, from the time-series gross (the plain one when a month is missing). */
  netMwh: ZNum,
  lossFactor: z.number(),
  exceedance: z.object({ sigma: z.number(), P50: ZNum, P75: ZNum, P90: ZNum, P99: ZNum }),
  /** The uncertainty chain (issue 46 §1): components, sensitivity and P-values for 1/10/20 years; null without a net. */
  uncertainty: ZEnergyUncertainty.nullable(),
  byMonth: z.array(
    z.object({ month: z.number().int(), count: z.number().int(), meanPowerKw: ZNum, grossMwh: ZNum }),
  ),
  byHour: z.array(z.object({ hour: z.number().int(), meanPowerKw: ZNum })),
  bySector: z.array(
    z.object({
      label: z.string(),
      frequency: z.number(),
      meanSpeed: ZNum,
      meanPowerKw: ZNum,
      energyShare: ZNum,
      weibullScale: ZNum,
      weibullShape: ZNum,
    }),
  ),
  /** The density-corrected power curve used (for the chart). */
  siteCurve: z.object({ speed: z.array(z.number()), power: z.array(z.number()) }),
});
export type TEnergyTurbineResult = z.infer<typeof ZEnergyTurbineResult>;

export const ZEnergyResult = z.object({
  versionId: z.number().int(),
  versionName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  speedChannel: z.object({ id: z.number().int(), name: z.string(), heightM: z.number() }),
  hubHeight: z.number(),
  shearMode: z.enum(ENERGY_SHEAR_MODES),
  /** The overall α used (1/7 when only one height: WIND-ANALYSIS §6). */
  shearExponent: z.number(),
  shearIsDefault: z.boolean(),
  shearBySector: z.array(ZNum),
  shearByHour: z.array(ZNum),
  densitySource: z.enum(['measured', 'altitude', 'fixed']),
  meanDensity: z.number(),
  sectorLabels: z.array(z.string()),
  losses: z.record(z.string(), z.number()),
  uncertaintySigma: z.number(),
  /** The typed uncertainty components of the version, with who typed them and when. */
  uncertaintyOverrides: z.array(ZEnergyUncertaintyOverride),
  /** The long-term correction the version stands on (its lineage), or null. */
  longTerm: ZLongTermBasis.nullable(),
  /**
   * The site's IEC 61400-1 class at hub height (WIND-ANALYSIS §14) from the same hub series, the speed's
   * σ (or TI) and gust channels at its height: the least demanding class and category it fits ('S' none,
   * null not judged) and the verdict of each combination; the full check is the site suitability screen's.
   */
  siteClass: z
    .object({
      windClass: z.string().nullable(),
      category: z.string().nullable(),
      verdicts: z.array(
        z.object({ key: z.enum(SUITABILITY_CLASS_KEYS), isSuitable: z.boolean().nullable() }),
      ),
    })
    .nullable(),
  turbines: z.array(ZEnergyTurbineResult),
  /** What the yield stood on: version, period, records used and left out by why (issue 41 §1). */
  basis: ZAnalysisBasis,
});
export type TEnergyResult = z.infer<typeof ZEnergyResult>;

/** POST /web/turbine/import: what a turbine file says, as form values (rotor diameter may be missing). */
export const ZTurbineFileValues = z.object({
  model: z.string(),
  manufacturer: z.string(),
  ratedKw: z.number(),
  rotorDiameterM: z.number().optional(),
  hubHeightsM: z.array(z.number()),
  referenceDensity: z.number(),
  regulation: z.enum(TURBINE_REGULATIONS),
  curve: z.array(ZCurvePoint),
  source: z.string(),
  licence: z.string(),
});
export type TTurbineFileValues = z.infer<typeof ZTurbineFileValues>;
