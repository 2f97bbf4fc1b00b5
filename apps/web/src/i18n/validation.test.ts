import { ZChangePasswordRequest, ZLoginRequest } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { firstFieldError, validationMessage } from './validation.ts';

describe('firstFieldError(schema, values, field, language)', () => {
  it('translates the required messages of the login form', () => {
    expect(firstFieldError(ZLoginRequest, { account: '', password: 'x' }, 'account', 'zh')).toBe(
      '请输入账号',
    );
    expect(firstFieldError(ZLoginRequest, { account: 'admin' }, 'password', 'en')).toBe(
      'Please enter the password',
    );
    expect(
      firstFieldError(ZLoginRequest, { account: 'admin', password: 'x' }, 'account', 'en'),
    ).toBeUndefined();
  });

  it('applies the password rule and the cross-field rules of the change-password form', () => {
    const weak = { oldPassword: 'Old#2024pass', newPassword: 'short', confirmPassword: 'short' };
    expect(firstFieldError(ZChangePasswordRequest, weak, 'newPassword', 'en')).toBe(
      validationMessage('password', 'en'),
    );
    const same = {
      oldPassword: 'Old#2024pass',
      newPassword: 'Old#2024pass',
      confirmPassword: 'Old#2024pass',
    };
    expect(firstFieldError(ZChangePasswordRequest, same, 'newPassword', 'zh')).toBe('新密码不能与原密码相同');
    const mismatch = {
      oldPassword: 'Old#2024pass',
      newPassword: 'New#2024pass',
      confirmPassword: 'New#2024pasS',
    };
    expect(firstFieldError(ZChangePasswordRequest, mismatch, 'confirmPassword', 'en')).toBe(
      'The two passwords do not match',
    );
    const good = {
      oldPassword: 'Old#2024pass',
      newPassword: 'New#2024pass',
      confirmPassword: 'New#2024pass',
    };
    for (const field of ['oldPassword', 'newPassword', 'confirmPassword']) {
      expect(firstFieldError(ZChangePasswordRequest, good, field, 'zh')).toBeUndefined();
    }
  });

  it('reports a missing old password', () => {
    expect(
      firstFieldError(ZChangePasswordRequest, { newPassword: 'New#2024pass' }, 'oldPassword', 'zh'),
    ).toBe('请输入原密码');
  });
});
