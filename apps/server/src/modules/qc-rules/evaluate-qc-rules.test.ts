import type { Channel, ChannelStatistic, Element, Station } from '@masthub/wind';
import { describe, expect, it } from 'vitest';
import { evaluateQcRules, type TQcRuleForRun } from './evaluate-qc-rules.ts';

const NaN_ = Number.NaN;
const START_MS = Date.UTC(2024, 0, 1);

function channel(
  id: string,
  element: Element,
  heightM: number,
  values: number[],
  options: { statistic?: ChannelStatistic; flags?: number[] } = {},
): Channel {
  return {
    id,
    element,
    heightM,
    statistic: options.statistic ?? 'avg',
    values: Float32Array.from(values),
    ...(options.flags ? { flags: Uint8Array.from(options.flags) } : {}),
  };
}

function station(channels: Channel[], options: { intervalMinutes?: number; utcOffsetHours?: number } = {}) {
  return {
    grid: {
      startMs: START_MS,
      intervalMinutes: options.intervalMinutes ?? 10,
      length: channels[0]!.values.length,
    },
    utcOffsetHours: options.utcOffsetHours ?? 0,
    channels,
  } satisfies Station;
}

const rule = (id: number, kind: TQcRuleForRun['kind'], params: Record<string, unknown>): TQcRuleForRun => ({
  id,
  name: `rule ${id}`,
  kind,
  params,
});

const at = (changes: { channelId: string; index: number }[]) =>
  changes.map((c) => `${c.channelId}@${c.index}`);

