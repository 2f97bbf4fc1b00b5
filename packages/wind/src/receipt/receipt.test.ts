import { describe, expect, it } from 'vitest';
import { angleDifference } from '../direction/angle-difference.ts';
import { hasShared, loadDemoExcerpt } from '../testing/shared-fixtures.ts';
import { basicReceipt } from './basic-receipt.ts';
import { checkBoomOrientation } from './check-boom-orientation.ts';
import { checkClockByRadiation } from './check-clock-by-radiation.ts';
import { checkClockByTemperature } from './check-clock-by-temperature.ts';
import { checkSlopeMismatch } from './check-slope-mismatch.ts';
import { checkStuckSensor } from './check-stuck-sensor.ts';
import { checkSwappedHeights } from './check-swapped-heights.ts';
import { checkVaneOffset } from './check-vane-offset.ts';
import { compareDeclaredCalibration } from './compare-declared-calibration.ts';
import { receiptChecks } from './receipt-checks.ts';
import { solarPosition } from './solar-position.ts';
import type { ReceiptChannel, ReceiptCheckResult, ReceiptWindow } from './types.ts';
import { vocabularyMisses } from './vocabulary-misses.ts';

const STEP = 600_000;
const DAY = 86_400_000;
const START = Date.UTC(2024, 5, 1);
const SITE = { latDeg: 39.9107, lonDeg: -105.2348 };

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A window of `days` 10-min records from `startMs`, each channel computed from (index, time, rng). */
function windowOf(
  startMs: number,
  days: number,
  channels: Record<string, (i: number, t: number, r: () => number) => number>,
  seed = 1,
): ReceiptWindow {
  const n = days * 144;
  const timesMs = Float64Array.from({ length: n }, (_, i) => startMs + i * STEP);
  const rng = random(seed);
  const out: Record<string, Float64Array> = {};
  for (const id of Object.keys(channels)) out[id] = new Float64Array(n);
  for (let i = 0; i < n; i++)
    for (const [id, f] of Object.entries(channels)) out[id]![i] = f(i, timesMs[i]!, rng);
  return { timesMs, channels: out };
}

/** A windy site: speed 4–14 m/s, direction uniform, two cups at 80 m on booms 0° and 180° with a 20 % wake. */
function twoBoomMast(startMs: number, days: number, seed: number, slopeA = 1): ReceiptWindow {
  const wake = (theta: number, boom: number) =>
    1 - 0.2 * Math.exp(-(((((theta - boom - 180 + 540) % 360) - 180) / 12) ** 2) / 2);
  const base = windowOf(
    startMs,
    days,
    { u: (_i, _t, r) => 4 + 10 * r(), d: (_i, _t, r) => 360 * r(), e: (_i, _t, r) => 0.1 * (r() - 0.5) },
    seed,
  );
  const { u, d, e } = base.channels as Record<string, Float64Array>;
  return {
    timesMs: base.timesMs,
    channels: {
      a: Float64Array.from(u!, (v, i) => slopeA * v * wake(d![i]!, 0) + e![i]!),
      b: Float64Array.from(u!, (v, i) => v * wake(d![i]!, 180) - e![i]!),
      lower: Float64Array.from(u!, (v) => v / 1.08),
      d: d!,
      d2: Float64Array.from(d!, (v, i) => (v + 2 * Math.sin(i) + 360) % 360),
      T: Float64Array.from(
        base.timesMs,
        (t) => 15 + 6 * Math.sin((2 * Math.PI * (t - 18 * 3_600_000)) / DAY),
      ),
    },
  };
}

const numbersOf = (r: ReceiptCheckResult) =>
  r.status === 'finding' ? r.finding.numbers : r.status === 'pass' ? r.pass.numbers : (r.skip.numbers ?? {});

