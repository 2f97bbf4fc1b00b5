import { describe, expect, it } from 'vitest';
import { toNamePath } from './field-errors.ts';

describe('toNamePath(field)', () => {
  it('turns list indices into numbers', () => {
    expect(toNamePath('params.conditions.0.threshold')).toEqual(['params', 'conditions', 0, 'threshold']);
    expect(toNamePath('name')).toEqual(['name']);
  });
});
