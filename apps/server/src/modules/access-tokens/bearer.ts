import { ACCESS_TOKEN_PREFIX, AppError, type TAccessTokenScope } from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import type { IdentityService, TAccountUpkeep } from '../identity/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { AccessTokenRepository, TAccessTokenRow } from './access-tokens.repository.ts';
import { stationIdsOf } from './access-tokens.service.ts';

const WINDOW_MS = 60_000;
const REFUSAL_LOG_EVERY_MS = 60_000;

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
 * ACCESS_TOKEN_EXPIRED (401). A use is noted (time, address), written to the login log with the token's
 * name and announced to the screens listing the token at most once a minute per token, or when the
 * address changes.
 */
export class BearerAuthenticator {
  constructor(
    private readonly tokens: AccessTokenRepository,
    private readonly identity: Pick<IdentityService, 'callerOf'>,
    private readonly attempts: TAccountUpkeep['attempts'],
    private readonly limiter: TokenRateLimiter,
    private readonly changes?: Pick<MessageService, 'announceChange'>,
  ) {}

  /** When a refused call of each token was last written to the login log (ms), so refusals write once a minute. */
  private readonly refusalsLogged = new Map<number, number>();

  /** Writes a refused call of a known token to the login log (once a minute per token), then refuses it. */
  private async refuse(
    row: TAccessTokenRow,
    client: { ip: string; userAgent: string | null },
    code: 'ACCESS_TOKEN_INVALID' | 'ACCESS_TOKEN_EXPIRED',
  ): Promise<never> {
    const id = Number(row.id);
    const now = Date.now();
    if (now - (this.refusalsLogged.get(id) ?? 0) >= REFUSAL_LOG_EVERY_MS) {
      if (this.refusalsLogged.size > 10_000) this.refusalsLogged.clear();
      this.refusalsLogged.set(id, now);
      const user = await this.tokens.userOf(Number(row.user_id));
      if (user) {
        await this.attempts.record({
          account: user.account,
          userId: Number(user.id),
          ip: client.ip,
          userAgent: client.userAgent,
          outcome: 'access_token_refused',
          tokenName: row.name,
          snapshot: {
            userName: user.user_name,
            roleName: user.role_name,
            userType: user.is_admin === true ? 'admin' : 'normal',
          },
        });
      }
    }
    throw new AppError(code);
  }

  async authenticate(secret: string, client: { ip: string; userAgent: string | null }): Promise<TAuthUser> {
    if (!secret.startsWith(ACCESS_TOKEN_PREFIX)) throw new AppError('ACCESS_TOKEN_INVALID');
    const row = await this.tokens.findByHash(hashToken(secret));
    if (!row) throw new AppError('ACCESS_TOKEN_INVALID');
    if (row.revoked_at) return this.refuse(row, client, 'ACCESS_TOKEN_INVALID');
    if (row.expires_at.getTime() <= Date.now()) return this.refuse(row, client, 'ACCESS_TOKEN_EXPIRED');
    const id = Number(row.id);
    this.limiter.take(id);
    const caller = await this.identity.callerOf(Number(row.user_id));
    if (!caller) return this.refuse(row, client, 'ACCESS_TOKEN_INVALID');
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
      // The token's "last used" changed: the lists showing it ask again (issue 41 §2).
      await this.changes?.announceChange({
        topic: 'access-tokens',
        ownerId: caller.id,
        companyId: caller.companyId,
      });
    }
    const stationIds = stationIdsOf(row);
    this.refusalsLogged.delete(id);
    return {
      ...caller,
      tokenId: 0,
      accessToken: { id, name: row.name, scopes: row.scopes as TAccessTokenScope[] },
      ...(stationIds ? { stationIds } : {}),
    };
  }
}
