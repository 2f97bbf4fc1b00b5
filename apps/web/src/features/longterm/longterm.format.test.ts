import type { TAnalysisBasis } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  basisNotes,
  defaultReferenceLabel,
  formatNumber,
  formatPercent,
  formatSpeed,
  periodLabel,
  recommendedRow,
  rowKey,
  sectorsLabel,
} from './longterm.format.ts';

describe('methods table formatting', () => {
  it('shows relative values as percentages with one decimal', () => {
    expect(formatPercent(0.02002)).toBe('2.0 %');
    expect(formatPercent(-0.00835)).toBe('-0.8 %');
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('—');
  });

  it('shows speeds with two decimals and other numbers with the digits asked for', () => {
    expect(formatSpeed(7.52219)).toBe('7.52');
    expect(formatSpeed(undefined)).toBe('—');
    expect(formatNumber(1.167502, 4)).toBe('1.1675');
    expect(formatNumber(null, 3)).toBe('—');
  });

  it('labels the overall rows and the by-sector rows with their sector count', () => {
    expect(sectorsLabel(0, 'overall')).toBe('overall');
    expect(sectorsLabel(12, 'overall')).toBe('12');
    expect(rowKey({ method: 'tls', sectors: 12 })).toBe('tls:12');
  });

  it('names a long-term period by its days, or as the whole reference when both ends are open', () => {
    expect(periodLabel({ start: null, end: null }, 'whole', '+08:00')).toBe('whole');
    expect(periodLabel({ start: '2005-01-01T00:00:00Z', end: null }, 'whole', '+00:00')).toBe(
      '2005-01-01 ~ …',
    );
    // The days of the user's zone, the end exclusive: ten Beijing years are 2005-01-01 ~ 2014-12-31.
    expect(
      periodLabel({ start: '2004-12-31T16:00:00Z', end: '2014-12-31T16:00:00Z' }, 'whole', '+08:00'),
    ).toBe('2005-01-01 ~ 2014-12-31');
  });

  it('finds the recommended row', () => {
    const rows = [
      { method: 'ols', isRecommended: false },
      { method: 'tls', isRecommended: true },
    ];
    expect(recommendedRow({ rows } as never)?.method).toBe('tls');
  });
});

describe('defaultReferenceLabel', () => {
  it('names a site default’s reference the reader may view, and only calls one on a site they may not view "a reference you cannot view"', () => {
    const hidden = 'A reference you cannot view';
    expect(
      defaultReferenceLabel({ isReferenceVisible: true, referenceName: 'M5 原始数据 · Spd80mN' }, hidden),
    ).toBe('M5 原始数据 · Spd80mN');
    // The server already sends the hidden name; the label never falls back to whatever it was given.
    expect(
      defaultReferenceLabel({ isReferenceVisible: false, referenceName: 'leaked · Spd80mN' }, hidden),
    ).toBe(hidden);
  });
});

describe('what a comparison stood on', () => {
  const basis = (versionId: number): TAnalysisBasis => ({
    versionId,
    startTime: '2024-01-01T00:00:00.000Z',
    endTime: '2024-03-01T00:00:00.000Z',
    records: 1440,
    policy: { includeSuspicious: false, includeFilled: true },
    channels: [
      {
        channelId: 1,
        name: 'Spd80mN',
        present: 1440,
        used: 1439,
        leftOut: { invalid: 0, icing: 0, suspicious: 0, filled: 0, outsideLimits: 1 },
      },
    ],
  });

  it('shows the target version’s basis under its name, then a reference site’s under the reference’s', () => {
    const notes = basisNotes({
      basis: basis(7),
      versionName: 'Original data',
      referenceBasis: basis(3),
      referenceName: 'Original data · Spd10mN',
    });
    expect(notes.map((n) => [n.key, n.basis.versionId, n.versionName])).toEqual([
      ['target', 7, 'Original data'],
      ['reference', 3, 'Original data · Spd10mN'],
    ]);
  });

  it('shows no reference basis for a mesoscale or stored reference series', () => {
    const notes = basisNotes({
      basis: basis(7),
      versionName: '原始数据',
      referenceBasis: null,
      referenceName: 'ERA5 · WS100m',
    });
    expect(notes.map((n) => n.key)).toEqual(['target']);
  });
});
