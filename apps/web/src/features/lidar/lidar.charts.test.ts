import type { TLidarHeightResult, TLidarVerifyResult } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  buildDirectionScatterOption,
  buildSpeedScatterOption,
  criterionMark,
  LIDAR_CRITERIA,
  limitText,
} from './lidar.charts.ts';

const height = (overrides: Partial<TLidarHeightResult> = {}): TLidarHeightResult => ({
  heightM: 80,
  mastHeightM: 80,
  lidarSpeedChannel: { id: 1, name: 'L 80' },
  mastSpeedChannel: { id: 2, name: 'M 80' },
  lidarDirectionChannel: null,
  mastDirectionChannel: null,
  speed: {
    pairCount: 3,
    meanLidar: 6,
    meanMast: 6,
    meanDifference: 0,
    throughOrigin: { slope: 1.03, rSquared: 0.99 },
    withOffset: { slope: 1.01, intercept: -0.2, rSquared: 0.99 },
  },
  direction: null,
  bestPractice: { pass: false, reasons: [{ key: 'speed_slope', text: 'speed slope' }] },
  minimum: { pass: true, reasons: [] },
  verdict: 'minimum',
  verdictText: '80 m',
  scatter: {
    speed: [
      [2, 2.1],
      [10, 10.3],
      [6, 6.1],
    ],
    direction: [],
  },
  ...overrides,
});

const labels = { pairs: 'p', origin: 'o', offset: 'f', identity: '1:1', mast: 'm', lidar: 'l' };

describe('lidar charts', () => {
  it('draws the pairs, both fitted lines to the largest mast speed and the 1:1 line', () => {
    const option = buildSpeedScatterOption(height(), labels)!;
    const series = option.series as { name: string; data: number[][] }[];
    expect(series.map((s) => s.name)).toEqual(['p', 'o: y = 1.03x', 'f: y = 1.01x − 0.2', '1:1']);
    expect(series[1]!.data).toEqual([
      [0, 0],
      [10, 10.3],
    ]);
    expect(series[2]!.data).toEqual([
      [0, -0.2],
      [10, 9.9],
    ]);
  });

  it('draws no direction chart without directions', () => {
    expect(buildDirectionScatterOption(height(), labels)).toBeUndefined();
    expect(
      buildSpeedScatterOption(height({ scatter: { speed: [], direction: [] } }), labels),
    ).toBeUndefined();
  });

  it('marks each criterion from the level reasons, leaving directions unjudged when absent', () => {
    const h = height();
    expect(LIDAR_CRITERIA.map((c) => criterionMark(h, 'bestPractice', c))).toEqual(['✗', '✓', '', '', '']);
    expect(LIDAR_CRITERIA.map((c) => criterionMark(h, 'minimum', c))).toEqual(['✓', '✓', '', '', '']);
    const kpis = {
      bestPractice: {
        speedSlope: [0.98, 1.02],
        speedRSquared: 0.98,
        directionSlope: [0.97, 1.03],
        directionRSquared: 0.97,
        directionOffsetDeg: 5,
      },
    } as unknown as TLidarVerifyResult['kpis'];
    expect(limitText(kpis, 'bestPractice', 'speedSlope')).toBe('0.98–1.02');
    expect(limitText(kpis, 'bestPractice', 'speedRSquared')).toBe('> 0.98');
    expect(limitText(kpis, 'bestPractice', 'directionOffsetDeg')).toBe('< 5°');
  });
});
