import type { TProcessingTask, TVersionChannel } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  baseIntervalS,
  bucketParts,
  channelLabel,
  defaultChannelSelection,
  defaultDataRange,
  defaultVersion,
  describeTaskResult,
  flagCellStyle,
  flagName,
  formatRowTime,
  formatValue,
  formatZoneMs,
  fromZoneMs,
  groupChannels,
  isoToPicker,
  isTaskActive,
  keepExisting,
  mergeTaskUpdate,
  normalizeStatistic,
  pickerRangeToIso,
  rowsTimeRange,
  snapIso,
  sortChannels,
  suggestTowerShadowPairs,
  summarizeResult,
  toZoneMs,
} from './wind-data.utils.ts';

const BEIJING = 'UTC+08:00';

let nextId = 1;
function channel(partial: Partial<TVersionChannel>): TVersionChannel {
  const id = partial.id ?? nextId++;
  return {
    id,
    dataKey: `c${id}`,
    name: `C${id}`,
    exportName: `C${id}`,
    element: 'ws',
    heightM: 80,
    statistic: 'avg',
    sourceUnit: '',
    unit: 'm/s',
    intervalS: 600,
    startTime: null,
    endTime: null,
    valueCount: 0,
    ...partial,
  };
}

const mast = [
  channel({ id: 1, name: 'T10', element: 'T', heightM: 10, unit: '°C' }),
  channel({ id: 2, name: 'WS80A_SD', heightM: 80, statistic: 'sd' }),
  channel({ id: 3, name: 'WS80A', heightM: 80 }),
  channel({ id: 4, name: 'WS80B', heightM: 80, statistic: 'mean' }),
  channel({ id: 5, name: 'WS10A', heightM: 10 }),
  channel({ id: 6, name: 'WD78', element: 'wd', heightM: 78, unit: '°' }),
  channel({ id: 7, name: 'WS80B_SD', heightM: 80, statistic: 'sd' }),
  channel({ id: 8, name: 'WS80A_MAX', heightM: 80, statistic: 'max' }),
  channel({ id: 9, name: 'X', element: 'other', heightM: null, statistic: 'sum', unit: '' }),
];

function task(partial: Partial<TProcessingTask>): TProcessingTask {
  return {
    id: 5,
    versionId: 2,
    stationId: 1,
    kind: 'qc',
    status: 'running',
    progress: 0,
    params: {},
    result: null,
    errorKey: null,
    error: null,
    creatorName: 'admin',
    createTime: '2026-05-01T00:00:00.000Z',
    startTime: null,
    finishTime: null,
    ...partial,
  };
}

describe('flags', () => {
  it('flagName(flag) names the SPEC §4 codes and reads unknown codes as normal', () => {
    expect([0, 1, 2, 3, 4, 9].map(flagName)).toEqual([
      'normal',
      'filled',
      'suspicious',
      'invalid',
      'icing',
      'normal',
    ]);
  });

  it('flagCellStyle(flag) colours suspicious yellow, invalid red, icing cyan, filled green italic', () => {
    expect(flagCellStyle(0)).toBeUndefined();
    expect(flagCellStyle(2)?.background).toBe('#fff8c5');
    expect(flagCellStyle(3)?.background).toBe('#ffd8d6');
    expect(flagCellStyle(4)?.background).toBe('#d2f4f7');
    expect(flagCellStyle(1)).toMatchObject({ fontStyle: 'italic' });
  });

  it('formatValue(value) keeps at most 3 decimals and leaves missing values empty', () => {
    expect(formatValue(5.300000190734863)).toBe('5.3');
    expect(formatValue(1013.25)).toBe('1013.25');
    expect(formatValue(-0.12345)).toBe('-0.123');
    expect(formatValue(null)).toBe('');
    expect(formatValue(Number.NaN)).toBe('');
  });
});

describe('defaultVersion(versions)', () => {
  it('opens on the newest working version, else on the original', () => {
    const original = { id: 1, kind: 'original' as const, createTime: '2026-01-01T00:00:00Z' };
    const older = { id: 2, kind: 'working' as const, createTime: '2026-02-01T00:00:00Z' };
    const newer = { id: 3, kind: 'working' as const, createTime: '2026-03-01T00:00:00Z' };
    expect(defaultVersion([original, newer, older])).toBe(newer);
    expect(defaultVersion([original])).toBe(original);
    expect(defaultVersion([])).toBeUndefined();
  });
});

