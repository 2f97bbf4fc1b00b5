import { type MeasurementAtHeight, type MeasurementInput, measurementUncertainty } from './measurement.ts';
import { type VerticalUncertainty, verticalUncertainty } from './vertical.ts';

/** IEC 61400-15-2 categories of the wind and plant uncertainty. */
export const UNCERTAINTY_CATEGORIES = [
  'measurement',
  'historical',
  'vertical',
  'horizontal',
  'future',
  'plant',
  'other',
] as const;
export type UncertaintyCategory = (typeof UNCERTAINTY_CATEGORIES)[number];

/** Components the user may type (each with a stated default until then). */
export const TYPED_UNCERTAINTY_KEYS = [
  'referenceConsistency',
  'horizontalExtrapolation',
  'futureVariability',
  'plantPerformance',
] as const;
export type TypedUncertaintyKey = (typeof TYPED_UNCERTAINTY_KEYS)[number];

/**
 * Defaults of the typed components, % (METHODS.md for each source): reference consistency 1 % of wind
 * speed on a long-term corrected version (0 without a reference); horizontal extrapolation 0 (MastHub's
 * yield is at the mast's own position); σ_IAV of the annual mean speed 6 %; plant performance 3 % of
 * energy.
 */
export const TYPED_DEFAULTS_PCT = {
  referenceConsistency: 1,
  horizontalExtrapolation: 0,
  futureVariability: 6,
  plantPerformance: 3,
} as const satisfies Record<TypedUncertaintyKey, number>;

export type UncertaintyKey =
  | 'measurement'
  | 'longTermPeriod'
  | 'referenceConsistency'
  | 'mcp'
  | 'reconstruction'
  | 'verticalExtrapolation'
  | 'horizontalExtrapolation'
  | 'futureVariability'
  | 'plantPerformance'
  | 'other';

export type UncertaintyHow = 'computed' | 'default' | 'typed';

export interface UncertaintyComponent {
  readonly key: UncertaintyKey;
  /** For 'other' components: the name the user gave. */
  readonly name?: string;
  readonly category: UncertaintyCategory;
  /** What `value` is a fraction of. */
  readonly basis: 'speed' | 'energy';
  /** Fraction of the mean wind speed or of the energy (P50), one year for the future variability. */
  readonly value: number;
  /** The same in energy: S·value for wind-speed components. */
  readonly energy: number;
  readonly how: UncertaintyHow;
  /** The formula, in symbols (language-neutral). */
  readonly formula: string;
  /** The numbers the formula used. */
  readonly inputs: Readonly<Record<string, number | string>>;
  /** Where the method or the default comes from. */
  readonly source: string;
  /** Why a component is zero or defaulted (a key the screens translate), when it is. */
  readonly note?: 'noReconstruction' | 'noLongTerm' | 'atMast' | 'noCertificate' | 'noClass' | undefined;
  /** Divided by √N for an N-year horizon (the inter-annual variability only). */
  readonly perHorizon: boolean;
}

/** One-sided normal quantiles of the exceedance levels. */
export const UNCERTAINTY_Z = { P50: 0, P75: 0.6745, P90: 1.2816, P99: 2.3263 } as const;
export const UNCERTAINTY_HORIZONS = [1, 10, 20] as const;

export interface UncertaintyHorizon {
  readonly years: number;
  /** Total relative energy uncertainty σ_E(N). */
  readonly sigma: number;
  /** P_x/P50 = 1 − z_x·σ_E(N) (floored at 0). */
  readonly factors: {
    readonly P50: number;
    readonly P75: number;
    readonly P90: number;
    readonly P99: number;
  };
}

export interface UncertaintyBudget {
  readonly components: readonly UncertaintyComponent[];
  readonly measurement: readonly MeasurementAtHeight[];
  readonly vertical: VerticalUncertainty;
  readonly sensitivity: number;
  /** σ_E without the future variability (the horizon-independent part). */
  readonly sigmaFixed: number;
  readonly horizons: readonly UncertaintyHorizon[];
}

export interface UncertaintyInput {
  /** The anemometer of each height (the one the yield carries up among them). */
  readonly measurement: readonly MeasurementInput[];
  /** Height of the speed the yield carries to the hub, m. */
  readonly measuredHeightM: number;
  readonly hubHeightM: number;
  /** The shear fit: heights and their mean speeds (empty when α = 1/7 was assumed). */
  readonly shear: { readonly heightsM: readonly number[]; readonly meanSpeedsMps: readonly number[] };
  /** The long-term correction the version stands on (fractions of speed), or undefined. */
  readonly longTerm?:
    | {
        readonly uMcp: number | null;
        readonly uLt: number | null;
        readonly reference: string;
        readonly method: string;
      }
    | undefined;
  /** Years of measured data (for the long-term period without a correction). */
  readonly measuredYears: number;
  /** The version's last gap reconstruction: its uncertainty, % of wind speed. */
  readonly reconstruction?: { readonly uncertaintyPct: number; readonly taskId: number } | undefined;
  /** Speed-to-energy sensitivity S (dAEP/AEP per dU/U). */
  readonly sensitivity: number;
  /** Typed values, %. */
  readonly typed?: Partial<Record<TypedUncertaintyKey, number>> | undefined;
  /** Further components the user entered, % of energy. */
  readonly other?: ReadonlyArray<{ readonly name: string; readonly valuePct: number }> | undefined;
}