describe('solarPosition (NOAA solar calculator)', () => {
  // Reda & Andreas (2004), NREL SPA example: 17 Oct 2003 12:30:30 at UTC−7, 39.742476 N, 105.1786 W:
  // topocentric zenith 50.111622°, azimuth 194.340241°, sunrise 06:12:43, sunset 17:20:19 local time.
  const at = Date.UTC(2003, 9, 17, 19, 30, 30);
  const lat = 39.742476;
  const lon = -105.1786;

  it('matches the SPA example zenith and azimuth within 0.02°', () => {
    const p = solarPosition(at, lat, lon);
    expect(Math.abs(90 - p.apparentElevationDeg - 50.111622)).toBeLessThan(0.02);
    expect(Math.abs(p.azimuthDeg - 194.340241)).toBeLessThan(0.02);
  });

  it("puts sunrise and sunset (geometric elevation −0.833°: refraction 0.567° + the sun's radius 0.267°) within 100 s of the SPA example", () => {
    // NOAA's spreadsheet formulas are simpler than SPA: sunrise agrees within 5 s here, sunset within 90 s.
    const crossing = (from: number, to: number) => {
      let lo = from;
      let hi = to;
      const sign = Math.sign(solarPosition(lo, lat, lon).elevationDeg + 0.833);
      for (let k = 0; k < 40; k++) {
        const mid = (lo + hi) / 2;
        if (Math.sign(solarPosition(mid, lat, lon).elevationDeg + 0.833) === sign) lo = mid;
        else hi = mid;
      }
      return lo;
    };
    const sunrise = crossing(Date.UTC(2003, 9, 17, 11), Date.UTC(2003, 9, 17, 15));
    const sunset = crossing(Date.UTC(2003, 9, 17, 22), Date.UTC(2003, 9, 18, 2));
    expect(Math.abs(sunrise - Date.UTC(2003, 9, 17, 13, 12, 43))).toBeLessThan(10_000);
    expect(Math.abs(sunset - Date.UTC(2003, 9, 18, 0, 20, 19))).toBeLessThan(100_000);
  });

  it('gives solar noon from the equation of time (720 − 4·lon − EoT minutes UTC)', () => {
    const p = solarPosition(at, lat, lon);
    expect(p.solarNoonMs).toBeCloseTo(
      Date.UTC(2003, 9, 17) + (720 + 4 * 105.1786 - p.equationOfTimeMinutes) * 60_000,
      -2,
    );
    // mid-October the sun is 14–15 min fast (NOAA table: +14.6 min on 17 Oct)
    expect(p.equationOfTimeMinutes).toBeGreaterThan(14.2);
    expect(p.equationOfTimeMinutes).toBeLessThan(15.0);
  });
});

describe('checkClockByRadiation', () => {
  const clearSky = (shiftMin: number) =>
    windowOf(START, 14, {
      G: (_i, t, r) => {
        const h = solarPosition(t + STEP / 2 - shiftMin * 60_000, SITE.latDeg, SITE.lonDeg).elevationDeg;
        return Math.max(0, 1000 * Math.sin((h * Math.PI) / 180)) * (0.8 + 0.2 * r());
      },
    });

  it('finds a logger that stamps an hour late and proposes shifting the file back by 60 min', () => {
    const r = checkClockByRadiation(clearSky(60), { radiationId: 'G', ...SITE });
    expect(r.status).toBe('finding');
    if (r.status !== 'finding') return;
    expect(r.finding.numbers.stepLagMinutes).toBe(60);
    expect(r.finding.fix).toEqual({
      kind: 'shift_clock',
      fromMs: START,
      toMs: START + 14 * DAY,
      minutes: -60,
    });
    expect(r.finding.chart?.x).toHaveLength(145);
  });

  it('passes a true clock with a lag under 10 min', () => {
    const r = checkClockByRadiation(clearSky(0), { radiationId: 'G', ...SITE });
    expect(r.status).toBe('pass');
    expect(Math.abs(numbersOf(r).lagMinutes!)).toBeLessThan(10);
  });

  it('skips a radiation channel that does not follow the sun', () => {
    const noise = windowOf(START, 14, { G: (_i, _t, r) => 500 * r() });
    expect(checkClockByRadiation(noise, { radiationId: 'G', ...SITE })).toMatchObject({
      status: 'skipped',
      skip: { reason: 'radiation_does_not_follow_sun' },
    });
  });
});

