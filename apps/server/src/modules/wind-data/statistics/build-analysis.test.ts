import { AppError } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { channelRow } from '../../../../test/channel-rows.ts';
import type { TChannelRow } from '../../timeseries/timeseries.repository.ts';
import type { TLoadedSeries } from '../../timeseries/version-series.ts';
import { buildAnalysis } from './build-analysis.ts';
import { samplePairs } from './correlation-section.ts';

function row(id: number, name: string, element: string, heightM: number, statistic = 'mean'): TChannelRow {
  return channelRow(id, { dataKey: name, element, heightM, statistic, unit: 'm/s' });
}

function loaded(values: number[][], flags: number[][], rows: TChannelRow[]): TLoadedSeries {
  return {
    grid: { startMs: Date.UTC(2024, 0, 1), intervalMinutes: 10, length: values[0]!.length },
    channels: rows.map((r, k) => ({
      row: r,
      values: Float32Array.from(values[k]!),
      flags: Uint8Array.from(flags[k]!),
    })),
  };
}

const OPTIONS = { sectors: 16, includeSuspicious: true, weibullMethod: 'wasp' as const };
const VERSION = { id: 1, stationId: 1, name: 'v', kind: 'working' };

describe('samplePairs(x, y, max)', () => {
  it('keeps every concurrent pair up to max and reports the whole range of x', () => {
    const x = [1, Number.NaN, 3, 4, 5];
    const y = [2, 2, Number.NaN, 8, 10];
    expect(samplePairs(x, y, 10)).toEqual({ x: [1, 4, 5], y: [2, 8, 10], xMin: 1, xMax: 5 });
  });

  it('strides evenly when there are more pairs than max', () => {
    const x = Array.from({ length: 10 }, (_, i) => i);
    const sample = samplePairs(x, x, 4);
    expect(sample.x).toEqual([0, 3, 6, 9]);
    expect(sample.xMax).toBe(9);
  });
});

describe('buildAnalysis(input)', () => {
  const rows = [row(1, 'WS_80', 'ws', 80)];

  it('throws STATISTICS_NO_DATA when every value is missing, invalid or icing', () => {
    const input = {
      version: VERSION,
      loaded: loaded([[Number.NaN, 5, 6]], [[0, 3, 4]], rows),
      utcOffsetMinutes: 480,
      language: 'zh' as const,
      options: OPTIONS,
    };
    expect(() => buildAnalysis(input)).toThrow(AppError);
    expect(() => buildAnalysis(input)).toThrow('STATISTICS_NO_DATA');
  });

  it('leaves out suspicious values on request, which can leave nothing to analyse', () => {
    const input = {
      version: VERSION,
      loaded: loaded([[5, 6, 7]], [[2, 2, 2]], rows),
      utcOffsetMinutes: 480,
      language: 'en' as const,
      options: OPTIONS,
    };
    expect(buildAnalysis(input).summary.rows[0]!.count).toBe(3);
    expect(() => buildAnalysis({ ...input, options: { ...OPTIONS, includeSuspicious: false } })).toThrow(
      'STATISTICS_NO_DATA',
    );
  });

  it('answers JSON-safe numbers: a single value has no sd and no Weibull fit (null, not NaN)', () => {
    const result = buildAnalysis({
      version: VERSION,
      loaded: loaded([[5, Number.NaN, Number.NaN]], [[0, 0, 0]], rows),
      utcOffsetMinutes: 0,
      language: 'en',
      options: OPTIONS,
    });
    expect(result.summary.rows[0]).toMatchObject({ count: 1, mean: 5, sd: null, weibullScale: null });
    expect(JSON.stringify(result)).not.toMatch(/NaN|Infinity/);
    expect(result.shear).toBeNull();
    expect(result.airDensity).toMatchObject({ source: 'constant', mean: 1.225 });
  });
});
