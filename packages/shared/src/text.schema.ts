import { z } from 'zod';
import { FREE_TEXT_MAX } from './constants.ts';
import { requiredError, type ValidationMessageKey, vmsg } from './i18n/validation.ts';

/**
 * A required free-text field (SPEC §5): trimmed, not empty, at most `max` characters (20 by default).
 * An empty value reads as `requiredKey`, a long one as 'the input must not exceed {length} characters'.
 */
export function zRequiredText(requiredKey: ValidationMessageKey, max: number = FREE_TEXT_MAX) {
  return z.string(requiredError(requiredKey)).trim().min(1, vmsg(requiredKey)).max(max, vmsg('maxLength'));
}

/** An optional free-text field: missing, null or blank becomes '' ; at most `max` characters. */
export function zOptionalText(max: number = FREE_TEXT_MAX) {
  return z
    .string()
    .trim()
    .max(max, vmsg('maxLength'))
    .nullish()
    .transform((v) => v ?? '');
}

/** A positive database id in a JSON body. */
export const ZId = z.number(requiredError('required')).int().positive();

/** A positive database id in a query string. */
export const ZQueryId = z.coerce.number(requiredError('required')).int().positive();

/** `?id=` of the GET calls that act on one record (delete, detail, delete check). */
export const ZIdQuery = z.object({ id: ZQueryId });
export type TIdQuery = z.infer<typeof ZIdQuery>;

/** `{ id }` body of the POST calls that act on one record. */
export const ZIdBody = z.object({ id: ZId });
export type TIdBody = z.infer<typeof ZIdBody>;

/** Comma-separated ids in a query string (`1,2,3`), as a number array. */
export const ZQueryIdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, vmsg('invalidType'))
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/**
 * The path of the first string (value or key) holding a NUL character in a parsed JSON value or query,
 * or null. PostgreSQL text cannot store U+0000, so such input is refused before validation (issue 12).
 */
export function findNulCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNulCharacter(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
