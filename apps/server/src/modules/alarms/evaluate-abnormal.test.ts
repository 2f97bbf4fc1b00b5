import type { FlagChange } from '@masthub/wind';
import { describe, expect, it } from 'vitest';
import { ABNORMAL_DAY_SHARE, abnormalChannels } from './evaluate-abnormal.ts';

const DAY = 86_400_000;
const STEP = 600_000;
const START = Date.UTC(2025, 0, 1) - 8 * 3_600_000; // 2025-01-01 00:00 Beijing time
const SLOTS_PER_DAY = 144;

function flag(channelId: string, index: number, toFlag: 2 | 3 | 4 = 3, rule = 'rule:1'): FlagChange {
  return { channelId, index, fromFlag: 0, toFlag, rule };
}

const everyValue = (n: number) =>
  new Map(
    [
      ['1', () => true],
      ['2', () => true],
    ].slice(0, n) as [string, (i: number) => boolean][],
  );

describe('abnormalChannels', () => {
  it('marks a channel-day abnormal above the share of flagged values, on the site’s local day', () => {
    const flaggedSlots = Math.ceil(SLOTS_PER_DAY * ABNORMAL_DAY_SHARE) + 1; // just above
    const changes = Array.from({ length: flaggedSlots }, (_, i) => flag('1', SLOTS_PER_DAY + i));
    const result = abnormalChannels({
      changes,
      hasValue: everyValue(2),
      length: 3 * SLOTS_PER_DAY,
      startMs: START,
      stepMs: STEP,
      utcOffsetMinutes: 480,
    });
    expect(result).toEqual([
      {
        channelId: '1',
        fromMs: START + DAY,
        toMs: START + 2 * DAY,
        worstShare: flaggedSlots / SLOTS_PER_DAY,
        rules: ['rule:1'],
      },
    ]);
  });

  it('ignores a short bad spell and flags weaker than suspicious', () => {
    const few = Array.from({ length: Math.floor(SLOTS_PER_DAY * ABNORMAL_DAY_SHARE) }, (_, i) =>
      flag('1', i),
    );
    const weak: FlagChange[] = Array.from({ length: SLOTS_PER_DAY }, (_, i) => ({
      channelId: '2',
      index: i,
      fromFlag: 0,
      toFlag: 1,
      rule: 'rule:2',
    }));
    expect(
      abnormalChannels({
        changes: [...few, ...weak],
        hasValue: everyValue(2),
        length: SLOTS_PER_DAY,
        startMs: START,
        stepMs: STEP,
        utcOffsetMinutes: 480,
      }),
    ).toEqual([]);
  });

  it('counts a slot once however many rules flag it, and names every rule of the abnormal days', () => {
    const half = SLOTS_PER_DAY / 2;
    const changes = [
      ...Array.from({ length: half }, (_, i) => flag('1', i, 3, 'rule:1')),
      ...Array.from({ length: half }, (_, i) => flag('1', i, 4, 'icing')),
    ];
    const [channel] = abnormalChannels({
      changes,
      hasValue: everyValue(1),
      length: SLOTS_PER_DAY,
      startMs: START,
      stepMs: STEP,
      utcOffsetMinutes: 480,
    });
    expect(channel).toMatchObject({ worstShare: 0.5, rules: ['icing', 'rule:1'] });
  });
});
