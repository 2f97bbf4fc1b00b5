import { describe, expect, it } from 'vitest';
import { ZAccessTokenCreateRequest } from './access-tokens.schema.ts';

function messages(input: unknown): Record<string, string> {
  const result = ZAccessTokenCreateRequest.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ZAccessTokenCreateRequest', () => {
  it('takes a name, 1–365 days, distinct scopes and optionally distinct sites', () => {
    expect(
      ZAccessTokenCreateRequest.parse({ name: ' ci ', expiresInDays: 365, scopes: ['read', 'write'] }),
    ).toEqual({
      name: 'ci',
      expiresInDays: 365,
      scopes: ['read', 'write'],
      stationIds: [],
    });
    expect(messages({ name: 'x', expiresInDays: 1, scopes: ['download'], stationIds: [3, 4] })).toEqual({});
  });

  it('refuses more than a year, no scope, unknown or repeated scopes and repeated sites', () => {
    expect(messages({ name: 'x', expiresInDays: 366, scopes: ['read'] })).toEqual({
      expiresInDays: 'v.accessTokenExpiry',
    });
    expect(messages({ name: 'x', expiresInDays: 0.5, scopes: ['read'] })).toEqual({
      expiresInDays: 'v.accessTokenExpiry',
    });
    expect(messages({ name: '  ', expiresInDays: 7, scopes: [] })).toEqual({
      name: 'v.accessTokenNameRequired',
      scopes: 'v.accessTokenScopes',
    });
    expect(messages({ name: 'x', expiresInDays: 7, scopes: ['admin'] })['scopes.0']).toBe('v.invalidType');
    expect(messages({ name: 'x', expiresInDays: 7, scopes: ['read', 'read'] })).toEqual({
      scopes: 'v.duplicate',
    });
    expect(messages({ name: 'x', expiresInDays: 7, scopes: ['read'], stationIds: [1, 1] })).toEqual({
      stationIds: 'v.duplicate',
    });
  });
});
