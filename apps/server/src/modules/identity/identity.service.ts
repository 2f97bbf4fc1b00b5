import {
  AppError,
  FEATURE_KEYS,
  type FeatureKey,
  isFeatureKey,
  type TChangePasswordRequest,
  type TLoginReply,
} from '@masthub/shared';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { TConfig } from '../../platform/config.ts';
import type { TAuthUser } from './identity.types.ts';
import type { LoginAttemptRepository } from './login-attempts.repository.ts';
import type { TokenRepository } from './tokens.repository.ts';
import type { UserRepository } from './users.repository.ts';

type TIdentityConfig = Pick<
  TConfig,
  'TOKEN_TTL_HOURS' | 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_IP' | 'LOGIN_LOCK_MINUTES'
>;

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

  async login(input: {
    account: string;
    password: string;
    ip: string;
    userAgent: string | null;
  }): Promise<TLoginReply> {
    const { account, ip, userAgent } = input;
    const lock = this.config.LOGIN_LOCK_MINUTES;
    const [accountFailures, ipFailures] = await Promise.all([
      this.attempts.countRecentFailuresForAccount(account, lock),
      this.attempts.countRecentFailuresForIp(ip, lock),
    ]);
    if (
      accountFailures >= this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT ||
      ipFailures >= this.config.LOGIN_MAX_FAILURES_PER_IP
    ) {
      await this.attempts.record({ account, userId: null, ip, userAgent, outcome: 'rate_limited' });
      throw new AppError('LOGIN_RATE_LIMITED', { minutes: lock });
    }

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
      });
      throw new AppError('LOGIN_FAILED');
    }
    if (!user.is_enabled) {
      await this.attempts.record({ account, userId: user.id, ip, userAgent, outcome: 'disabled', snapshot });
      throw new AppError('ACCOUNT_DISABLED');
    }

    const token = generateToken();
    const expiresAt = new Date(Date.now() + this.config.TOKEN_TTL_HOURS * 3_600_000);
    await this.tokens.create({ userId: user.id, tokenHash: hashToken(token), expiresAt, ip, userAgent });
    await Promise.all([
      this.users.touchLastLogin(user.id),
      this.attempts.record({
        account: user.account,
        userId: user.id,
        ip,
        userAgent,
        outcome: 'success',
        snapshot: snapshot ?? undefined,
      }),
    ]);
    const features = await this.featuresOf(user.role_id, user.is_admin === true);
    return {
      token,
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
