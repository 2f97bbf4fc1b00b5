import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { vmsg } from '../i18n/validation.ts';

/** POST /security/sys/login_log/page: filters are substrings, except result and the time range. */
export const ZLoginLogPageRequest = ZPageRequest.extend({
  account: z.string().trim().max(50).optional(),
  userName: z.string().trim().max(50).optional(),
  ip: z.string().trim().max(64).optional(),
  result: z.enum(['success', 'failure']).optional(),
  startTime: z.coerce.date().optional(),
  endTime: z.coerce.date().optional(),
}).refine((q) => !q.startTime || !q.endTime || q.startTime <= q.endTime, {
  ...vmsg('startAfterEnd'),
  path: ['startTime'],
});
export type TLoginLogPageRequest = z.infer<typeof ZLoginLogPageRequest>;

export const USER_TYPES = ['admin', 'normal'] as const;

/** A row of the login log (SPEC §3): who, with which role, from where, when, and the result. */
export const ZLoginLogRecord = z.object({
  id: z.number().int(),
  operatorAccount: z.string(),
  operatorName: z.string().nullable(),
  roleName: z.string().nullable(),
  ip: z.string(),
  operateTime: z.string(),
  userType: z.enum(USER_TYPES).nullable(),
  result: z.enum(['success', 'failure']),
  /**
   * success, bad_password, unknown_account, disabled, rate_limited, bad_second_factor, second_factor_locked
   * (a code refused unread: wrong codes locked the second factor), or a change of the second factor:
   * second_factor_enabled, second_factor_disabled, second_factor_reset, second_factor_unlocked; access_token — calls
   * made with a personal access token (at most one row a minute per token and address); access_token_refused —
   * a call with an expired or revoked one (at most one a minute per token).
   */
  reason: z.string(),
  /** Who did it for the user (the administrator who reset their second factor); null: the user. */
  actorAccount: z.string().nullable(),
  /** The personal access token of an `access_token` row. */
  tokenName: z.string().nullable(),
});
export type TLoginLogRecord = z.infer<typeof ZLoginLogRecord>;
