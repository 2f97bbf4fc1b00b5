import { describe, expect, it } from 'vitest';
import { firstFieldError } from '../../i18n/validation.ts';
import { userFormParser } from './user-form.ts';

const VALID = {
  account: 'eng_li02',
  userName: '李明',
  roleId: 2,
  companyId: 1,
  groupId: null,
  phone: '13800010009',
  email: 'li.ming@masthub.example',
};

describe('userFormParser', () => {
  it('accepts a valid new user', () => {
    expect(userFormParser(true).safeParse(VALID).success).toBe(true);
  });

  it('reports the account rule of a new user while other fields are still empty', () => {
    const values = { account: 'abc', userName: '', phone: '12345' };
    const parser = userFormParser(true);
    expect(firstFieldError(parser, values, 'account', 'zh')).toBe(
      '账号为 4–20 位，须同时包含数字、字母和特殊字符',
    );
    expect(firstFieldError(parser, values, 'phone', 'en')).toBe('Invalid phone number format');
    expect(firstFieldError(parser, values, 'roleId', 'zh')).toBe('请选择角色');
  });

  it('keeps an existing account that predates the rule when editing', () => {
    expect(userFormParser(false).safeParse({ ...VALID, id: 1, account: 'admin' }).success).toBe(true);
    expect(firstFieldError(userFormParser(false), { account: 'admin' }, 'account', 'zh')).toBeUndefined();
  });

  it('reports a missing account once, as required', () => {
    expect(firstFieldError(userFormParser(true), { account: '' }, 'account', 'en')).toBe(
      'Please enter the account',
    );
  });
});
