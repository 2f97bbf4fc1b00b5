import { describe, expect, it } from 'vitest';
import { directionSectorIndices } from '../direction/direction-sector-indices.ts';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import { applyTowerShadowChoice } from './apply-tower-shadow-choice.ts';
import { correctRepresentativeYear } from './correct-representative-year.ts';
import { extrapolateSeries } from './extrapolate-series.ts';
import { fillGapsLinear } from './fill-gaps-linear.ts';
import { mergeTowerShadow } from './merge-tower-shadow.ts';
import { selectAverageYear } from './select-average-year.ts';
import { selectBestYear } from './select-best-year.ts';

const NaN_ = Number.NaN;

describe('mergeTowerShadow (WIND-ANALYSIS §4 worked example)', () => {
  const base = { speed1: [6.1], speed2: [7.0], directionDeg: [175], boom1Deg: 0, boom2Deg: 180 };

  it('β1 = 0°, β2 = 180°, θ = 175°, V1 = 6.1, V2 = 7.0 → sensor 1 shadowed: GB 7.0, max 7.0, average 6.55', () => {
    expect(mergeTowerShadow({ ...base, method: 'gb' }).values[0]).toBe(7.0);
    expect(mergeTowerShadow({ ...base, method: 'max' }).values[0]).toBe(7.0);
    expect(mergeTowerShadow({ ...base, method: 'average' }).values[0]).toBeCloseTo(6.55, 12);
  });

  it('GB uses sensor 1 when sensor 2 is shadowed, the mean when neither is, and the other value when one is missing', () => {
    const r = mergeTowerShadow({
      speed1: [6, 6, NaN_, NaN_],
      speed2: [7, 7, 7, NaN_],
      directionDeg: [5, 90, 5, 5],
      boom1Deg: 0,
      boom2Deg: 180,
      method: 'gb',
    });
    expect([...r.values]).toEqual([6, 6.5, 7, NaN_]);
    expect([...r.choice]).toEqual([1, 3, 2, 0]);
  });

  it('the correction angle rotates the wake sectors and must lie in [−15, 15]', () => {
    // wake of sensor 1 at 180 + 15 = 195 ± 30: θ = 215 is shadowed only with the correction
    const args = {
      speed1: [6],
      speed2: [7],
      directionDeg: [215],
      boom1Deg: 0,
      boom2Deg: 180,
      method: 'gb' as const,
    };
    expect(mergeTowerShadow(args).values[0]).toBe(6.5);
    expect(mergeTowerShadow({ ...args, correctionAngleDeg: 15 }).values[0]).toBe(7);
    expect(() => mergeTowerShadow({ ...args, correctionAngleDeg: 16 })).toThrow(
      'correctionAngleDeg in [-15, 15]',
    );
  });

  it('GB rejects booms whose wake sectors overlap (|Δβ| < 60°) and needs directions', () => {
    expect(() => mergeTowerShadow({ ...base, boom2Deg: 40, method: 'gb' })).toThrow('wake sectors');
    expect(() =>
      mergeTowerShadow({ speed1: [1], speed2: [1], boom1Deg: 0, boom2Deg: 180, method: 'gb' }),
    ).toThrow('directions');
  });

  it('applyTowerShadowChoice applies the same choice to the sd channels', () => {
    expect([
      ...applyTowerShadowChoice(Uint8Array.of(1, 2, 3, 4, 0), [1, 1, 1, 1, 1], [3, 3, 3, 3, 3]),
    ]).toEqual([1, 3, 2, 3, NaN_]);
  });
});

describe('fillGapsLinear (WIND-ANALYSIS §5)', () => {
  it('fillGapsLinear(§5 example with minPairs 5) fills x = 7.5 with 8.242 m/s and flags it filled', () => {
    const r = fillGapsLinear({
      target: [5.6, 6.9, 7.7, 9.3, 9.8, NaN_],
      predictor: [5.0, 6.2, 7.1, 8.4, 9.0, 7.5],
      minPairs: 5,
    });
    expect(r.values[5]).toBeCloseTo(8.242, 3);
    expect([...r.flags]).toEqual([0, 0, 0, 0, 0, 1]);
    expect(r.filledCount).toBe(1);
    expect(r.fit!.r).toBeCloseTo(0.9989, 4);
  });

  it('fillGapsLinear fills nothing with fewer than 144 pairs (1 day) or r < 0.8', () => {
    expect(fillGapsLinear({ target: [1, 2, NaN_], predictor: [1, 2, 3] }).reason).toBe('tooFewPairs');
    const n = 200;
    const x = Float64Array.from({ length: n }, (_, i) => i % 7);
    const y = Float64Array.from({ length: n }, (_, i) => (i < n - 1 ? (i * 37) % 11 : NaN_));
    const r = fillGapsLinear({ target: y, predictor: x });
    expect(r.reason).toBe('weakCorrelation');
    expect(r.values[n - 1]).toBeNaN();
  });
});

