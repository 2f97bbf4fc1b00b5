import {
  AppError,
  type TChangePasswordRequest,
  type TLoginChallenge,
  type TLoginReply,
  type TLoginResult,
  type TSecondFactorLoginEnableReply,
  type TSecondFactorSetup,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../platform/auth/passwords.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { TConfig } from '../../platform/config.ts';
import { callerFrom, featuresOf } from './caller.ts';
import type { LoginAttemptRepository } from './login-attempts.repository.ts';
import type { SecondFactorRepository } from './second-factor.repository.ts';
import { refusalOf, type SecondFactorService } from './second-factor.service.ts';
import { isEnrolmentCodeRight } from './second-factor-enrolment.ts';
import type { TokenRepository } from './tokens.repository.ts';
import type { UserRepository } from './users.repository.ts';

type TIdentityConfig = Pick<
  TConfig,
  | 'TOKEN_TTL_HOURS'
  | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
  | 'LOGIN_MAX_FAILURES_PER_IP'
  | 'LOGIN_WINDOW_MINUTES'
  | 'LOGIN_DELAY_BASE_MS'
  | 'LOGIN_DELAY_MAX_MS'
  | 'LOGIN_MAX_WAITING_PER_ACCOUNT'
  | 'LOGIN_MAX_FAILURES_PER_DEVICE'
  | 'SECOND_FACTOR_REMEMBER_DAYS'
>;

interface TLoginInput {
  account: string;
  password: string;
  ip: string;
  userAgent: string | null;
  /** The device token this browser got at an earlier login, if any. */
  deviceToken?: string | undefined;
}

type TKnownDevice = { id: number; user_id: number; account: string };

type TUserRow = NonNullable<Awaited<ReturnType<UserRepository['findById']>>>;

/** The second step of a login: a code (or the set-up of a key) within these minutes of the password. */
const CHALLENGE_MINUTES = 5;
/** Wrong codes one challenge takes before the password must be entered again. */
const CHALLENGE_MAX_FAILURES = 5;

interface TSecondStepInput {
  challenge: string;
  ip: string;
  userAgent: string | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Sliding expiry is written at most this often per token, so busy pages don't write on every call.
const SLIDE_EVERY_MS = 60_000;

/** Login, logout, password change and token resolution (DESIGN §5). */
export class IdentityService {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenRepository,
    private readonly attempts: LoginAttemptRepository,
    private readonly config: TIdentityConfig,
    private readonly secondFactors: SecondFactorService,
    private readonly factors: SecondFactorRepository,
  ) {}

  /**
   * Logs in. Guessing is slowed down, never answered by refusing the right password (issue 12): a browser
   * that logged in to this account before (device token) is judged only by its own failures; any other
   * attempt past the account's or the IP's failure allowance waits a delay doubling per failure, one at a
   * time per account, and only a crowd of waiting attempts is turned away for now.
   */
  async login(input: TLoginInput): Promise<TLoginResult> {
    const found = input.deviceToken
      ? await this.attempts.findDevice(hashToken(input.deviceToken))
      : undefined;
    const device = found && found.account.toLowerCase() === input.account.toLowerCase() ? found : undefined;
    return this.throttled(
      { account: input.account, ip: input.ip, userAgent: input.userAgent, deviceId: device?.id ?? null },
      () => this.attempt(input, device),
    );
  }

  /**
   * Runs one guess (a password or a second-factor code) under the limits of issue 12: a known browser is
   * judged by its own failures only; any other guess past the account's or the IP's allowance waits a
   * delay doubling per failure, one at a time per account, and a crowd of waiting guesses is turned away.
   */
  private async throttled<T>(
    who: { account: string; ip: string; userAgent: string | null; deviceId: number | null },
    run: () => Promise<T>,
  ): Promise<T> {
    const { account, ip, userAgent } = who;
    const window = this.config.LOGIN_WINDOW_MINUTES;
    if (
      who.deviceId !== null &&
      (await this.attempts.countRecentFailuresForDevice(who.deviceId, window)) <
        this.config.LOGIN_MAX_FAILURES_PER_DEVICE
    ) {
      return run();
    }
    const [accountFailures, ipFailures] = await Promise.all([
      this.attempts.countRecentFailuresForAccount(account, window),
      this.attempts.countRecentFailuresForIp(ip, window),
    ]);
    const excess = Math.max(
      accountFailures - this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT + 1,
      ipFailures - this.config.LOGIN_MAX_FAILURES_PER_IP + 1,
      0,
    );
    if (excess === 0) return run();
    const delayMs = Math.min(
      this.config.LOGIN_DELAY_MAX_MS,
      this.config.LOGIN_DELAY_BASE_MS * 2 ** (excess - 1),
    );
    const key = account.toLowerCase();
    const queue = this.waiting.get(key) ?? { count: 0, tail: Promise.resolve() };
    if (queue.count >= this.config.LOGIN_MAX_WAITING_PER_ACCOUNT) {
      await this.attempts.record({ account, userId: null, ip, userAgent, outcome: 'rate_limited' });
      throw new AppError('LOGIN_RATE_LIMITED');
    }
    // One slowed attempt at a time per account: parallel guesses queue instead of multiplying the rate.
    queue.count += 1;
    this.waiting.set(key, queue);
    const previous = queue.tail;
    let release!: () => void;
    queue.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await previous;
      await sleep(delayMs);
      return await run();
    } finally {
      release();
      queue.count -= 1;
      if (queue.count === 0) this.waiting.delete(key);
    }
  }

  /** Slowed attempts per account (lower-case) in this process: how many wait, and the last one's turn. */
  private readonly waiting = new Map<string, { count: number; tail: Promise<void> }>();

  /** Checks the password and, when right, asks for the second factor or opens the session. */
  private async attempt(input: TLoginInput, device: TKnownDevice | undefined): Promise<TLoginResult> {
    const { account, ip, userAgent } = input;
    const deviceId = device?.id ?? null;
    const user = await this.users.findByAccount(account);
    const snapshot = user && {
      userName: user.user_name,
      roleName: user.role_name,
      userType: user.is_admin === true ? ('admin' as const) : ('normal' as const),
    };
    const isPasswordRight = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !isPasswordRight) {
      await this.attempts.record({
        account,
        userId: user?.id ?? null,
        ip,
        userAgent,
        outcome: user ? 'bad_password' : 'unknown_account',
        snapshot,
        deviceId,
      });
      throw new AppError('LOGIN_FAILED');
    }
    if (!user.is_enabled) {
      await this.attempts.record({
        account,
        userId: user.id,
        ip,
        userAgent,
        outcome: 'disabled',
        snapshot,
        deviceId,
      });
      throw new AppError('ACCOUNT_DISABLED');
    }
    if (needsRehash(user.password_hash)) {
      await this.users.updatePassword(user.id, await hashPassword(input.password));
    }

    const challenge = await this.secondFactorStep(user, device, ip, userAgent);
    if (challenge) return challenge;
    return (await this.openSession(user, { ip, userAgent, device, deviceToken: input.deviceToken })).reply;
  }

  /**
   * After the right password: a challenge when the user has a second factor (unless this browser was
   * remembered for it) or their role requires one they have not set up; undefined when none is needed.
   */
  private async secondFactorStep(
    user: TUserRow,
    device: { id: number } | undefined,
    ip: string,
    userAgent: string | null,
  ): Promise<TLoginChallenge | undefined> {
    let purpose: 'verify' | 'setup';
    if (await this.secondFactors.isEnabled(user.id)) {
      if (device && (await this.factors.isDeviceRemembered(device.id, user.id))) return undefined;
      purpose = 'verify';
    } else if (user.requires_second_factor) {
      purpose = 'setup';
    } else {
      return undefined;
    }
    const challenge = generateToken();
    const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
    await this.factors.createChallenge({
      userId: user.id,
      tokenHash: hashToken(challenge),
      purpose,
      deviceId: device?.id ?? null,
      ip,
      userAgent,
      expiresAt,
    });
    return {
      secondFactor: purpose,
      challenge,
      expiresAt: expiresAt.toISOString(),
      rememberDays: this.config.SECOND_FACTOR_REMEMBER_DAYS,
    };
  }

  /** Opens a session for a user who passed every step, and remembers (or refreshes) the browser. */
  private async openSession(
    user: TUserRow,
    client: {
      ip: string;
      userAgent: string | null;
      device: { id: number } | undefined;
      deviceToken: string | undefined;
    },
  ): Promise<{ reply: TLoginReply; deviceId: number }> {
    const { ip, userAgent, device } = client;
    const token = generateToken();
    const expiresAt = new Date(Date.now() + this.config.TOKEN_TTL_HOURS * 3_600_000);
    await this.tokens.create({ userId: user.id, tokenHash: hashToken(token), expiresAt, ip, userAgent });
    let deviceToken = client.deviceToken ?? '';
    let deviceId: number;
    if (device) {
      deviceId = device.id;
      await this.attempts.touchDevice(device.id);
    } else {
      deviceToken = generateToken();
      deviceId = await this.attempts.createDevice(user.id, hashToken(deviceToken));
    }
    await Promise.all([
      this.users.touchLastLogin(user.id),
      this.attempts.record({
        account: user.account,
        userId: user.id,
        ip,
        userAgent,
        outcome: 'success',
        snapshot: {
          userName: user.user_name,
          roleName: user.role_name,
          userType: user.is_admin === true ? 'admin' : 'normal',
        },
        deviceId: device?.id ?? null,
      }),
    ]);
    const features = await featuresOf(this.users, user.role_id, user.is_admin === true);
    return {
      deviceId,
      reply: {
        token,
        deviceToken,
        userId: user.id,
        account: user.account,
        userName: user.user_name,
        roleName: user.role_name,
        companyName: user.company_name,
        groupName: user.dept_name,
        isAdmin: user.is_admin === true,
        selectedFeatures: [...features],
        expiresAt: expiresAt.toISOString(),
      },
    };
  }

  /** The live challenge of `purpose` and its (still enabled) user, else SECOND_FACTOR_CHALLENGE_INVALID. */
  private async challengeOf(token: string, purpose: 'verify' | 'setup') {
    const challenge = await this.factors.findLiveChallenge(hashToken(token), CHALLENGE_MAX_FAILURES);
    if (challenge?.purpose !== purpose) throw new AppError('SECOND_FACTOR_CHALLENGE_INVALID');
    const user = await this.users.findById(challenge.user_id);
    if (!user?.is_enabled) throw new AppError('SECOND_FACTOR_CHALLENGE_INVALID');
    return { challenge, user };
  }

  /** Completes a challenge once and opens the session; "remember this device" skips the code from then on. */
  private async finishChallenge(
    challengeId: number,
    user: TUserRow,
    deviceId: number | null,
    input: TSecondStepInput & { rememberDevice: boolean },
  ): Promise<TLoginReply> {
    if (!(await this.factors.useChallenge(challengeId)))
      throw new AppError('SECOND_FACTOR_CHALLENGE_INVALID');
    const session = await this.openSession(user, {
      ip: input.ip,
      userAgent: input.userAgent,
      device: deviceId === null ? undefined : { id: deviceId },
      deviceToken: undefined,
    });
    if (input.rememberDevice) {
      await this.factors.rememberDevice(session.deviceId, this.config.SECOND_FACTOR_REMEMBER_DAYS);
    }
    return session.reply;
  }

  /** Writes a second-step attempt of `user` (under `challenge`) to the login log. */
  private async recordStep(
    user: TUserRow,
    deviceId: number | null,
    input: TSecondStepInput,
    outcome: 'bad_second_factor' | 'second_factor_locked',
  ): Promise<void> {
    await this.attempts.record({
      account: user.account,
      userId: user.id,
      ip: input.ip,
      userAgent: input.userAgent,
      outcome,
      deviceId,
      snapshot: {
        userName: user.user_name,
        roleName: user.role_name,
        userType: user.is_admin === true ? 'admin' : 'normal',
      },
    });
  }

  /**
   * The second step of a login: the code of the user's authenticator app or one of their recovery codes.
   * Wrong codes count toward the login limits like wrong passwords and toward the lock of the second
   * factor (in the database, across processes); a code is accepted only once.
   */
  async loginWithSecondFactor(
    input: TSecondStepInput & { code: string; rememberDevice: boolean },
  ): Promise<TLoginReply> {
    const { challenge, user } = await this.challengeOf(input.challenge, 'verify');
    return this.throttled(
      { account: user.account, ip: input.ip, userAgent: input.userAgent, deviceId: challenge.device_id },
      async () => {
        const check = await this.secondFactors.checkCode(user.id, input.code);
        if (check.outcome !== 'ok') {
          // A code refused unread (locked) is no guess: it does not use up the challenge.
          if (check.outcome !== 'locked') await this.factors.countChallengeFailure(challenge.id);
          await this.recordStep(
            user,
            challenge.device_id,
            input,
            check.outcome === 'locked' ? 'second_factor_locked' : 'bad_second_factor',
          );
          throw refusalOf(check);
        }
        return this.finishChallenge(challenge.id, user, challenge.device_id, input);
      },
    );
  }

  /**
   * The enrolment code of a `setup` challenge: the role requires a second factor the user has none of, and
   * the password alone must not let whoever holds it enrol their own authenticator (issue 39). A wrong
   * code counts like a wrong second-factor code.
   */
  private async assertEnrolmentCode(
    challenge: { id: number; device_id: number | null },
    user: TUserRow,
    input: TSecondStepInput & { enrolmentCode: string },
  ): Promise<void> {
    if (await isEnrolmentCodeRight(this.factors, user.id, input.enrolmentCode)) return;
    await this.factors.countChallengeFailure(challenge.id);
    await this.recordStep(user, challenge.device_id, input, 'bad_second_factor');
    throw new AppError('SECOND_FACTOR_ENROLMENT_CODE_WRONG');
  }

  /**
   * A key to scan for a user whose role requires a second factor they have not set up (a `setup`
   * challenge), once they gave the enrolment code their administrator handed over.
   */
  async beginSetupAtLogin(input: TSecondStepInput & { enrolmentCode: string }): Promise<TSecondFactorSetup> {
    const { challenge, user } = await this.challengeOf(input.challenge, 'setup');
    return this.throttled(
      { account: user.account, ip: input.ip, userAgent: input.userAgent, deviceId: challenge.device_id },
      async () => {
        await this.assertEnrolmentCode(challenge, user, input);
        return this.secondFactors.beginSetup(user.id, user.account);
      },
    );
  }

  /**
   * Confirms the key set up at login with its first code (and the enrolment code again, spent now); opens
   * the session with the recovery codes.
   */
  async enableAtLogin(
    input: TSecondStepInput & { code: string; enrolmentCode: string; rememberDevice: boolean },
  ): Promise<TSecondFactorLoginEnableReply> {
    const { challenge, user } = await this.challengeOf(input.challenge, 'setup');
    return this.throttled(
      { account: user.account, ip: input.ip, userAgent: input.userAgent, deviceId: challenge.device_id },
      async () => {
        await this.assertEnrolmentCode(challenge, user, input);
        let recoveryCodes: string[];
        try {
          recoveryCodes = await this.secondFactors.confirmSetup(
            user,
            input.code,
            { ip: input.ip, userAgent: input.userAgent },
            challenge.device_id,
          );
        } catch (error) {
          if (error instanceof AppError && error.code === 'SECOND_FACTOR_CODE_WRONG') {
            await this.factors.countChallengeFailure(challenge.id);
          }
          throw error;
        }
        const reply = await this.finishChallenge(challenge.id, user, challenge.device_id, input);
        return { ...reply, recoveryCodes };
      },
    );
  }

  /** Resolves a bearer token to its user; throws NOT_LOGGED_IN or TOKEN_EXPIRED. */
  async authenticate(token: string | undefined): Promise<TAuthUser> {
    if (!token) throw new AppError('NOT_LOGGED_IN');
    const row = await this.tokens.findLiveByHash(hashToken(token));
    if (!row) throw new AppError('NOT_LOGGED_IN');
    if (row.expires_at.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
    const caller = await this.callerOf(row.user_id, row.id);
    if (!caller) throw new AppError('NOT_LOGGED_IN');
    if (Date.now() - row.last_used_at.getTime() > SLIDE_EVERY_MS) {
      await this.tokens.slide(row.id, this.config.TOKEN_TTL_HOURS);
    }
    return caller;
  }

  /** A user as the caller of a request (`callerFrom`); `tokenId` is the session's login token (0: none). */
  async callerOf(userId: number, tokenId = 0): Promise<TAuthUser | undefined> {
    return callerFrom(this.users, await this.users.findById(userId), tokenId);
  }

  async logout(user: TAuthUser): Promise<void> {
    await this.tokens.revoke(user.tokenId);
  }

  /**
   * Changes the caller's password and revokes every token of theirs — login sessions and personal access
   * tokens alike (issue 39): they must log in again, and scripts need new tokens.
   */
  async changePassword(user: TAuthUser, input: TChangePasswordRequest): Promise<void> {
    const row = await this.users.findById(user.id);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    if (!(await verifyPassword(input.oldPassword, row.password_hash)))
      throw new AppError('OLD_PASSWORD_WRONG');
    if (input.newPassword === input.oldPassword) throw new AppError('PASSWORD_SAME_AS_OLD');
    await this.users.updatePassword(user.id, await hashPassword(input.newPassword));
    await this.tokens.revokeAllForUser(user.id, user.id);
  }
}
