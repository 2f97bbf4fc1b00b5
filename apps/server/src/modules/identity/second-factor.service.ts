import { AppError, type TSecondFactorSetup, type TSecondFactorStatus } from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import type { LoginAttemptRepository } from './login-attempts.repository.ts';
import type { SecondFactorRepository } from './second-factor.repository.ts';
import {
  describeTotpSecret,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  matchTotpStep,
  normaliseRecoveryCode,
} from './second-factor.ts';
import type { UserRepository } from './users.repository.ts';

/**
 * The outcome of checking a code against a user's enabled second factor. 'replayed': the right code of a
 * step already used. `lockedForMinutes` of a wrong code: it was the one that locked the codes. 'locked':
 * the codes are locked, this one was not even looked at.
 */
export type TCodeCheck =
  | { outcome: 'ok' }
  | { outcome: 'wrong' | 'replayed'; lockedForMinutes: number | null }
  | { outcome: 'locked'; lockedForMinutes: number };

/** The refusal a failed check answers with: the lock when there is one, else what was wrong. */
export function refusalOf(check: Exclude<TCodeCheck, { outcome: 'ok' }>): AppError {
  if (check.lockedForMinutes !== null) {
    return new AppError('SECOND_FACTOR_LOCKED', { minutes: check.lockedForMinutes });
  }
  return new AppError(check.outcome === 'replayed' ? 'SECOND_FACTOR_CODE_USED' : 'SECOND_FACTOR_CODE_WRONG');
}

/** Who did it and from where, for the login log. */
export interface TClient {
  ip: string;
  userAgent: string | null;
}

/** When wrong codes lock a second factor: every `maxFailures`-th, for `lockMinutes` doubling each time. */
export interface TLockLimits {
  maxFailures: number;
  lockMinutes: number;
}

/**
 * Tells a user that wrong codes locked their second factor (a stored message and, when they have an
 * address and a sending mailbox exists, an e-mail); wired by the composition root. Never throws.
 */
export interface TSecondFactorLockNotice {
  locked(
    user: { id: number; account: string; userName: string; email: string | null },
    lock: { failures: number; minutes: number },
  ): Promise<void>;
}

/** Whole minutes (at least one) until `until`. */
function minutesUntil(until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
}

/**
 * A user's second factor (issue 26): a TOTP key sealed at rest with the installation key (context: the
 * user), confirmed by its first code, with ten one-time recovery codes stored as hashes. A code is
 * accepted once (its 30-second step is remembered); a recovery code once ever.
 */
export class SecondFactorService {
  constructor(
    private readonly factors: SecondFactorRepository,
    private readonly box: SecretBox,
    private readonly users: UserRepository,
    private readonly attempts: LoginAttemptRepository,
    private readonly limits: TLockLimits,
    private readonly notice: TSecondFactorLockNotice | undefined,
  ) {}

  private async secretOf(userId: number, sealed: Buffer): Promise<string> {
    const secret = await this.box.open(sealed, `second-factor:${userId}`);
    // Another installation key than the one that sealed it: nobody can log in with this key any more.
    if (secret === undefined) throw new Error(`the second-factor key of user ${userId} cannot be opened`);
    return secret;
  }

  async isEnabled(userId: number): Promise<boolean> {
    const row = await this.factors.find(userId);
    return row?.enabled_at != null;
  }

  async status(caller: TAuthUser): Promise<TSecondFactorStatus> {
    const [row, user] = await Promise.all([this.factors.find(caller.id), this.users.findById(caller.id)]);
    const isEnabled = row?.enabled_at != null;
    return {
      isEnabled,
      isRequired: user?.requires_second_factor === true,
      enabledAt: row?.enabled_at?.toISOString() ?? null,
      recoveryCodesLeft: isEnabled ? await this.factors.countRecoveryCodesLeft(caller.id) : 0,
    };
  }

  /** A new key to scan (replacing one scanned but never confirmed); refused while one is enabled. */
  async beginSetup(userId: number, account: string): Promise<TSecondFactorSetup> {
    const secret = generateTotpSecret();
    const saved = await this.factors.savePending(
      userId,
      await this.box.seal(secret, `second-factor:${userId}`),
    );
    if (!saved) throw new AppError('SECOND_FACTOR_ALREADY_ENABLED');
    return describeTotpSecret(secret, account);
  }