const SOURCES = {
  measurement: 'IEC 61400-12-1:2017 Annex I (class), Annex G (mounting); calibration certificate',
  longTerm: 'WIND-ANALYSIS §13: u_LT = σ_IAV/√N (long-term workbench)',
  longTermDefault: 'σ_IAV 6 % of wind speed (default, METHODS.md) over the measured years',
  mcp: 'WIND-ANALYSIS §13: u_MCP = CV RMSE/√M (long-term workbench)',
  reference: 'Default 1 % of wind speed (METHODS.md; Lee & Fields, WES 6:311, 2021)',
  reconstruction: 'The gap reconstruction task (uncertaintyPct)',
  vertical: 'Power law: u = σ_α·|ln(z_hub/z)| (METHODS.md)',
  horizontal: 'Default 0: the yield is at the mast position (METHODS.md)',
  future: 'σ_IAV of the annual mean speed, default 6 % (METHODS.md)',
  plant: 'Default 3 % of energy (METHODS.md; Lee & Fields, WES 6:311, 2021)',
  other: 'Entered by the user',
} as const;

/**
 * The uncertainty budget of an energy yield (issue 46 §1, METHODS.md): every component in its category,
 * wind-speed components carried to energy by S, all independent and combined in quadrature; the future
 * inter-annual variability divided by √N for the N-year horizon (1, 10, 20), the rest not; P_x = P50·(1 −
 * z_x·σ_E(N)) with a normal distribution (z_75 = 0.6745, z_90 = 1.2816, z_99 = 2.3263).
 */
