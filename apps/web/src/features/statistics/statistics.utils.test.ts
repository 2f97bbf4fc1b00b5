import {
  type TElementReportRow,
  type TStatisticsChannel,
  type TVersionChannel,
  ZStatisticsRequest,
} from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  correlationBasis,
  formatValue,
  groupChannelOptions,
  hasMixedIntervals,
  RECOVERY_COLORS,
  recoveryBand,
  recoveryColor,
  recoveryPieces,
  speedAverages,
  TAB_KEYS,
  toRecoveryTree,
  toStatisticsRequest,
} from './statistics.utils.ts';

function channel(
  id: number,
  element: string,
  heightM: number | null,
  statistic = 'mean',
  intervalS = 600,
): TVersionChannel {
  return {
    id,
    dataKey: `c${id}`,
    name: `C${id}`,
    exportName: `C${id}`,
    element,
    heightM,
    statistic,
    sourceUnit: '',
    unit: '',
    intervalS,
    startTime: null,
    endTime: null,
    valueCount: 0,
  };
}

describe('recoveryBand(rate) and recoveryColor(rate)', () => {
  it('puts rates into the SPEC §9 bands 0–30, 30–50, 50–60, 60–70, 70–80, 80–90, 90–100 (lower bound inclusive)', () => {
    expect([0, 29.99, 30, 49.9, 50, 60, 69.9, 70, 80, 89.99, 90, 100].map(recoveryBand)).toEqual([
      0, 0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 6,
    ]);
  });

  it('has no band or colour without a rate', () => {
    expect(recoveryBand(null)).toBe(-1);
    expect(recoveryBand(Number.NaN)).toBe(-1);
    expect(recoveryColor(undefined)).toBeUndefined();
    expect(recoveryColor(95)).toBe(RECOVERY_COLORS[6]);
    expect(recoveryColor(10)).toBe(RECOVERY_COLORS[0]);
  });

  it('recoveryPieces() lists the seven bands for the heatmap legend', () => {
    const pieces = recoveryPieces();
    expect(pieces).toHaveLength(7);
    expect(pieces[0]).toMatchObject({ min: 0, max: 30, label: '0–30 %' });
    expect(pieces[6]).toMatchObject({ min: 90, max: 100 });
  });
});

describe('formatValue(value, digits)', () => {
  it('fixes decimals and shows a dash for what could not be computed', () => {
    expect(formatValue(5.6789, 2)).toBe('5.68');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(Number.NaN)).toBe('—');
  });
});

describe('toStatisticsRequest(filters, utcCode, choices)', () => {
  const filters = {
    versionId: 3,
    channelIds: [],
    range: null,
    sectors: 16 as const,
    includeSuspicious: true,
    weibullMethod: 'wasp' as const,
  };

  it('sends the filled records’ option only when they are left out (the default request stays shared)', () => {
    expect(toStatisticsRequest({ ...filters, includeFilled: true }, '+08:00')).not.toHaveProperty(
      'includeFilled',
    );
    expect(toStatisticsRequest({ ...filters, includeFilled: false }, '+08:00')).toMatchObject({
      includeSuspicious: true,
      includeFilled: false,
    });
  });

  it('sends the joint table’s bins only when they are not the default centred ones (issue 46 §3)', () => {
    expect(toStatisticsRequest({ ...filters, jointTableBins: 'centred' }, '+08:00')).not.toHaveProperty(
      'jointTableBins',
    );
    const request = toStatisticsRequest({ ...filters, jointTableBins: 'integer_start' }, '+08:00');
    expect(request.jointTableBins).toBe('integer_start');
    expect(ZStatisticsRequest.parse(request).jointTableBins).toBe('integer_start');
    expect(ZStatisticsRequest.parse(toStatisticsRequest(filters, '+08:00')).jointTableBins).toBe('centred');
  });

  it('sends all channels and the whole range when nothing is chosen', () => {
    expect(toStatisticsRequest(filters, '+08:00')).toEqual({
      versionId: 3,
      sectors: 16,
      includeSuspicious: true,
      weibullMethod: 'wasp',
    });
  });

  it('sends the range as instants in the user’s zone and the per-tab choices', () => {
    const request = toStatisticsRequest(
      { ...filters, channelIds: [5, 6], range: ['2024-01-01 00:00:00', '2024-02-01 00:00:00'] },
      '+08:00',
      { correlationReferenceId: 6, shearChannelIds: [5, 6] },
    );
    expect(request).toMatchObject({
      channelIds: [5, 6],
      startTime: '2024-01-01T00:00:00+08:00',
      endTime: '2024-02-01T00:00:00+08:00',
      correlationReferenceId: 6,
      shearChannelIds: [5, 6],
    });
  });

  it('sends the correlation’s averaging with its coverage and a method other than OLS', () => {
    expect(
      toStatisticsRequest(filters, '+08:00', {
        correlationPeriod: '1D',
        correlationCoverage: 0.75,
        correlationMethod: 'tls',
      }),
    ).toMatchObject({ correlationPeriod: '1D', correlationCoverage: 0.75, correlationMethod: 'tls' });
  });

  it('leaves the default correlation (10-min records, OLS) and a 10-min coverage out of the request', () => {
    const request = toStatisticsRequest(filters, '+08:00', {
      correlationPeriod: '10min',
      correlationCoverage: 0.6,
      correlationMethod: 'ols',
    });
    expect(request).toEqual(toStatisticsRequest(filters, '+08:00'));
    expect(toStatisticsRequest(filters, '+08:00', { correlationMethod: 'speed_sort' })).toEqual({
      ...toStatisticsRequest(filters, '+08:00'),
      correlationMethod: 'speed_sort',
    });
  });

  it('leaves out a shear choice of fewer than two heights and sends any larger set', () => {
    expect(toStatisticsRequest(filters, '+08:00', { shearChannelIds: [5] }).shearChannelIds).toBeUndefined();
    expect(toStatisticsRequest(filters, '+08:00', { shearChannelIds: [5, 6, 7] }).shearChannelIds).toEqual([
      5, 6, 7,
    ]);
  });

  it('sends the MOMM coverage threshold only when it is not the default 0.8', () => {
    expect(toStatisticsRequest({ ...filters, mommMinCoverage: 0.8 }, '+08:00')).toEqual(
      toStatisticsRequest(filters, '+08:00'),
    );
    expect(toStatisticsRequest({ ...filters, mommMinCoverage: 0 }, '+08:00').mommMinCoverage).toBe(0);
  });
});

