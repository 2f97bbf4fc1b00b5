/**
 * Measurement uncertainty of a cup anemometer's mean speed at one height (IEC 61400-12-1; METHODS.md):
 * operational (class), calibration (certificate) and mounting, combined in quadrature. Fractions of the
 * mean speed U.
 */

/** When the sensor register states no class: a conservative class index [P]. */
export const DEFAULT_CLASS_INDEX = 2.5;
/** When no certificate is in force: standard uncertainty of the calibration, m/s [P]. */
export const DEFAULT_CALIBRATION_MPS = 0.1;
/** Mounting effects, fraction of U: top-mounted 0.5 %, side boom 1.5 % (IEC 61400-12-1 Annex G) [R]. */
export const MOUNTING_FRACTION = { top: 0.005, side: 0.015, unknown: 0.015 } as const;
export type Mounting = keyof typeof MOUNTING_FRACTION;

/**
 * The IEC 61400-12-1 class index k of a classification text ("1.7A", "A 1.7", "Class 0.9A/3.2B" → the
 * A class, flat terrain; a bare number is taken as it is).
 *
 * @example classIndexOf('0.9A/3.2B') // 0.9
 */
export function classIndexOf(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const a = /(\d+(?:\.\d+)?)\s*A\b|\bA\s*(\d+(?:\.\d+)?)/i.exec(text);
  const raw = a ? (a[1] ?? a[2]) : /(\d+(?:\.\d+)?)/.exec(text)?.[1];
  const k = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(k) && k > 0 ? k : undefined;
}

/**
 * Operational uncertainty of a class-k anemometer at speed U (IEC 61400-12-1 Annex I):
 * u_op = k/√3 · (0.05 m/s + 0.005·U), m/s.
 *
 * @example operationalUncertaintyMps(1.7, 7.5) // 0.085884…
 */
export function operationalUncertaintyMps(classIndex: number, speedMps: number): number {
  return (classIndex / Math.sqrt(3)) * (0.05 + 0.005 * speedMps);
}

/** One point of a calibration certificate's uncertainty (IEA Task 43: reference bin, combined value). */
export interface CalibrationPoint {
  readonly referenceBinMps: number | null;
  readonly uncertaintyMps: number | null;
}

/**
 * Standard uncertainty of the calibration at speed U from the certificate: the point whose reference bin is
 * nearest U (a point without a bin when none has one); with a coverage factor k the values are expanded
 * uncertainties and u = value/k, without one they are taken as standard uncertainties.
 *
 * @returns undefined when the certificate states no usable value
 * @example calibrationUncertaintyMps([{ referenceBinMps: 8, uncertaintyMps: 0.1 }], 2, 7.5) // 0.05
 */
export function calibrationUncertaintyMps(
  points: readonly CalibrationPoint[],
  kFactor: number | null,
  speedMps: number,
): number | undefined {
  let best: CalibrationPoint | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const p of points) {
    if (p.uncertaintyMps === null || !(p.uncertaintyMps >= 0)) continue;
    const d = p.referenceBinMps === null ? Number.MAX_VALUE : Math.abs(p.referenceBinMps - speedMps);
    if (d < distance) {
      best = p;
      distance = d;
    }
  }
  if (!best) return undefined;
  return best.uncertaintyMps! / (kFactor !== null && kFactor > 0 ? kFactor : 1);
}

/** What is known of the anemometer at one height. */
export interface MeasurementInput {
  readonly heightM: number;
  /** Mean speed at the height over the period, m/s. */
  readonly meanSpeedMps: number;
  /** The sensor's classification text (sensor register), '' or null when not stated. */
  readonly classification?: string | null | undefined;
  /** The certificate in force: its points, coverage factor and identification. */
  readonly certificate?:
    | { readonly points: readonly CalibrationPoint[]; readonly kFactor: number | null; readonly id: string }
    | undefined;
  readonly mounting: Mounting;
}

export interface MeasurementAtHeight {
  readonly heightM: number;
  readonly meanSpeedMps: number;
  readonly classIndex: number;
  readonly classIsDefault: boolean;
  /** Fractions of U. */
  readonly operational: number;
  readonly calibration: number;
  readonly calibrationIsDefault: boolean;
  readonly calibrationMps: number;
  readonly certificateId: string | null;
  readonly mounting: number;
  readonly mountingKind: Mounting;
  /** √(operational² + calibration² + mounting²). */
  readonly combined: number;
}

/** Measurement uncertainty at one height: u_op, u_cal and u_mount as fractions of U, combined in quadrature. */
export function measurementUncertainty(input: MeasurementInput): MeasurementAtHeight {
  const u = input.meanSpeedMps;
  const stated = classIndexOf(input.classification);
  const classIndex = stated ?? DEFAULT_CLASS_INDEX;
  const fromCertificate = input.certificate
    ? calibrationUncertaintyMps(input.certificate.points, input.certificate.kFactor, u)
    : undefined;
  const calibrationMps = fromCertificate ?? DEFAULT_CALIBRATION_MPS;
  const operational = operationalUncertaintyMps(classIndex, u) / u;
  const calibration = calibrationMps / u;
  const mounting = MOUNTING_FRACTION[input.mounting];
  return {
    heightM: input.heightM,
    meanSpeedMps: u,
    classIndex,
    classIsDefault: stated === undefined,
    operational,
    calibration,
    calibrationIsDefault: fromCertificate === undefined,
    calibrationMps,
    certificateId: fromCertificate === undefined ? null : (input.certificate?.id ?? null),
    mounting,
    mountingKind: input.mounting,
    combined: Math.sqrt(operational ** 2 + calibration ** 2 + mounting ** 2),
  };
}