describe('channels', () => {
  it('normalizeStatistic(statistic) reads mean as avg', () => {
    expect(['mean', 'avg', 'sd', 'max', 'min', 'sum'].map(normalizeStatistic)).toEqual([
      'avg',
      'avg',
      'sd',
      'max',
      'min',
      'other',
    ]);
  });

  it('sortChannels(channels) orders by element, height (high first), statistic, name', () => {
    expect(sortChannels(mast).map((c) => c.id)).toEqual([3, 4, 2, 7, 8, 5, 6, 1, 9]);
  });

  it('groupChannels(channels) groups by element and height in display order', () => {
    const groups = groupChannels(mast);
    expect(groups.map((g) => g.key)).toEqual(['ws|80', 'ws|10', 'wd|78', 'T|10', 'other|']);
    expect(groups[0]?.options[0]).toEqual({ value: 3, label: 'WS80A (m/s)' });
    expect(groups[4]?.options[0]?.label).toBe('X');
    expect(channelLabel({ name: 'T10', unit: '°C' })).toBe('T10 (°C)');
    expect(channelLabel({ name: 'WS50', unit: 'm/s', sourceUnit: 'mph' })).toBe('WS50 (m/s ← mph)');
  });

  it('channelLabel(channel) writes the stored unit codes as symbols: deg_C → °C, deg → °, deg_F → °F', () => {
    expect(channelLabel({ name: 'T10', unit: 'deg_C' })).toBe('T10 (°C)');
    expect(channelLabel({ name: 'WD78', unit: 'deg' })).toBe('WD78 (°)');
    expect(channelLabel({ name: 'T2', unit: 'deg_C', sourceUnit: 'deg_F' })).toBe('T2 (°C ← °F)');
    expect(channelLabel({ name: 'GHI', unit: 'W/m^2' })).toBe('GHI (W/m²)');
  });

  it('defaultChannelSelection(channels, max) takes the averages, at most max', () => {
    expect(defaultChannelSelection(mast)).toEqual([3, 4, 5, 6, 1]);
    expect(defaultChannelSelection(mast, 2)).toEqual([3, 4]);
    expect(defaultChannelSelection([mast[1]!, mast[8]!])).toEqual([2, 9]);
  });

  it('keepExisting(ids, channels) drops vanished ids and keeps display order', () => {
    expect(keepExisting([1, 99, 3], mast)).toEqual([3, 1]);
  });

  it('suggestTowerShadowPairs(channels, booms) takes the boom bearings from the configuration', () => {
    const booms = new Map([
      ['c3', 45],
      ['c4', 225],
    ]);
    expect(suggestTowerShadowPairs(mast, booms)[0]).toMatchObject({
      avgA: 3,
      avgB: 4,
      boomA: 45,
      boomB: 225,
    });
  });

  it('suggestTowerShadowPairs(channels) pairs the two cups of a height with their sd and max', () => {
    expect(suggestTowerShadowPairs(mast)).toEqual([
      {
        avgA: 3,
        avgB: 4,
        boomA: undefined,
        boomB: undefined,
        sdA: 2,
        sdB: 7,
        maxA: undefined,
        maxB: undefined,
      },
    ]);
  });

  it('baseIntervalS(channels) is the shortest interval, 600 s when unknown', () => {
    expect(baseIntervalS([{ intervalS: 600 }, { intervalS: 60 }])).toBe(60);
    expect(baseIntervalS([])).toBe(600);
  });
});