export function uncertaintyBudget(input: UncertaintyInput): UncertaintyBudget {
  const s = input.sensitivity;
  const typed = input.typed ?? {};
  const measurement = input.measurement.map(measurementUncertainty);
  const atYield =
    measurement.find((m) => m.heightM === input.measuredHeightM) ??
    measurement.reduce<MeasurementAtHeight | undefined>(
      (a, m) => (a && a.heightM >= m.heightM ? a : m),
      undefined,
    );
  const components: UncertaintyComponent[] = [];
  const speed = (c: Omit<UncertaintyComponent, 'basis' | 'energy' | 'perHorizon'>, perHorizon = false) =>
    components.push({ ...c, basis: 'speed', energy: s * c.value, perHorizon });
  const typedOr = (key: TypedUncertaintyKey, fallback: number) => {
    const t = typed[key];
    return t === undefined ? { pct: fallback, how: 'default' as const } : { pct: t, how: 'typed' as const };
  };

  if (atYield) {
    speed({
      key: 'measurement',
      category: 'measurement',
      value: atYield.combined,
      how: atYield.classIsDefault || atYield.calibrationIsDefault ? 'default' : 'computed',
      formula: 'u_meas = √(u_op² + u_cal² + u_mount²); u_op = k/√3·(0.05 m/s + 0.005·U)/U; u_cal = u_cert/U',
      inputs: {
        heightM: atYield.heightM,
        U: atYield.meanSpeedMps,
        k: atYield.classIndex,
        u_op: atYield.operational,
        u_cal: atYield.calibration,
        u_mount: atYield.mounting,
      },
      source: SOURCES.measurement,
      note: atYield.calibrationIsDefault ? 'noCertificate' : atYield.classIsDefault ? 'noClass' : undefined,
    });
  }

  const lt = input.longTerm;
  if (lt && lt.uLt !== null) {
    speed({
      key: 'longTermPeriod',
      category: 'historical',
      value: lt.uLt,
      how: 'computed',
      formula: 'u_LT = σ_IAV/√N',
      inputs: { reference: lt.reference, u_LT: lt.uLt },
      source: SOURCES.longTerm,
    });
  } else {
    const years = Math.max(1, input.measuredYears);
    // The same σ_IAV as the future variability (typed or its default) over the measured years.
    const sigma = typedOr('futureVariability', TYPED_DEFAULTS_PCT.futureVariability).pct / 100;
    speed({
      key: 'longTermPeriod',
      category: 'historical',
      value: sigma / Math.sqrt(years),
      how: 'default',
      formula: 'u_LT = σ_IAV/√N_measured',
      inputs: { sigmaIav: sigma, years },
      source: SOURCES.longTermDefault,
      note: 'noLongTerm',
    });
  }
  const reference = typedOr('referenceConsistency', lt ? TYPED_DEFAULTS_PCT.referenceConsistency : 0);
  speed({
    key: 'referenceConsistency',
    category: 'historical',
    value: reference.pct / 100,
    how: reference.how,
    formula: '—',
    inputs: {},
    source: SOURCES.reference,
    note: !lt && reference.how === 'default' ? 'noLongTerm' : undefined,
  });
  speed({
    key: 'mcp',
    category: 'historical',
    value: lt?.uMcp ?? 0,
    how: 'computed',
    formula: 'u_MCP = CV RMSE/√M',
    inputs: lt ? { reference: lt.reference, method: lt.method, u_MCP: lt.uMcp ?? 0 } : {},
    source: SOURCES.mcp,
    note: lt?.uMcp == null ? 'noLongTerm' : undefined,
  });
  const rec = input.reconstruction;
  speed({
    key: 'reconstruction',
    category: 'historical',
    value: rec ? rec.uncertaintyPct / 100 : 0,
    how: 'computed',
    formula: 'u_rec = uncertaintyPct/100',
    inputs: rec ? { taskId: rec.taskId, uncertaintyPct: rec.uncertaintyPct } : {},
    source: SOURCES.reconstruction,
    note: rec ? undefined : 'noReconstruction',
  });

  const vertical = verticalUncertainty({
    heightsM: input.shear.heightsM,
    meanSpeedsMps: input.shear.meanSpeedsMps,
    fromHeightM: input.measuredHeightM,
    hubHeightM: input.hubHeightM,
  });
  speed({
    key: 'verticalExtrapolation',
    category: 'vertical',
    value: vertical.value,
    how: vertical.sigmaAlphaIsDefault ? 'default' : 'computed',
    formula: 'u_vert = σ_α·|ln(z_hub/z)|; σ_α = √(Σr²/(n−2))/√Σ(ln z − mean)²',
    inputs: {
      sigmaAlpha: vertical.sigmaAlpha,
      heights: vertical.heights,
      z: vertical.fromHeightM,
      z_hub: vertical.hubHeightM,
      lnRatio: vertical.logDistance,
    },
    source: SOURCES.vertical,
  });
  const horizontal = typedOr('horizontalExtrapolation', TYPED_DEFAULTS_PCT.horizontalExtrapolation);
  speed({
    key: 'horizontalExtrapolation',
    category: 'horizontal',
    value: horizontal.pct / 100,
    how: horizontal.how,
    formula: '—',
    inputs: {},
    source: SOURCES.horizontal,
    note: horizontal.how === 'default' ? 'atMast' : undefined,
  });
  const future = typedOr('futureVariability', TYPED_DEFAULTS_PCT.futureVariability);
  speed(
    {
      key: 'futureVariability',
      category: 'future',
      value: future.pct / 100,
      how: future.how,
      formula: 'u_future(N) = σ_IAV/√N',
      inputs: { sigmaIav: future.pct / 100 },
      source: SOURCES.future,
    },
    true,
  );
  const plant = typedOr('plantPerformance', TYPED_DEFAULTS_PCT.plantPerformance);
  components.push({
    key: 'plantPerformance',
    category: 'plant',
    basis: 'energy',
    value: plant.pct / 100,
    energy: plant.pct / 100,
    how: plant.how,
    formula: '—',
    inputs: {},
    source: SOURCES.plant,
    perHorizon: false,
  });
  for (const o of input.other ?? []) {
    components.push({
      key: 'other',
      name: o.name,
      category: 'other',
      basis: 'energy',
      value: o.valuePct / 100,
      energy: o.valuePct / 100,
      how: 'typed',
      formula: '—',
      inputs: {},
      source: SOURCES.other,
      perHorizon: false,
    });
  }

  const fixedSquares = components.filter((c) => !c.perHorizon).reduce((a, c) => a + c.energy ** 2, 0);
  const futureSquares = components.filter((c) => c.perHorizon).reduce((a, c) => a + c.energy ** 2, 0);
  const horizons = UNCERTAINTY_HORIZONS.map((years): UncertaintyHorizon => {
    const sigma = Math.sqrt(fixedSquares + futureSquares / years);
    const at = (z: number) => Math.max(0, 1 - z * sigma);
    return {
      years,
      sigma,
      factors: {
        P50: 1,
        P75: at(UNCERTAINTY_Z.P75),
        P90: at(UNCERTAINTY_Z.P90),
        P99: at(UNCERTAINTY_Z.P99),
      },
    };
  });
  return { components, measurement, vertical, sensitivity: s, sigmaFixed: Math.sqrt(fixedSquares), horizons };
}
