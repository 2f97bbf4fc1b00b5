import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import type { Channel } from '../model/types.ts';
import { applyFlagChanges } from './apply-flag-changes.ts';
import { checkInternalConsistency } from './check-internal-consistency.ts';
import { checkRange } from './check-range.ts';
import { checkRelational } from './check-relational.ts';
import { checkTrend } from './check-trend.ts';
import { detectIcing } from './detect-icing.ts';
import { evaluateCustomRule } from './evaluate-custom-rule.ts';
import { findMissingDays } from './find-missing-days.ts';

const channel = (
  id: string,
  values: number[],
  flags?: number[],
  element: Channel['element'] = 'ws',
): Channel => ({
  id,
  element,
  heightM: 80,
  statistic: 'avg',
  values: Float32Array.from(values),
  ...(flags ? { flags: Uint8Array.from(flags) } : {}),
});
const NaN_ = Number.NaN;

describe('checkRange (WIND-ANALYSIS §2.1)', () => {
  it('checkRange(ws, 0 ≤ v < 40) flags −0.1 and 40 invalid with the rule id; NaN is not a failure', () => {
    const changes = checkRange(channel('ws80', [5, -0.1, 40, NaN_, 39.9]), {
      min: 0,
      max: 40,
      maxExclusive: true,
    });
    expect(changes).toEqual([
      { channelId: 'ws80', index: 1, fromFlag: 0, toFlag: 3, rule: 'range:ws80' },
      { channelId: 'ws80', index: 2, fromFlag: 0, toFlag: 3, rule: 'range:ws80' },
    ]);
  });

  it('checkRange does not downgrade a stronger flag and rejects min > max', () => {
    expect(checkRange(channel('a', [50, 50], [3, 2]), { min: 0, max: 40 })).toEqual([
      { channelId: 'a', index: 1, fromFlag: 2, toFlag: 3, rule: 'range:a' },
    ]);
    expect(() => checkRange(channel('a', [1]), { min: 2, max: 1 })).toThrow(
      'checkRange requires min not above max',
    );
  });
});

