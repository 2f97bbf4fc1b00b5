import { ZOwnerSaveRequest } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { toOwnerPageRequest, toOwnerSaveRequest } from './owners.utils.ts';

describe('toOwnerSaveRequest', () => {
  it('trims the inputs and sends blank phone and e-mail as null', () => {
    expect(toOwnerSaveRequest({ name: ' 华能新能源 ', phone: '  ', email: '' }, undefined)).toEqual({
      name: '华能新能源',
      phone: null,
      email: null,
    });
  });

  it('keeps the id of an edited owner', () => {
    expect(toOwnerSaveRequest({ name: '龙源电力', phone: '010-63888199', email: 'a@b.example' }, 7)).toEqual({
      id: 7,
      name: '龙源电力',
      phone: '010-63888199',
      email: 'a@b.example',
    });
  });

  it('gives what the shared schema checks: a missing name, a long name and a bad e-mail are refused', () => {
    const paths = (values: Parameters<typeof toOwnerSaveRequest>[0]) => {
      const result = ZOwnerSaveRequest.safeParse(toOwnerSaveRequest(values, undefined));
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(paths({ name: '' })).toEqual(['name']);
    expect(paths({ name: '业'.repeat(21) })).toEqual(['name']);
    expect(paths({ name: '业主', email: 'not-an-email', phone: '12345' }).sort()).toEqual(['email', 'phone']);
    expect(paths({ name: '业主', phone: '13900000001', email: 'x@y.example' })).toEqual([]);
  });
});

describe('toOwnerPageRequest', () => {
  it('asks for page 20 and leaves out blank keywords', () => {
    expect(toOwnerPageRequest('  ', 2)).toEqual({ pageNo: 2, pageSize: 20 });
    expect(toOwnerPageRequest(' 风电 ', 1)).toEqual({ pageNo: 1, pageSize: 20, keywords: '风电' });
  });
});