describe('extrapolateSeries (WIND-ANALYSIS §6)', () => {
  it('extrapolateSeries(6.0 m/s, 30 → 100 m, α = 0.1650) = 7.318; by hour and by sector use each record’s α', () => {
    expect(
      extrapolateSeries([6.0], 30, 100, { exponent: Math.log(6.9 / 6) / Math.log(70 / 30) })[0],
    ).toBeCloseTo(7.318, 3);
    const calendar = buildCalendarIndex(createTimeGrid({ startMs: 0, intervalMinutes: 60, length: 2 }), 0);
    const byHour = Array.from({ length: 24 }, (_, h) => (h === 1 ? 0.2 : 0.1));
    const hourly = extrapolateSeries([5, 5], 50, 100, { exponentByHour: byHour, calendar });
    expect(hourly[0]).toBeCloseTo(5 * 2 ** 0.1, 12);
    expect(hourly[1]).toBeCloseTo(5 * 2 ** 0.2, 12);
    const sectors = directionSectorIndices([0, 180, NaN_], 2);
    const bySector = extrapolateSeries([5, 5, 5], 50, 100, {
      exponentBySector: [0.1, undefined],
      sectorIndex: sectors,
    });
    expect(bySector[0]).toBeCloseTo(5 * 2 ** 0.1, 12);
    expect(bySector[1]).toBeNaN();
    expect(bySector[2]).toBeNaN();
  });
});

describe('long-term correction (WIND-ANALYSIS §7)', () => {
  it('correctRepresentativeYear: ΔV_ref = 4.8 − 4.5 = 0.30, b = 1.2 → ΔV = 0.36; a 7.00 m/s record becomes 7.36', () => {
    // Station 4.5 m/s mean; mast = 1.2 × station + 1.6 exactly, all from the north.
    const station = Float64Array.from(
      { length: 40 },
      (_, i) => 4.5 + (i % 2 === 0 ? -1 : 1) * (1 + (i % 5) * 0.1),
    );
    const mast = station.map((x) => 1.2 * x + 1.6);
    const r = correctRepresentativeYear({
      mastMps: mast,
      stationMps: station,
      stationDirectionDeg: new Float64Array(40),
      longTermStationMeanMps: 4.8,
    });
    expect(r.slopeBySector[0]).toBeCloseTo(1.2, 12);
    expect(r.deltaBySector[0]).toBeCloseTo(0.36, 12);
    for (let i = 0; i < mast.length; i++) expect(r.values[i]! - mast[i]!).toBeCloseTo(0.36, 12);
    expect(7.0 + r.deltaBySector[0]!).toBeCloseTo(7.36, 12);
  });

  it('selectBestYear picks the 12 consecutive months with the best recovery', () => {
    const months = Array.from({ length: 14 }, (_, k) => ({
      year: 2016 + Math.floor((k + 2) / 12),
      month: ((k + 2) % 12) + 1,
      shouldCount: 100,
      validCount: k === 0 ? 50 : 90,
    }));
    expect(selectBestYear(months)).toEqual({ startIndex: 1, validRatePct: 90 });
    expect(selectBestYear(months.slice(0, 11))).toBeUndefined();
    expect(() => selectBestYear([months[0]!, months[2]!])).toThrow('consecutive');
  });

  it('selectAverageYear picks the year closest to the period mean, plus the extreme years', () => {
    expect(
      selectAverageYear([
        { year: 2001, meanSpeedMps: 5 },
        { year: 2002, meanSpeedMps: 6 },
        { year: 2003, meanSpeedMps: 5.4 },
        { year: 2004, meanSpeedMps: NaN_ },
      ]),
    ).toMatchObject({ averageYear: 2003, maximumYear: 2002, minimumYear: 2001 });
    expect(selectAverageYear([])).toBeUndefined();
  });
});
