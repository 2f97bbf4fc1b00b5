import { describe, expect, it } from 'vitest';
import type { PowerCurve } from '../power-curve.ts';
import { uncertaintyBudget } from './budget.ts';
import {
  calibrationUncertaintyMps,
  classIndexOf,
  DEFAULT_CALIBRATION_MPS,
  DEFAULT_CLASS_INDEX,
  measurementUncertainty,
  operationalUncertaintyMps,
} from './measurement.ts';
import { measuredSpeedSensitivity, weibullSpeedSensitivity } from './sensitivity.ts';
import { DEFAULT_SIGMA_ALPHA, shearSlopeStandardError, verticalUncertainty } from './vertical.ts';

/** The worked example curve of WIND-ANALYSIS §11 (m/s → kW), rated 2000 kW. */
const CURVE: PowerCurve = {
  speedsMps: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 25],
  powerKw: [0, 66, 171, 322, 528, 800, 1134, 1505, 1824, 1979, 2000, 2000],
  ratedKw: 2000,
  referenceDensityKgM3: 1.225,
  regulation: 'pitch',
};

const TOL = 1e-9;

/*
 * Worked example (issue 46 §1), every number by hand from the formulas of METHODS.md.
 *
 * 1. Sensitivity from a measured distribution 5.5, 6.5, 7.5, 8.5 m/s on the §11 curve (linear segments;
 *    ±1 % stays in each speed's segment):
 *      ×0.99: 5.445 → 171 + 151·0.445 = 238.195; 6.435 → 322 + 206·0.435 = 411.610;
 *             7.425 → 528 + 272·0.425 = 643.600; 8.415 → 800 + 334·0.415 = 938.610;   Σ = 2232.015
 *      ×1.00: 246.5 + 425 + 664 + 967                                                 Σ = 2302.5
 *      ×1.01: 5.555 → 254.805; 6.565 → 438.390; 7.575 → 684.400; 8.585 → 995.390;     Σ = 2372.985
 *    (the mean power is Σ/4; the 4 cancels)  S = (2372.985 − 2232.015)/(0.02·2302.5) = 140.97/46.05
 *      = 3.0612377850163
 * 2. Measurement at 100 m, U = 7.5 m/s, class "1.7A", certificate 0.10 m/s at the 8 m/s bin with k = 2,
 *    side boom:
 *      u_op  = 1.7/√3·(0.05 + 0.005·7.5) = 0.98149545762236·0.0875 = 0.085880852541957 m/s
 *              ÷ 7.5 = 0.011450780338928
 *      u_cal = 0.10/2 = 0.05 m/s ÷ 7.5 = 0.0066666666666667
 *      u_mount = 0.015 (side boom, IEC 61400-12-1 Annex G)
 *      u_meas = √(0.00013112037037 + 0.0000444444444444 + 0.000225) = 0.020014115389265
 * 3. Shear fit over 40, 70, 100 m with 6.2, 6.9, 7.5 m/s:
 *      x = ln z = 3.6888794541139, 4.2484952420494, 4.6051701859881 (mean 4.1808482940505)
 *      y = ln V = 1.8245492920510, 1.9315214116032, 2.0149030205423 (mean 1.9236579080655)
 *      Sxx = 0.42665851701959, Sxy = 0.088007591619453 → α = 0.20627173279987, intercept 1.0612670858783
 *      residuals 0.0023706490828, −0.0060901496446, 0.0037195005619; Σr² = 5.6544584197639e-5
 *      σ_α = √(Σr²/(3 − 2))/√Sxx = 0.011512119727169
 *    Vertical from 100 m to a 120 m hub: ln(1.2) = 0.18232155679395; u_vert = 0.0020989075906558
 * 4. Long-term workbench (WIND-ANALYSIS §13 example rounded): u_MCP = 0.01801, u_LT = 0.00875; reference
 *    consistency default 0.01; reconstruction 0.8 % → 0.008; horizontal typed 2 % → 0.02.
 *    In energy (× S): meas 0.061267966263294, LT 0.026785830618893, ref 0.030612377850163,
 *    MCP 0.055132892508143, rec 0.024489902280130, vert 0.0064252552237732, horiz 0.061224755700326;
 *    plant (energy) 0.03; future σ_IAV 6 % → 0.18367426710098 per year.
 *    Σ of the squares without the future = 0.013737507854885 → σ_fixed = 0.11720711520588
 * 5. σ_E(N) = √(0.013737507854885 + 0.18367426710098²/N):
 *      N = 1:  0.21788470402937 → P75 = 1 − 0.6745·σ = 0.85303676713219, P90 = 1 − 1.2816·σ = 0.72075896331596,
 *              P99 = 1 − 2.3263·σ = 0.49313481301647
 *      N = 10: 0.13080952371442 → P75 0.91176897625462, P90 0.83235451440760, P99 0.69569780498314
 *      N = 20: 0.12419468456677 → P75 0.91623068525971, P90 0.84083209225923, P99 0.71108590529232
 */
