import type { TFieldError } from '../errors.ts';
import { canInterpolate, interpolate, type Language } from './language.ts';
import { VALIDATION_KEY_PREFIX, VALIDATION_MESSAGES, type ValidationMessageKey } from './validation.ts';

/** The parts of a zod issue that localisation needs (structural, so zod's own type fits). */
export interface TIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  keys?: string[];
  /** A custom issue's placeholders (`{allowed}`…). */
  params?: Record<string, unknown>;
}

function isKey(key: string): key is ValidationMessageKey {
  return key in VALIDATION_MESSAGES;
}

/** Whether the key's message has a value for each of its placeholders, in both languages. */
function isFilled(key: ValidationMessageKey, params: Record<string, unknown>): boolean {
  return (
    canInterpolate(VALIDATION_MESSAGES[key].zh, params) && canInterpolate(VALIDATION_MESSAGES[key].en, params)
  );
}

/**
 * Picks the validation message key for an issue: the schema's own key first, else one by issue code.
 * A key whose placeholders the issue cannot fill (`v.tooLarge` on a refinement, which has no maximum)
 * gives way to the key of the issue code, and that to 'invalidType': no message keeps a `{…}` (issue 26).
 */
export function issueMessageKey(issue: TIssueLike): {
  key: ValidationMessageKey;
  params: Record<string, unknown>;
} {
  if (issue.message.startsWith(VALIDATION_KEY_PREFIX)) {
    const key = issue.message.slice(VALIDATION_KEY_PREFIX.length);
    const params = {
      length: issue.maximum ?? issue.minimum,
      minimum: issue.minimum,
      maximum: issue.maximum,
      ...issue.params,
    };
    if (isKey(key) && isFilled(key, params)) return { key, params };
  }
  const byCode = keyOfIssueCode(issue);
  return isFilled(byCode.key, byCode.params) ? byCode : { key: 'invalidType', params: {} };
}

function keyOfIssueCode(issue: TIssueLike): { key: ValidationMessageKey; params: Record<string, unknown> } {
  switch (issue.code) {
    case 'invalid_type':
      return {
        key: issue.input === undefined || issue.input === null ? 'required' : 'invalidType',
        params: {},
      };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'maxLength', params: { length: issue.maximum } }
        : { key: 'tooLarge', params: { maximum: issue.maximum } };
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.minimum === 1
          ? { key: 'required', params: {} }
          : { key: 'minLength', params: { length: issue.minimum } };
      }
      return { key: 'tooSmall', params: { minimum: issue.minimum } };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'oneOf', params: {} };
    case 'unrecognized_keys':
      return { key: 'unknownField', params: {} };
    default:
      return { key: 'invalidType', params: {} };
  }
}

/** Turns zod issues into field errors with messages in the requested language. */
export function localizeIssues(issues: readonly TIssueLike[], language: Language): TFieldError[] {
  const out: TFieldError[] = [];
  for (const issue of issues) {
    const { key, params } = issueMessageKey(issue);
    const base = issue.path.map(String).join('.');
    const fields =
      issue.code === 'unrecognized_keys' && issue.keys
        ? issue.keys.map((k) => (base ? `${base}.${k}` : k))
        : [base];
    for (const field of fields) {
      out.push({ field, message: interpolate(VALIDATION_MESSAGES[key][language], params) });
    }
  }
  return out;
}
