import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId, zRequiredText } from '../text.schema.ts';
import { isValidAccount, ZPassword } from './identity.schema.ts';

/** Chinese mobile (1[3-9] + 9 digits) or landline with area code (010-12345678, optional extension). */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-\d{7,8}(?:-\d{1,6})?)$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 64;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** An optional phone number: blank becomes null; anything else must be a mobile or landline number. */
export const ZOptionalPhone = z
  .string(vmsg('phone'))
  .trim()
  .refine((v) => v === '' || isValidPhone(v), vmsg('phone'))
  .nullish()
  .transform((v) => v || null);

/** An optional e-mail address: blank becomes null. */
export const ZOptionalEmail = z
  .string(vmsg('email'))
  .trim()
  .refine((v) => v === '' || isValidEmail(v), vmsg('email'))
  .nullish()
  .transform((v) => v || null);

/**
 * POST /security/sys/user/save_or_update: creates a user (no `id`) or updates one. On create the
 * password is optional: without one a random password is generated and returned once. On update the
 * password is ignored — it changes through reset_password or the user's own change_password.
 * The account rule applies to new accounts; an existing account that predates it (the built-in `admin`)
 * may be kept as it is, and the server applies the rule when an update changes the account.
 */
export const ZUserSaveRequest = z
  .object({
    id: ZId.optional(),
    account: z
      .string(requiredError('accountRequired'))
      .trim()
      .min(1, vmsg('accountRequired'))
      .max(64, vmsg('account')),
    userName: zRequiredText('userNameRequired'),
    roleId: z.number(requiredError('roleRequired')).int().positive(),
    companyId: z.number(requiredError('companyRequired')).int().positive(),
    groupId: ZId.nullish().transform((v) => v ?? null),
    phone: ZOptionalPhone,
    email: ZOptionalEmail,
    password: ZPassword.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.id === undefined && !isValidAccount(value.account)) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: vmsg('account').error });
    }
  });
export type TUserSaveRequest = z.infer<typeof ZUserSaveRequest>;
export type TUserSaveInput = z.input<typeof ZUserSaveRequest>;

export const ZUserSaveReply = z.object({
  id: z.number().int(),
  /** The generated password of a new user created without one; shown once, never stored in clear. */
  initialPassword: z.string().nullable(),
  /**
   * The one-time enrolment code of a user who must set up a second factor (their role requires one and
   * they have none): a new user of such a role, or one moved to it. Shown once, like the password.
   */
  enrolmentCode: z.string().nullable(),
});
export type TUserSaveReply = z.infer<typeof ZUserSaveReply>;

/** POST /security/sys/user/page: `keywords` matches account or user name. */
export const ZUserPageRequest = ZPageRequest.extend({
  keywords: z.string().trim().max(50).optional(),
  account: z.string().trim().max(50).optional(),
  userName: z.string().trim().max(50).optional(),
  roleId: ZId.optional(),
  companyId: ZId.optional(),
  groupId: ZId.optional(),
});
export type TUserPageRequest = z.infer<typeof ZUserPageRequest>;

/** A row of the user list (SPEC §3 User). Times are ISO 8601. */
export const ZUserRecord = z.object({
  id: z.number().int(),
  account: z.string(),
  userName: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  isAdmin: z.boolean(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  createDate: z.string(),
  lastLoginTime: z.string().nullable(),
  isBuiltin: z.boolean(),
  /** Sites the user owns: they must be transferred before the user can be deleted. */
  ownedStationCount: z.number().int(),
  /** Until when the user's second factor is locked after wrong codes (ISO); null: not locked. */
  secondFactorLockedUntil: z.string().nullable(),
});
export type TUserRecord = z.infer<typeof ZUserRecord>;

/** POST /security/sys/user/list: users for pickers (transfer target, report creator…), at most 500. */
export const ZUserListRequest = z.object({
  keywords: z.string().trim().max(50).optional(),
  roleId: ZId.optional(),
  companyId: ZId.optional(),
  groupId: ZId.optional(),
  excludeUserId: ZId.optional(),
});
export type TUserListRequest = z.infer<typeof ZUserListRequest>;

export const ZUserListItem = z.object({
  id: z.number().int(),
  account: z.string(),
  userName: z.string(),
  roleName: z.string().nullable(),
  companyName: z.string().nullable(),
  groupName: z.string().nullable(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;

/** A column of the user list, decided by the server (GET /security/sys/user/fields). */
export const ZTableField = z.object({
  key: z.string(),
  /** Title in the request's language. */
  title: z.string(),
  /** The web locale key of the title, for clients that translate themselves. */
  titleKey: z.string(),
  width: z.number().int(),
  fixed: z.enum(['left', 'right']).optional(),
});
export type TTableField = z.infer<typeof ZTableField>;

/** POST /security/sys/user/reset_password: the administrator sets a new random password. */
export const ZResetPasswordRequest = z.object({ id: ZId });
export const ZResetPasswordReply = z.object({ password: z.string() });
export type TResetPasswordReply = z.infer<typeof ZResetPasswordReply>;

/** GET /security/sys/permission/user_permission: the caller's, or (with system.user) another user's. */
export const ZRightConfigQuery = z.object({ userId: ZQueryId.optional() });

/** A user's permission config (SPEC §6 rightConfig): function and data permissions. */
export const ZRightConfig = z.object({
  userId: z.number().int(),
  account: z.string(),
  userName: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  companyName: z.string().nullable(),
  groupName: z.string().nullable(),
  isAdmin: z.boolean(),
  /** 'all': every site including future ones; 'list': the role's list, assignments and owned sites. */
  dataScope: z.enum(['all', 'list']),
  features: z.array(z.string()),
  /** How many sites the user reaches now, by any kind of access. */
  stationCount: z.number().int(),
});
export type TRightConfig = z.infer<typeof ZRightConfig>;

/** GET /security/sys/user/profile: the caller's own record for the personal centre. */
export const ZProfile = z.object({
  userId: z.number().int(),
  account: z.string(),
  userName: z.string(),
  roleName: z.string().nullable(),
  companyName: z.string().nullable(),
  groupName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  createDate: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** POST /security/sys/user/update_profile: what users may change about themselves. */
export const ZProfileUpdateRequest = z.object({
  userName: zRequiredText('userNameRequired'),
  phone: ZOptionalPhone,
  email: ZOptionalEmail,
});
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;
