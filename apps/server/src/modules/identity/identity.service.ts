import {
  AppError,
  FEATURE_KEYS,
  type FeatureKey,
  isFeatureKey,
  type TChangePasswordRequest,
  type TLoginReply,
} from '@masthub/shared';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../platform/auth/passwords.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { TConfig } from '../../platform/config.ts';
import type { TAuthUser } from './identity.types.ts';
import type { LoginAttemptRepository } from './login-attempts.repository.ts';
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
  ) {}

  /**
   * Logs in. Guessing is slowed down, never answered by refusing the right password (issue 12): a browser
   * that logged in to this account before (device token) is judged only by its own failures; any other
   * attempt past the account's or the IP's failure allowance waits a delay doubling per failure, one at a
   * time per account, and only a crowd of waiting attempts is turned away for now.
   */
  async login(input: TLoginInput): Promise<TLoginReply> {
    const { account, ip, userAgent } = input;
    const window = this.config.LOGIN_WINDOW_MINUTES;
    const found = input.deviceToken
      ? await this.attempts.findDevice(hashToken(input.deviceToken))
      : undefined;
    const device = found && found.account.toLowerCase() === account.toLowerCase() ? found : undefined;
    if (
      device &&
      (await this.attempts.countRecentFailuresForDevice(device.id, window)) <
        this.config.LOGIN_MAX_FAILURES_PER_DEVICE
    ) {
      return this.attempt(input, device);
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
    if (excess === 0) return this.attempt(input, device);
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
      return await this.attempt(input, device);
    } finally {
      release();
      queue.count -= 1;
      if (queue.count === 0) this.waiting.delete(key);
    }
  }

  /** Slowed attempts per account (lower-case) in this process: how many wait, and the last one's turn. */
  private readonly waiting = new Map<string, { count: number; tail: Promise<void> }>();

  /** Checks the password and, when right, opens a session and remembers (or refreshes) the browser. */
  private async attempt(input: TLoginInput, device: TKnownDevice | undefined): Promise<TLoginReply> {
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

    const token = generateToken();
    const expiresAt = new Date(Date.now() + this.config.TOKEN_TTL_HOURS * 3_600_000);
    await this.tokens.create({ userId: user.id, tokenHash: hashToken(token), expiresAt, ip, userAgent });
    let deviceToken = input.deviceToken ?? '';
    if (device) {
      await this.attempts.touchDevice(device.id);
    } else {
      deviceToken = generateToken();
      await this.attempts.createDevice(user.id, hashToken(deviceToken));
    }
    await Promise.all([
      this.users.touchLastLogin(user.id),
      this.attempts.record({
        account: user.account,
        userId: user.id,
        ip,
        userAgent,
        outcome: 'success',
        snapshot: snapshot ?? undefined,
        deviceId,
      }),
    ]);
    const features = await this.featuresOf(user.role_id, user.is_admin === true);
    return {
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
    };
  }

  /** Resolves a bearer token to its user; throws NOT_LOGGED_IN or TOKEN_EXPIRED. */
  async authenticate(token: string | undefined): Promise<TAuthUser> {
    if (!token) throw new AppError('NOT_LOGGED_IN');
    const row = await this.tokens.findLiveByHash(hashToken(token));
    if (!row) throw new AppError('NOT_LOGGED_IN');
    if (row.expires_at.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
    const user = await this.users.findById(row.user_id);
    if (!user?.is_enabled) throw new AppError('NOT_LOGGED_IN');
    if (Date.now() - row.last_used_at.getTime() > SLIDE_EVERY_MS) {
      await this.tokens.slide(row.id, this.config.TOKEN_TTL_HOURS);
    }
    const isAdmin = user.is_admin === true;
    return {
      id: user.id,
      account: user.account,
      userName: user.user_name,
      roleId: user.role_id,
      roleName: user.role_name,
      companyId: user.company_id,
      companyName: user.company_name,
      deptId: user.dept_id,
      deptName: user.dept_name,
      isAdmin,
      dataScope: isAdmin ? 'all' : (user.data_scope ?? 'list'),
      features: await this.featuresOf(user.role_id, isAdmin),
      tokenId: row.id,
    };
  }

  async logout(user: TAuthUser): Promise<void> {
    await this.tokens.revoke(user.tokenId);
  }

  /** Changes the caller's password and revokes every token of theirs: they must log in again. */
  async changePassword(user: TAuthUser, input: TChangePasswordRequest): Promise<void> {
    const row = await this.users.findById(user.id);
    if (!row) throw new AppError('NOT_LOGGED_IN');
    if (!(await verifyPassword(input.oldPassword, row.password_hash)))
      throw new AppError('OLD_PASSWORD_WRONG');
    if (input.newPassword === input.oldPassword) throw new AppError('PASSWORD_SAME_AS_OLD');
    await this.users.updatePassword(user.id, await hashPassword(input.newPassword));
    await this.tokens.revokeAllForUser(user.id);
  }

  private async featuresOf(roleId: number | null, isAdmin: boolean): Promise<ReadonlySet<FeatureKey>> {
    if (isAdmin) return new Set(FEATURE_KEYS);
    if (roleId === null) return new Set();
    return new Set((await this.users.listFeatures(roleId)).filter(isFeatureKey));
  }
}
