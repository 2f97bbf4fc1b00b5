import { describe, expect, it } from 'vitest';
import { canAccess, findMissingFeature } from './access.ts';

describe('canAccess(feature, selectedFeatures)', () => {
  it('opens routes without a feature and gates the others', () => {
    expect(canAccess(undefined, [])).toBe(true);
    expect(canAccess('system.user', ['system.user'])).toBe(true);
    expect(canAccess('system.user', ['system.role'])).toBe(false);
  });
});

describe('findMissingFeature(handles, selectedFeatures)', () => {
  it('returns the first feature along the matched routes that the user lacks', () => {
    const handles = [
      undefined,
      { name: 'menu.systemManage' },
      { name: 'menu.roleManage', access: 'system.role' as const },
    ];
    expect(findMissingFeature(handles, [])).toBe('system.role');
    expect(findMissingFeature(handles, ['system.role'])).toBeUndefined();
  });
});