const HAND = {
  S: 3.0612377850163,
  uOpMps: 0.085880852541957,
  uOp: 0.011450780338928,
  uCal: 0.0066666666666667,
  uMeas: 0.020014115389265,
  sigmaAlpha: 0.011512119727169,
  uVert: 0.0020989075906558,
  energy: {
    measurement: 0.061267966263294,
    longTermPeriod: 0.026785830618893,
    referenceConsistency: 0.030612377850163,
    mcp: 0.055132892508143,
    reconstruction: 0.02448990228013,
    verticalExtrapolation: 0.0064252552237732,
    horizontalExtrapolation: 0.061224755700326,
    futureVariability: 0.18367426710098,
    plantPerformance: 0.03,
  },
  sigmaFixed: 0.11720711520588,
  horizons: [
    {
      years: 1,
      sigma: 0.21788470402937,
      P75: 0.85303676713219,
      P90: 0.72075896331596,
      P99: 0.49313481301647,
    },
    {
      years: 10,
      sigma: 0.13080952371442,
      P75: 0.91176897625462,
      P90: 0.8323545144076,
      P99: 0.69569780498314,
    },
    {
      years: 20,
      sigma: 0.12419468456677,
      P75: 0.91623068525971,
      P90: 0.84083209225923,
      P99: 0.71108590529232,
    },
  ],
};

function workedExample(typed: { horizontalExtrapolation?: number; plantPerformance?: number } = {}) {
  const sensitivity = measuredSpeedSensitivity(CURVE, [5.5, 6.5, 7.5, 8.5])!;
  return uncertaintyBudget({
    measurement: [
      {
        heightM: 100,
        meanSpeedMps: 7.5,
        classification: '1.7A',
        certificate: {
          id: 'DEMO-CAL-1',
          kFactor: 2,
          points: [
            { referenceBinMps: 4, uncertaintyMps: 0.09 },
            { referenceBinMps: 8, uncertaintyMps: 0.1 },
            { referenceBinMps: 12, uncertaintyMps: 0.12 },
          ],
        },
        mounting: 'side',
      },
    ],
    measuredHeightM: 100,
    hubHeightM: 120,
    shear: { heightsM: [40, 70, 100], meanSpeedsMps: [6.2, 6.9, 7.5] },
    longTerm: { uMcp: 0.01801, uLt: 0.00875, reference: 'ERA5', method: 'ols' },
    measuredYears: 1,
    reconstruction: { uncertaintyPct: 0.8, taskId: 7 },
    sensitivity,
    typed: { horizontalExtrapolation: 2, ...typed },
  });
}

