import { z } from 'zod';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId } from '../text.schema.ts';
import { ZAnalysisBasis } from './analysis-basis.schema.ts';
import { ZColdClimate } from './cold-climate.schema.ts';
import { ZLongTermBasis } from './longterm-basis.ts';

// ---------------------------------------------------------------------------------------------------
// Site suitability (issue 29, WIND-ANALYSIS §14): the IEC 61400-1 class check of a site at hub height —
// mean speed, the 50-year extreme by every method, the 50-year gust, turbulence against the normal
// turbulence model, shear, inflow and air density — with pass/fail per class I/II/III × A+/A/B/C.
// The keys below are packages/wind's (SUITABILITY_CHECKS, SUITABILITY_REASONS, EXTREME_METHODS,
// CLASS_KEYS); a server test keeps the two lists equal (packages/shared imports no other package).

export const SUITABILITY_CHECK_KEYS = [
  'meanSpeed',
  'extremeWind',
  'extremeGust',
  'turbulence',
  'shear',
  'inflow',
  'airDensity',
] as const;
export type TSuitabilityCheckKey = (typeof SUITABILITY_CHECK_KEYS)[number];

export const SUITABILITY_CHECK_NAMES: Record<TSuitabilityCheckKey, TLocalized> = {
  meanSpeed: { zh: '年平均风速', en: 'Annual mean speed' },
  extremeWind: { zh: '50 年一遇 10 分钟最大风速', en: '50-year 10-min extreme' },
  extremeGust: { zh: '50 年一遇极大风速（3 秒）', en: '50-year gust (3-s)' },
  turbulence: { zh: '湍流强度（等效 I_ref）', en: 'Turbulence (equivalent I_ref)' },
  shear: { zh: '风切变指数 α', en: 'Shear exponent α' },
  inflow: { zh: '入流角', en: 'Inflow angle' },
  airDensity: { zh: '空气密度', en: 'Air density' },
};

/** Machine-readable notes of the checks (packages/wind SUITABILITY_REASONS) and of the server's run. */
export const SUITABILITY_REASON_KEYS = [
  'annualMaximaTooFew',
  'periodicMaximaTooFew',
  'stormsTooFew',
  'extremeFromMeanOnly',
  'meanSpeedFromRecords',
  'gustFromV50',
  'noSpeedSd',
  'noTurbulenceBinJudged',
  'noShearHeights',
  'noDirection',
  'noVerticalSpeed',
  'noDensity',
  'shearOutsideDesign',
  'inflowOutsideLimit',
  'densityAboveStandard',
] as const;
export type TSuitabilityReasonKey = (typeof SUITABILITY_REASON_KEYS)[number];

/** The 50-year 10-min methods (packages/wind EXTREME_METHODS). */
export const SUITABILITY_EXTREME_METHODS = [
  'annualMaxima',
  'annualMaximaInput',
  'periodicMaxima',
  'independentStorms',
  'fivefoldMean',
] as const;
export type TSuitabilityExtremeMethod = (typeof SUITABILITY_EXTREME_METHODS)[number];
/** Which estimate decides: the highest offered statistical one (default, conservative) or a named one. */
export const SUITABILITY_EXTREME_CHOICES = ['highest', ...SUITABILITY_EXTREME_METHODS] as const;

/** The 12 class combinations, most demanding first (packages/wind CLASS_KEYS). */
export const SUITABILITY_CLASS_KEYS = [
  'I A+',
  'I A',
  'I B',
  'I C',
  'II A+',
  'II A',
  'II B',
  'II C',
  'III A+',
  'III A',
  'III B',
  'III C',
] as const;
export type TSuitabilityClassKey = (typeof SUITABILITY_CLASS_KEYS)[number];
export const IEC_WIND_CLASSES = ['I', 'II', 'III'] as const;
export const IEC_TURBULENCE_CATEGORIES = ['A+', 'A', 'B', 'C'] as const;

