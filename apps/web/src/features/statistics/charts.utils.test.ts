import type { TCorrelationItem, TRoseItem, TShearSection } from '@masthub/shared';
import { STATISTICS_TABS } from '@masthub/shared/wind-data/statistics.schema.ts';
import { describe, expect, it } from 'vitest';
import {
  correlationOption,
  linesOption,
  monthHourOption,
  regressionCaption,
  roseOption,
  shearProfileOption,
} from './charts.utils.ts';
import { TAB_KEYS } from './statistics.utils.ts';

const correlation: TCorrelationItem = {
  targetChannelId: 2,
  heightTag: '40m',
  count: 3,
  slope: 0.8706,
  intercept: -0.0012,
  r: 0.999,
  rSquared: 0.998,
  strength: { r: 'strong', rSquared: 'high', rText: '强相关', rSquaredText: '拟合度高' },
  throughOriginSlope: 0.87,
  sectors: [],
  scatter: { x: [1, 2, 3], y: [0.9, 1.7, 2.6] },
  line: { x: [1, 3], y: [0.87, 2.61] },
};

describe('roseOption(item, labels)', () => {
  const item: TRoseItem = {
    speedChannelId: 1,
    directionChannelId: 2,
    heightTag: '80m',
    directionHeightTag: '78m',
    totalCount: 10,
    calmCount: 0,
    calmPct: 0,
    sectors: Array.from({ length: 16 }, (_, index) => ({
      index,
      centreDeg: index * 22.5,
      count: index === 4 ? 10 : 0,
      frequencyPct: index === 4 ? 100 : 0,
      meanSpeed: index === 4 ? 5 : null,
      energyPct: index === 4 ? 100 : 0,
      powerDensity: null,
    })),
    jointTable: { bins: 'centred', lower: [], upper: [], pct: [], sectorPct: [], totalCount: 0 },
  };

  it('draws two polar bar roses (frequency, energy) with north up, clockwise, sectors centred', () => {
    const labels = Array.from({ length: 16 }, (_, k) => `S${k}`);
    const option = roseOption(item, labels, { windRose: 'W', energyRose: 'E' }) as any;
    expect(option.polar).toHaveLength(2);
    expect(option.angleAxis[0]).toMatchObject({ type: 'category', clockwise: true, startAngle: 90 + 11.25 });
    expect(option.angleAxis[1].data).toEqual(labels);
    expect(option.series.map((s: any) => [s.type, s.coordinateSystem, s.polarIndex])).toEqual([
      ['bar', 'polar', 0],
      ['bar', 'polar', 1],
    ]);
    expect(option.series[0].data[4]).toBe(100);
  });
});

describe('correlationOption(item, labels) and regressionCaption(item)', () => {
  const LABELS = { x: 'x', y: 'y', points: 'p', line: 'l', title: 't' };

  it('pairs the sample points and the regression line', () => {
    const option = correlationOption(correlation, LABELS) as any;
    expect(option.series[0].data).toEqual([
      [1, 0.9],
      [2, 1.7],
      [3, 2.6],
    ]);
    expect(option.series[1].data).toEqual([
      [1, 0.87],
      [3, 2.61],
    ]);
  });

  it('puts how the pairs were averaged and fitted under the title, and draws a SpeedSort line through its cutoff', () => {
    const plain = correlationOption(correlation, LABELS) as any;
    expect(plain.title.subtext).toBeUndefined();
    const speedSort = { ...correlation, line: { x: [1, 2, 3], y: [0.5, 1, 2.2] } };
    const option = correlationOption(speedSort, {
      ...LABELS,
      line: 'SpeedSort line',
      subtitle: 'Daily, coverage ≥ 90 %, SpeedSort',
    }) as any;
    expect(option.title).toMatchObject({ text: 't', subtext: 'Daily, coverage ≥ 90 %, SpeedSort' });
    expect(option.legend.top).toBeGreaterThan(plain.legend.top);
    expect(option.grid.top).toBeGreaterThan(plain.grid.top);
    expect(option.series[1]).toMatchObject({ name: 'SpeedSort line' });
    expect(option.series[1].data).toEqual([
      [1, 0.5],
      [2, 1],
      [3, 2.2],
    ]);
  });

  it('writes the line with its sign, R and R²', () => {
    expect(regressionCaption(correlation)).toBe('y = 0.8706x − 0.0012, R = 0.9990, R² = 0.9980');
    expect(regressionCaption({ ...correlation, slope: null })).toBe('');
  });
});

describe('linesOption, monthHourOption and shearProfileOption', () => {
  it('linesOption keeps gaps as null', () => {
    const option = linesOption(['1', '2'], [{ name: 'a', values: [1.23456, null] }], {
      x: 'x',
      y: 'y',
    }) as any;
    expect(option.series[0].data).toEqual([1.235, null]);
  });

  it('monthHourOption lays 12 × 24 cells as [hour, month, value] with the value range', () => {
    const matrix = Array.from({ length: 12 }, (_, m) =>
      Array.from({ length: 24 }, (_, h) => (m === 0 ? h : null)),
    );
    const option = monthHourOption(matrix, { month: 'm', hour: 'h', value: 'v' }) as any;
    expect(option.series[0].data).toHaveLength(288);
    expect(option.series[0].data[23]).toEqual([23, 0, 23]);
    expect(option.visualMap).toMatchObject({ min: 0, max: 23 });
  });

  it('shearProfileOption puts speed across and height up', () => {
    const shear = {
      heightsM: [40, 80],
      meanSpeeds: [6, 6.9],
      profile: { heightM: [10, 120], speed: [4.5, 7.5] },
    } as unknown as TShearSection;
    const option = shearProfileOption(shear, {
      speed: 's',
      height: 'h',
      measured: 'm',
      powerLaw: 'p',
    }) as any;
    expect(option.series[0].data).toEqual([
      [6, 40],
      [6.9, 80],
    ]);
    expect(option.series[1].data[1]).toEqual([7.5, 120]);
  });

  it('uses the same tab keys as the shared contract', () => {
    expect([...TAB_KEYS]).toEqual([...STATISTICS_TABS]);
  });
});
