import { describe, expect, it } from 'vitest';
import { AVERAGE_YEAR_HOURS, AVERAGE_YEAR_MONTH_HOURS, averageYearEnergy } from './average-year-energy.ts';
import { densityCorrectedPower } from './density-corrected-power.ts';
import { energyYield } from './energy-yield.ts';
import { type PowerCurve, powerAt, powerCurveProblem } from './power-curve.ts';
import { standardAtmosphereDensity } from './standard-atmosphere-density.ts';
import { weibullMeanPower } from './weibull-mean-power.ts';
import { capacityFactor, exceedanceEnergies, fullLoadHours, netEnergy } from './yield-figures.ts';

/** The worked example curve of WIND-ANALYSIS §11 (m/s → kW), rated 2000 kW. */
const EXAMPLE: PowerCurve = {
  speedsMps: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 25],
  powerKw: [0, 66, 171, 322, 528, 800, 1134, 1505, 1824, 1979, 2000, 2000],
  ratedKw: 2000,
  referenceDensityKgM3: 1.225,
  regulation: 'pitch',
};
const STALL: PowerCurve = { ...EXAMPLE, regulation: 'stall' };

/** Deterministic LCG in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4_294_967_296;
  };
}

describe('WIND-ANALYSIS §11 worked example', () => {
  it('gives E[P] = 640.690 kW, 5616.29 MWh, CF 32.03 % and 2808.1 full-load hours for Weibull A 7.5, k 2 at ρ0', () => {
    const mean = weibullMeanPower(EXAMPLE, 7.5, 2);
    expect(mean).toBeCloseTo(640.69, 2);
    const aep = mean * AVERAGE_YEAR_HOURS;
    expect(aep / 1000).toBeCloseTo(5616.29, 1);
    expect(capacityFactor(aep, 2000) * 100).toBeCloseTo(32.03, 2);
    expect(fullLoadHours(aep, 2000)).toBeCloseTo(2808.1, 1);
  });

  it('gives 596.571 kW (pitch) and 575.314 kW (stall) at ρ = 1.10', () => {
    expect(weibullMeanPower(EXAMPLE, 7.5, 2, 1.1)).toBeCloseTo(596.571, 2);
    expect((weibullMeanPower(EXAMPLE, 7.5, 2, 1.1) * AVERAGE_YEAR_HOURS) / 1000).toBeCloseTo(5229.5, 0);
    expect(weibullMeanPower(STALL, 7.5, 2, 1.1)).toBeCloseTo(575.314, 2);
    expect((weibullMeanPower(STALL, 7.5, 2, 1.1) * AVERAGE_YEAR_HOURS) / 1000).toBeCloseTo(5043.2, 0);
  });

  it('reads the time series 2.5 … 26.0 m/s as 0, 87, 486.8, 1171.1, 1989.5, 0 kW (mean 622.4)', () => {
    const powers = [2.5, 4.2, 6.8, 9.1, 12.5, 26.0].map((v) => powerAt(EXAMPLE, v));
    const expected = [0, 87, 486.8, 1171.1, 1989.5, 0];
    for (const [i, p] of powers.entries()) expect(p).toBeCloseTo(expected[i]!, 1);
    expect(powers.reduce((a, b) => a + b, 0) / powers.length).toBeCloseTo(622.4, 1);
  });

  it('extrapolates 80 m → 100 m with α = 0.2 (factor 1.045640): 4.39168 → 107.127 kW, 9.51532 → 1325.184 kW', () => {
    const factor = (100 / 80) ** 0.2;
    expect(factor).toBeCloseTo(1.04564, 5);
    expect(4.2 * factor).toBeCloseTo(4.39168, 4);
    expect(powerAt(EXAMPLE, 4.2 * factor)).toBeCloseTo(107.127, 2);
    expect(powerAt(EXAMPLE, 9.1 * factor)).toBeCloseTo(1325.184, 2);
    const result = energyYield({
      speedsMps: Float64Array.from([4.2, 9.1]),
      measuredHeightM: 80,
      hubHeightM: 100,
      shear: { mode: 'overall', exponent: 0.2 },
      hourOfDay: [0, 0],
      monthOfYear: [1, 1],
      densityKgM3: 1.225,
      curve: EXAMPLE,
    });
    expect(result.timeSeries.meanPowerKw).toBeCloseTo((107.127 + 1325.184) / 2, 2);
  });

  it('takes wake 8 %, availability 3 %, electrical 2 % off 5616.29 MWh (4911.74) and gives σ 8.775 %, P75 4621.0, P90 4359.4', () => {
    const net = netEnergy(5616.29, [0.08, 0.03, 0.02]);
    expect(net).toBeCloseTo(4911.74, 1);
    const p = exceedanceEnergies(net, [0.05, 0.06, 0.04]);
    expect(p.sigma * 100).toBeCloseTo(8.775, 3);
    expect(p.P75).toBeCloseTo(4621.0, 0);
    expect(p.P90).toBeCloseTo(4359.4, 0);
  });

  it('gives the standard-atmosphere density 1.1116 kg/m³ at 1000 m', () => {
    expect(standardAtmosphereDensity(1000)).toBeCloseTo(1.1116, 4);
    expect(standardAtmosphereDensity(0)).toBe(1.225);
  });
});

describe('power curve', () => {
  it('is 0 below cut-in and above cut-out, NaN for a missing speed', () => {
    expect(powerAt(EXAMPLE, 2.99)).toBe(0);
    expect(powerAt(EXAMPLE, 25)).toBe(2000);
    expect(powerAt(EXAMPLE, 25.01)).toBe(0);
    expect(powerAt(EXAMPLE, Number.NaN)).toBeNaN();
  });

  it('names the first problem of a bad table', () => {
    expect(powerCurveProblem(EXAMPLE)).toBeUndefined();
    expect(powerCurveProblem({ ...EXAMPLE, speedsMps: [3, 3, ...EXAMPLE.speedsMps.slice(2)] })).toMatch(
      /increase/,
    );
    expect(powerCurveProblem({ ...EXAMPLE, speedsMps: [3], powerKw: [0] })).toMatch(/2 points/);
  });
});

describe('properties', () => {
  it('never gives more than rated power × hours, on any Weibull and density', () => {
    const next = random(11);
    for (let i = 0; i < 40; i++) {
      const a = 3 + next() * 12;
      const k = 1.2 + next() * 2.5;
      const rho = 0.9 + next() * 0.45;
      for (const curve of [EXAMPLE, STALL]) {
        const mean = weibullMeanPower(curve, a, k, rho);
        expect(mean).toBeGreaterThanOrEqual(0);
        // Stall scales power by ρ/ρ0: above ρ0 the site curve may exceed the table's rated power.
        expect(mean).toBeLessThanOrEqual(
          curve.ratedKw * Math.max(1, curve.regulation === 'stall' ? rho / 1.225 : 1) + 1e-9,
        );
      }
    }
  });

  it('is the identity at the reference density for both regulations', () => {
    const next = random(5);
    for (let i = 0; i < 200; i++) {
      const v = next() * 30;
      expect(densityCorrectedPower(EXAMPLE, v, 1.225)).toBe(powerAt(EXAMPLE, v));
      expect(densityCorrectedPower(STALL, v, 1.225)).toBe(powerAt(STALL, v));
    }
  });

  it('makes the Weibull AEP approach the time-series AEP on a synthetic Weibull sample', () => {
    const next = random(42);
    const a = 7.5;
    const k = 2;
    const n = 52_560;
    const speeds = new Float64Array(n);
    const months = new Uint8Array(n);
    const hours = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      // Inverse CDF sampling: v = A·(−ln U)^(1/k).
      speeds[i] = a * (-Math.log(1 - next())) ** (1 / k);
      months[i] = 1 + Math.floor((i / n) * 12);
      hours[i] = Math.floor((i % 144) / 6);
    }
    const result = energyYield({
      speedsMps: speeds,
      measuredHeightM: 100,
      hubHeightM: 100,
      shear: { mode: 'overall', exponent: 0.14 },
      hourOfDay: hours,
      monthOfYear: months,
      densityKgM3: 1.225,
      curve: EXAMPLE,
      weibullMethod: 'mle',
    });
    const plain = result.timeSeries.plainEnergyKwh!;
    expect(Math.abs(result.weibull!.energyKwh - plain) / plain).toBeLessThan(0.01);
    expect(Math.abs(plain - 640.69 * AVERAGE_YEAR_HOURS) / plain).toBeLessThan(0.01);
  });

  it('weights calendar months by their average-year hours, so a gap in one season does not bias the year', () => {
    // Winter months at 1000 kW, summer at 200 kW; January has ten times more records than July.
    const power: number[] = [];
    const month: number[] = [];
    for (let m = 1; m <= 12; m++) {
      const records = m === 1 ? 1000 : 100;
      for (let i = 0; i < records; i++) {
        power.push(m <= 3 || m >= 10 ? 1000 : 200);
        month.push(m);
      }
    }
    const e = averageYearEnergy(power, month);
    const expected = AVERAGE_YEAR_MONTH_HOURS.reduce((s, h, m) => s + h * (m < 3 || m >= 9 ? 1000 : 200), 0);
    expect(e.energyKwh).toBeCloseTo(expected, 6);
    expect(e.plainEnergyKwh!).toBeGreaterThan(expected);
    expect(AVERAGE_YEAR_MONTH_HOURS.reduce((a, b) => a + b, 0)).toBe(AVERAGE_YEAR_HOURS);
  });

  it('says which calendar months have no data and gives the plain mean beside, never silently', () => {
    const e = averageYearEnergy([500, 600], [1, 2]);
    expect(e.energyKwh).toBeUndefined();
    expect(e.missingMonths).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(e.plainEnergyKwh).toBeCloseTo(550 * AVERAGE_YEAR_HOURS, 6);
  });
});

describe('Weibull by sector', () => {
  it('sums frequency × sector mean power, a sector too sparse for a fit counting with its time-series mean', () => {
    const next = random(3);
    const n = 5000;
    const speeds = new Float64Array(n);
    const sectorIndex = new Int16Array(n);
    for (let i = 0; i < n; i++) {
      speeds[i] = 7.5 * (-Math.log(1 - next())) ** 0.5;
      sectorIndex[i] = i === 0 ? 1 : 0; // sector 1 holds one record only
    }
    const result = energyYield({
      speedsMps: speeds,
      measuredHeightM: 100,
      hubHeightM: 100,
      shear: { mode: 'overall', exponent: 0.14 },
      hourOfDay: new Uint8Array(n),
      monthOfYear: new Uint8Array(n).fill(1),
      sectorIndex,
      sectors: 2,
      densityKgM3: 1.225,
      curve: EXAMPLE,
    });
    const [s0, s1] = result.bySector;
    expect(s1!.weibull).toBeUndefined();
    const expected =
      (s0!.frequency * s0!.weibullMeanPowerKw! + s1!.frequency * s1!.meanPowerKw!) * AVERAGE_YEAR_HOURS;
    expect(result.weibullBySectorEnergyKwh).toBeCloseTo(expected, 6);
  });
});