/** Periods a year of the periodic-maxima method (each 12/n_p whole months). */
export const SUITABILITY_PERIODS_PER_YEAR = [1, 2, 3, 4, 6, 12] as const;
export const SUITABILITY_DENSITY_SOURCES = ['measured', 'altitude'] as const;
export const SUITABILITY_TI_DEFINITIONS = ['sigma', 'ti'] as const;
/** Speeds for the shear fit: 2 heights at least, 8 at most. */
export const SUITABILITY_SHEAR_HEIGHTS_MAX = 8;
/** Annual maxima a user may type (a reference station's, transferred to the mast, §8.9). */
export const SUITABILITY_ANNUAL_MAXIMA_MAX = 200;

const ZTime = z.string(requiredError('required')).datetime({ offset: true, ...vmsg('invalidType') });
const zSpeed = (key: Parameters<typeof vmsg>[0]) =>
  z.coerce.number(requiredError(key)).refine((v) => Number.isFinite(v) && v >= 1 && v <= 40, vmsg(key));

/** POST /data-process/suitability/check and /export. */
export const ZSuitabilityRequest = z
  .object({
    /** The data version checked: its channels give every series. */
    versionId: ZId,
    /**
     * A long-term corrected version of the same site (WIND-ANALYSIS §13): its speed gives V_ave and its
     * annual maxima. Omitted: the site's newest long-term version, when one exists; null: none.
     */
    longTermVersionId: ZId.nullable().optional(),
    /** Hub height, SPEC §5 target height rule: a whole number of metres in (0, 500]. */
    hubHeight: z.coerce
      .number(vmsg('hubHeightRange'))
      .refine((v) => Number.isInteger(v) && v > 0 && v <= 500, vmsg('hubHeightRange')),
    /** A speed average; carried to hub height with the shear when it is at another height. */
    speedChannelId: ZId,
    directionChannelId: ZId.optional(),
    /** The speed's standard deviation (or a TI channel the server turns into σ). */
    sdChannelId: ZId.optional(),
    /** A gust (max) channel. */
    gustChannelId: ZId.optional(),
    /** A vertical wind speed channel (sonic, lidar): the inflow angle. */
    verticalChannelId: ZId.optional(),
    /** Speed averages at 2–8 heights for the shear; default one primary cup per height. */
    shearChannelIds: z
      .array(ZId)
      .refine(
        (v) => v.length === 0 || (v.length >= 2 && v.length <= SUITABILITY_SHEAR_HEIGHTS_MAX),
        vmsg('shearHeightsRange'),
      )
      .default([]),
    /** Air density from measured T (and p) at the site, or from the altitude by the standard atmosphere. */
    densitySource: z.enum(SUITABILITY_DENSITY_SOURCES, vmsg('oneOf')).default('measured'),
    temperatureChannelId: ZId.optional(),
    pressureChannelId: ZId.optional(),
    /** The altitude for `altitude` (default the site's). */
    altitudeM: z.coerce
      .number()
      .refine((v) => Number.isFinite(v) && v >= -500 && v <= 9000, vmsg('altitudeRange'))
      .optional(),
    /** Turbulence bins judged, by bin centre (default 10–25 m/s [P]). */
    checkRangeMin: zSpeed('checkRangeBounds').default(10),
    checkRangeMax: zSpeed('checkRangeBounds').default(25),
    turbulenceDefinition: z.enum(SUITABILITY_TI_DEFINITIONS, vmsg('oneOf')).default('sigma'),
    extremeMethod: z.enum(SUITABILITY_EXTREME_CHOICES, vmsg('oneOf')).default('highest'),
    periodsPerYear: z.coerce
      .number()
      .refine((v) => (SUITABILITY_PERIODS_PER_YEAR as readonly number[]).includes(v), vmsg('oneOf'))
      .default(12),
    /** Annual maxima of a reference station transferred to the mast (§8.9), m/s. */
    annualMaximaMps: z
      .array(
        z
          .number(vmsg('number'))
          .refine((v) => Number.isFinite(v) && v > 0 && v < 100, vmsg('annualMaximumRange')),
      )
      .max(SUITABILITY_ANNUAL_MAXIMA_MAX, vmsg('tooLarge'))
      .optional(),
    sectors: z.union([z.literal(12), z.literal(16)], vmsg('oneOf')).default(12),
    includeSuspicious: z.boolean(vmsg('invalidType')).default(false),
    /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
    includeFilled: z.boolean(vmsg('invalidType')).default(true),
    startTime: ZTime.optional(),
    endTime: ZTime.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.checkRangeMin > v.checkRangeMax) {
      ctx.addIssue({ code: 'custom', path: ['checkRangeMax'], message: vmsg('checkRangeBounds').error });
    }
    if (v.startTime && v.endTime && Date.parse(v.endTime) <= Date.parse(v.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: vmsg('startAfterEnd').error });
    }
    if (new Set(v.shearChannelIds).size !== v.shearChannelIds.length) {
      ctx.addIssue({ code: 'custom', path: ['shearChannelIds'], message: vmsg('shearHeightsRange').error });
    }
  });
