import { describe, expect, it } from 'vitest';
import { toLoginLogRequest } from './login-log.utils.ts';

describe('toLoginLogRequest', () => {
  it('sends page 20 and leaves out blank filters', () => {
    expect(toLoginLogRequest({ account: '  ', userName: undefined, ip: '' }, 3, '+08:00')).toEqual({
      pageNo: 3,
      pageSize: 20,
    });
  });

  it('trims the text filters and keeps the result', () => {
    expect(
      toLoginLogRequest(
        { account: ' eng ', userName: '张', ip: '127.0.0.1', result: 'failure' },
        1,
        '+08:00',
      ),
    ).toEqual({
      pageNo: 1,
      pageSize: 20,
      account: 'eng',
      userName: '张',
      ip: '127.0.0.1',
      result: 'failure',
    });
  });

  it('sends the time range as instants in the user zone', () => {
    const request = toLoginLogRequest({ range: ['2026-05-01 00:00:00', '2026-05-02 23:59:59'] }, 1, '+08:00');
    expect(request.startTime).toBe('2026-05-01T00:00:00+08:00');
    expect(request.endTime).toBe('2026-05-02T23:59:59+08:00');
  });
});
