import { describe, expect, it } from 'vitest';
import type { Channel } from '../model/types.ts';
import { applyFlagChanges } from '../qc/apply-flag-changes.ts';
import { asFraction } from './as-fraction.ts';
import { availabilityScale } from './availability-scale.ts';
import { checkLidarFilters } from './check-lidar-filters.ts';
import { invalidMarkerMask } from './invalid-marker-mask.ts';
import { LIDAR_FILTER_DEFAULTS } from './lidar-filter-defaults.ts';
import { lidarVsMast } from './lidar-vs-mast.ts';
import { lowAvailabilityMask } from './low-availability-mask.ts';
import { lowCnrMask } from './low-cnr-mask.ts';
import { lowQualityMask } from './low-quality-mask.ts';
import type { LidarVsMastHeightInput } from './types.ts';

const NaN_ = Number.NaN;

/** A seeded uniform generator (LCG) and normal draws (Box–Muller), so every run sees the same series. */
function seeded(seed: number): { uniform: () => number; normal: () => number } {
  let s = seed;
  const uniform = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (s + 0.5) / 2_147_483_648;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

/**
 * A test-built pair of sites seeing one truth: Weibull(9, 2) speeds and directions from anywhere (or
 * around north), each side with its own noise (0.15 m/s, 1.5°); the lidar's speed scaled by `slope` and
 * its direction turned by `offsetDeg`.
 */
function sameTruthPlusNoise(
  n: number,
  options: { slope?: number; offsetDeg?: number; seed?: number; aroundNorth?: boolean } = {},
): LidarVsMastHeightInput {
  const { uniform, normal } = seeded(options.seed ?? 7);
  const mastSpeed = new Float32Array(n);
  const lidarSpeed = new Float32Array(n);
  const mastDirection = new Float32Array(n);
  const lidarDirection = new Float32Array(n);
  const wrap = (d: number) => ((d % 360) + 360) % 360;
  for (let i = 0; i < n; i++) {
    const truth = 9 * (-Math.log(1 - uniform())) ** 0.5;
    const dir = options.aroundNorth ? wrap(normal() * 15) : uniform() * 360;
    mastSpeed[i] = Math.max(0, truth + 0.15 * normal());
    lidarSpeed[i] = Math.max(0, truth * (options.slope ?? 1) + 0.15 * normal());
    mastDirection[i] = wrap(dir + 1.5 * normal());
    lidarDirection[i] = wrap(dir + (options.offsetDeg ?? 0) + 1.5 * normal());
  }
  return { heightM: 80, lidarSpeed, mastSpeed, lidarDirection, mastDirection };
}

const channel = (id: string, values: number[], flags?: number[]): Channel => ({
  id,
  element: 'ws',
  heightM: 80,
  statistic: 'avg',
  values: Float32Array.from(values),
  ...(flags ? { flags: Uint8Array.from(flags) } : {}),
});

describe('lidar filters (issue 31): flags, never deletions', () => {
  it('defaults to 80 % availability and −22 dB CNR', () => {
    expect(LIDAR_FILTER_DEFAULTS).toMatchObject({ availabilityMin: 80, cnrMinDb: -22, flag: 3 });
  });

  it('reads a share as a percentage above 1 and as a fraction otherwise', () => {
    expect(asFraction(80)).toBe(0.8);
    expect(asFraction(0.95)).toBe(0.95);
    expect(availabilityScale([100, 99, 0, NaN_])).toBe('percent');
    expect(availabilityScale([1, 0.75, 0])).toBe('fraction');
  });

  it('fails availability below 80 %, keeps 80 % and missing, and always fails 0 %', () => {
    expect([...lowAvailabilityMask([100, 80, 79.9, 0, NaN_])]).toEqual([0, 0, 1, 1, 0]);
    expect([...lowAvailabilityMask([0, 5], { threshold: 0 })]).toEqual([1, 0]);
  });

  it('judges a fraction series (WindCube Nacelle) and a threshold given either way alike', () => {
    const fraction = [1, 0.81, 0.79, 0];
    expect([...lowAvailabilityMask(fraction)]).toEqual([0, 0, 1, 1]);
    expect([...lowAvailabilityMask(fraction, { threshold: 0.8 })]).toEqual([0, 0, 1, 1]);
    expect([...lowAvailabilityMask([96, 94], { threshold: 0.95 })]).toEqual([0, 1]);
  });

  it('fails CNR below −22 dB by default, and below −29 dB when a resource study asks for it', () => {
    const cnr = [-5, -22, -23.5, -30, NaN_];
    expect([...lowCnrMask(cnr)]).toEqual([0, 0, 1, 1, 0]);
    expect([...lowCnrMask(cnr, -29)]).toEqual([0, 0, 0, 1, 0]);
  });

  it('fails a quality factor below the given threshold, in % or as a fraction', () => {
    expect([...lowQualityMask([95, 89, NaN_], 90)]).toEqual([0, 1, 0]);
    expect([...lowQualityMask([0.95, 0.89], 90)]).toEqual([0, 1]);
  });

  it('matches invalid markers even after a Float32 store (99.99, 9.99E+37, 9999)', () => {
    const stored = Float32Array.of(5.2, 99.99, 9.99e37, 9999, 99.98);
    expect([...invalidMarkerMask(stored, [99.99, 9.99e37, 9999])]).toEqual([0, 1, 1, 1, 0]);
  });

  it('flags speed and direction invalid where availability or CNR fails, naming the filter, values untouched', () => {
    const speed = channel('ws_240_mean', [11.59, 12.1, 9.4, 8.8, 7.7]);
    const direction = { ...channel('wd_240_mean', [150, 151, 152, 153, 154]), element: 'wd' as const };
    const before = Float32Array.from(speed.values);
    const changes = checkLidarFilters(
      [speed, direction],
      { availability: [0, 100, 100, 79, 100], cnrDb: [-22.5, -10, -25, -10, -10] },
      {},
    );
    expect(changes.filter((c) => c.channelId === 'ws_240_mean').map((c) => [c.index, c.rule])).toEqual([
      [0, 'lidar_availability:ws_240_mean'],
      [2, 'lidar_cnr:ws_240_mean'],
      [3, 'lidar_availability:ws_240_mean'],
    ]);
    expect(changes.filter((c) => c.channelId === 'wd_240_mean')).toHaveLength(3);
    expect(changes.every((c) => c.toFlag === 3)).toBe(true);
    expect([...applyFlagChanges(new Uint8Array(5), changes, 'ws_240_mean')]).toEqual([3, 0, 3, 3, 0]);
    expect(speed.values).toEqual(before);
  });

  it('skips a slot already invalid, runs quality only with a threshold and markers on the targets’ own values', () => {
    const speed = channel('ws_80_mean', [9999, 6, 7], [0, 3, 0]);
    const signals = { availability: [100, 0, 100], quality: [100, 100, 10] };
    expect(checkLidarFilters([speed], signals).map((c) => c.index)).toEqual([]);
    const changes = checkLidarFilters([speed], signals, { qualityMin: 90, invalidMarkers: [9999] });
    expect(changes.map((c) => [c.index, c.rule])).toEqual([
      [0, 'lidar_marker:ws_80_mean'],
      [2, 'lidar_quality:ws_80_mean'],
    ]);
  });

  it('refuses signals on another grid than the targets', () => {
    expect(() => checkLidarFilters([channel('a', [1, 2])], { cnrDb: [1] })).toThrow(/grid/);
  });
});

describe('lidarVsMast (Carbon Trust OWA roadmap KPIs)', () => {
  const YEAR = 52_560;

  it('passes best practice for two series built from the same truth plus noise', () => {
    const [height] = lidarVsMast([sameTruthPlusNoise(YEAR)]);
    expect(height!.verdict).toBe('best_practice');
    expect(height!.bestPractice).toEqual({ pass: true, reasons: [] });
    expect(height!.speed.throughOrigin!.slope).toBeCloseTo(1, 2);
    expect(height!.speed.withOffset!.rSquared).toBeGreaterThan(0.98);
    expect(Math.abs(height!.speed.meanDifference!)).toBeLessThan(0.02);
    expect(height!.direction!.slope).toBeCloseTo(1, 2);
    expect(Math.abs(height!.direction!.offsetDeg!)).toBeLessThan(1);
    expect(height!.speed.pairCount).toBeLessThan(YEAR);
    expect(height!.speed.pairCount).toBeGreaterThan(YEAR * 0.9);
  });

  it('fails best practice with speed_slope for a 3 % slope error, and the minimum too at 4 %', () => {
    const [three] = lidarVsMast([sameTruthPlusNoise(YEAR, { slope: 1.03 })]);
    expect(three!.speed.throughOrigin!.slope).toBeCloseTo(1.03, 2);
    expect(three!.bestPractice).toEqual({ pass: false, reasons: ['speed_slope'] });
    expect(three!.verdict).not.toBe('best_practice');
    const [four] = lidarVsMast([sameTruthPlusNoise(YEAR, { slope: 1.04 })]);
    expect(four!.minimum).toEqual({ pass: false, reasons: ['speed_slope'] });
    expect(four!.verdict).toBe('fail');
  });

  it('fails the direction offset KPI for a 7° offset, speed still in order', () => {
    const [height] = lidarVsMast([sameTruthPlusNoise(YEAR, { offsetDeg: 7 })]);
    expect(height!.direction!.offsetDeg).toBeCloseTo(7, 0);
    expect(height!.direction!.meanDifferenceDeg).toBeCloseTo(7, 0);
    expect(height!.bestPractice.reasons).toEqual(['direction_offset']);
    expect(height!.minimum.reasons).toEqual(['direction_offset']);
    expect(height!.verdict).toBe('fail');
  });

  it('handles directions around north circularly (359° against 2° is −3°, not 357°)', () => {
    const [height] = lidarVsMast([sameTruthPlusNoise(YEAR, { aroundNorth: true, offsetDeg: -3 })]);
    expect(height!.direction!.meanDifferenceDeg).toBeCloseTo(-3, 0);
    expect(height!.direction!.slope).toBeCloseTo(1, 2);
    expect(height!.direction!.offsetDeg).toBeCloseTo(-3, 0);
  });

  it('pairs only values both sides’ flags allow: flagged garbage does not spoil the check', () => {
    const input = sameTruthPlusNoise(20_000, { seed: 11 });
    const lidarSpeed = Float32Array.from(input.lidarSpeed);
    const lidarSpeedFlags = new Uint8Array(lidarSpeed.length);
    for (let i = 0; i < lidarSpeed.length; i += 10) {
      lidarSpeed[i] = 30;
      lidarSpeedFlags[i] = 3;
    }
    const unflagged = lidarVsMast([{ ...input, lidarSpeed }])[0]!;
    expect(unflagged.bestPractice.reasons).toContain('speed_r_squared');
    const flagged = lidarVsMast([{ ...input, lidarSpeed, lidarSpeedFlags }])[0]!;
    expect(flagged.bestPractice.pass).toBe(true);
    expect(flagged.speed.pairCount).toBeLessThan(unflagged.speed.pairCount);
  });

  it('says too few pairs instead of judging, and leaves direction out when no directions are given', () => {
    const { heightM, lidarSpeed, mastSpeed } = sameTruthPlusNoise(50);
    const [height] = lidarVsMast([{ heightM, lidarSpeed, mastSpeed }]);
    expect(height!.direction).toBeNull();
    expect(height!.minimum).toEqual({ pass: false, reasons: ['speed_too_few_pairs'] });
    expect(height!.mastHeightM).toBe(80);
  });

  it('keeps the heights in the order given, each judged on its own', () => {
    const results = lidarVsMast([
      { ...sameTruthPlusNoise(5000, { seed: 3 }), heightM: 120, mastHeightM: 118 },
      { ...sameTruthPlusNoise(5000, { seed: 5, slope: 0.95 }), heightM: 60 },
    ]);
    expect(results.map((r) => [r.heightM, r.mastHeightM, r.verdict])).toEqual([
      [120, 118, 'best_practice'],
      [60, 60, 'fail'],
    ]);
  });
});