export type TSuitabilityRequest = z.infer<typeof ZSuitabilityRequest>;
export type TSuitabilityRequestInput = z.input<typeof ZSuitabilityRequest>;

/** GET /data-process/suitability/defaults: what the screen preselects for a site. */
export const ZSuitabilityDefaultsQuery = z.object({ stationId: ZQueryId });
export const ZSuitabilityDefaults = z.object({
  stationId: z.number().int(),
  /** The site's newest long-term corrected version, or null. */
  longTermVersionId: z.number().int().nullable(),
  longTermVersionName: z.string().nullable(),
  longTerm: ZLongTermBasis.nullable(),
  /** The measured version to read the hub channels from: the long-term version's source, else the original. */
  versionId: z.number().int().nullable(),
  /** The site's altitude, m (for the standard atmosphere), when registered. */
  altitudeM: z.number().nullable(),
});
export type TSuitabilityDefaults = z.infer<typeof ZSuitabilityDefaults>;

const ZNum = z.number().nullable();
const ZNote = z.object({ key: z.string(), text: z.string() });
export type TSuitabilityNote = z.infer<typeof ZNote>;

/** One row of the class table; `limits`, `pass` and `margins` follow `classKeys`. */
export const ZSuitabilityCheckRow = z.object({
  key: z.enum(SUITABILITY_CHECK_KEYS),
  name: z.string(),
  status: z.enum(['judged', 'informative', 'notAvailable']),
  siteValue: ZNum,
  unit: z.string(),
  method: z.string(),
  methodName: z.string(),
  records: z.number().int(),
  limits: z.array(ZNum),
  pass: z.array(z.boolean().nullable()),
  margins: z.array(ZNum),
  isFlagged: z.boolean(),
  reasons: z.array(ZNote),
});
export type TSuitabilityCheckRow = z.infer<typeof ZSuitabilityCheckRow>;

export const ZSuitabilityVerdict = z.object({
  key: z.enum(SUITABILITY_CLASS_KEYS),
  windClass: z.enum(IEC_WIND_CLASSES),
  category: z.enum(IEC_TURBULENCE_CATEGORIES),
  /** false: a judged check fails; null: none fails but a core check could not be judged. */
  isSuitable: z.boolean().nullable(),
  decidingCheck: z.enum(SUITABILITY_CHECK_KEYS).nullable(),
  decidingMargin: ZNum,
  failedChecks: z.array(z.enum(SUITABILITY_CHECK_KEYS)),
  flaggedChecks: z.array(z.enum(SUITABILITY_CHECK_KEYS)),
  notJudgedChecks: z.array(z.enum(SUITABILITY_CHECK_KEYS)),
});
export type TSuitabilityVerdict = z.infer<typeof ZSuitabilityVerdict>;