describe('evaluateQcRules(station, rules)', () => {
  it('range flags avg, max and min channels of the element outside [min, max] with the rule flag', () => {
    const s = station([
      channel('ws80', 'ws', 80, [5, 41, -1, NaN_, 40]),
      channel('ws80max', 'ws', 80, [6, 45, 2, NaN_, 40], { statistic: 'max' }),
      channel('ws80sd', 'ws', 80, [0.5, 50, 0.5, NaN_, 0], { statistic: 'sd' }),
      channel('T', 'T', 10, [50, 60, 50, 50, 50]),
    ]);
    const result = evaluateQcRules(s, [rule(1, 'range', { element: 'ws', min: 0, max: 40 })]);
    // sd 50 > max − min is no internal failure here: without a min channel there is no max − min.
    expect(result.changes).toEqual([
      { channelId: 'ws80', index: 1, fromFlag: 0, toFlag: 3, rule: 'rule:1' },
      { channelId: 'ws80', index: 2, fromFlag: 0, toFlag: 3, rule: 'rule:1' },
      { channelId: 'ws80max', index: 1, fromFlag: 0, toFlag: 3, rule: 'rule:1' },
    ]);
    expect(result.skipped).toEqual([]);
    expect(result.missingDays).toEqual([]);
  });

  it('range uses the flag of the rule and does not downgrade a stronger stored flag', () => {
    const s = station([channel('T', 'T', 10, [-45, -45, 0], { flags: [0, 3, 0] })]);
    const result = evaluateQcRules(s, [rule(2, 'range', { element: 'T', min: -40, max: 50, flag: 2 })]);
    expect(result.changes).toEqual([{ channelId: 'T', index: 0, fromFlag: 0, toFlag: 2, rule: 'rule:2' }]);
  });

  it('trend flags the later local clock hour of a jump, leaving values already invalid out of the mean', () => {
    // 00:00 UTC is 08:00 local at +8: hours line up with the 10-minute slots either way.
    const values = [...Array(6).fill(5), ...Array(6).fill(11.5), ...Array(6).fill(11)];
    const s = station([channel('ws80', 'ws', 80, values)], { utcOffsetHours: 8 });
    const result = evaluateQcRules(s, [rule(3, 'trend', { element: 'ws', maxChange: 6 })]);
    expect(at(result.changes)).toEqual(['ws80@6', 'ws80@7', 'ws80@8', 'ws80@9', 'ws80@10', 'ws80@11']);
    expect(result.changes.every((c) => c.toFlag === 2 && c.rule === 'rule:3')).toBe(true);

    // A spike of 80 m/s in hour 1 is invalid by range first: the trend then sees no jump to hour 2.
    const spiky = [...Array(6).fill(5), 5, 5, 5, 5, 5, 80, ...Array(6).fill(6)];
    const second = evaluateQcRules(station([channel('ws80', 'ws', 80, spiky)]), [
      rule(3, 'trend', { element: 'ws', maxChange: 6 }),
      rule(1, 'range', { element: 'ws', min: 0, max: 40 }),
    ]);
    expect(second.changes).toEqual([
      { channelId: 'ws80', index: 11, fromFlag: 0, toFlag: 3, rule: 'rule:1' },
    ]);
  });

  it('trend compares over the window of the rule (pressure over 3 hours)', () => {
    const values = [900, 901, 901, 905, 907, 911].flatMap((v) => [v, v, v]);
    const s = station([channel('p', 'p', 8, values)], { intervalMinutes: 20 });
    const result = evaluateQcRules(s, [rule(4, 'trend', { element: 'p', maxChange: 10, windowHours: 3 })]);
    // hour 3 − hour 0 = 5, hour 4 − hour 1 = 6; only hour 5 − hour 2 = 911 − 901 = 10 reaches the limit.
    expect(at(result.changes)).toEqual(['p@15', 'p@16', 'p@17']);
  });

  it('height_diff flags both speeds of a pair differing by at least maxDifference, ignoring other heights', () => {
    const s = station([
      channel('ws50', 'ws', 50, [6, 6, 4]),
      channel('ws30', 'ws', 30, [5.5, 8.1, 6]),
      channel('ws10', 'ws', 10, [0, 0, 0]),
    ]);
    const result = evaluateQcRules(s, [
      rule(5, 'height_diff', { element: 'ws', lowerHeight: 30, upperHeight: 50, maxDifference: 2 }),
    ]);
    expect(at(result.changes)).toEqual(['ws50@1', 'ws30@1', 'ws50@2', 'ws30@2']);
    expect(result.changes.every((c) => c.toFlag === 2 && c.rule === 'rule:5')).toBe(true);
  });

  it('height_diff on directions uses the wrapped difference and compares redundant sensors at one height', () => {
    const s = station([
      channel('wd50', 'wd', 50, [350, 350, 10]),
      channel('wd30', 'wd', 30, [10, 20, 10]),
      channel('ws80a', 'ws', 80, [5, 5, 5]),
      channel('ws80b', 'ws', 80.02, [5, 9, 5.5]),
    ]);
    const result = evaluateQcRules(s, [
      rule(6, 'height_diff', { element: 'wd', lowerHeight: 30, upperHeight: 50, maxDifference: 22.5 }),
      rule(7, 'height_diff', { element: 'ws', lowerHeight: 80, upperHeight: 80, maxDifference: 3 }),
    ]);
    expect(at(result.changes)).toEqual(['wd50@1', 'wd30@1', 'ws80a@1', 'ws80b@1']);
  });

  it('height_diff is skipped when a height has no channel of the element', () => {
    const s = station([channel('ws50', 'ws', 50, [6, 6])]);
    const result = evaluateQcRules(s, [
      rule(8, 'height_diff', { element: 'ws', lowerHeight: 30, upperHeight: 50, maxDifference: 2 }),
    ]);
    expect(result).toEqual({ changes: [], missingDays: [], skipped: [{ ruleId: 8, reason: 'no_channel' }] });
  });

  it('missing_days reports local days with too few values per channel and flags nothing', () => {
    // Hourly values from 2024-01-01 00:00 local (+8); 2 January has 3 values, 3 January none.
    const values = Array.from({ length: 72 }, (_, i) => ((i >= 24 && i < 45) || i >= 48 ? NaN_ : 5));
    const start = Date.UTC(2023, 11, 31, 16);
    const s: Station = {
      grid: { startMs: start, intervalMinutes: 60, length: 72 },
      utcOffsetHours: 8,
      channels: [channel('ws80', 'ws', 80, values), channel('ws50', 'ws', 50, Array(72).fill(5))],
    };
    const result = evaluateQcRules(s, [rule(9, 'missing_days', { element: 'ws', minValuesPerDay: 4 })]);
    expect(result.changes).toEqual([]);
    expect(result.missingDays).toEqual([
      {
        ruleId: 9,
        channelId: 'ws80',
        days: [
          { year: 2024, month: 1, day: 2, valueCount: 3 },
          { year: 2024, month: 1, day: 3, valueCount: 0 },
        ],
      },
    ]);
  });

  describe('custom rules', () => {
    const channels = () => [
      channel('T', 'T', 10, [-2, -2, 5, NaN_, -2]),
      channel('ws80', 'ws', 80, [0.2, 3, 0.2, 0.2, 0.2]),
      channel('ws50', 'ws', 50, [0.3, 0.3, 0.3, 0.3, 4]),
    ];
    const coldCalm = (overrides: Record<string, unknown> = {}) => ({
      combine: 'and',
      conditions: [
        { element: 'T', comparator: '<=', threshold: 0 },
        { element: 'ws', comparator: '<', threshold: 0.5 },
      ],
      targetElement: 'ws',
      flag: 4,
      ...overrides,
    });

    it('a condition without a height must hold at every height; every target channel gets the flag', () => {
      const result = evaluateQcRules(station(channels()), [rule(10, 'custom', coldCalm())]);
      expect(result.changes).toEqual([
        { channelId: 'ws80', index: 0, fromFlag: 0, toFlag: 4, rule: 'rule:10' },
        { channelId: 'ws50', index: 0, fromFlag: 0, toFlag: 4, rule: 'rule:10' },
      ]);
    });

    it('a condition at a height reads that height only; a missing value never triggers the rule', () => {
      const params = coldCalm({
        conditions: [
          { element: 'T', comparator: '<=', threshold: 0 },
          { element: 'ws', heightM: 80, comparator: '<', threshold: 0.5 },
        ],
      });
      const result = evaluateQcRules(station(channels()), [rule(11, 'custom', params)]);
      expect(at(result.changes)).toEqual(['ws80@0', 'ws50@0', 'ws80@4', 'ws50@4']);
    });

    it('OR and negate combine the conditions; the target defaults to the first condition’s element', () => {
      const params = {
        combine: 'or',
        negate: true,
        conditions: [
          { element: 'T', comparator: '>', threshold: 0 },
          { element: 'ws', heightM: 80, comparator: '>=', threshold: 1 },
        ],
        flag: 3,
      };
      // NOT (T > 0 OR ws80 ≥ 1): true at 0 and 4; at 3 T is missing and ws80 < 1 → unknown.
      const result = evaluateQcRules(station(channels()), [rule(12, 'custom', params)]);
      expect(result.changes).toEqual([
        { channelId: 'T', index: 0, fromFlag: 0, toFlag: 3, rule: 'rule:12' },
        { channelId: 'T', index: 4, fromFlag: 0, toFlag: 3, rule: 'rule:12' },
      ]);
    });

    it('is skipped when a condition or the target has no channel', () => {
      const noRh = coldCalm({
        conditions: [{ element: 'RH', comparator: '>', threshold: 95 }],
        targetElement: 'ws',
      });
      const noP = coldCalm({ targetElement: 'p' });
      const result = evaluateQcRules(station(channels()), [
        rule(13, 'custom', noRh),
        rule(14, 'custom', noP),
      ]);
      expect(result.changes).toEqual([]);
      expect(result.skipped).toEqual([
        { ruleId: 13, reason: 'no_channel' },
        { ruleId: 14, reason: 'no_channel' },
      ]);
    });
  });

  it('always runs the internal checks per sensor as rule "internal" before the rules', () => {
    const s = station([
      channel('ws80', 'ws', 80, [5, 5, 5]),
      channel('ws80sd', 'ws', 80, [1, -0.1, 1], { statistic: 'sd' }),
      channel('ws80max', 'ws', 80, [7, 7, 4], { statistic: 'max' }),
      channel('ws80min', 'ws', 80, [3, 3, 3], { statistic: 'min' }),
      channel('wd80', 'wd', 80, [10, 10, 10]),
      channel('wd80max', 'wd', 80, [5, 5, 5], { statistic: 'max' }),
    ]);
    const result = evaluateQcRules(s, [rule(15, 'range', { element: 'ws', min: 0, max: 4.5 })]);
    const internal = result.changes.filter((c) => c.rule === 'internal');
    expect(at(internal)).toEqual([
      'ws80@1',
      'ws80sd@1',
      'ws80max@1',
      'ws80min@1',
      'ws80@2',
      'ws80sd@2',
      'ws80max@2',
      'ws80min@2',
    ]);
    expect(internal.every((c) => c.toFlag === 3)).toBe(true);
    // The range rule then only adds what is not invalid yet: avg 5 at 0 and max 7 at 0.
    expect(at(result.changes.filter((c) => c.rule === 'rule:15'))).toEqual(['ws80@0', 'ws80max@0']);
  });

  it('leaves redundant sensors out of the internal checks when their channels cannot be matched', () => {
    const s = station([
      channel('a', 'ws', 80, [5]),
      channel('b', 'ws', 80, [5]),
      channel('aMax', 'ws', 80, [4], { statistic: 'max' }),
    ]);
    expect(evaluateQcRules(s, []).changes).toEqual([]);
  });

  it('skips rules whose stored params are invalid or whose element has no channel, and ignores warning rules', () => {
    const s = station([channel('ws80', 'ws', 80, [5, 50])]);
    const result = evaluateQcRules(s, [
      rule(16, 'range', { element: 'ws', min: 40, max: 0 }),
      rule(17, 'trend', { element: 'ws', maxChange: 0 }),
      rule(18, 'custom', { conditions: [] }),
      rule(19, 'trend', { element: 'T', maxChange: 5 }),
      rule(20, 'no_data_days', { days: 3 }),
      rule(21, 'range', { element: 'ws', min: 0, max: 40 }),
    ]);
    expect(result.changes).toEqual([
      { channelId: 'ws80', index: 1, fromFlag: 0, toFlag: 3, rule: 'rule:21' },
    ]);
    expect(result.skipped).toEqual([
      { ruleId: 16, reason: 'invalid_params' },
      { ruleId: 17, reason: 'invalid_params' },
      { ruleId: 19, reason: 'no_channel' },
      { ruleId: 18, reason: 'invalid_params' },
    ]);
  });

  it('does not change the station it is given', () => {
    const flags = Uint8Array.of(0, 0);
    const s = station([{ ...channel('ws80', 'ws', 80, [5, 50]), flags }]);
    evaluateQcRules(s, [rule(22, 'range', { element: 'ws', min: 0, max: 40 })]);
    expect([...flags]).toEqual([0, 0]);
  });
});

