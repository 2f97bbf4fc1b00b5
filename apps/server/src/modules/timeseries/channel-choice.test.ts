import { describe, expect, it } from 'vitest';
import { channelRow } from '../../../test/channel-rows.ts';
import {
  clippedRange,
  highestMeanSpeed,
  isMeanDirection,
  isMeanOf,
  isMeanSpeed,
  isSpeedSd,
  lowestMeanOf,
  nearestVane,
  primaryShearSpeeds,
  speedCompanions,
} from './channel-choice.ts';
import type { TChannelRow } from './timeseries.types.ts';

function channel(
  id: number,
  element: string,
  statistic: string,
  heightM: number | null,
  more: Partial<TChannelRow> = {},
): TChannelRow {
  return channelRow(id, {
    dataKey: `${element}_${heightM ?? 'x'}_${statistic}`,
    element,
    heightM,
    statistic,
    ...more,
  });
}

const ws80 = channel(1, 'ws', 'avg', 80);
const ws80b = channel(2, 'ws', 'mean', 80);
const ws40 = channel(3, 'ws', 'avg', 40);
const sd80 = channel(4, 'ws', 'sd', 80);
const ti80 = channel(5, 'ws', 'ti', 80, { dataKey: 'ws_80_ti' });
const max80 = channel(6, 'ws', 'max', 80);
const wd75 = channel(7, 'wd', 'avg', 75);
const wd85 = channel(8, 'wd', 'avg', 85);
const wd40 = channel(9, 'wd', 'avg', 40);
const t10 = channel(10, 'T', 'avg', 10);
const t2 = channel(11, 'T', 'avg', 2);
const wsv80 = channel(12, 'wsv', 'avg', 80);
const all = [ws80, ws80b, ws40, sd80, ti80, max80, wd75, wd85, wd40, t10, t2, wsv80];

describe('channel kinds', () => {
  it('reads avg and mean as means of their element', () => {
    expect(all.filter(isMeanSpeed).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(all.filter(isMeanDirection).map((c) => c.id)).toEqual([7, 8, 9]);
    expect(all.filter(isMeanOf('wsv')).map((c) => c.id)).toEqual([12]);
  });

  it('takes a σ or a TI channel as the speed σ', () => {
    expect(all.filter(isSpeedSd).map((c) => c.id)).toEqual([4, 5]);
  });
});

describe('default channel choices', () => {
  it('highestMeanSpeed takes the last listed of the highest', () => {
    expect(highestMeanSpeed(all)?.id).toBe(2);
    expect(highestMeanSpeed([ws40])?.id).toBe(3);
    expect(highestMeanSpeed([wd75])).toBeUndefined();
  });

  it('nearestVane takes the vane of the interval nearest in height, the first listed on a tie', () => {
    expect(nearestVane(all, ws80)?.id).toBe(7);
    expect(nearestVane(all, ws40)?.id).toBe(9);
    expect(nearestVane(all, { heightM: 80, intervalS: 60 })).toBeUndefined();
  });

  it('speedCompanions prefers the σ to the TI channel and finds the gust', () => {
    expect(speedCompanions(all, ws80)).toEqual({ sd: sd80, gust: max80 });
    expect(speedCompanions([ti80, max80], ws80)).toEqual({ sd: ti80, gust: max80 });
    expect(speedCompanions(all, ws40)).toEqual({ sd: undefined, gust: undefined });
  });

  it('lowestMeanOf takes the lowest mean of the element at the interval', () => {
    expect(lowestMeanOf(all, 'T', 600)?.id).toBe(11);
    expect(lowestMeanOf(all, 'T', 60)).toBeUndefined();
  });

  it('primaryShearSpeeds keeps one speed a height, the one with more values', () => {
    const ranges = new Map([
      [1, { valueCount: 10 }],
      [2, { valueCount: 20 }],
      [3, { valueCount: 20 }],
    ]);
    expect(primaryShearSpeeds(all, 600, ranges).map((c) => c.id)).toEqual([3, 2]);
    expect(primaryShearSpeeds(all, 60, ranges)).toEqual([]);
  });

  it('clippedRange clips [first, last + interval) to the request', () => {
    const range = { firstTime: new Date('2024-01-01T00:00:00Z'), lastTime: new Date('2024-01-31T23:50:00Z') };
    expect(clippedRange(range, 600, {})).toEqual({
      fromMs: Date.parse('2024-01-01T00:00:00Z'),
      toMs: Date.parse('2024-02-01T00:00:00Z'),
    });
    expect(
      clippedRange(range, 600, { startTime: '2024-01-10T00:00:00Z', endTime: '2024-01-11T00:00:00Z' }),
    ).toEqual({ fromMs: Date.parse('2024-01-10T00:00:00Z'), toMs: Date.parse('2024-01-11T00:00:00Z') });
    expect(clippedRange(range, 600, { startTime: '2024-03-01T00:00:00Z' })).toBeUndefined();
    expect(clippedRange({ firstTime: null, lastTime: null }, 600, {})).toBeUndefined();
    expect(clippedRange(undefined, 600, {})).toBeUndefined();
  });
});
