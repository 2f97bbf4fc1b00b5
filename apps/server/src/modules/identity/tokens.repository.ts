import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/** Stored token hashes: issue, resolve, slide expiry, revoke (with a user's personal access tokens). */
export class TokenRepository {
  constructor(private readonly db: Database) {}

  async create(input: {
    userId: number;
    tokenHash: Buffer;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  }) {
    return this.db
      .insertInto('auth_token')
      .values({
        user_id: input.userId,
        token_hash: input.tokenHash,
        expires_at: input.expiresAt,
        ip: input.ip,
        user_agent: input.userAgent,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
  }

  findLiveByHash(tokenHash: Buffer) {
    return this.db
      .selectFrom('auth_token')
      .select(['id', 'user_id', 'expires_at', 'last_used_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async slide(tokenId: number, ttlHours: number): Promise<void> {
    await this.db
      .updateTable('auth_token')
      .set({
        last_used_at: sql`now()`,
        expires_at: sql`now() + make_interval(secs => ${ttlHours * 3600})`,
      })
      .where('id', '=', tokenId)
      .execute();
  }

  async revoke(tokenId: number): Promise<void> {
    await this.db
      .updateTable('auth_token')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', tokenId)
      .execute();
  }

  /** Revokes every login session of a user (their personal access tokens stay). */
  async revokeSessionsOf(userId: number): Promise<number> {
    const result = await this.db
      .updateTable('auth_token')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Revokes every credential a user's password stood behind: their login sessions and their personal
   * access tokens (revoked by `byUserId`: the user changing their password, or an administrator). A new
   * password, a reset or a deletion ends them all (issue 39); returns how many were live.
   */
  async revokeAllForUser(userId: number, byUserId: number): Promise<number> {
    const sessions = await this.revokeSessionsOf(userId);
    const tokens = await this.db
      .updateTable('access_token')
      .set({ revoked_at: sql`now()`, revoked_by: byUserId })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return sessions + Number(tokens.numUpdatedRows);
  }
}
