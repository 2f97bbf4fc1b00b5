import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { countRows } from '../../platform/db/rows.ts';

/** Second factors: sealed TOTP keys, recovery-code hashes, login challenges, remembered browsers. */
export class SecondFactorRepository {
  constructor(private readonly db: Database) {}

  find(userId: number) {
    return this.db
      .selectFrom('user_second_factor')
      .select(['user_id', 'secret', 'enabled_at', 'last_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Stores a key not yet confirmed, replacing an earlier unconfirmed one (never an enabled one). */
  async savePending(userId: number, sealed: Buffer): Promise<boolean> {
    const result = await this.db
      .insertInto('user_second_factor')
      .values({ user_id: userId, secret: sealed })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret: sealed, last_step: null })
          .where('user_second_factor.enabled_at', 'is', null),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Accepts `step` once: true when it is later than every step accepted before (a code is never
   * accepted twice, even by two requests at the same moment).
   */
  async claimStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_second_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async enable(userId: number): Promise<void> {
    await this.db
      .updateTable('user_second_factor')
      .set({ enabled_at: sql`now()` })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Removes the key, the recovery codes and the remembered browsers of a user: a clean slate. */
  async remove(userId: number): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('user_second_factor')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await this.db.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
    await this.db
      .updateTable('login_device')
      .set({ second_factor_until: null })
      .where('user_id', '=', userId)
      .execute();
    return Number(removed.numDeletedRows) > 0;
  }

  async replaceRecoveryCodes(userId: number, hashes: Buffer[]): Promise<void> {
    await this.db.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('user_recovery_code')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  }

  /** Uses an unused recovery code of the user: true once, false ever after. */
  async useRecoveryCode(userId: number, hash: Buffer): Promise<boolean> {
    const result = await this.db
      .updateTable('user_recovery_code')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  countRecoveryCodesLeft(userId: number): Promise<number> {
    return countRows(
      this.db.selectFrom('user_recovery_code').where('user_id', '=', userId).where('used_at', 'is', null),
    );
  }

  async createChallenge(input: {
    userId: number;
    tokenHash: Buffer;
    purpose: 'verify' | 'setup';
    deviceId: number | null;
    ip: string;
    userAgent: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .deleteFrom('login_challenge')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
    await this.db
      .insertInto('login_challenge')
      .values({
        token_hash: input.tokenHash,
        user_id: input.userId,
        purpose: input.purpose,
        device_id: input.deviceId,
        ip: input.ip,
        user_agent: input.userAgent,
        expires_at: input.expiresAt,
      })
      .execute();
  }

  /** A live challenge (unused, unexpired, fewer than `maxFailures` wrong codes). */
  findLiveChallenge(tokenHash: Buffer, maxFailures: number) {
    return this.db
      .selectFrom('login_challenge')
      .select(['id', 'user_id', 'purpose', 'device_id'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where('failures', '<', maxFailures)
      .executeTakeFirst();
  }

  async countChallengeFailure(id: number): Promise<void> {
    await this.db
      .updateTable('login_challenge')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Completes a challenge once: false when another request completed it first. */
  async useChallenge(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_challenge')
      .set({ used_at: sql`now()` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether the browser may skip the second factor now (the user ticked "remember this device"). */
  async isDeviceRemembered(deviceId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_device')
      .select('id')
      .where('id', '=', deviceId)
      .where('user_id', '=', userId)
      .where('second_factor_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  async rememberDevice(deviceId: number, days: number): Promise<void> {
    await this.db
      .updateTable('login_device')
      .set({ second_factor_until: sql`now() + make_interval(days => ${days})` })
      .where('id', '=', deviceId)
      .execute();
  }
}
