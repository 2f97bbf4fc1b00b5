import {
  type AppError,
  ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  interpolate,
  type Language,
  type TFieldError,
  VALIDATION_KEY_PREFIX,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
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

/**
 * Services do not know the caller's language: a field error they raise carries a validation key
 * (`v.accountTaken`), translated here like the zod messages are.
 */
function localizeField(field: TFieldError, language: Language): TFieldError {
  if (!field.message.startsWith(VALIDATION_KEY_PREFIX)) return field;
  const key = field.message.slice(VALIDATION_KEY_PREFIX.length);
  const text = VALIDATION_MESSAGES[key as ValidationMessageKey]?.[language];
  return text ? { field: field.field, message: text } : field;
}

export function appErrorEnvelope(error: AppError, language: Language) {
  const fields = error.fields.map((f) => localizeField(f, language));
  return errorEnvelope(error.code, language, error.details, fields);
}
