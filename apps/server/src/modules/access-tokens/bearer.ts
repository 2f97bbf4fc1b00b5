import { ACCESS_TOKEN_PREFIX, AppError, type TAccessTokenScope } from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import type { IdentityService, TAccountUpkeep } from '../identity/index.ts';
import type { AccessTokenRepository } from './access-tokens.repository.ts';
import { stationIdsOf } from './access-tokens.service.ts';

const WINDOW_MS = 60_000;

/**
 * Calls per token per minute, counted in this process (a fixed window per token): past the limit a call
 * is refused with a localised 429 until the minute is over.
 */
export class TokenRateLimiter {
  private readonly windows = new Map<number, { startMs: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts a call of token `id`; throws ACCESS_TOKEN_RATE_LIMITED past the limit. */
  take(id: number, nowMs = Date.now()): void {
    if (this.windows.size > 10_000) this.sweep(nowMs);
    let window = this.windows.get(id);
    if (!window || nowMs - window.startMs >= WINDOW_MS) {
      window = { startMs: nowMs, count: 0 };
      this.windows.set(id, window);
    }
    window.count += 1;
    if (window.count > this.perMinute) {
      throw new AppError('ACCESS_TOKEN_RATE_LIMITED', {
        limit: this.perMinute,
        retryAfterSeconds: Math.max(1, Math.ceil((window.startMs + WINDOW_MS - nowMs) / 1000)),
      });
    }
  }

  private sweep(nowMs: number): void {
    for (const [id, window] of this.windows) if (nowMs - window.startMs >= WINDOW_MS) this.windows.delete(id);
  }
}

/**
 * Resolves `Authorization: Bearer <secret>` (issue 32): the token's user with the rights their role gives
 * them now, narrowed to the token's scopes and sites. Revoked or unknown → ACCESS_TOKEN_INVALID, expired →
 * ACCESS_TOKEN_EXPIRED (401). A use is noted (time, address) and written to the login log with the token's
 * name at most once a minute per token, or when the address changes.
 */
export class BearerAuthenticator {
  constructor(
    private readonly tokens: AccessTokenRepository,
    private readonly identity: Pick<IdentityService, 'callerOf'>,
    private readonly attempts: TAccountUpkeep['attempts'],
    private readonly limiter: TokenRateLimiter,
  ) {}

  async authenticate(secret: string, client: { ip: string; userAgent: string | null }): Promise<TAuthUser> {
    if (!secret.startsWith(ACCESS_TOKEN_PREFIX)) throw new AppError('ACCESS_TOKEN_INVALID');
    const row = await this.tokens.findByHash(hashToken(secret));
    if (!row || row.revoked_at) throw new AppError('ACCESS_TOKEN_INVALID');
    if (row.expires_at.getTime() <= Date.now()) throw new AppError('ACCESS_TOKEN_EXPIRED');
    const id = Number(row.id);
    this.limiter.take(id);
    const caller = await this.identity.callerOf(Number(row.user_id));
    if (!caller) throw new AppError('ACCESS_TOKEN_INVALID');
    if (await this.tokens.touch(id, client.ip)) {
      await this.attempts.record({
        account: caller.account,
        userId: caller.id,
        ip: client.ip,
        userAgent: client.userAgent,
        outcome: 'access_token',
        tokenName: row.name,
        snapshot: {
          userName: caller.userName,
          roleName: caller.roleName,
          userType: caller.isAdmin ? 'admin' : 'normal',
        },
      });
    }
    const stationIds = stationIdsOf(row);
    return {
      ...caller,
      tokenId: 0,
      accessToken: { id, name: row.name, scopes: row.scopes as TAccessTokenScope[] },
      ...(stationIds ? { stationIds } : {}),
    };
  }
}