const ZCategoryValues = z.object({ 'A+': z.number(), A: z.number(), B: z.number(), C: z.number() });

export const ZSuitabilityTurbulenceBin = z.object({
  centreMps: z.number(),
  count: z.number().int(),
  /** σ_rep/V (IEC) and TI_mean + 1.28·sd(TI). */
  sigmaRepTi: ZNum,
  tiRep: ZNum,
  /** NTM σ1(V)/V per category: the four class curves. */
  ntmTi: ZCategoryValues,
  isJudged: z.boolean(),
  notJudgedReason: z.enum(['outsideRange', 'tooFewRecords']).nullable(),
});
export type TSuitabilityTurbulenceBin = z.infer<typeof ZSuitabilityTurbulenceBin>;

/** One method on the extreme-wind probability plot, on the annual reduced variate y = −ln(−ln F_year). */
export const ZSuitabilityExtremeSeries = z.object({
  method: z.enum(SUITABILITY_EXTREME_METHODS),
  name: z.string(),
  /** The maxima (or storm maxima) at their plotting positions; fitted ones only for the storms. */
  points: z.array(z.object({ y: z.number(), speedMps: z.number() })),
  /** The fitted line (a curve for the storms, fitted on V²), evaluated over the plot's range. */
  line: z.array(z.object({ y: z.number(), speedMps: z.number() })),
});

export const ZSuitabilityExtremeEstimate = z.object({
  method: z.enum(SUITABILITY_EXTREME_METHODS),
  name: z.string(),
  /** Assumptions and data, one sentence. */
  description: z.string(),
  isOffered: z.boolean(),
  valueMps: ZNum,
  records: z.number().int(),
  reason: ZNote.nullable(),
  isChosen: z.boolean(),
});

const ZSectorValue = z.object({
  label: z.string(),
  value: ZNum,
  count: z.number().int(),
  isFlagged: z.boolean(),
});

/** A maximum one extreme-wind method used (or left out for coverage), at hub height. */
export const ZSuitabilityMaximum = z.object({
  method: z.enum(['periodicMaxima', 'independentStorms']),
  /** Stamp of the record (UTC ISO). */
  time: z.string(),
  valueMps: z.number(),
  /** Its quality flag (0 good, 1 filled, 2 suspicious: the others never reach an analysis). */
  flag: z.number().int(),
  /** True when it entered the fit. */
  isUsed: z.boolean(),
});
export type TSuitabilityMaximum = z.infer<typeof ZSuitabilityMaximum>;

/**
 * A verdict decided by one record: the largest maximum of the chosen method more than 1.5× the next
 * (`dominant`), or the 10-minute V50 above the 50-year gust it should stay under (`aboveGust`).
 */
export const ZSuitabilityDecidingRecord = z.object({
  reason: z.enum(['dominant', 'aboveGust']),
  method: z.enum(['periodicMaxima', 'independentStorms']),
  time: z.string(),
  valueMps: z.number(),
  /** The next largest maximum of the method, m/s. */
  nextMps: ZNum,
  /** The speed channel, so that the record opens in the wind-data table. */
  channelId: z.number().int(),
});
export type TSuitabilityDecidingRecord = z.infer<typeof ZSuitabilityDecidingRecord>;

