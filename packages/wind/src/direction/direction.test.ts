import { describe, expect, it } from 'vitest';
import { angleDifference } from './angle-difference.ts';
import { applyVaneOffset } from './apply-vane-offset.ts';
import { directionSectorIndex } from './direction-sector-index.ts';
import { directionSectorIndices } from './direction-sector-indices.ts';
import { normalizeDirection } from './normalize-direction.ts';
import { sectorBounds } from './sector-bounds.ts';
import { sectorLabels } from './sector-labels.ts';
import { vectorMeanDirection } from './vector-mean-direction.ts';

describe('direction helpers (WIND-ANALYSIS §0)', () => {
  it('angleDifference(350, 10) = −20: |Δ| is 20°, never 340°', () => {
    expect(angleDifference(350, 10)).toBe(-20);
    expect(angleDifference(10, 350)).toBe(20);
    expect(angleDifference(180, 0)).toBe(-180);
    expect(angleDifference(-10, 710)).toBe(0);
  });

  it('vectorMeanDirection([350, 10, 20]) ≈ 6.70° (the arithmetic 126.7° is wrong)', () => {
    expect(vectorMeanDirection([350, 10, 20])).toBeCloseTo(6.7, 2);
    expect(vectorMeanDirection([350, Number.NaN, 10])).toBeCloseTo(0, 9);
  });

  it('vectorMeanDirection of opposite directions, empty and all-NaN input is undefined', () => {
    expect(vectorMeanDirection([90, 270])).toBeUndefined();
    expect(vectorMeanDirection([])).toBeUndefined();
    expect(vectorMeanDirection([Number.NaN, Number.NaN])).toBeUndefined();
  });

  it('vectorMeanDirection weighted by speed leans to the stronger wind', () => {
    expect(vectorMeanDirection([0, 90], [1, 3])).toBeCloseTo((Math.atan2(3, 1) * 180) / Math.PI, 9);
  });

  it('directionSectorIndex with 16 sectors: 11.2° → N, 11.25° → NNE, 360° → N, −0.1° → N', () => {
    expect(directionSectorIndex(11.2, 16)).toBe(0);
    expect(directionSectorIndex(11.25, 16)).toBe(1);
    expect(directionSectorIndex(360, 16)).toBe(0);
    expect(directionSectorIndex(-0.1, 16)).toBe(0);
    expect(directionSectorIndex(348.75, 16)).toBe(0);
    expect(directionSectorIndex(348.74, 16)).toBe(15);
    expect(directionSectorIndex(Number.NaN, 16)).toBe(-1);
  });

  it('directionSectorIndex with 12 sectors: 345° → 1st (N), 15° → 2nd (EXPORTS §3.2)', () => {
    expect(directionSectorIndex(345, 12)).toBe(0);
    expect(directionSectorIndex(15, 12)).toBe(1);
    expect(directionSectorIndex(344.999, 12)).toBe(11);
  });

  it('directionSectorIndex of any direction and sector count stays in range (property)', () => {
    for (const sectors of [1, 4, 7, 12, 16, 36]) {
      for (let d = -720; d <= 720; d += 1.37) {
        const s = directionSectorIndex(d, sectors);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThan(sectors);
        expect(s).toBe(directionSectorIndex(d + 360, sectors));
      }
    }
  });

  it('directionSectorIndex gives the sector of the floating remainder for every direction from −720° to 1 080° (exact subtraction instead of %)', () => {
    const byRemainder = (d: number, sectors: number) => {
      const width = 360 / sectors;
      let x = (d + width / 2) % 360;
      if (x < 0) x += 360;
      const s = Math.floor(x / width);
      return s >= sectors ? sectors - 1 : s;
    };
    const directions: number[] = [
      -0,
      0,
      360,
      720,
      -360,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.POSITIVE_INFINITY,
    ];
    for (let k = -72_000; k <= 108_000; k++) directions.push(k / 100, Math.fround(k / 100));
    for (const sectors of [1, 4, 8, 12, 16, 36, 360]) {
      const width = 360 / sectors;
      for (let s = 0; s <= 2 * sectors; s++) {
        const edge = s * width - width / 2;
        directions.push(edge, edge + 360, Math.fround(edge), edge - Number.EPSILON * 512);
      }
      const mismatches = directions.filter(
        (d) => !Object.is(directionSectorIndex(d, sectors), byRemainder(d, sectors)),
      );
      expect(mismatches).toEqual([]);
    }
  });

  it('directionSectorIndices rejects a non-integer sector count', () => {
    expect(() => directionSectorIndices([1], 12.5)).toThrow('directionSectorIndices requires sectors');
    expect([...directionSectorIndices([0, 90, Number.NaN], 4)]).toEqual([0, 1, -1]);
  });

  it('normalizeDirection folds into [0, 360) and writes 360 as 0', () => {
    expect([360, -15, 725, 0].map(normalizeDirection)).toEqual([0, 345, 5, 0]);
    expect(Object.is(normalizeDirection(-360), 0)).toBe(true);
  });

  it('applyVaneOffset adds the calibration offset modulo 360', () => {
    expect([...applyVaneOffset([350, 10, Number.NaN], 15)]).toEqual([5, 25, Number.NaN]);
  });

  it('sectorLabels gives compass, centre, WAsP, letter and range labels', () => {
    expect(sectorLabels(16, 'compass').slice(0, 3)).toEqual(['N', 'NNE', 'NE']);
    expect(sectorLabels(8, 'compass')).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
    expect(sectorLabels(12, 'centre')).toEqual([
      '0',
      '30',
      '60',
      '90',
      '120',
      '150',
      '180',
      '210',
      '240',
      '270',
      '300',
      '330',
    ]);
    expect(sectorLabels(12, 'wasp')[11]).toBe('12');
    expect(sectorLabels(30, 'letter').slice(24)).toEqual(['Y', 'Z', 'AA', 'AB', 'AC', 'AD']);
    expect(sectorLabels(16, 'range')[0]).toBe('348.75-11.25');
    expect(() => sectorLabels(12, 'compass')).toThrow('compass');
    expect(() => sectorLabels(0)).toThrow('sectorLabels requires sectors to be a positive integer');
  });

  it('sectorBounds(12) starts with the sector through north, 345–15', () => {
    expect(sectorBounds(12)[0]).toEqual({ index: 0, centreDeg: 0, startDeg: 345, endDeg: 15 });
    expect(sectorBounds(12)[11]).toEqual({ index: 11, centreDeg: 330, startDeg: 315, endDeg: 345 });
  });
});