describe('evaluateQcRules: the lidar/sodar filter (issue 31)', () => {
  const signal = (id: string, kind: string, heightM: number, values: number[]): Channel => ({
    ...channel(id, 'other', heightM, values),
    sourceElement: kind,
  });
  const lidar = () =>
    station([
      channel('ws40', 'ws', 40, [8, 9, 11.59, 7, 6]),
      channel('wd40', 'wd', 40, [180, 190, 200, 210, 220]),
      { ...channel('wsv40', 'other', 40, [0.1, 0.2, 0.1, 0.1, 0.1]), sourceElement: 'wsv' },
      signal('avail40', 'avail', 40, [100, 79, 0, 95, 100]),
      signal('cnr40', 'cnr', 40, [-10, -10, -22.5, -25, -10]),
      channel('ws80', 'ws', 80, [8, 9, 10, 11, 12]),
      signal('avail80', 'avail', 80, [0.95, 0.9, 0.5, 1, 0.85]),
    ]);
  const params = { deviceTypes: ['lidar'], availabilityMin: 80, cnrMinDb: -22, qualityMin: null };

  it('flags speed, direction and vertical speed of a height below availability or CNR, 0 % always, fractions read as such', () => {
    const result = evaluateQcRules(lidar(), [rule(7, 'lidar_filter', params)]);
    expect(at(result.changes).sort()).toEqual(
      [
        'ws40@1',
        'ws40@2',
        'ws40@3',
        'wd40@1',
        'wd40@2',
        'wd40@3',
        'wsv40@1',
        'wsv40@2',
        'wsv40@3',
        'ws80@2',
      ].sort(),
    );
    expect(new Set(result.changes.map((c) => `${c.rule}:${c.toFlag}`))).toEqual(new Set(['rule:7:3']));
    expect(result.skipped).toEqual([]);
  });

  it('takes 0.8 for 80 %, turns a filter off with null, and is skipped without the signals it needs', () => {
    const fraction = evaluateQcRules(lidar(), [
      rule(8, 'lidar_filter', { ...params, availabilityMin: 0.8, cnrMinDb: null }),
    ]);
    expect(
      at(fraction.changes)
        .filter((c) => c.startsWith('ws4') || c.startsWith('ws8'))
        .sort(),
    ).toEqual(['ws40@1', 'ws40@2', 'ws80@2']);
    const mast = station([channel('ws10', 'ws', 10, [5, 6])]);
    expect(evaluateQcRules(mast, [rule(9, 'lidar_filter', params)]).skipped).toEqual([
      { ruleId: 9, reason: 'no_channel' },
    ]);
    expect(evaluateQcRules(mast, [rule(10, 'lidar_filter', { deviceTypes: [] })]).skipped).toEqual([
      { ruleId: 10, reason: 'invalid_params' },
    ]);
  });
});
