import {
  type AppError,
  ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  interpolate,
  type Language,
  type TFieldError,
} from '@masthub/shared';

export const SUCCESS_MSG: Record<Language, string> = { zh: '操作成功', en: 'success' };

export function successEnvelope<T>(data: T, language: Language) {
  return { code: 200, msg: SUCCESS_MSG[language], data };
}

/** The error envelope: `code` = HTTP status, `msg` localised, `data.errorCode` and `data.fields` for forms. */
export function errorEnvelope(
  code: ErrorCode,
  language: Language,
  details: Record<string, unknown> = {},
  fields: TFieldError[] = [],
) {
  const status = ERROR_STATUS[code];
  const base = interpolate(ERROR_MESSAGES[code][language], details);
  // A form's first field error is the most useful toast; the full list is in data.fields.
  const msg =
    code === 'VALIDATION_FAILED' && fields.length > 0
      ? `${base}: ${fields[0]!.field} ${fields[0]!.message}`
      : base;
  return { status, body: { code: status, msg, data: { errorCode: code, fields } } };
}

export function appErrorEnvelope(error: AppError, language: Language) {
  return errorEnvelope(error.code, language, error.details, error.fields);
}
