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
 * How deeply a request's JSON (or query) may nest. Real calls nest a few levels; a body of thousands of
 * `[` is refused with a 400 before anything walks it (issue 26).
 */
export const REQUEST_MAX_DEPTH = 64;

/** What {@link scanRequestValue} found: a NUL character at a path, or nesting past the limit. */
export type TRequestValueProblem = { kind: 'nul'; path: string[] } | { kind: 'tooDeep'; maxDepth: number };

/** A step of the path to a nested value, linked to its parent (built only for arrays and objects). */
interface TPathStep {
  parent: TPathStep | null;
  key: string;
}

function pathOf(step: TPathStep | null, last?: string): string[] {
  const path: string[] = last === undefined ? [] : [last];
  for (let s = step; s; s = s.parent) path.push(s.key);
  return path.reverse();
}

/**
 * Walks a parsed JSON value or query once, with a stack of its own instead of recursion (a value nested
 * thousands deep cannot overflow the call stack): a string (value or key) holding a NUL character, or
 * nesting deeper than `maxDepth` (the top-level object or array is depth 1), or null when neither.
 * PostgreSQL text cannot store U+0000, so such input is refused before validation (issue 12).
 */
export function scanRequestValue(
  value: unknown,
  maxDepth: number = REQUEST_MAX_DEPTH,
): TRequestValueProblem | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { kind: 'nul', path: [] } : null;
  if (value === null || typeof value !== 'object') return null;
  const stack: { value: object; depth: number; step: TPathStep | null }[] = [{ value, depth: 1, step: null }];
  while (stack.length > 0) {
    const { value: current, depth, step } = stack.pop()!;
    if (depth > maxDepth) return { kind: 'tooDeep', maxDepth };
    const isArray = Array.isArray(current);
    const keys = isArray ? null : Object.keys(current);
    const length = isArray ? current.length : keys!.length;
    const nested: { value: object; depth: number; step: TPathStep }[] = [];
    for (let i = 0; i < length; i++) {
      const key = isArray ? undefined : keys![i]!;
      if (key?.includes('\u0000')) return { kind: 'nul', path: pathOf(step, key) };
      const inner: unknown = isArray ? current[i] : (current as Record<string, unknown>)[key!];
      if (typeof inner === 'string') {
        if (inner.includes('\u0000')) return { kind: 'nul', path: pathOf(step, key ?? String(i)) };
      } else if (inner !== null && typeof inner === 'object') {
        nested.push({ value: inner, depth: depth + 1, step: { parent: step, key: key ?? String(i) } });
      }
    }
    // Reversed, so nested values are walked in the order they come.
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i]!);
  }
  return null;
}

/**
 * The path of the first string (value or key) holding a NUL character in a parsed JSON value or query,
 * or null (nesting past {@link REQUEST_MAX_DEPTH} is not looked into: {@link scanRequestValue} refuses it).
 */
export function findNulCharacter(value: unknown): string[] | null {
  const found = scanRequestValue(value);
  return found?.kind === 'nul' ? found.path : null;
}
