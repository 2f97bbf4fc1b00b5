import { describe, expect, it } from 'vitest';
import { yamartinoSd } from './yamartino-sd.ts';

describe('yamartinoSd', () => {
  it('is zero for one direction repeated', () => {
    expect(yamartinoSd([123, 123, 123])).toBeCloseTo(0, 6);
  });

  it('gives the hand-computed σθ of 350° and 10° (across north as of 170° and 190°)', () => {
    // s̄ = (sin 350° + sin 10°)/2 = 0, c̄ = cos 10° = 0.984807753012208
    // ε = √(1 − c̄²) = sin 10° = 0.17364817766693
    // arcsin ε = 10°; 1 + (2/√3 − 1)·ε³ = 1 + 0.154700538379252 · 0.005236024677 = 1.000810033
    const epsilon = Math.sin((10 * Math.PI) / 180);
    const expected = 10 * (1 + (2 / Math.sqrt(3) - 1) * epsilon ** 3);
    expect(expected).toBeCloseTo(10.00810033, 7);
    expect(yamartinoSd([350, 10])!).toBeCloseTo(expected, 12);
    expect(yamartinoSd([170, 190])!).toBeCloseTo(expected, 12);
  });

  it('gives the hand-computed σθ of 0°, 90° and NaN skipped', () => {
    // s̄ = c̄ = 1/2, s̄² + c̄² = 1/2, ε = √(1/2) = 0.707106781186548
    // arcsin ε = 45°; ε³ = 0.353553390593274; factor = 1 + 0.154700538379252 · 0.353553390593274 = 1.0546949
    // σθ = 45 · 1.0546949 = 47.461270
    const factor = 1 + (2 / Math.sqrt(3) - 1) * Math.SQRT1_2 ** 3;
    expect(factor).toBeCloseTo(1.0546948, 6);
    expect(yamartinoSd([0, Number.NaN, 90])!).toBeCloseTo(45 * factor, 12);
    expect(45 * factor).toBeCloseTo(47.46127, 4);
  });

  it('is undefined without a direction', () => {
    expect(yamartinoSd([Number.NaN])).toBeUndefined();
    expect(yamartinoSd([])).toBeUndefined();
  });
});
