import type { TEnergyUncertainty, TEnergyUncertaintyOverride, TLongTermBasis } from '@masthub/shared';
import {
  type Mounting,
  measuredSpeedSensitivity,
  type PowerCurve,
  type TypedUncertaintyKey,
  uncertaintyBudget,
} from '@masthub/wind';
import type { TAnemometerOfChannel } from '../sensors/index.ts';
import type { TChannelRow } from '../timeseries/index.ts';

/** What the uncertainty chain reads besides the series (plain data: it crosses to a worker thread). */
export interface TUncertaintyJobInputs {
  /** The anemometer behind each data key (the configuration in force at the period's start). */
  anemometers: Record<string, TAnemometerOfChannel>;
  overrides: TEnergyUncertaintyOverride[];
  reconstruction: { taskId: number; uncertaintyPct: number } | null;
}

/** The measured heights' mean speeds and anemometers, and the shear fit's means, for {@link energyUncertainty}. */
export interface TUncertaintySite {
  heights: { channel: TChannelRow; meanSpeedMps: number }[];
  shear: { heightsM: number[]; meanSpeedsMps: number[] };
  measuredHeightM: number;
  hubHeightM: number;
  measuredYears: number;
  longTerm: TLongTermBasis | null;
  inputs: TUncertaintyJobInputs;
  /** Other components the user entered on the form, % of energy. */
  other: { name: string; value: number }[];
}

/**
 * The chain's measurement input at one height: the class, certificate and mounting of the anemometer the
 * sensor register has on that channel (none known: the chain's stated defaults).
 */
export function measurementInput(
  heightM: number,
  meanSpeedMps: number,
  anemometer: TAnemometerOfChannel | undefined,
) {
  return {
    heightM,
    meanSpeedMps,
    classification: anemometer?.classification ?? null,
    certificate: anemometer?.certificate ?? undefined,
    mounting: (anemometer?.mounting ?? 'unknown') as Mounting,
  };
}

/** The chain's long-term input: the workbench's u_MCP and u_LT, when the basis gave either. */
export function longTermInput(lt: TLongTermBasis | null | undefined) {
  return lt && (lt.uMcp !== null || lt.uLt !== null)
    ? { uMcp: lt.uMcp, uLt: lt.uLt, reference: lt.referenceName, method: lt.methodName }
    : undefined;
}

/** Mean of the usable values (NaN skipped); NaN when none. */
export function meanOf(values: Float64Array): number {
  let s = 0;
  let n = 0;
  for (const v of values) {
    if (!Number.isNaN(v)) {
      s += v;
      n += 1;
    }
  }
  return n > 0 ? s / n : Number.NaN;
}

/** Hours of an average year (WIND-ANALYSIS §11: 365.25 d). */
const AVERAGE_YEAR_HOURS = 8766;

/** Years of usable records: count × interval / 8766 h. */
export function measuredYearsOf(speeds: Float64Array, intervalS: number): number {
  let n = 0;
  for (const v of speeds) if (!Number.isNaN(v)) n += 1;
  return (n * intervalS) / 3600 / AVERAGE_YEAR_HOURS;
}

/**
 * The uncertainty chain of one turbine's yield (issue 46 §1; packages/wind energy/uncertainty/METHODS.md):
 * measurement per height from the register (class, certificate, mounting), the long-term correction's
 * u_MCP and u_LT, the gap reconstruction's uncertainty, the vertical extrapolation from the shear fit, the
 * typed components (the version's overrides or the defaults), S and the P-values of the net for 1/10/20 years.
 *
 * S is the yield's own (every speed × 0.99 / × 1.01 through the whole §11 yield) on a long-term version; on
 * others the same perturbation of the measured hub distribution (overall α, the mean density) — cheaper,
 * and the same where the shear is overall.
 */
export function energyUncertainty(
  site: TUncertaintySite,
  turbine: {
    curve: PowerCurve;
    netMwh: number | null;
    yieldSensitivity: number | undefined;
    hubSpeeds: () => Float64Array;
    meanDensity: number;
  },
): TEnergyUncertainty | null {
  if (turbine.netMwh === null) return null;
  const sensitivity =
    turbine.yieldSensitivity ??
    measuredSpeedSensitivity(turbine.curve, turbine.hubSpeeds(), turbine.meanDensity);
  if (sensitivity === undefined || !Number.isFinite(sensitivity)) return null;
  const typed: Partial<Record<TypedUncertaintyKey, number>> = {};
  for (const o of site.inputs.overrides) typed[o.key] = o.valuePct;
  const lt = site.longTerm;
  const budget = uncertaintyBudget({
    measurement: site.heights.map(({ channel, meanSpeedMps }) =>
      measurementInput(channel.heightM!, meanSpeedMps, site.inputs.anemometers[channel.dataKey]),
    ),
    measuredHeightM: site.measuredHeightM,
    hubHeightM: site.hubHeightM,
    shear: site.shear,
    longTerm: longTermInput(lt),
    measuredYears: site.measuredYears,
    reconstruction: site.inputs.reconstruction ?? undefined,
    sensitivity,
    typed,
    other: site.other.filter((o) => o.value > 0).map((o) => ({ name: o.name, valuePct: o.value })),
  });
  const net = turbine.netMwh;
  return {
    components: budget.components.map(({ note, name, ...c }) => ({
      ...c,
      inputs: { ...c.inputs },
      ...(note ? { note } : {}),
      ...(name !== undefined ? { name } : {}),
    })),
    measurement: budget.measurement.map((m) => ({
      heightM: m.heightM,
      meanSpeedMps: m.meanSpeedMps,
      classIndex: m.classIndex,
      classIsDefault: m.classIsDefault,
      operational: m.operational,
      calibration: m.calibration,
      calibrationIsDefault: m.calibrationIsDefault,
      certificateId: m.certificateId,
      mounting: m.mounting,
      combined: m.combined,
    })),
    sensitivity,
    horizons: budget.horizons.map((h) => ({
      years: h.years,
      sigma: h.sigma,
      P50: net,
      P75: net * h.factors.P75,
      P90: net * h.factors.P90,
      P99: net * h.factors.P99,
    })),
  };
}