describe('checkClockByTemperature', () => {
  const cycle = (startMs: number, shiftMin: number, seed: number) =>
    windowOf(
      startMs,
      30,
      {
        T: (_i, t, r) =>
          10 + 5 * Math.sin((2 * Math.PI * (t - shiftMin * 60_000 - 15 * 3_600_000)) / DAY) + 0.5 * r(),
      },
      seed,
    );

  it('reads a 60 min later cycle as a clock change and proposes −60 min', () => {
    const r = checkClockByTemperature(cycle(START, 60, 2), cycle(START - 30 * DAY, 0, 3), {
      temperatureId: 'T',
    });
    expect(r.status).toBe('finding');
    if (r.status === 'finding') {
      expect(r.finding.numbers.shiftMinutes).toBeCloseTo(60, -1);
      expect(r.finding.fix).toMatchObject({ kind: 'shift_clock', minutes: -60 });
    }
  });

  it('skips without history', () => {
    expect(checkClockByTemperature(cycle(START, 0, 2), undefined, { temperatureId: 'T' })).toMatchObject({
      status: 'skipped',
      skip: { reason: 'no_history' },
    });
  });
});

describe('basicReceipt', () => {
  it('counts rows, gaps, duplicates, off-grid stamps and out-of-range values', () => {
    const t = [0, 1, 2, 2, 5, 6].map((k) => START + k * STEP);
    t.splice(5, 0, START + 5 * STEP + 7_000);
    const ws = [5, 6, 7, 7.5, 41, 8, 9];
    const file = { timesMs: Float64Array.from(t), channels: { ws: Float64Array.from(ws) } };
    const { receipt, findings } = basicReceipt(file, [{ id: 'ws', element: 'ws' }]);
    expect(receipt).toMatchObject({
      rows: 7,
      expectedSlots: 7,
      distinctSlots: 5,
      gapCount: 1,
      missingSlots: 2,
      duplicates: 1,
      conflictingDuplicates: 1,
      offGrid: 1,
    });
    expect(receipt.longestGaps[0]).toEqual({ fromMs: START + 3 * STEP, toMs: START + 5 * STEP });
    expect(receipt.channels[0]).toMatchObject({ valid: 7, outOfRange: 1, max: 41, rangeMax: 40 });
    expect(findings.map((f) => f.key).sort()).toEqual([
      'basic.duplicates',
      'basic.gaps',
      'basic.off_grid',
      'basic.out_of_range',
    ]);
  });
});

