import { describe, expect, it } from 'vitest';
import type { TBlock } from '../render/render.ts';
import type { TLongTermFigures, TReportFigures } from './collect.ts';
import { composeReport } from './compose.ts';

function figures(longTerm: TLongTermFigures[]): TReportFigures {
  return {
    period: { start: new Date('2026-01-31T16:00:00Z'), end: new Date('2026-02-28T16:00:00Z') },
    sites: [],
    longTerm,
    reporting: 0,
    silent: 0,
    bands: [],
  };
}

function campaign(overrides: Partial<TLongTermFigures>): TLongTermFigures {
  return {
    stationCode: '100001',
    projectName: '北坡测风',
    referenceName: 'ERA5 · WS_100m',
    isReferenceVisible: true,
    status: 'not_yet',
    isFailed: false,
    months: 9,
    latestLtMps: 7.5,
    latestUMcp: 0.025,
    monthsNeeded: 5,
    ...overrides,
  };
}

const compose = (longTerm: TLongTermFigures[], language: 'zh' | 'en') =>
  composeReport({
    groupName: 'North',
    type: 'monthly',
    sections: ['summary'],
    figures: figures(longTerm),
    language,
    generatedAt: new Date('2026-03-01T01:00:00Z'),
  });

const tableAfter = (blocks: TBlock[], heading: string) => {
  const at = blocks.findIndex((b) => b.kind === 'heading' && b.text === heading);
  return at < 0 ? undefined : blocks.slice(at).find((b) => b.kind === 'table');
};

describe('composeReport: the long-term campaigns section', () => {
  it('lists each site with a default: verdict, M, the estimate ± u_MCP and the months still needed', () => {
    const blocks = compose(
      [
        campaign({}),
        campaign({
          stationCode: '100002',
          status: 'converged',
          months: 14,
          latestUMcp: 0.012,
          monthsNeeded: 0,
        }),
        campaign({ stationCode: '100003', status: null, months: 0, latestLtMps: null, latestUMcp: null }),
        campaign({ stationCode: '100004', status: null, isFailed: true, latestLtMps: null }),
      ],
      'en',
    );
    const table = tableAfter(blocks, '5. Long-term campaigns');
    expect(table?.kind === 'table' && table.rows).toEqual([
      ['100001', '北坡测风', 'ERA5 · WS_100m', 'Not converged yet', '9', '7.50 ± 0.19 (2.5%)', '5'],
      ['100002', '北坡测风', 'ERA5 · WS_100m', 'Converged', '14', '7.50 ± 0.09 (1.2%)', '0'],
      ['100003', '北坡测风', 'ERA5 · WS_100m', 'Not computed', '—', '—', '—'],
      ['100004', '北坡测风', 'ERA5 · WS_100m', 'Could not be computed', '—', '—', '—'],
    ]);
    expect(blocks.at(-1)).toMatchObject({ kind: 'paragraph' });
  });

  it('names a reference on a site outside the report only as “a reference you cannot view”', () => {
    for (const [language, heading, hidden] of [
      ['en', '5. Long-term campaigns', 'A reference you cannot view'],
      ['zh', '五、长期订正测风进度', '您无权查看的参考数据'],
    ] as const) {
      const table = tableAfter(
        compose([campaign({ referenceName: '', isReferenceVisible: false })], language),
        heading,
      );
      expect(table?.kind === 'table' && table.rows[0]![2]).toBe(hidden);
    }
  });

  it('is written in Chinese for a Chinese report, and left out when no site has a default', () => {
    const zh = compose([campaign({})], 'zh');
    const table = tableAfter(zh, '五、长期订正测风进度');
    expect(table?.kind === 'table' && table.columns.map((c) => c.title)).toContain('还需月数');
    expect(table?.kind === 'table' && table.rows[0]![3]).toBe('尚未收敛');
    const none = compose([], 'en');
    expect(none.some((b) => b.kind === 'heading' && b.text === '5. Long-term campaigns')).toBe(false);
  });
});