describe('checkTrend', () => {
  const grid = createTimeGrid({ startMs: 0, intervalMinutes: 10, length: 18 });
  const calendar = buildCalendarIndex(grid, 0);

  it('checkTrend(1 h change ≥ 6 m/s) flags the later hour as suspicious, not the earlier one', () => {
    const values = [...Array(6).fill(5), ...Array(6).fill(11.5), ...Array(6).fill(11)];
    const changes = checkTrend(channel('ws', values), calendar, { maxChange: 6 });
    expect(changes.map((c) => c.index)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(changes.every((c) => c.toFlag === 2 && c.rule === 'trend:ws')).toBe(true);
  });

  it('checkTrend skips hours with fewer than 3 values and compares over a 3-hour window for pressure', () => {
    const sparse = [5, NaN_, NaN_, NaN_, NaN_, NaN_, ...Array(6).fill(20), ...Array(6).fill(20)];
    expect(checkTrend(channel('ws', sparse), calendar, { maxChange: 6 })).toEqual([]);
    const pressure = [...Array(6).fill(900), ...Array(6).fill(905), ...Array(6).fill(911)];
    expect(
      checkTrend(channel('p', pressure), calendar, { maxChange: 10, windowHours: 2 }).map((c) => c.index),
    ).toEqual([12, 13, 14, 15, 16, 17]);
  });
});

describe('checkRelational', () => {
  it('checkRelational(|v50 − v30| ≥ 2) flags both values, whichever is higher (negative shear is no failure by itself)', () => {
    const changes = checkRelational(channel('ws50', [6, 6, 4]), channel('ws30', [5.5, 8.1, 6]), {
      maxDifference: 2,
    });
    expect(changes.map((c) => `${c.channelId}@${c.index}`)).toEqual(['ws50@1', 'ws30@1', 'ws50@2', 'ws30@2']);
  });

  it('checkRelational on directions uses the wrapped difference: 350° vs 10° is 20°, below 22.5°', () => {
    const a = channel('wd50', [350, 350], undefined, 'wd');
    const b = channel('wd30', [10, 20], undefined, 'wd');
    expect(checkRelational(a, b, { maxDifference: 22.5, isDirection: true }).map((c) => c.index)).toEqual([
      1, 1,
    ]);
  });
});

describe('checkInternalConsistency', () => {
  it('flags every channel of a record where min ≤ avg ≤ max or 0 ≤ sd ≤ max − min fails', () => {
    const avg = channel('avg', [5, 5, 5, 5]);
    const sd = channel('sd', [1, -0.1, 1, 5]);
    const max = channel('max', [7, 7, 4, 7]);
    const min = channel('min', [3, 3, 3, 3]);
    const changes = checkInternalConsistency({ avg, sd, max, min });
    expect([...new Set(changes.map((c) => c.index))]).toEqual([1, 2, 3]);
    expect(changes.filter((c) => c.index === 2).map((c) => c.channelId)).toEqual(['avg', 'sd', 'max', 'min']);
  });
});

describe('findMissingDays', () => {
  it('findMissingDays lists days without data and the longest run', () => {
    const grid = createTimeGrid({ startMs: Date.UTC(2024, 1, 27), intervalMinutes: 60, length: 24 * 5 });
    const values = new Float32Array(grid.length).fill(5);
    values.fill(NaN_, 24, 72); // 28 and 29 Feb (leap year)
    const result = findMissingDays(values, buildCalendarIndex(grid, 0));
    expect(result.days.map((d) => `${d.month}-${d.day}`)).toEqual(['2-28', '2-29']);
    expect(result.longestRunDays).toBe(2);
  });
});

describe('evaluateCustomRule', () => {
  const t = channel('T', [-2, -2, 5, NaN_, -2], undefined, 'T');
  const ws = channel('ws', [0.2, 3, 0.2, 0.2, 0.2], [0, 0, 0, 0, 3]);

  it('evaluateCustomRule(T ≤ 0 AND ws < 0.5 → icing) flags only records where both hold', () => {
    const changes = evaluateCustomRule(
      {
        id: 'cold-calm',
        expression: {
          and: [
            { channelId: 'T', comparator: '<=', threshold: 0 },
            { channelId: 'ws', comparator: '<', threshold: 0.5 },
          ],
        },
        targetChannelIds: ['ws'],
        flag: 4,
      },
      [t, ws],
    );
    // index 3: T missing → unknown; index 4: already invalid (stronger than icing)
    expect(changes).toEqual([
      { channelId: 'ws', index: 0, fromFlag: 0, toFlag: 4, rule: 'custom:cold-calm' },
    ]);
  });

  it('evaluateCustomRule with OR and NOT uses three-valued logic (NOT of a missing value is not true)', () => {
    const or = evaluateCustomRule(
      {
        id: 'x',
        expression: {
          or: [
            { channelId: 'T', comparator: '>', threshold: 4 },
            { channelId: 'ws', comparator: '>=', threshold: 3 },
          ],
        },
        targetChannelIds: ['ws'],
        flag: 2,
      },
      [t, ws],
    );
    expect(or.map((c) => c.index)).toEqual([1, 2]);
    const not = evaluateCustomRule(
      {
        id: 'y',
        expression: { not: { channelId: 'T', comparator: '<', threshold: 0 } },
        targetChannelIds: ['ws'],
        flag: 2,
      },
      [t, ws],
    );
    expect(not.map((c) => c.index)).toEqual([2]);
  });

  it('evaluateCustomRule names the missing channel and rejects empty AND', () => {
    expect(() =>
      evaluateCustomRule(
        {
          id: 'z',
          expression: { channelId: 'RH', comparator: '>', threshold: 1 },
          targetChannelIds: ['ws'],
          flag: 2,
        },
        [t, ws],
      ),
    ).toThrow('RH');
    expect(() =>
      evaluateCustomRule({ id: 'z', expression: { and: [] }, targetChannelIds: ['ws'], flag: 2 }, [t, ws]),
    ).toThrow('AND');
  });
});

describe('detectIcing (WIND-ANALYSIS §2.2)', () => {
  it('detectIcing flags a frozen cup (sd = 0, avg > 0) at T ≤ 1 °C from the start of the symptom until it clears for 1 h', () => {
    const n = 20;
    const temperature = new Float32Array(n).fill(-1);
    const speed = channel('ws', Array(n).fill(4));
    const sd = new Float32Array(n).fill(0.5);
    sd.fill(0, 3, 8); // frozen for 5 records
    const changes = detectIcing({ temperatureC: temperature, speed, speedSd: sd, intervalMinutes: 10 });
    expect(changes.map((c) => c.index)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(changes.every((c) => c.toFlag === 4)).toBe(true);
  });

  it('detectIcing ends icing when T rises above threshold + 1 °C and ignores warm or dry records', () => {
    const temperature = Float32Array.of(0, 0, 0, 2.5, 2.5, 2.5);
    const speed = channel('ws', [4, 4, 4, 4, 4, 4]);
    const sd = new Float32Array(6); // always "frozen"
    expect(
      detectIcing({ temperatureC: temperature, speed, speedSd: sd, intervalMinutes: 10 }).map((c) => c.index),
    ).toEqual([0, 1, 2]);
    const dry = new Float32Array(6).fill(50);
    expect(
      detectIcing({
        temperatureC: temperature,
        relativeHumidityPct: dry,
        speed,
        speedSd: sd,
        intervalMinutes: 10,
      }),
    ).toEqual([]);
  });

  it('detectIcing flags a stuck vane (≥ 3 records within ±0.5° while v > 1 m/s) on speed and direction', () => {
    const temperature = new Float32Array(6).fill(-3);
    const speed = channel('ws', [5, 5, 5, 5, 5, 5]);
    const direction = channel('wd', [100, 180, 180.2, 180.1, 180.3, 250], undefined, 'wd');
    const changes = detectIcing({ temperatureC: temperature, speed, direction, intervalMinutes: 10 });
    expect(changes.filter((c) => c.channelId === 'wd').map((c) => c.index)).toEqual([2, 3, 4, 5]);
    expect(() =>
      detectIcing({ temperatureC: temperature, speed, intervalMinutes: 10, temperatureThresholdC: 3 }),
    ).toThrow('temperatureThresholdC');
  });
});

describe('applyFlagChanges', () => {
  it('applyFlagChanges applies one channel’s changes by precedence and leaves the input untouched', () => {
    const flags = Uint8Array.of(0, 4, 2);
    const out = applyFlagChanges(
      flags,
      [
        { channelId: 'a', index: 1, fromFlag: 4, toFlag: 2, rule: 'trend' },
        { channelId: 'a', index: 2, fromFlag: 2, toFlag: 3, rule: 'range' },
        { channelId: 'b', index: 0, fromFlag: 0, toFlag: 3, rule: 'range' },
      ],
      'a',
    );
    expect([...out]).toEqual([0, 4, 3]);
    expect([...flags]).toEqual([0, 4, 2]);
    expect(() =>
      applyFlagChanges(flags, [{ channelId: 'a', index: 9, fromFlag: 0, toFlag: 3, rule: 'x' }], 'a'),
    ).toThrow('applyFlagChanges');
  });
});