describe('the pair checks on a two-boom mast', () => {
  const history = twoBoomMast(START - 30 * DAY, 30, 11);
  const file = twoBoomMast(START, 30, 12);
  const a: ReceiptChannel = { id: 'a', element: 'ws', heightM: 80, boomDeg: 0 };
  const b: ReceiptChannel = { id: 'b', element: 'ws', heightM: 80, boomDeg: 180 };

  it('finds the boom where its wake is: declared 90° but the dip sits at 180° → boom 0°', () => {
    const r = checkBoomOrientation(file, history, {
      channel: { ...a, boomDeg: 90 },
      reference: b,
      directionId: 'd',
    });
    expect(r.status).toBe('finding');
    if (r.status !== 'finding') return;
    expect(Math.abs(angleDifference(r.finding.numbers.foundBoomDeg!, 0))).toBeLessThan(5);
    expect(r.finding.fix).toEqual({ kind: 'set_boom_orientation', channel: 'a', deg: 0 });
    expect(r.finding.chart?.x).toHaveLength(36);
  });

  it('passes the declared booms and skips a declared wake without records', () => {
    expect(checkBoomOrientation(file, history, { channel: a, reference: b, directionId: 'd' }).status).toBe(
      'pass',
    );
    const calmSouth = {
      ...file,
      channels: { ...file.channels, d: file.channels.d!.map((x) => (Math.abs(x - 180) < 10 ? 90 : x)) },
    };
    expect(
      checkBoomOrientation(calmSouth, undefined, { channel: a, reference: b, directionId: 'd' }),
    ).toMatchObject({ status: 'skipped', skip: { reason: 'declared_wake_unobserved' } });
  });

  it('finds a 3 % slope change from the day it started and proposes the inverse factor', () => {
    const changed = twoBoomMast(START, 30, 12, 1.03);
    const r = checkSlopeMismatch(changed, history, { a, b, directionId: 'd' });
    expect(r.status).toBe('finding');
    if (r.status !== 'finding') return;
    expect(r.finding.key).toBe('slope_mismatch.changed');
    expect(r.finding.numbers.changePercent).toBeCloseTo(3, 0);
    expect(r.finding.fix).toMatchObject({ kind: 'slope_offset', channel: 'a', offset: 0, fromMs: START });
    expect(checkSlopeMismatch(file, history, { a, b, directionId: 'd' }).status).toBe('pass');
  });

  /**
   * Twin cups whose ratio depends on direction outside the declared wakes (the mast speeds `a` up by 6 % for
   * wind from the south half), history from the north, the file from the south: nothing changed in the cups.
   */
  function sidedMast(startMs: number, fromDeg: number, seed: number, scaleA = 1): ReceiptWindow {
    const w = windowOf(
      startMs,
      30,
      { u: (_i, _t, r) => 4 + 10 * r(), d: (_i, _t, r) => (fromDeg - 60 + 120 * r() + 360) % 360 },
      seed,
    );
    const { u, d } = w.channels as Record<string, Float64Array>;
    const speedUp = (deg: number) => (Math.cos((deg * Math.PI) / 180) < 0 ? 1.06 : 1);
    return {
      timesMs: w.timesMs,
      channels: { a: u!.map((v, i) => scaleA * v * speedUp(d![i]!)), b: u!.slice(), d: d! },
    };
  }
  const east: ReceiptChannel = { id: 'a', element: 'ws', heightM: 80, boomDeg: 90 };
  const west: ReceiptChannel = { id: 'b', element: 'ws', heightM: 80, boomDeg: 270 };

  it('compares a file with its previous 30 days at the same directions: a change of wind side is no change of calibration', () => {
    const north = sidedMast(START - 30 * DAY, 0, 21);
    const south = sidedMast(START, 180, 22);
    const history = sidedMast(START - 30 * DAY, 90, 23);
    const r = checkSlopeMismatch(south, history, { a: east, b: west, directionId: 'd' });
    expect(r.status).toBe('pass');
    if (r.status !== 'pass') return;
    // The same data give the same slope: the history at the file's directions is the file's own slope.
    expect(r.pass.numbers.historySlope).toBeCloseTo(r.pass.numbers.fileSlope!, 3);
    expect(r.pass.numbers.changePercent).toBeCloseTo(0, 1);
    expect(r.pass.numbers.differencePercent).toBeCloseTo((r.pass.numbers.fileSlope! - 1) * 100, 10);
    // From the north only, the history has no record at the file's directions: no comparison, no alarm of change.
    const fromNorth = checkSlopeMismatch(south, north, { a: east, b: west, directionId: 'd' });
    expect(fromNorth.status === 'finding' ? fromNorth.finding.key : fromNorth.status).not.toBe(
      'slope_mismatch.changed',
    );
  });

  it('still finds a 3 % calibration change when the wind also changed side, with the change against the matched history', () => {
    const history = sidedMast(START - 30 * DAY, 90, 31);
    const changed = sidedMast(START, 180, 32, 1.03);
    const r = checkSlopeMismatch(changed, history, { a: east, b: west, directionId: 'd' });
    expect(r.status).toBe('finding');
    if (r.status !== 'finding') return;
    expect(r.finding.key).toBe('slope_mismatch.changed');
    expect(r.finding.numbers.changePercent).toBeCloseTo(3, 1);
    expect(r.finding.numbers.changePercent).toBeCloseTo(
      (r.finding.numbers.slopeAfter! / r.finding.numbers.slopeBefore! - 1) * 100,
      10,
    );
    expect(r.finding.fix).toMatchObject({ kind: 'slope_offset', channel: 'a' });
    if (r.finding.fix?.kind === 'slope_offset') expect(r.finding.fix.slope).toBeCloseTo(1 / 1.03, 3);
  });

  it('passes a ratio away from 1 the previous 30 days show too, and flags it without a rescale when nothing can vouch for it', () => {
    const standing = twoBoomMast(START, 30, 12, 1.05);
    const before = twoBoomMast(START - 30 * DAY, 30, 11, 1.05);
    const r = checkSlopeMismatch(standing, before, { a, b, directionId: 'd' });
    expect(r.status).toBe('pass');
    if (r.status === 'pass') {
      expect(r.pass.numbers.differencePercent).toBeCloseTo(5, 0);
      expect(Math.abs(r.pass.numbers.changePercent!)).toBeLessThan(0.5);
    }
    const first = checkSlopeMismatch(standing, undefined, { a, b, directionId: 'd' });
    expect(first.status).toBe('finding');
    if (first.status !== 'finding') return;
    expect(first.finding.key).toBe('slope_mismatch.pair');
    expect(first.finding.numbers.differencePercent).toBeCloseTo(5, 0);
    // Which of the two cups is off cannot be told from their ratio: no fix that could rescale the good one.
    expect(first.finding.fix).toBeUndefined();
  });

  it('does not judge a pair whose wakes it cannot leave out: no vane, or a boom the configuration does not give', () => {
    expect(checkSlopeMismatch(file, history, { a, b })).toMatchObject({
      status: 'skipped',
      skip: { reason: 'no_vane' },
    });
    expect(
      checkSlopeMismatch(file, history, { a, b: { ...b, boomDeg: undefined }, directionId: 'd' }),
    ).toMatchObject({ status: 'skipped', skip: { reason: 'no_declared_boom' } });
  });

  it('finds heights swapped from the 11th: R = ū(z2)/ū(z1) crosses 1', () => {
    const swapAt = START + 10 * DAY;
    const lower = file.channels.lower!.slice();
    const upper = file.channels.b!.slice();
    for (let i = 10 * 144; i < lower.length; i++) [lower[i], upper[i]] = [upper[i]!, lower[i]!];
    const swapped = { ...file, channels: { ...file.channels, lower, b: upper } };
    const pair = { lower: { id: 'lower', element: 'ws' as const, heightM: 40 }, upper: { ...b } };
    const r = checkSwappedHeights(swapped, history, pair);
    expect(r.status).toBe('finding');
    if (r.status !== 'finding') return;
    expect(r.finding.key).toBe('swapped_heights.ratio_crossed_one');
    expect(r.finding.fix).toEqual({ kind: 'swap_heights', channelA: 'lower', channelB: 'b', fromMs: swapAt });
    expect(checkSwappedHeights(file, history, pair).status).toBe('pass');
  });

  it('finds a vane turned 15° from the 6th and proposes −15°', () => {
    const d2 = file.channels.d2!.map((x, i) => (i >= 5 * 144 ? (x + 15) % 360 : x));
    const r = checkVaneOffset({ ...file, channels: { ...file.channels, d2 } }, history, {
      a: 'd2',
      b: 'd',
      speedId: 'b',
    });
    expect(r.status).toBe('finding');
    if (r.status !== 'finding') return;
    expect(r.finding.numbers.changeDeg).toBeCloseTo(15, 0);
    expect(r.finding.fix).toMatchObject({ kind: 'vane_offset', channel: 'd2', fromMs: START + 5 * DAY });
    expect(r.finding.fix?.kind === 'vane_offset' && r.finding.fix.deg).toBeCloseTo(-15, 0);
  });

  it('finds 2 h of a stuck cup but not one hour, and not below 2 °C', () => {
    const stuck = (records: number, T = 15) => {
      const x = file.channels.a!.slice();
      for (let i = 1001; i < 1000 + records; i++) x[i] = x[1000]!;
      return { ...file, channels: { ...file.channels, a: x, T: file.channels.T!.map(() => T) } };
    };
    const opts = { channel: a, temperatureId: 'T' };
    const r = checkStuckSensor(stuck(12), history, opts);
    expect(r).toMatchObject({
      status: 'finding',
      finding: { key: 'stuck_sensor.run', fromMs: START + 1000 * STEP, toMs: START + 1012 * STEP },
    });
    expect(checkStuckSensor(stuck(5), history, opts).status).toBe('pass');
    expect(checkStuckSensor(stuck(12, 1), history, opts).status).toBe('skipped');
  });

  it('demands longer runs of a 16-point vane than of a continuous cup', () => {
    const coarse = {
      ...file,
      channels: { ...file.channels, d: file.channels.d!.map((x) => Math.round(x / 90) * 90) },
    };
    const r = checkStuckSensor(coarse, history, { channel: { id: 'd', element: 'wd' }, speedId: 'b' });
    expect(numbersOf(r).requiredRun).toBeGreaterThan(6);
  });
});

