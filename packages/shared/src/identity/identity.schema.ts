import { z } from 'zod';
import { requiredError, vmsg } from '../i18n/validation.ts';

const HAS_DIGIT = /\d/;
const HAS_LETTER = /[A-Za-z]/;
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;
const HAS_SPECIAL = /[^A-Za-z0-9\s]/;
const NO_SPACE = /^\S+$/;

/** Account: 4–20 characters mixing digits, letters and specials (SPEC §5). */
export function isValidAccount(value: string): boolean {
  return (
    value.length >= 4 &&
    value.length <= 20 &&
    NO_SPACE.test(value) &&
    HAS_DIGIT.test(value) &&
    HAS_LETTER.test(value) &&
    HAS_SPECIAL.test(value)
  );
}

/** Password: 8–20 characters mixing upper and lower case, digits and specials (SPEC §5). */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= 8 &&
    value.length <= 20 &&
    NO_SPACE.test(value) &&
    HAS_UPPER.test(value) &&
    HAS_LOWER.test(value) &&
    HAS_DIGIT.test(value) &&
    HAS_SPECIAL.test(value)
  );
}

export const ZAccount = z.string(requiredError('accountRequired')).refine(isValidAccount, vmsg('account'));
export const ZPassword = z
  .string(requiredError('passwordRequired'))
  .refine(isValidPassword, vmsg('password'));

/**
 * Login accepts any non-empty account: the built-in administrator `admin` predates the account rule,
 * and a wrong account must read as "incorrect account or password", not as a format hint.
 */
export const ZLoginRequest = z.object({
  account: z.string(requiredError('accountRequired')).trim().min(1, vmsg('accountRequired')).max(64),
  password: z.string(requiredError('passwordRequired')).min(1, vmsg('passwordRequired')).max(128),
  /** Given at an earlier login in this browser: its attempts are not slowed by others' failures. */
  deviceToken: z.string().max(128).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginReply = z.object({
  token: z.string(),
  /** Remember it for this account and send it with the next login (see ZLoginRequest). */
  deviceToken: z.string(),
  userId: z.number().int(),
  account: z.string(),
  userName: z.string(),
  roleName: z.string().nullable(),
  companyName: z.string().nullable(),
  groupName: z.string().nullable(),
  isAdmin: z.boolean(),
  selectedFeatures: z.array(z.string()),
  expiresAt: z.string(),
});
export type TLoginReply = z.infer<typeof ZLoginReply>;

export const ZChangePasswordRequest = z
  .object({
    oldPassword: z.string(requiredError('oldPasswordRequired')).min(1, vmsg('oldPasswordRequired')).max(128),
    newPassword: z
      .string(requiredError('newPasswordRequired'))
      .min(1, vmsg('newPasswordRequired'))
      .pipe(ZPassword),
    confirmPassword: z
      .string(requiredError('confirmPasswordRequired'))
      .min(1, vmsg('confirmPasswordRequired')),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === value.oldPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: vmsg('passwordSameAsOld').error });
    }
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: vmsg('passwordMismatch').error });
    }
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
