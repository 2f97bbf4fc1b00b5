import {
  type AppError,
  canInterpolate,
  ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  interpolate,
  type Language,
  type TErrorArgs,
  type TFieldError,
  VALIDATION_KEY_PREFIX,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from '@masthub/shared';
import { SERVER_TEXTS } from '../../i18n/index.ts';

export const SUCCESS_MSG: Record<Language, string> = SERVER_TEXTS['http.success'];

export function successEnvelope<T>(data: T, language: Language) {
  return { code: 200, msg: SUCCESS_MSG[language], data };
}

/**
 * The error envelope: `code` = HTTP status, `msg` localised, `data.errorCode` and `data.fields` for forms.
 * `unfilled` names the message placeholders nothing filled (never sent; the error handler logs them):
 * the compiler makes each AppError give its code's details, this catches what it cannot see.
 */
export function errorEnvelope<C extends ErrorCode>(code: C, language: Language, ...args: TErrorArgs<C>) {
  const [given = {}, fields = []] = args as [Record<string, unknown>?, TFieldError[]?];
  // A detail given in both languages ({ zh, en }: a doubt's sentence) is read in the caller's.
  const details = Object.fromEntries(
    Object.entries(given).map(([name, value]) => [
      name,
      value !== null && typeof value === 'object' && 'zh' in value && 'en' in value
        ? (value as Record<Language, unknown>)[language]
        : value,
    ]),
  );
  const status = ERROR_STATUS[code];
  const template: string = ERROR_MESSAGES[code][language];
  const unfilled = canInterpolate(template, details) ? [] : [code];
  const localized = fields.map((f) => localizeField(f, language, unfilled));
  const base = interpolate(template, details);
  // A form's first field error is the most useful toast; the full list is in data.fields.
  const msg =
    code === 'VALIDATION_FAILED' && localized.length > 0
      ? `${base}: ${localized[0]!.field} ${localized[0]!.message}`
      : base;
  return { status, body: { code: status, msg, data: { errorCode: code, fields: localized } }, unfilled };
}

/**
 * Services do not know the caller's language: a field error they raise carries a validation key
 * (`v.accountTaken`) and the params of its placeholders, translated here like the zod messages are.
 * Only the field and the message leave the server.
 */
function localizeField(field: TFieldError, language: Language, unfilled: string[]): TFieldError {
  if (!field.message.startsWith(VALIDATION_KEY_PREFIX)) return { field: field.field, message: field.message };
  const key = field.message.slice(VALIDATION_KEY_PREFIX.length);
  const text: string | undefined = VALIDATION_MESSAGES[key as ValidationMessageKey]?.[language];
  if (!text) return { field: field.field, message: field.message };
  if (!canInterpolate(text, field.params ?? {})) unfilled.push(field.message);
  return { field: field.field, message: interpolate(text, field.params) };
}

export function appErrorEnvelope(error: AppError, language: Language) {
  return errorEnvelope(error.code, language, error.details, error.fields);
}
