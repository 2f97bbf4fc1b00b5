import { FEATURE_GROUPS, FEATURE_KEYS } from '@masthub/shared/identity/features.ts';
import { describe, expect, it } from 'vitest';
import {
  buildFeatureTree,
  featureLabelKey,
  GROUP_KEY_PREFIX,
  summarizeFeatures,
  toFeatureKeys,
} from './feature-tree.ts';

describe('buildFeatureTree', () => {
  it('has one node per group with every feature of the catalogue below it', () => {
    const tree = buildFeatureTree();
    expect(tree.map((node) => node.key)).toEqual(
      Object.keys(FEATURE_GROUPS).map((group) => `${GROUP_KEY_PREFIX}${group}`),
    );
    expect(tree.flatMap((node) => node.children?.map((child) => child.key) ?? [])).toEqual(FEATURE_KEYS);
    expect(tree[0]?.labelKey).toBe('system.featureGroups.stationList');
    expect(tree[0]?.children?.[0]?.labelKey).toBe('system.features.station.add');
  });

  it('accepts any catalogue shape', () => {
    expect(buildFeatureTree({ a: ['x.y'] })).toEqual([
      {
        key: 'group:a',
        labelKey: 'system.featureGroups.a',
        children: [{ key: 'x.y', labelKey: featureLabelKey('x.y') }],
      },
    ]);
  });
});

describe('toFeatureKeys', () => {
  it('keeps only feature keys, in catalogue order, once each', () => {
    expect(toFeatureKeys(['system.user', 'group:system', 'station.add', 'bogus.key', 'station.add'])).toEqual(
      ['station.add', 'system.user'],
    );
    expect(toFeatureKeys([])).toEqual([]);
  });
});

describe('summarizeFeatures', () => {
  it('lists the granted features of every group with the group size', () => {
    const summary = summarizeFeatures(['report.preview', 'system.loginLog', 'unknown']);
    expect(summary.map((s) => s.group)).toEqual(['stationList', 'stationDetail', 'reports', 'system']);
    expect(summary.find((s) => s.group === 'reports')).toEqual({
      group: 'reports',
      granted: ['report.preview'],
      total: FEATURE_GROUPS.reports.length,
    });
    expect(summary.find((s) => s.group === 'stationList')?.granted).toEqual([]);
  });
});
