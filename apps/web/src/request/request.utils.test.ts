import { describe, expect, it } from 'vitest';
import { buildHeaders, buildQueryString, buildUrl, fileNameOf } from './request.utils.ts';

describe('buildQueryString(params)', () => {
  it('joins arrays with commas and skips empty values', () => {
    expect(buildQueryString({ ids: [1, 2], id: 3, name: '', missing: undefined, none: null })).toBe(
      '?ids=1%2C2&id=3',
    );
  });

  it('returns an empty string without params', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({})).toBe('');
  });
});

describe('buildUrl(base, path, params)', () => {
  it('prefixes the API base once', () => {
    expect(buildUrl('/api', '/web/message/has_not_read')).toBe('/api/web/message/has_not_read');
    expect(buildUrl('/api', 'web/message/read', { ids: [1, 2] })).toBe('/api/web/message/read?ids=1%2C2');
    expect(buildUrl('/api', '/api/web/sys_info/utcOptionsList')).toBe('/api/web/sys_info/utcOptionsList');
  });
});

describe('buildHeaders(input)', () => {
  it('sends token, utc-code and language', () => {
    expect(buildHeaders({ token: 'abc', utcCode: '+08:00', language: 'ZH', hasJsonBody: true })).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'utc-code': '+08:00',
      language: 'ZH',
      token: 'abc',
    });
  });

  it('leaves out the token when nobody is logged in', () => {
    const headers = buildHeaders({ token: undefined, utcCode: '-03:30', language: 'EN', hasJsonBody: false });
    expect(headers).not.toHaveProperty('token');
    expect(headers).not.toHaveProperty('Content-Type');
    expect(headers['language']).toBe('EN');
  });
});

describe('fileNameOf(header)', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(
      fileNameOf(
        `attachment; filename="site-coordinates.xlsx"; filename*=UTF-8''${encodeURIComponent('站点坐标_20260101.xlsx')}`,
      ),
    ).toBe('站点坐标_20260101.xlsx');
    expect(fileNameOf('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(fileNameOf('attachment; filename=plain.json')).toBe('plain.json');
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(null)).toBeUndefined();
  });
});
