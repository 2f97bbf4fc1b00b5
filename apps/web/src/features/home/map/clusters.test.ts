import { CLUSTER_WARNING_SITES } from '@masthub/shared/constants.ts';
import { describe, expect, it } from 'vitest';
import {
  buildClusterIndex,
  clustersInView,
  isCluster,
  type MapSite,
  shouldWarnUnclustered,
  toSitePoints,
} from './clusters.ts';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

function grid(count: number): MapSite[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    stationCode: String(i + 1).padStart(6, '0'),
    projectName: `site ${i + 1}`,
    longitude: 110 + (i % 40) * 0.05,
    latitude: 35 + Math.floor(i / 40) * 0.05,
    status: i % 4,
  }));
}

describe('toSitePoints', () => {
  it('colours by status and drops unusable positions', () => {
    const points = toSitePoints([
      ...grid(2),
      { id: 9, stationCode: '000009', projectName: 'x', longitude: 0, latitude: 0, status: 0 },
      { id: 10, stationCode: '000010', projectName: 'y', longitude: Number.NaN, latitude: 30, status: 0 },
    ]);
    expect(points).toHaveLength(2);
    expect(points[0]?.properties.color).toBe('#05a045');
    expect(points[1]?.properties.color).toBe('#e53935');
    expect(points[0]?.geometry.coordinates).toEqual([110, 35]);
  });
});

describe('clustering', () => {
  const points = toSitePoints(grid(400));

  it('groups nearby sites at a low zoom and splits them when zooming in', () => {
    const index = buildClusterIndex(points, 50);
    const far = clustersInView(index, WORLD, 3);
    expect(far.length).toBeLessThan(5);
    const total = far.reduce((sum, f) => sum + (isCluster(f) ? f.properties.point_count : 1), 0);
    expect(total).toBe(400);
    const near = clustersInView(index, WORLD, 9);
    expect(near.length).toBeGreaterThan(far.length);
    const single = clustersInView(index, WORLD, 15);
    expect(single).toHaveLength(400);
  });

  it('keeps every site single with radius 0', () => {
    const index = buildClusterIndex(points, 0);
    expect(clustersInView(index, WORLD, 2)).toHaveLength(400);
  });

  it('warns at 1000 or more single sites (SPEC §9)', () => {
    const many = toSitePoints(grid(CLUSTER_WARNING_SITES));
    expect(shouldWarnUnclustered(clustersInView(buildClusterIndex(many, 0), WORLD, 3))).toBe(true);
    expect(shouldWarnUnclustered(clustersInView(buildClusterIndex(many, 50), WORLD, 3))).toBe(false);
    const fewer = toSitePoints(grid(CLUSTER_WARNING_SITES - 1));
    expect(shouldWarnUnclustered(clustersInView(buildClusterIndex(fewer, 0), WORLD, 3))).toBe(false);
  });
});
