import { AppError, ERROR_CODES, ERROR_MESSAGES, type ErrorCode, placeholdersOf } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { appErrorEnvelope, errorEnvelope } from './envelope.ts';

describe('errorEnvelope', () => {
  it('fills a service’s field error with its params and sends only the field and the message', () => {
    const error = new AppError('VALIDATION_FAILED', {}, [
      { field: 'file', message: 'v.tooLarge', params: { maximum: 20 } },
    ]);
    const en = appErrorEnvelope(error, 'en');
    expect(en.body).toEqual({
      code: 400,
      msg: 'The request has invalid fields: file Must not be greater than 20',
      data: {
        errorCode: 'VALIDATION_FAILED',
        fields: [{ field: 'file', message: 'Must not be greater than 20' }],
      },
    });
    expect(en.unfilled).toEqual([]);
    expect(appErrorEnvelope(error, 'zh').body.data.fields).toEqual([
      { field: 'file', message: '不能大于 20' },
    ]);
  });

  it('names what it could not fill: a code given at run time without its details, a key without params', () => {
    const code = 'UPLOAD_TOO_MANY_FILES' as ErrorCode;
    expect(errorEnvelope(code, 'en').unfilled).toEqual(['UPLOAD_TOO_MANY_FILES']);
    const field = new AppError('VALIDATION_FAILED', {}, [{ field: 'file', message: 'v.tooLarge' }]);
    expect(appErrorEnvelope(field, 'en').unfilled).toEqual(['v.tooLarge']);
  });

  it('leaves nothing unfilled for any code in either language given the details its message names', () => {
    for (const code of ERROR_CODES) {
      const names = [...placeholdersOf(ERROR_MESSAGES[code].zh), ...placeholdersOf(ERROR_MESSAGES[code].en)];
      const details = Object.fromEntries(names.map((n) => [n, 'x']));
      for (const language of ['zh', 'en'] as const) {
        const envelope = errorEnvelope(code as ErrorCode, language, details);
        expect(envelope.unfilled, code).toEqual([]);
        expect(envelope.body.msg, code).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