describe('compareDeclaredCalibration', () => {
  it('turns logger values into configured ones when the header slope differs', () => {
    const r = compareDeclaredCalibration(
      { id: 'ws', element: 'ws', slope: 0.765, offset: 0.35 },
      { slope: 0.8, offset: 0.3, fromMs: START },
    );
    expect(r.status).toBe('finding');
    if (r.status !== 'finding' || r.finding.fix?.kind !== 'slope_offset') return;
    // a raw count of 10 logged as 0.8·10 + 0.3 = 8.3 must become 0.765·10 + 0.35 = 8.0
    expect(r.finding.fix.slope * 8.3 + r.finding.fix.offset).toBeCloseTo(8.0, 10);
  });

  it('passes an equal calibration and skips an unconfigured channel', () => {
    expect(
      compareDeclaredCalibration(
        { id: 'ws', element: 'ws', slope: 0.765, offset: 0.35 },
        { slope: 0.765, offset: 0.35, fromMs: START },
      ).status,
    ).toBe('pass');
    expect(
      compareDeclaredCalibration({ id: 'ws', element: 'ws' }, { slope: 1, offset: 0, fromMs: START }).status,
    ).toBe('skipped');
  });
});

describe('receiptChecks', () => {
  it('judges a declared calibration with the tolerances its caller decided (the certificate rule, issue 44)', () => {
    const file = twoBoomMast(START, 30, 12);
    // Offset 0.2491 programmed, 0.24453 certified: 0.0046 apart, within the check's own 0.005.
    const channels: ReceiptChannel[] = [
      { id: 'a', element: 'ws', heightM: 80, slope: 0.04587, offset: 0.24453 },
    ];
    const declared = { channel: 'a', slope: 0.04587, offset: 0.2491, fromMs: START };
    const own = receiptChecks({ file, channels, declaredCalibrations: [declared] });
    expect(own.findings.filter((f) => f.check === 'declared_calibration')).toEqual([]);
    const decided = receiptChecks({
      file,
      channels,
      declaredCalibrations: [{ ...declared, slopeTolerance: 0, offsetTolerance: 0 }],
    });
    const finding = decided.findings.find((f) => f.check === 'declared_calibration');
    expect(finding?.key).toBe('declared_calibration.differs');
    if (finding?.fix?.kind !== 'slope_offset') throw new Error('no slope/offset fix');
    // A value logged with the programmed pair becomes the certificate's: raw 200 Hz → 0.04587·200 + 0.2491.
    expect(finding.fix.slope * (0.04587 * 200 + 0.2491) + finding.fix.offset).toBeCloseTo(
      0.04587 * 200 + 0.24453,
      10,
    );
  });

  it('runs every applicable check and says why the others were skipped', () => {
    const file = twoBoomMast(START, 30, 12);
    const history = twoBoomMast(START - 30 * DAY, 30, 11);
    const channels: ReceiptChannel[] = [
      { id: 'a', element: 'ws', heightM: 80, boomDeg: 0 },
      { id: 'b', element: 'ws', heightM: 80, boomDeg: 180 },
      { id: 'lower', element: 'ws', heightM: 40 },
      { id: 'd', element: 'wd', heightM: 78 },
      { id: 'T', element: 'T', heightM: 2 },
    ];
    const out = receiptChecks({ file, history, channels, site: SITE });
    const kinds = out.results.map((r) =>
      r.status === 'skipped'
        ? `${r.skip.check}:${r.skip.reason}`
        : `${r.status === 'pass' ? r.pass.check : r.finding.check}:${r.status}`,
    );
    expect(kinds).toContain('vane_offset:fewer_than_two_vanes');
    expect(kinds).toContain('boom_orientation:pass');
    expect(kinds).toContain('slope_mismatch:pass');
    expect(kinds).toContain('swapped_heights:pass');
    expect(out.findings).toEqual([]);
    expect(out.basic.rows).toBe(30 * 144);
  });

  it('writes only keys its checks’ vocabulary lists (RECEIPT_VOCABULARY), kind by kind', () => {
    const history = twoBoomMast(START - 30 * DAY, 30, 11);
    const clean = twoBoomMast(START, 30, 12);
    const faulty = twoBoomMast(START, 30, 12, 1.04);
    const t = faulty.channels.T!.map((v, i) => (i >= 10 * 144 ? faulty.channels.T![i - 6]! : v));
    const stuck = faulty.channels.lower!.map((v, i) => (i >= 200 && i < 220 ? 7.3 : v));
    const d2 = faulty.channels.d2!.map((v, i) => (i >= 5 * 144 ? (v + 15) % 360 : v));
    const a = faulty.channels.a!.map((v, i) => (i % 997 === 0 ? 55 : v));
    const broken = { ...faulty, channels: { ...faulty.channels, T: t, lower: stuck, d2, a } };
    const channels: ReceiptChannel[] = [
      { id: 'a', element: 'ws', heightM: 80, boomDeg: 90 },
      { id: 'b', element: 'ws', heightM: 80, boomDeg: 180, slope: 0.76, offset: 0.3 },
      { id: 'lower', element: 'ws', heightM: 40 },
      { id: 'd', element: 'wd', heightM: 78 },
      { id: 'd2', element: 'wd', heightM: 76 },
      { id: 'T', element: 'T', heightM: 2 },
    ];
    const outputs = [
      receiptChecks({ file: clean, history, channels, site: SITE }),
      receiptChecks({ file: broken, history, channels }),
      receiptChecks({ file: broken, channels: channels.slice(0, 3) }),
      receiptChecks({
        file: broken,
        history,
        channels,
        declaredCalibrations: [
          { channel: 'b', slope: 0.8, offset: 0.3, fromMs: START },
          { channel: 'nowhere', slope: 1, offset: 0, fromMs: START },
        ],
      }),
    ];
    const seen = new Set<string>();
    const misses: string[] = [];
    for (const out of outputs) {
      for (const r of out.results) {
        misses.push(...vocabularyMisses(r));
        seen.add(
          r.status === 'finding' ? r.finding.key : r.status === 'skipped' ? r.skip.reason : r.pass.check,
        );
      }
      for (const finding of out.findings) misses.push(...vocabularyMisses({ status: 'finding', finding }));
    }
    expect(misses).toEqual([]);
    // The battery reaches findings, passes and skips of several kinds.
    expect(seen.size).toBeGreaterThan(10);
  });

  it.skipIf(!hasShared)(
    'skips the month-long checks on the 188-row brightwind demo file for lack of data',
    () => {
      const demo = loadDemoExcerpt();
      const timesMs = Float64Array.from({ length: demo.grid.length }, (_, i) => demo.grid.startMs + i * STEP);
      const heights: Record<string, number> = {
        Spd80mN: 80,
        Spd80mS: 80,
        Spd60mN: 60,
        Spd60mS: 60,
        Dir78mS: 78,
        Dir58mS: 58,
        T2m: 2,
      };
      const channels: ReceiptChannel[] = Object.keys(heights).map((id) => ({
        id,
        element: id.startsWith('Spd') ? 'ws' : id.startsWith('Dir') ? 'wd' : 'T',
        heightM: heights[id],
        boomDeg: id.endsWith('N') ? 0 : id.endsWith('mS') && id.startsWith('Spd') ? 180 : undefined,
      }));
      const out = receiptChecks({ file: { timesMs, channels: demo.columns }, channels });
      const reasons = new Set(
        out.results.flatMap((r) => (r.status === 'skipped' ? [`${r.skip.check}:${r.skip.reason}`] : [])),
      );
      expect(reasons).toContain('clock_offset:no_history');
      expect(reasons).toContain('swapped_heights:too_few_records');
      expect(reasons).toContain('boom_orientation:declared_wake_unobserved');
      expect(out.basic.missingSlots).toBeGreaterThanOrEqual(0);
    },
  );
});
