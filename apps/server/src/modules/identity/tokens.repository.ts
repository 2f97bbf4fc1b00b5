import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/** Stored token hashes: issue, resolve, slide expiry, revoke. */
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

  async revokeAllForUser(userId: number): Promise<number> {
    const result = await this.db
      .updateTable('auth_token')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
