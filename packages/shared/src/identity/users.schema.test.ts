import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../i18n/localize-issues.ts';
import { ZCompanySaveRequest } from './organisations.schema.ts';
import { ZTransferAuthorityQuery } from './station-access.schema.ts';
import { isValidEmail, isValidPhone, ZUserSaveRequest } from './users.schema.ts';

describe('isValidPhone (Chinese mobile or landline with area code)', () => {
  it.each([
    '13812345678',
    '19912345678',
    '010-12345678',
    '0755-8765432',
    '021-12345678-123',
  ])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });
  it.each([
    '12812345678',
    '1381234567',
    '138123456789',
    '01012345678',
    '10-12345678',
    '+8613812345678',
    'abc',
  ])('rejects %s', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('isValidEmail', () => {
  it.each(['li.gong@masthub.example', 'a+b@wind.cn'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    'li.gong@',
    '@masthub.cn',
    'li gong@masthub.cn',
    'li@masthub',
    `${'a'.repeat(60)}@x.cn`,
  ])('rejects %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('ZUserSaveRequest', () => {
  const valid = { account: 'eng_li01', userName: '李工', roleId: 1, companyId: 1 };

  it('turns blank phone, e-mail and department into null', () => {
    const parsed = ZUserSaveRequest.parse({ ...valid, phone: ' ', email: '', groupId: null });
    expect(parsed).toMatchObject({ phone: null, email: null, groupId: null });
  });

  it('reports every broken rule of a new user at once, in Chinese and English', () => {
    const result = ZUserSaveRequest.safeParse({
      account: 'admin',
      userName: '',
      roleId: 1,
      companyId: 1,
      phone: '123',
      email: 'x@',
      password: 'short',
    });
    expect(localizeIssues(result.error!.issues, 'zh')).toEqual([
      { field: 'userName', message: '请输入用户名' },
      { field: 'phone', message: '电话号码格式不正确' },
      { field: 'email', message: '邮箱格式不正确' },
      { field: 'password', message: '密码为 8–20 位，须同时包含大写字母、小写字母、数字和特殊字符' },
      { field: 'account', message: '账号为 4–20 位，须同时包含数字、字母和特殊字符' },
    ]);
    expect(localizeIssues(result.error!.issues, 'en').map((f) => f.field)).toHaveLength(5);
  });

  it('asks for a role and a company', () => {
    const result = ZUserSaveRequest.safeParse({ account: 'eng_li01', userName: '李工' });
    expect(localizeIssues(result.error!.issues, 'en')).toEqual([
      { field: 'roleId', message: 'Please choose a role' },
      { field: 'companyId', message: 'Please choose a company' },
    ]);
  });

  it('keeps an existing account that predates the rule on update', () => {
    expect(ZUserSaveRequest.safeParse({ ...valid, id: 1, account: 'admin' }).success).toBe(true);
  });
});

describe('ZCompanySaveRequest', () => {
  it('trims the name and limits it to 20 characters', () => {
    expect(ZCompanySaveRequest.parse({ name: '  中能风电  ' })).toEqual({ name: '中能风电' });
    const result = ZCompanySaveRequest.safeParse({ name: 'x'.repeat(21) });
    expect(localizeIssues(result.error!.issues, 'zh')).toEqual([
      { field: 'name', message: '输入内容不能超过 20 个字符' },
    ]);
  });
});

describe('ZTransferAuthorityQuery', () => {
  it('reads comma-separated station ids and refuses a transfer to the same user', () => {
    expect(ZTransferAuthorityQuery.parse({ fromUserId: '3', toUserId: '4', stationIds: '7,8,7' })).toEqual({
      fromUserId: 3,
      toUserId: 4,
      stationIds: [7, 8],
    });
    const result = ZTransferAuthorityQuery.safeParse({ fromUserId: '3', toUserId: '3' });
    expect(localizeIssues(result.error!.issues, 'en')).toEqual([
      { field: 'toUserId', message: 'Choose a user other than the current owner' },
    ]);
  });
});