describe('time ranges', () => {
  it('isoToPicker / pickerRangeToIso convert through the user zone, not the browser zone', () => {
    const picked = isoToPicker('2026-03-01T16:00:00Z', BEIJING);
    expect(picked.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-02 00:00:00');
    expect(pickerRangeToIso([picked, picked.add(1, 'hour')], BEIJING)).toEqual({
      startTime: '2026-03-02T00:00:00+08:00',
      endTime: '2026-03-02T01:00:00+08:00',
    });
    expect(pickerRangeToIso(null, BEIJING)).toEqual({});
    expect(pickerRangeToIso([null, picked], 'UTC-05:00')).toEqual({ endTime: '2026-03-02T00:00:00-05:00' });
  });

  it('defaultDataRange(version, intervalS, utcCode) is the last month up to the end of the last record', () => {
    const range = defaultDataRange(
      { startTime: '2025-01-01T00:00:00Z', endTime: '2026-04-30T15:50:00Z' },
      600,
      BEIJING,
    );
    expect(range?.map((d) => d.format('YYYY-MM-DD HH:mm'))).toEqual(['2026-04-01 00:00', '2026-05-01 00:00']);
  });

  it('defaultDataRange never starts before the first record and is undefined without data', () => {
    const range = defaultDataRange(
      { startTime: '2026-04-20T00:00:00Z', endTime: '2026-04-30T00:00:00Z' },
      600,
      'UTC+00:00',
    );
    expect(range?.map((d) => d.format('YYYY-MM-DD HH:mm'))).toEqual(['2026-04-20 00:00', '2026-04-30 00:10']);
    expect(defaultDataRange({ startTime: null, endTime: null }, 600, BEIJING)).toBeUndefined();
    expect(defaultDataRange(undefined, 600, BEIJING)).toBeUndefined();
  });

  it('rowsTimeRange(times, intervalS) covers the selected rows up to the end of the last period', () => {
    expect(rowsTimeRange(['2026-01-01T00:20:00Z', '2026-01-01T00:00:00Z'], 600)).toEqual({
      startTime: '2026-01-01T00:00:00.000Z',
      endTime: '2026-01-01T00:30:00.000Z',
    });
    expect(rowsTimeRange([], 600)).toBeUndefined();
  });

  it('bucketParts(seconds) names a bucket width in its largest whole unit', () => {
    expect(bucketParts(600)).toEqual({ count: 10, unit: 'minute' });
    expect(bucketParts(7200)).toEqual({ count: 2, unit: 'hour' });
    expect(bucketParts(86_400)).toEqual({ count: 1, unit: 'day' });
    expect(bucketParts(90)).toEqual({ count: 90, unit: 'second' });
  });

  it('snapIso(epochMs, stepSeconds, rounding) snaps a brushed edge to whole periods', () => {
    const ms = Date.parse('2026-01-01T00:13:30.500Z');
    expect(snapIso(ms, 600, 'floor')).toBe('2026-01-01T00:10:00.000Z');
    expect(snapIso(ms, 600, 'ceil')).toBe('2026-01-01T00:20:00.000Z');
    expect(snapIso(ms, 60, 'ceil')).toBe('2026-01-01T00:14:00.000Z');
  });

  it('toZoneMs / fromZoneMs / formatZoneMs show chart times on the user clock', () => {
    const instant = Date.parse('2026-01-01T00:00:00Z');
    const shifted = toZoneMs(instant, BEIJING);
    expect(formatZoneMs(shifted)).toBe('2026-01-01 08:00');
    expect(fromZoneMs(shifted, BEIJING)).toBe(instant);
    expect(formatRowTime('2026-01-01T00:10:00Z', BEIJING)).toBe('2026-01-01 08:10');
  });
});

describe('tasks', () => {
  it('isTaskActive(task) is true while queued or running', () => {
    expect(isTaskActive(task({ status: 'queued' }))).toBe(true);
    expect(isTaskActive(task({ status: 'running' }))).toBe(true);
    expect(isTaskActive(task({ status: 'failed' }))).toBe(false);
    expect(isTaskActive(undefined)).toBe(false);
  });

  it('mergeTaskUpdate(previous, next) never lets a late frame undo an end or a progress step', () => {
    const done = task({ status: 'succeeded', progress: 100 });
    expect(mergeTaskUpdate(done, task({ status: 'running', progress: 80 }))).toBe(done);
    expect(mergeTaskUpdate(task({ progress: 60 }), task({ progress: 40 }))).toMatchObject({ progress: 60 });
    expect(mergeTaskUpdate(task({ progress: 60 }), task({ status: 'queued', progress: 0 }))).toMatchObject({
      status: 'running',
      progress: 60,
    });
    expect(mergeTaskUpdate(task({ progress: 60 }), done)).toBe(done);
    const other = task({ id: 6, progress: 3 });
    expect(mergeTaskUpdate(task({ progress: 60 }), other)).toBe(other);
    expect(mergeTaskUpdate(undefined, other)).toBe(other);
  });

  it('summarizeResult(result) lists numbers, texts and one nested level', () => {
    expect(
      summarizeResult({
        changed: 120,
        fit: { slope: 1.0234567, r: 0.93 },
        year: '2025-03',
        months: [1, 2],
        x: null,
      }),
    ).toEqual(['changed: 120', 'fit.slope: 1.0235', 'fit.r: 0.93', 'year: 2025-03', 'months: [2]']);
    expect(summarizeResult(null)).toEqual([]);
    expect(summarizeResult({ a: 1, b: 2, c: 3 }, 2)).toEqual(['a: 1', 'b: 2', '…']);
  });
});

describe('describeTaskResult', () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    `${key.split('.').pop()}${JSON.stringify(options ?? {})}`;

  it('says what an interpolation did with its fit', () => {
    const lines = describeTaskResult(
      {
        kind: 'interpolation',
        result: {
          filledCount: 12,
          targetName: 'WS 80',
          predictorName: 'WS 60',
          slope: 1.06243,
          intercept: 0.27437,
          r: 0.99891,
          pairCount: 500,
        },
      },
      t,
    );
    expect(lines).toEqual([
      'interpolation{"count":12,"target":"WS 80","predictor":"WS 60","slope":"1.0624","intercept":"0.2744","r":"0.9989","n":500}',
    ]);
  });

  it('lists the rules of a QC run that changed values, most first', () => {
    const lines = describeTaskResult(
      {
        kind: 'qc',
        result: {
          changedCount: 7,
          rules: [
            { name: 'a', count: 2 },
            { name: 'b', count: 5 },
            { name: 'c', count: 0 },
          ],
        },
      },
      t,
    );
    expect(lines).toEqual(['qc{"count":7}', 'qcRule{"name":"b","count":5}', 'qcRule{"name":"a","count":2}']);
  });

  it('is empty without a result', () => {
    expect(describeTaskResult({ kind: 'qc', result: null }, t)).toEqual([]);
  });
});