describe('groupChannelOptions(channels, labels)', () => {
  it('groups by element with speed first and heights ascending', () => {
    const groups = groupChannelOptions(
      [channel(1, 'wd', 78), channel(2, 'ws', 80), channel(3, 'ws', 40, 'sd'), channel(4, 'ghi', null)],
      { element: (e) => `E:${e}`, statistic: (s) => s },
    );
    expect(groups.map((g) => g.label)).toEqual(['E:ws', 'E:wd', 'E:other']);
    expect(groups[0]!.options.map((o) => o.value)).toEqual([3, 2]);
    expect(groups[0]!.options[1]!.label).toBe('C2 · 80m · avg');
    expect(groups[2]!.options[0]!.label).toBe('C4 · avg');
  });

  it('hasMixedIntervals tells a choice of 10-minute and hourly channels apart', () => {
    const channels = [channel(1, 'ws', 80), channel(2, 'ws', 40, 'mean', 3600)];
    expect(hasMixedIntervals(channels, [1, 2])).toBe(true);
    expect(hasMixedIntervals(channels, [1])).toBe(false);
  });
});

describe('speedAverages(channels) and toRecoveryTree(rows)', () => {
  it('keeps speed averages by height', () => {
    const c = (
      channelId: number,
      element: string,
      statistic: string,
      heightM: number,
    ): TStatisticsChannel => ({
      channelId,
      name: `C${channelId}`,
      element,
      elementName: element,
      heightM,
      heightTag: `${heightM}m`,
      statistic,
      unit: 'm/s',
    });
    expect(
      speedAverages([
        c(1, 'ws', 'avg', 80),
        c(2, 'ws', 'sd', 80),
        c(3, 'ws', 'avg', 40),
        c(4, 'wd', 'avg', 78),
      ]).map((x) => x.channelId),
    ).toEqual([3, 1]);
  });

  it('hangs the month rows under their channel’s period row', () => {
    const row = (channelId: number, dataPhase: string, isMonth: boolean): TElementReportRow => ({
      channelId,
      channelName: `C${channelId}`,
      element: 'ws',
      dataPhase,
      heightTag: '80m',
      shouldCount: 1,
      lackCount: 0,
      invalidCount: 0,
      validCount: 1,
      validRate: 100,
      filledCount: 0,
      validWithFilledRate: 100,
      validAvg: 5,
      avgWindPower: null,
      isMonth,
    });
    const tree = toRecoveryTree([
      row(1, '2024-01-01~2024-02-29', false),
      row(1, '2024-01', true),
      row(1, '2024-02', true),
      row(2, '2024-01-01~2024-02-29', false),
      row(2, '2024-01', true),
    ]);
    expect(tree.map((r) => r.key)).toEqual(['1', '2']);
    expect(tree[0]!.children?.map((r) => r.key)).toEqual(['1-2024-01', '1-2024-02']);
    expect(tree[1]!.children).toHaveLength(1);
  });

  it('has the 11 tab keys of SPEC §2 in screen order', () => {
    expect(TAB_KEYS).toHaveLength(11);
    expect(TAB_KEYS[0]).toBe('summary');
    expect(TAB_KEYS[10]).toBe('shear');
  });
});

describe('correlationBasis(section, coverageText, separator)', () => {
  const percent = (p: number) => `coverage ≥ ${p} %`;

  it('names the period, its coverage and the method', () => {
    expect(
      correlationBasis(
        { periodName: 'Daily', coverage: 0.9, methodName: 'Orthogonal least squares' },
        percent,
      ),
    ).toBe('Daily, coverage ≥ 90 %, Orthogonal least squares');
    expect(
      correlationBasis(
        { periodName: '日', coverage: 0.755, methodName: '方差比' },
        (p) => `覆盖率 ≥ ${p}%`,
        '，',
      ),
    ).toBe('日，覆盖率 ≥ 76%，方差比');
  });

  it('gives no coverage for the 10-min records', () => {
    expect(
      correlationBasis({ periodName: '10-min (records)', coverage: null, methodName: 'SpeedSort' }, percent),
    ).toBe('10-min (records), SpeedSort');
  });
});