  /**
   * Enables the scanned key when `code` is its current code; returns the recovery codes (shown once).
   * A wrong code is recorded like a wrong login code.
   */
  async confirmSetup(
    user: { id: number; account: string },
    code: string,
    client: TClient,
    deviceId: number | null = null,
  ): Promise<string[]> {
    const row = await this.factors.find(user.id);
    if (!row) throw new AppError('SECOND_FACTOR_NOT_SET_UP');
    if (row.enabled_at) throw new AppError('SECOND_FACTOR_ALREADY_ENABLED');
    const step = matchTotpStep(await this.secretOf(user.id, row.secret), code, Date.now());
    if (step === undefined || !(await this.factors.claimStep(user.id, step))) {
      await this.record(user, 'bad_second_factor', client, deviceId);
      throw new AppError('SECOND_FACTOR_CODE_WRONG');
    }
    const codes = generateRecoveryCodes();
    await this.factors.replaceRecoveryCodes(
      user.id,
      codes.map((c) => hashRecoveryCode(normaliseRecoveryCode(c)!)),
    );
    await this.factors.enable(user.id);
    // The enrolment code an administrator handed over is spent: a key is on.
    await this.factors.removeEnrolment(user.id);
    await this.record(user, 'second_factor_enabled', client, deviceId);
    return codes;
  }

  /**
   * Checks a 6-digit code (accepted once per 30-second step) or a recovery code (once ever) against the
   * user's enabled key. Each try is counted in the database before the code is looked at (claimTry), so
   * every process sees the same count; a right code clears it. While the codes are locked only a recovery
   * code is looked at: 80 random bits cannot be guessed, and it lets the owner in past a lock an attacker
   * holding the password caused. The try that locks the codes tells the user.
   */
  async checkCode(userId: number, code: string): Promise<TCodeCheck> {
    const row = await this.factors.find(userId);
    if (!row?.enabled_at) return { outcome: 'wrong', lockedForMinutes: null };
    const typed = code.trim();
    const isTotp = /^\d{6}$/.test(typed);
    const recovery = isTotp ? undefined : normaliseRecoveryCode(typed);
    const useRecovery = async () =>
      recovery !== undefined && (await this.factors.useRecoveryCode(userId, hashRecoveryCode(recovery)));
    const claim = await this.factors.claimTry(userId, this.limits);
    if (!claim) {
      const lockedUntil = (await this.factors.find(userId))?.locked_until;
      if (!lockedUntil || lockedUntil.getTime() <= Date.now())
        return { outcome: 'wrong', lockedForMinutes: null };
      if (await useRecovery()) {
        await this.factors.clearFailures(userId);
        return { outcome: 'ok' };
      }
      return recovery === undefined
        ? { outcome: 'locked', lockedForMinutes: minutesUntil(lockedUntil) }
        : { outcome: 'wrong', lockedForMinutes: null };
    }
    let outcome: 'ok' | 'wrong' | 'replayed' = 'wrong';
    if (isTotp) {
      const step = matchTotpStep(await this.secretOf(userId, row.secret), typed, Date.now());
      if (step !== undefined) outcome = (await this.factors.claimStep(userId, step)) ? 'ok' : 'replayed';
    } else if (await useRecovery()) {
      outcome = 'ok';
    }
    if (outcome === 'ok') {
      await this.factors.clearFailures(userId);
      return { outcome };
    }
    if (claim.locked_until === null) return { outcome, lockedForMinutes: null };
    const minutes = minutesUntil(claim.locked_until);
    await this.tellLocked(userId, claim.failures, minutes);
    return { outcome, lockedForMinutes: minutes };
  }

  private async tellLocked(userId: number, failures: number, minutes: number): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || !this.notice) return;
    await this.notice.locked(
      { id: user.id, account: user.account, userName: user.user_name, email: user.email },
      { failures, minutes },
    );
  }

  /** Turns the caller's second factor off with a current code or a recovery code, unless their role requires it. */
  async disable(caller: TAuthUser, code: string, client: TClient): Promise<void> {
    const user = await this.users.findById(caller.id);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    if (user.requires_second_factor) throw new AppError('SECOND_FACTOR_REQUIRED_BY_ROLE');
    if (!(await this.isEnabled(caller.id))) throw new AppError('SECOND_FACTOR_NOT_ENABLED');
    const check = await this.checkCode(caller.id, code);
    if (check.outcome !== 'ok') {
      await this.record(
        caller,
        check.outcome === 'locked' ? 'second_factor_locked' : 'bad_second_factor',
        client,
      );
      throw refusalOf(check);
    }
    await this.factors.remove(caller.id);
    await this.record(caller, 'second_factor_disabled', client);
  }

  private async record(
    user: { id: number; account: string },
    outcome:
      | 'bad_second_factor'
      | 'second_factor_locked'
      | 'second_factor_enabled'
      | 'second_factor_disabled',
    client: TClient,
    deviceId: number | null = null,
  ): Promise<void> {
    const row = await this.users.findById(user.id);
    await this.attempts.record({
      account: user.account,
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      outcome,
      deviceId,
      snapshot: row && {
        userName: row.user_name,
        roleName: row.role_name,
        userType: row.is_admin === true ? 'admin' : 'normal',
      },
    });
  }
}
