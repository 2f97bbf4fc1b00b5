import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../i18n/localize-issues.ts';
import { MCP_METHOD_KEYS } from './longterm.schema.ts';
import {
  CORRELATION_PERIOD_KEYS,
  CORRELATION_PERIOD_NAMES,
  ZStatisticsRequest,
} from './statistics.schema.ts';
import { ZCorrelationSection } from './statistics-result.schema.ts';

describe('ZStatisticsRequest: the correlation tab’s period, coverage and method', () => {
  it('defaults to the 10-min records, coverage 0.9 and OLS (today’s correlation)', () => {
    expect(ZStatisticsRequest.parse({ versionId: 3 })).toMatchObject({
      correlationPeriod: '10min',
      correlationCoverage: 0.9,
      correlationMethod: 'ols',
    });
  });

  it('accepts every period and method of the long-term workbench and a coverage from 0.5 to 1', () => {
    expect(CORRELATION_PERIOD_KEYS).toEqual(['10min', '1H', '1D', '1M']);
    for (const correlationPeriod of CORRELATION_PERIOD_KEYS) {
      for (const correlationMethod of MCP_METHOD_KEYS) {
        const parsed = ZStatisticsRequest.safeParse({ versionId: 3, correlationPeriod, correlationMethod });
        expect(parsed.success, `${correlationPeriod} ${correlationMethod}`).toBe(true);
      }
    }
    for (const correlationCoverage of [0.5, 0.75, 1, '0.8']) {
      const parsed = ZStatisticsRequest.safeParse({ versionId: 3, correlationCoverage });
      expect(parsed.success, String(correlationCoverage)).toBe(true);
    }
  });

  it('refuses another period, method or a coverage outside 0.5–1, with messages in both languages', () => {
    const parsed = ZStatisticsRequest.safeParse({
      versionId: 3,
      correlationPeriod: '10m',
      correlationMethod: 'matrix',
      correlationCoverage: 1.2,
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues;
    expect(localizeIssues(issues, 'zh')).toEqual(
      expect.arrayContaining([
        { field: 'correlationPeriod', message: '请选择有效的选项' },
        { field: 'correlationMethod', message: '请选择有效的选项' },
        { field: 'correlationCoverage', message: '时段数据覆盖率须在 0.5–1 之间' },
      ]),
    );
    expect(localizeIssues(issues, 'en')).toEqual(
      expect.arrayContaining([
        { field: 'correlationCoverage', message: 'The coverage a period needs must be between 0.5 and 1' },
      ]),
    );
    const low = ZStatisticsRequest.safeParse({ versionId: 3, correlationCoverage: 0.4 });
    expect(low.success).toBe(false);
  });

  it('names every period in both languages', () => {
    for (const key of CORRELATION_PERIOD_KEYS) {
      expect(CORRELATION_PERIOD_NAMES[key].zh.length, key).toBeGreaterThan(0);
      expect(CORRELATION_PERIOD_NAMES[key].en.length, key).toBeGreaterThan(0);
    }
  });
});

describe('ZCorrelationSection', () => {
  const section = {
    period: '1D',
    periodName: 'Daily',
    coverage: 0.9,
    method: 'tls',
    methodName: 'Orthogonal least squares',
    referenceChannelId: 1,
    referenceHeightTag: '80m',
    directionChannelId: null,
    items: [],
  };

  it('carries the period, its coverage and the method with their names', () => {
    expect(ZCorrelationSection.parse(section)).toEqual(section);
    expect(ZCorrelationSection.parse({ ...section, period: '10min', coverage: null }).coverage).toBeNull();
  });

  it('refuses a section without its period or method', () => {
    const { period: _period, ...withoutPeriod } = section;
    expect(ZCorrelationSection.safeParse(withoutPeriod).success).toBe(false);
    expect(ZCorrelationSection.safeParse({ ...section, method: 'matrix' }).success).toBe(false);
  });
});
