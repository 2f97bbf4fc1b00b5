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

/** The outcome of checking a code against a user's enabled second factor. */
export type TCodeCheck = 'ok' | 'wrong' | 'replayed';

/** Who did it and from where, for the login log. */
export interface TClient {
  ip: string;
  userAgent: string | null;
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
    await this.record(user, 'second_factor_enabled', client, deviceId);
    return codes;
  }

  /**
   * Checks a 6-digit code (accepted once per 30-second step) or a recovery code (once ever) against the
   * user's enabled key. 'replayed': the right code of a step already used.
   */
  async checkCode(userId: number, code: string): Promise<TCodeCheck> {
    const row = await this.factors.find(userId);
    if (!row?.enabled_at) return 'wrong';
    const typed = code.trim();
    if (/^\d{6}$/.test(typed)) {
      const step = matchTotpStep(await this.secretOf(userId, row.secret), typed, Date.now());
      if (step === undefined) return 'wrong';
      return (await this.factors.claimStep(userId, step)) ? 'ok' : 'replayed';
    }
    const recovery = normaliseRecoveryCode(typed);
    if (recovery === undefined) return 'wrong';
    return (await this.factors.useRecoveryCode(userId, hashRecoveryCode(recovery))) ? 'ok' : 'wrong';
  }

  /** Turns the caller's second factor off with a current code or a recovery code, unless their role requires it. */
  async disable(caller: TAuthUser, code: string, client: TClient): Promise<void> {
    const user = await this.users.findById(caller.id);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    if (user.requires_second_factor) throw new AppError('SECOND_FACTOR_REQUIRED_BY_ROLE');
    if (!(await this.isEnabled(caller.id))) throw new AppError('SECOND_FACTOR_NOT_ENABLED');
    const check = await this.checkCode(caller.id, code);
    if (check !== 'ok') {
      await this.record(caller, 'bad_second_factor', client);
      throw new AppError(check === 'replayed' ? 'SECOND_FACTOR_CODE_USED' : 'SECOND_FACTOR_CODE_WRONG');
    }
    await this.factors.remove(caller.id);
    await this.record(caller, 'second_factor_disabled', client);
  }

  private async record(
    user: { id: number; account: string },
    outcome: 'bad_second_factor' | 'second_factor_enabled' | 'second_factor_disabled',
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
