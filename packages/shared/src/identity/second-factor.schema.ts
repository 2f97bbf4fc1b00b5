import { z } from 'zod';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';
import { ZLoginReply } from './identity.schema.ts';

/** One-time recovery codes handed out when a second factor is enabled (each opens one login). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code from the authenticator app (6 digits) or a recovery code (`XXXX-XXXX-XXXX-XXXX`, spaces, dashes
 * and case ignored). Which one it is the server decides.
 */
export const ZSecondFactorCode = z
  .string(requiredError('secondFactorCodeRequired'))
  .trim()
  .min(1, vmsg('secondFactorCodeRequired'))
  .max(40, vmsg('secondFactorCode'))
  .regex(/^(\d{6}|[A-Za-z2-7][A-Za-z2-7 -]{14,38})$/, vmsg('secondFactorCode'));

/** A login challenge handed out after the right password: opaque, base64url. */
export const ZLoginChallengeToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, vmsg('invalidType'));

/**
 * The login answer when the password was right but a second factor is needed: `verify` — enter the code
 * (POST /security/sys/user/login/second_factor); `setup` — the role requires one the user has not set up
 * yet (…/login/second_factor/setup with the administrator's one-time enrolment code, then …/enable). The
 * challenge expires at `expiresAt`.
 */
export const ZLoginChallenge = z.object({
  secondFactor: z.enum(['verify', 'setup']),
  challenge: z.string(),
  expiresAt: z.string(),
  /** Days "remember this device" skips the code in this browser (SECOND_FACTOR_REMEMBER_DAYS). */
  rememberDays: z.number().int(),
});
export type TLoginChallenge = z.infer<typeof ZLoginChallenge>;

/** POST /security/sys/user/login: a session, or a second-factor step first. */
export const ZLoginResult = z.union([ZLoginReply, ZLoginChallenge]);
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** Whether a login answer asks for the second factor first. */
export function isLoginChallenge(result: TLoginResult): result is TLoginChallenge {
  return 'secondFactor' in result;
}

/** POST /security/sys/user/login/second_factor: the code (or a recovery code) for a `verify` challenge. */
export const ZSecondFactorLoginRequest = z.object({
  challenge: ZLoginChallengeToken,
  code: ZSecondFactorCode,
  /** Skip the second factor in this browser for the next SECOND_FACTOR_REMEMBER_DAYS days. */
  rememberDevice: z.boolean().default(false),
});
export type TSecondFactorLoginRequest = z.infer<typeof ZSecondFactorLoginRequest>;

/**
 * The one-time enrolment code an administrator hands over (shown once when they reset a user's second
 * factor or create a user whose role requires one): `XXXX-XXXX-XXXX-XXXX`, spaces, dashes and case ignored.
 */
export const ZEnrolmentCode = z
  .string(requiredError('enrolmentCodeRequired'))
  .trim()
  .min(1, vmsg('enrolmentCodeRequired'))
  .max(40, vmsg('enrolmentCode'))
  .regex(/^[A-Za-z2-7][A-Za-z2-7 -]{14,38}$/, vmsg('enrolmentCode'));

/**
 * POST /security/sys/user/login/second_factor/setup: a new key for a `setup` challenge, given the
 * enrolment code from the administrator (the password alone does not let anyone enrol an authenticator).
 */
export const ZSecondFactorChallengeRequest = z.object({
  challenge: ZLoginChallengeToken,
  enrolmentCode: ZEnrolmentCode,
});
export type TSecondFactorChallengeRequest = z.infer<typeof ZSecondFactorChallengeRequest>;

/** A new key to scan: the otpauth:// URI, the same as a QR code (SVG data URL) and as text to type. */
export const ZSecondFactorSetup = z.object({
  /** Base32, for authenticator apps without a camera. */
  secret: z.string(),
  uri: z.string(),
  qrCode: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type TSecondFactorSetup = z.infer<typeof ZSecondFactorSetup>;

/** POST /security/sys/user/second_factor/enable: the first code of the scanned key confirms it. */
export const ZSecondFactorEnableRequest = z.object({
  code: z
    .string(requiredError('secondFactorCodeRequired'))
    .trim()
    .min(1, vmsg('secondFactorCodeRequired'))
    .regex(/^\d{6}$/, vmsg('secondFactorTotp')),
});
export type TSecondFactorEnableRequest = z.infer<typeof ZSecondFactorEnableRequest>;

/** The recovery codes, shown once: only their hashes are kept. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** POST /security/sys/user/login/second_factor/enable: confirm the key set up during the login. */
export const ZSecondFactorLoginEnableRequest = ZSecondFactorEnableRequest.extend({
  challenge: ZLoginChallengeToken,
  /** The enrolment code of the setup step again: it is spent when the key is enabled. */
  enrolmentCode: ZEnrolmentCode,
  rememberDevice: z.boolean().default(false),
});
export type TSecondFactorLoginEnableRequest = z.infer<typeof ZSecondFactorLoginEnableRequest>;

/** The session opened by confirming a key at login, with the recovery codes shown once. */
export const ZSecondFactorLoginEnableReply = ZLoginReply.extend({ recoveryCodes: z.array(z.string()) });
export type TSecondFactorLoginEnableReply = z.infer<typeof ZSecondFactorLoginEnableReply>;

/** POST /security/sys/user/second_factor/disable: a current code or a recovery code. */
export const ZSecondFactorDisableRequest = z.object({ code: ZSecondFactorCode });
export type TSecondFactorDisableRequest = z.infer<typeof ZSecondFactorDisableRequest>;

/** GET /security/sys/user/second_factor: the caller's second factor. */
export const ZSecondFactorStatus = z.object({
  isEnabled: z.boolean(),
  /** The caller's role requires one: it cannot be turned off. */
  isRequired: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TSecondFactorStatus = z.infer<typeof ZSecondFactorStatus>;

/** POST /security/sys/user/reset_second_factor: an administrator removes a user's second factor. */
export const ZResetSecondFactorRequest = z.object({ id: ZId });
export type TResetSecondFactorRequest = z.infer<typeof ZResetSecondFactorRequest>;

/**
 * The answer to a second-factor reset: whether one was on, and — when the user's role requires one —
 * the one-time enrolment code their next login asks for before a new key can be set up (shown once).
 */
export const ZResetSecondFactorReply = z.object({
  wasEnabled: z.boolean(),
  enrolmentCode: z.string().nullable(),
});
export type TResetSecondFactorReply = z.infer<typeof ZResetSecondFactorReply>;

/** POST /security/sys/user/unlock_second_factor: an administrator lifts the lock after wrong codes. */
export const ZUnlockSecondFactorRequest = z.object({ id: ZId });
export type TUnlockSecondFactorRequest = z.infer<typeof ZUnlockSecondFactorRequest>;
