import { describe, expect, it } from 'vitest';
import { findNulCharacter, REQUEST_MAX_DEPTH, scanRequestValue } from './text.schema.ts';

/** `depth` arrays, each the only element of the one around it: `[[[…]]]`. */
function nestedArrays(depth: number): unknown {
  return JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

describe('scanRequestValue(value, maxDepth)', () => {
  it('finds the NUL character in a nested string, in an object key and at the top', () => {
    expect(scanRequestValue({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toEqual({
      kind: 'nul',
      path: ['a', '1', 'c'],
    });
    expect(scanRequestValue({ extra: { ['k\u0000']: 1 } })).toEqual({
      kind: 'nul',
      path: ['extra', 'k\u0000'],
    });
    expect(scanRequestValue('a\u0000')).toEqual({ kind: 'nul', path: [] });
    expect(scanRequestValue({ a: [1, 'two', null, { b: true }] })).toBeNull();
  });

  it('accepts nesting up to the limit and refuses one level more', () => {
    expect(scanRequestValue(nestedArrays(REQUEST_MAX_DEPTH))).toBeNull();
    expect(scanRequestValue(nestedArrays(REQUEST_MAX_DEPTH + 1))).toEqual({
      kind: 'tooDeep',
      maxDepth: REQUEST_MAX_DEPTH,
    });
    expect(scanRequestValue({ a: { b: { c: {} } } }, 3)).toEqual({ kind: 'tooDeep', maxDepth: 3 });
  });

  it('walks 200 000 nested arrays without overflowing the stack', () => {
    // The recursive walk it replaces overflowed at a few thousand (issue 26).
    expect(scanRequestValue(nestedArrays(200_000), Number.POSITIVE_INFINITY)).toBeNull();
    expect(scanRequestValue(nestedArrays(200_000))).toEqual({ kind: 'tooDeep', maxDepth: REQUEST_MAX_DEPTH });
  });
});

describe('findNulCharacter(value)', () => {
  it('gives the path of the NUL, or null', () => {
    expect(findNulCharacter({ keywords: 'a\u0000' })).toEqual(['keywords']);
    expect(findNulCharacter({ keywords: 'a' })).toBeNull();
  });
});
