import { describe, expect, it } from 'vitest';
import { deviceTokenOf, parseStoredLogin, withDeviceToken } from './login.utils.ts';

describe('parseStoredLogin(raw)', () => {
  it('reads a stored login reply', () => {
    const reply = {
      token: 'abc',
      userId: 1,
      account: 'admin',
      userName: '系统管理员',
      roleName: '管理员',
      companyName: null,
      groupName: '运维部',
      isAdmin: true,
      selectedFeatures: ['system.user', 3],
      expiresAt: '2030-01-01T00:00:00Z',
    };
    expect(parseStoredLogin(JSON.stringify(reply))).toEqual({
      ...reply,
      deviceToken: '',
      selectedFeatures: ['system.user'],
    });
  });

  it('treats missing, broken or token-less values as logged out', () => {
    expect(parseStoredLogin(null)).toBeNull();
    expect(parseStoredLogin('{not json')).toBeNull();
    expect(parseStoredLogin('[]')).toBeNull();
    expect(parseStoredLogin(JSON.stringify({ token: '', userId: 1 }))).toBeNull();
    expect(parseStoredLogin(JSON.stringify({ token: 'abc', userId: '1' }))).toBeNull();
  });
});

describe('device tokens', () => {
  it('remembers a token per account, whatever the letter case, and keeps the others', () => {
    const one = withDeviceToken(null, 'Admin', 'tok-a');
    const two = withDeviceToken(one, 'eng_zhang01', 'tok-b');
    expect(deviceTokenOf(two, 'admin ')).toBe('tok-a');
    expect(deviceTokenOf(two, 'ENG_ZHANG01')).toBe('tok-b');
    expect(deviceTokenOf(two, 'nobody')).toBeUndefined();
  });

  it('reads an unreadable map as empty and replaces it', () => {
    expect(deviceTokenOf('not json', 'admin')).toBeUndefined();
    expect(deviceTokenOf(withDeviceToken('[1,2]', 'admin', 't'), 'admin')).toBe('t');
  });
});
