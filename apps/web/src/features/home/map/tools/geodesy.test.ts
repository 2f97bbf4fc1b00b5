import { describe, expect, it } from 'vitest';
import {
  circleArea,
  circleRing,
  destination,
  distance,
  formatArea,
  formatLength,
  pathLengths,
  polygonArea,
  SQUARE_METRES_PER_MU,
} from './geodesy.ts';

const BEIJING: [number, number] = [116.4074, 39.9042];
const SHANGHAI: [number, number] = [121.4737, 31.2304];

describe('distance', () => {
  it('Beijing–Shanghai is about 1067 km on the great circle', () => {
    expect(distance(BEIJING, SHANGHAI) / 1000).toBeCloseTo(1067, -1);
    expect(Math.abs(distance(BEIJING, SHANGHAI) / 1000 - 1067)).toBeLessThan(3);
  });

  it('one degree of latitude is about 111.2 km, and the distance is symmetric', () => {
    expect(distance([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
    expect(distance(SHANGHAI, BEIJING)).toBe(distance(BEIJING, SHANGHAI));
    expect(distance(BEIJING, BEIJING)).toBe(0);
  });

  it('sums a path segment by segment', () => {
    const { segments, total } = pathLengths([
      [0, 0],
      [0, 1],
      [1, 1],
    ]);
    expect(segments).toHaveLength(2);
    expect(total).toBeCloseTo(segments[0]! + segments[1]!, 6);
    expect(pathLengths([[0, 0]]).total).toBe(0);
  });
});

describe('polygonArea', () => {
  it('a 1°×1° cell at the equator is about 12 364 km², either orientation, open or closed', () => {
    const cell: [number, number][] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    expect(polygonArea(cell) / 1e6).toBeCloseTo(12_364, -1);
    expect(polygonArea([...cell].reverse())).toBeCloseTo(polygonArea(cell), 3);
    expect(polygonArea([...cell, [0, 0]])).toBeCloseTo(polygonArea(cell), 3);
  });

  it('a 1°×1° cell at 60°N is about half the equatorial one', () => {
    const north = polygonArea([
      [0, 60],
      [1, 60],
      [1, 61],
      [0, 61],
    ]);
    expect(
      north /
        polygonArea([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
    ).toBeCloseTo(0.4924, 2);
  });

  it('is zero for fewer than three points', () => {
    expect(
      polygonArea([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(0);
  });
});

describe('circles', () => {
  it('a small cap has the plane area πr²', () => {
    expect(circleArea(1000)).toBeCloseTo(Math.PI * 1e6, -1);
  });

  it('draws a ring whose points lie at the radius and whose area matches the cap', () => {
    const ring = circleRing(BEIJING, 5000, 180);
    for (const p of ring) expect(distance(BEIJING, p)).toBeCloseTo(5000, 3);
    expect(polygonArea(ring) / circleArea(5000)).toBeCloseTo(1, 2);
  });

  it('destination goes north by the distance along a meridian', () => {
    const [lon, lat] = destination([10, 0], 0, 111_195);
    expect(lon).toBeCloseTo(10, 9);
    expect(lat).toBeCloseTo(1, 3);
  });
});

describe('formatting', () => {
  it('switches from m to km at 1 km', () => {
    expect(formatLength(523.4)).toEqual({ value: '523', unit: 'm' });
    expect(formatLength(1234.6)).toEqual({ value: '1.235', unit: 'km' });
  });

  it('switches from m² to km² at 1 km² and converts to mu', () => {
    expect(formatArea(SQUARE_METRES_PER_MU)).toMatchObject({ value: '667', unit: 'm2', mu: '1.00' });
    expect(formatArea(2_500_000)).toMatchObject({ value: '2.500', unit: 'km2', mu: '3750' });
  });
});