describe('the uncertainty chain of an energy yield (issue 46 §1)', () => {
  it('equals the hand-written worked example within 1e-9 at every step', () => {
    const budget = workedExample();
    expect(Math.abs(budget.sensitivity - HAND.S)).toBeLessThan(TOL);
    expect(Math.abs(operationalUncertaintyMps(1.7, 7.5) - HAND.uOpMps)).toBeLessThan(TOL);
    const m = budget.measurement[0]!;
    expect(Math.abs(m.operational - HAND.uOp)).toBeLessThan(TOL);
    expect(Math.abs(m.calibration - HAND.uCal)).toBeLessThan(TOL);
    expect(m.mounting).toBe(0.015);
    expect(Math.abs(m.combined - HAND.uMeas)).toBeLessThan(TOL);
    expect(Math.abs(budget.vertical.sigmaAlpha - HAND.sigmaAlpha)).toBeLessThan(TOL);
    expect(Math.abs(budget.vertical.value - HAND.uVert)).toBeLessThan(TOL);
    for (const [key, value] of Object.entries(HAND.energy)) {
      const c = budget.components.find((x) => x.key === key)!;
      expect(Math.abs(c.energy - value), key).toBeLessThan(TOL);
    }
    expect(Math.abs(budget.sigmaFixed - HAND.sigmaFixed)).toBeLessThan(TOL);
    budget.horizons.forEach((h, i) => {
      const hand = HAND.horizons[i]!;
      expect(h.years).toBe(hand.years);
      expect(Math.abs(h.sigma - hand.sigma)).toBeLessThan(TOL);
      expect(Math.abs(h.factors.P75 - hand.P75)).toBeLessThan(TOL);
      expect(Math.abs(h.factors.P90 - hand.P90)).toBeLessThan(TOL);
      expect(Math.abs(h.factors.P99 - hand.P99)).toBeLessThan(TOL);
    });
  });

  it('says how each component was obtained: computed from the data, a stated default or typed', () => {
    const how = Object.fromEntries(workedExample().components.map((c) => [c.key, c.how]));
    expect(how).toEqual({
      measurement: 'computed',
      longTermPeriod: 'computed',
      referenceConsistency: 'default',
      mcp: 'computed',
      reconstruction: 'computed',
      verticalExtrapolation: 'computed',
      horizontalExtrapolation: 'typed',
      futureVariability: 'default',
      plantPerformance: 'default',
    });
  });

  it('moves P90 down when a typed component grows and divides only the future variability by √N', () => {
    const base = workedExample();
    const more = workedExample({ plantPerformance: 8 });
    expect(more.horizons[0]!.factors.P90).toBeLessThan(base.horizons[0]!.factors.P90);
    expect(more.components.find((c) => c.key === 'plantPerformance')!.how).toBe('typed');
    const [one, ten, twenty] = base.horizons;
    expect(one!.sigma).toBeGreaterThan(ten!.sigma);
    expect(ten!.sigma).toBeGreaterThan(twenty!.sigma);
    expect(twenty!.sigma).toBeGreaterThan(base.sigmaFixed);
  });

  it('gives a zero reconstruction saying "no reconstruction", and defaults without a long-term correction', () => {
    const budget = uncertaintyBudget({
      measurement: [{ heightM: 80, meanSpeedMps: 6, mounting: 'unknown' }],
      measuredHeightM: 80,
      hubHeightM: 80,
      shear: { heightsM: [], meanSpeedsMps: [] },
      measuredYears: 4,
      sensitivity: 2,
    });
    const byKey = Object.fromEntries(budget.components.map((c) => [c.key, c]));
    expect(byKey.reconstruction).toMatchObject({ value: 0, note: 'noReconstruction' });
    expect(byKey.mcp).toMatchObject({ value: 0, note: 'noLongTerm' });
    expect(byKey.referenceConsistency!.value).toBe(0);
    // σ_IAV 6 % over 4 measured years
    expect(byKey.longTermPeriod).toMatchObject({ how: 'default', value: 0.03 });
    // no extrapolation: hub at the measured height
    expect(byKey.verticalExtrapolation!.value).toBe(0);
    expect(byKey.measurement!.note).toBe('noCertificate');
    const m = budget.measurement[0]!;
    expect(m.classIndex).toBe(DEFAULT_CLASS_INDEX);
    expect(m.calibrationMps).toBe(DEFAULT_CALIBRATION_MPS);
  });

  it('reads the class index of a classification text and the certificate point nearest the mean speed', () => {
    expect(classIndexOf('0.9A/3.2B')).toBe(0.9);
    expect(classIndexOf('Class A 1.7')).toBe(1.7);
    expect(classIndexOf('2.4')).toBe(2.4);
    expect(classIndexOf('')).toBeUndefined();
    expect(classIndexOf('first class')).toBeUndefined();
    const points = [
      { referenceBinMps: 4, uncertaintyMps: 0.08 },
      { referenceBinMps: 10, uncertaintyMps: 0.12 },
    ];
    expect(calibrationUncertaintyMps(points, 2, 8)).toBeCloseTo(0.06, 12);
    expect(calibrationUncertaintyMps(points, null, 5)).toBe(0.08);
    expect(calibrationUncertaintyMps([{ referenceBinMps: 5, uncertaintyMps: null }], 2, 5)).toBeUndefined();
    expect(measurementUncertainty({ heightM: 10, meanSpeedMps: 5, mounting: 'top' }).mounting).toBe(0.005);
  });

  it('uses the default σ_α with two heights and the slope error with three', () => {
    expect(shearSlopeStandardError([30, 70], [6, 6.9])).toBeUndefined();
    const two = verticalUncertainty({
      heightsM: [30, 70],
      meanSpeedsMps: [6, 6.9],
      fromHeightM: 70,
      hubHeightM: 140,
    });
    expect(two.sigmaAlphaIsDefault).toBe(true);
    expect(two.value).toBeCloseTo(DEFAULT_SIGMA_ALPHA * Math.log(2), 12);
    // exact power law: no scatter
    const exact = [20, 40, 80].map((z) => 5 * (z / 20) ** 0.2);
    expect(shearSlopeStandardError([20, 40, 80], exact)).toBeCloseTo(0, 12);
  });

  it('derives the sensitivity from the Weibull by ±1 % of the scale (1.94 for A 7.5, k 2 on the §11 curve, not a fixed 1.5–2)', () => {
    const s = weibullSpeedSensitivity(CURVE, 7.5, 2)!;
    expect(s).toBeCloseTo(1.9403, 4);
    expect(measuredSpeedSensitivity(CURVE, [1, 2])).toBeUndefined();
  });
});
