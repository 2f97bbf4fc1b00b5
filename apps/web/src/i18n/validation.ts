import type { Language, TIssueLike, ValidationMessageKey } from '@masthub/shared';
import { interpolate } from '@masthub/shared/i18n/language.ts';
import { issueMessageKey } from '@masthub/shared/i18n/localize-issues.ts';
import { VALIDATION_MESSAGES } from '@masthub/shared/i18n/validation.ts';

/** Anything with zod's `safeParse` (kept structural so this file needs no zod import). */
export interface TSafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly TIssueLike[] } };
}

/** The message of a shared validation key in a language, with `{param}` placeholders filled. */
export function validationMessage(
  key: ValidationMessageKey,
  language: Language,
  params: Record<string, unknown> = {},
): string {
  return interpolate(VALIDATION_MESSAGES[key][language], params);
}

/** Translates one zod issue (its message is a `v.<key>` from the shared schemas). */
export function translateIssue(issue: TIssueLike, language: Language): string {
  const { key, params } = issueMessageKey(issue);
  return validationMessage(key, language, params);
}

/**
 * Validates the whole form with the shared schema and returns the first message for one field, or
 * undefined when that field is fine. Whole-form parsing keeps cross-field rules (confirmation matches,
 * new differs from old) in the schema instead of copying them into the form.
 */
export function firstFieldError(
  schema: TSafeParser,
  values: unknown,
  field: string,
  language: Language,
): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path.map(String).join('.') === field);
  return issue ? translateIssue(issue, language) : undefined;
}