export const ZSuitabilityResult = z.object({
  versionId: z.number().int(),
  versionName: z.string(),
  stationId: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  hubHeight: z.number(),
  speedChannel: z.object({ id: z.number().int(), name: z.string(), heightM: z.number() }),
  /** How the speed reached hub height: measured there (exponent null) or by the power law. */
  extrapolation: z.object({ fromHeightM: z.number(), exponent: ZNum, isDefaultExponent: z.boolean() }),
  /** The long-term version whose speed gives V_ave and the annual maxima, with its basis. */
  longTermVersion: z
    .object({
      id: z.number().int(),
      name: z.string(),
      meanSpeedMps: ZNum,
      annualMaxima: z.number().int(),
      basis: ZLongTermBasis.nullable(),
    })
    .nullable(),
  turbulenceDefinition: z.enum(SUITABILITY_TI_DEFINITIONS),
  classKeys: z.array(z.enum(SUITABILITY_CLASS_KEYS)),
  /** The least demanding class the site fits: 'S' for none, null when not judged. */
  siteClass: z.object({ windClass: z.string().nullable(), category: z.string().nullable() }),
  /** One sentence: the class, the deciding checks and the TI definition used. */
  verdictText: z.string(),
  checks: z.array(ZSuitabilityCheckRow),
  verdicts: z.array(ZSuitabilityVerdict),
  turbulence: z
    .object({
      checkRangeMps: z.tuple([z.number(), z.number()]),
      minCount: z.number().int(),
      equivalentReferenceTi: ZNum,
      alternativeEquivalentReferenceTi: ZNum,
      decidingBinMps: ZNum,
      referenceTi: ZCategoryValues,
      bins: z.array(ZSuitabilityTurbulenceBin),
    })
    .nullable(),
  extremes: z.object({
    choice: z.enum(SUITABILITY_EXTREME_CHOICES),
    chosenMethod: z.enum(SUITABILITY_EXTREME_METHODS),
    estimates: z.array(ZSuitabilityExtremeEstimate),
    /** y of the 50-year return period on the annual scale (3.9019). */
    returnVariate: z.number(),
    series: z.array(ZSuitabilityExtremeSeries),
    gust: z.object({ method: z.string(), methodName: z.string(), valueMps: ZNum, fromV50Mps: ZNum }),
    /**
     * The maxima the periodic-maxima and storm methods stood on, at hub height, each with its time and
     * flag (issue 41 §1): the screen, the workbook and the report list them.
     */
    maxima: z.array(ZSuitabilityMaximum),
    /** The one record that decides the chosen 50-year extreme, when one does (else null). */
    decidingRecord: ZSuitabilityDecidingRecord.nullable(),
  }),
  shear: z
    .object({
      exponent: ZNum,
      heightsM: z.array(z.number()),
      meanSpeedsMps: z.array(ZNum),
      count: z.number().int(),
      bySector: z.array(ZSectorValue),
    })
    .nullable(),
  inflow: z.object({ overallDeg: ZNum, count: z.number().int(), bySector: z.array(ZSectorValue) }).nullable(),
  airDensity: z
    .object({
      meanKgM3: z.number(),
      ratioToStandard: z.number(),
      records: z.number().int(),
      source: z.enum(['measured', 'altitude', 'standard']),
    })
    .nullable(),
  notes: z.array(ZNote),
  /** What the check stood on: version, period, records used and left out by why (issue 41 §1). */
  basis: ZAnalysisBasis,
  /** The cold-climate section (issue 45 §2); null without a temperature channel. */
  coldClimate: ZColdClimate.nullable(),
});
export type TSuitabilityResult = z.infer<typeof ZSuitabilityResult>;

/** A turbine class like 'II A' or 'III B' (IEC 61400-1), or 'S' for a special class. */
export const ZIecClass = z
  .string()
  .trim()
  .regex(/^(I|II|III) (A\+|A|B|C)$|^S$/, vmsg('oneOf'));

/**
 * Whether a site fits a turbine class: the verdict of that combination; for 'S', null (a special class
 * is checked against its own design values).
 *
 * @example turbineClassVerdict('III B', verdicts) // true when the site fits III B
 */
export function turbineClassVerdict(
  iecClass: string | null,
  verdicts: readonly Pick<TSuitabilityVerdict, 'key' | 'isSuitable'>[],
): boolean | null {
  if (!iecClass) return null;
  return verdicts.find((v) => v.key === iecClass)?.isSuitable ?? null;
}
