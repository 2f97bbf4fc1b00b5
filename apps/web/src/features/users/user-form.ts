import { type TIssueLike, ZAccount, ZUserSaveRequest } from '@masthub/shared';
import type { TSafeParser } from '../../i18n/validation.ts';

/**
 * The user form's parser: ZUserSaveRequest, plus, for a new user, the account rule on its own. The
 * schema checks the account rule in an object-level refinement that zod only runs once every field
 * parses, so without this the account hint would wait until the rest of the form is filled in.
 */
export function userFormParser(isCreate: boolean): TSafeParser {
  return {
    safeParse(value: unknown) {
      const result = ZUserSaveRequest.safeParse(value);
      const issues: TIssueLike[] = result.success ? [] : [...result.error.issues];
      if (isCreate && !issues.some((issue) => issue.path[0] === 'account')) {
        const account = (value as { account?: unknown } | null)?.account;
        const accountResult = ZAccount.safeParse(account);
        if (!accountResult.success) {
          issues.push(
            ...accountResult.error.issues.map((issue) => ({ ...issue, path: ['account', ...issue.path] })),
          );
        }
      }
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
}
