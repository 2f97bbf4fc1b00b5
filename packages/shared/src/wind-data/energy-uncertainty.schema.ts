import { z } from 'zod';
import { vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// The uncertainty chain of an energy yield (issue 46 §1; packages/wind/src/energy/uncertainty/METHODS.md).

/** Components the user may type (each with a stated default until then); packages/wind has the same list. */
export const ENERGY_UNCERTAINTY_TYPED_KEYS = [
  'referenceConsistency',
  'horizontalExtrapolation',
  'futureVariability',
  'plantPerformance',
] as const;
export type TEnergyUncertaintyTypedKey = (typeof ENERGY_UNCERTAINTY_TYPED_KEYS)[number];

/**
 * The stated defaults of the typed components, % (packages/wind TYPED_DEFAULTS_PCT; reference consistency
 * is 0 on a version without a long-term correction).
 */
export const ENERGY_UNCERTAINTY_TYPED_DEFAULTS_PCT: Record<TEnergyUncertaintyTypedKey, number> = {
  referenceConsistency: 1,
  horizontalExtrapolation: 0,
  futureVariability: 6,
  plantPerformance: 3,
};

/** One-sided normal quantiles of the exceedance levels (packages/wind UNCERTAINTY_Z). */
export const ENERGY_UNCERTAINTY_Z = { P50: 0, P75: 0.6745, P90: 1.2816, P99: 2.3263 } as const;

export const ENERGY_UNCERTAINTY_KEYS = [
  'measurement',
  'longTermPeriod',
  'referenceConsistency',
  'mcp',
  'reconstruction',
  'verticalExtrapolation',
  'horizontalExtrapolation',
  'futureVariability',
  'plantPerformance',
  'other',
] as const;
export const ENERGY_UNCERTAINTY_CATEGORIES = [
  'measurement',
  'historical',
  'vertical',
  'horizontal',
  'future',
  'plant',
  'other',
] as const;
export const ENERGY_UNCERTAINTY_NOTES = [
  'noReconstruction',
  'noLongTerm',
  'atMast',
  'noCertificate',
  'noClass',
] as const;

/** PUT /data-process/energy/uncertainty: a typed component's value for a version, % (null: back to the default). */
export const ZEnergyUncertaintyOverrideRequest = z.object({
  versionId: ZId,
  key: z.enum(ENERGY_UNCERTAINTY_TYPED_KEYS, vmsg('oneOf')),
  valuePct: z.coerce
    .number(vmsg('number'))
    .min(0, vmsg('percentRange'))
    .max(100, vmsg('percentRange'))
    .nullable(),
});
export type TEnergyUncertaintyOverrideRequest = z.infer<typeof ZEnergyUncertaintyOverrideRequest>;

/** A typed value kept with who typed it and when. */
export const ZEnergyUncertaintyOverride = z.object({
  key: z.enum(ENERGY_UNCERTAINTY_TYPED_KEYS),
  valuePct: z.number(),
  userName: z.string(),
  updatedAt: z.string(),
});
export type TEnergyUncertaintyOverride = z.infer<typeof ZEnergyUncertaintyOverride>;
export const ZEnergyUncertaintyOverrides = z.array(ZEnergyUncertaintyOverride);

export const ZEnergyUncertaintyComponent = z.object({
  key: z.enum(ENERGY_UNCERTAINTY_KEYS),
  name: z.string().optional(),
  category: z.enum(ENERGY_UNCERTAINTY_CATEGORIES),
  /** What `value` is a fraction of: the mean wind speed or the P50 energy. */
  basis: z.enum(['speed', 'energy']),
  value: z.number(),
  /** In energy (S × value for a wind-speed component), fraction; one year for the future variability. */
  energy: z.number(),
  how: z.enum(['computed', 'default', 'typed']),
  formula: z.string(),
  inputs: z.record(z.string(), z.union([z.number(), z.string()])),
  source: z.string(),
  note: z.enum(ENERGY_UNCERTAINTY_NOTES).optional(),
  perHorizon: z.boolean(),
});
export type TEnergyUncertaintyComponent = z.infer<typeof ZEnergyUncertaintyComponent>;

export const ZEnergyUncertainty = z.object({
  components: z.array(ZEnergyUncertaintyComponent),
  /** Per measured height: class index, u_op, u_cal, u_mount and combined, fractions of U. */
  measurement: z.array(
    z.object({
      heightM: z.number(),
      meanSpeedMps: z.number(),
      classIndex: z.number(),
      classIsDefault: z.boolean(),
      operational: z.number(),
      calibration: z.number(),
      calibrationIsDefault: z.boolean(),
      certificateId: z.string().nullable(),
      mounting: z.number(),
      combined: z.number(),
    }),
  ),
  /** dAEP/AEP per dU/U from the curve and the measured hub distribution (±1 %). */
  sensitivity: z.number(),
  /** P-values (MWh) and σ_E for 1-, 10- and 20-year horizons. */
  horizons: z.array(
    z.object({
      years: z.number().int(),
      sigma: z.number(),
      P50: z.number(),
      P75: z.number(),
      P90: z.number(),
      P99: z.number(),
    }),
  ),
});
export type TEnergyUncertainty = z.infer<typeof ZEnergyUncertainty>;
