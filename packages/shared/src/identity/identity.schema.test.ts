import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../i18n/localize-issues.ts';
import { isValidAccount, isValidPassword, ZChangePasswordRequest } from './identity.schema.ts';

describe('isValidAccount (4–20 characters mixing digits, letters and specials)', () => {
  it.each(['eng_01', 'a1@b', 'data.admin.2026', 'x'.repeat(17) + '1_a'])('accepts %s', (account) => {
    expect(isValidAccount(account)).toBe(true);
  });
  it.each([
    'a1_',
    'admin',
    'admin01',
    'admin_',
    '12_34',
    'has space_1',
    'x'.repeat(19) + '1_',
  ])('rejects %s', (account) => {
    expect(isValidAccount(account)).toBe(false);
  });
});

describe('isValidPassword (8–20 characters mixing upper, lower, digits and specials)', () => {
  it.each(['Abcdef1!', 'Wind#Mast2026', 'A1!' + 'b'.repeat(17)])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
  });
  it.each([
    'Abcde1!',
    'abcdefg1!',
    'ABCDEFG1!',
    'Abcdefgh!',
    'Abcdefgh1',
    'Abc def1!',
    'A1!' + 'b'.repeat(18),
  ])('rejects %s', (password) => {
    expect(isValidPassword(password)).toBe(false);
  });
});

describe('ZChangePasswordRequest', () => {
  it('reports every missing field with its own message in Chinese and English', () => {
    const result = ZChangePasswordRequest.safeParse({});
    expect(result.success).toBe(false);
    expect(localizeIssues(result.error!.issues, 'zh')).toEqual([
      { field: 'oldPassword', message: '请输入原密码' },
      { field: 'newPassword', message: '请输入新密码' },
      { field: 'confirmPassword', message: '请再次输入新密码' },
    ]);
    expect(localizeIssues(result.error!.issues, 'en').map((f) => f.message)).toEqual([
      'Please enter the old password',
      'Please enter the new password',
      'Please confirm the new password',
    ]);
  });
});
